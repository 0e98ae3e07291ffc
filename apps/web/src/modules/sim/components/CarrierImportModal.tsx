import { useState } from 'react';
import { Alert, Button, Modal, Radio, Table } from 'antd';
import { useTranslation } from 'react-i18next';
import { connectedCarriers, type CarrierImportResult, type ConnectedCarrier } from '@smartdata/domain';
import { useImportFromCarrierMutation } from '../api/importFromCarrier';

/**
 * A first import from a carrier's API (China Mobile OneLink): the server pages through every card
 * the connection's account holds and adds the company's missing ones; the dialog shows what it
 * found, added, already had and could not add (with why). A carrier not connected through its API
 * is refused by the server with what to do.
 */
export function CarrierImportModal({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation('sim');
  const [carrier, setCarrier] = useState<ConnectedCarrier>('mobile');
  const [result, setResult] = useState<CarrierImportResult | null>(null);
  const run = useImportFromCarrierMutation();
  const skipped = result ? result.found - result.added - result.existing : 0;

  return (
    <Modal
      open
      title={t('carrierImport.title')}
      onCancel={onClose}
      width={640}
      footer={
        result ? (
          <Button type="primary" onClick={onClose}>
            {t('carrierImport.close')}
          </Button>
        ) : (
          <>
            <Button onClick={onClose}>{t('carrierImport.cancel')}</Button>
            <Button type="primary" loading={run.isPending} onClick={() => run.mutate({ carrier }, { onSuccess: setResult })}>
              {t('carrierImport.run')}
            </Button>
          </>
        )
      }
    >
      <p className="sd-muted">{t('carrierImport.description')}</p>
      <Radio.Group
        aria-label={t('fields.carrier')}
        value={carrier}
        disabled={run.isPending || result !== null}
        onChange={(event) => setCarrier(event.target.value as ConnectedCarrier)}
        options={connectedCarriers.map((value) => ({ value, label: t(`carriers.${value}`) }))}
      />
      {result && (
        <div className="sd-sim-carrier-import__result">
          <Alert role="status" type={skipped > 0 ? 'warning' : 'success'} showIcon message={t('carrierImport.summary', { found: result.found, added: result.added, existing: result.existing, skipped })} />
          {result.skipped.length > 0 && (
            <Table
              size="small"
              rowKey="iccid"
              pagination={false}
              scroll={{ x: 520, y: 240 }}
              aria-label={t('carrierImport.skippedTitle')}
              title={() => t('carrierImport.skippedTitle')}
              dataSource={result.skipped}
              columns={[
                { title: t('fields.number'), dataIndex: 'number', key: 'number', width: 140 },
                { title: 'ICCID', dataIndex: 'iccid', key: 'iccid', width: 200, className: 'sd-mono' },
                { title: t('carrierImport.reason'), dataIndex: 'message', key: 'message' },
              ]}
            />
          )}
        </div>
      )}
    </Modal>
  );
}
