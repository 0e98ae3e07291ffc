import { useState } from 'react';
import { App, Button, Card, Descriptions, Empty, Space, Table } from 'antd';
import { DeleteOutlined, EditOutlined, ExperimentOutlined, FileProtectOutlined, SafetyCertificateOutlined, StopOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { DetailFallback } from '@/shared/components/DetailFallback';
import { PageHeader } from '@/shared/components/PageHeader';
import { useMenuCodes } from '@/shared/session/useMenuCodes';
import { formatDateTime } from '@/shared/utils/formatTime';
import { useConfirmAction } from '@/shared/hooks/useConfirmAction';
import { useIssueCertificateMutation } from '../api/certificates';
import { useCancelOrderMutation, useDeleteOrderMutation, useOrderQuery, useRecordAnalysisMutation, useRecordFillMutation } from '../api/orders';
import { CompositionTable } from '../components/CompositionTable';
import { OrderStateTag } from '../components/GasTags';
import { OrderInventoryCard } from '../components/OrderInventoryCard';
import { IssueCertificateModal } from '../components/IssueCertificateModal';
import { PlanResult } from '../components/PlanResult';
import { RecordAnalysisModal } from '../components/RecordAnalysisModal';
import { RecordFillModal } from '../components/RecordFillModal';
import { formatFixed, formatNumber } from '../lib/format';
import { BLEND_ORDERS_TAB, blendEditPath, certificatePath } from '../lib/gasPaths';
import '../gas.css';

type Dialog = 'fill' | 'analysis' | 'certificate' | null;

/**
 * /gas/blending/order/:id: one blending order — its cylinder and calculation, the weighed masses
 * and the gravimetric composition (u, U), the analysis beside it, and the moves its state allows:
 * record the fill (draft), the analysis (filled), issue the certificate (analysed), cancel, delete
 * (draft), each destructive one after a question.
 */
export function BlendOrderDetailPage() {
  const { t } = useTranslation(['gas', 'texts']);
  const { message } = App.useApp();
  const confirm = useConfirmAction();
  const navigate = useNavigate();
  const codes = useMenuCodes();
  const id = Number(useParams().id);
  const order = useOrderQuery(id);
  const fill = useRecordFillMutation();
  const analysis = useRecordAnalysisMutation();
  const issue = useIssueCertificateMutation();
  const cancel = useCancelOrderMutation();
  const remove = useDeleteOrderMutation();
  const [dialog, setDialog] = useState<Dialog>(null);

  if (order.isPending || order.isError) {
    return <DetailFallback query={order} notFound={t('order.notFound')} back={{ to: BLEND_ORDERS_TAB, label: t('order.backToList') }} />;
  }
  const o = order.data;
  const state = o.state;
  const unit = o.input.pressureMode === 'gauge' ? t('units.barGauge') : t('units.barAbs');

  const run = async (call: () => Promise<unknown>, close = () => setDialog(null)) => {
    try {
      await call();
      close();
      void message.success(t('texts:operationSuccess'));
    } catch {
      // Shown by the API client; the dialog stays open.
    }
  };
  const ask = (title: string, content: string, okText: string, call: () => Promise<unknown>, after = () => setDialog(null)) =>
    confirm({ title, content, okText, cancelText: t('actions.back'), run: call, done: t('texts:operationSuccess'), after });

  return (
    <div className="sd-page sd-gas">
      <PageHeader
        title={t('order.detailTitle', { number: o.number })}
        tag={<OrderStateTag state={state} />}
        description={<Link to={BLEND_ORDERS_TAB}>{t('order.backToList')}</Link>}
        actions={
          <Space wrap>
            {state === 'draft' && (
              <Button danger icon={<DeleteOutlined />} onClick={() => ask(t('order.deleteTitle', { number: o.number }), t('order.deleteContent'), t('actions.delete'), () => remove.mutateAsync(o.id), () => void navigate(BLEND_ORDERS_TAB))}>
                {t('actions.delete')}
              </Button>
            )}
            {(state === 'draft' || state === 'filled' || state === 'analysed') && (
              <Button danger icon={<StopOutlined />} onClick={() => ask(t('order.cancelTitle', { number: o.number }), t('order.cancelContent'), t('order.cancel'), () => cancel.mutateAsync(o.id))}>
                {t('order.cancel')}
              </Button>
            )}
            {state === 'draft' && (
              <Button icon={<EditOutlined />} onClick={() => void navigate(blendEditPath(o.id))}>
                {t('actions.edit')}
              </Button>
            )}
            {state === 'draft' && (
              <Button type="primary" icon={<ExperimentOutlined />} onClick={() => setDialog('fill')}>
                {t('fill.action')}
              </Button>
            )}
            {state === 'filled' && (
              <Button type="primary" icon={<ExperimentOutlined />} onClick={() => setDialog('analysis')}>
                {t('analysis.action')}
              </Button>
            )}
            {state === 'analysed' && codes.has('gs_certificate') && (
              <Button type="primary" icon={<SafetyCertificateOutlined />} onClick={() => setDialog('certificate')}>
                {t('certificate.issue')}
              </Button>
            )}
            {o.certificateId && codes.has('gs_certificate') && (
              <Link to={certificatePath(o.certificateId)}>
                <Button icon={<FileProtectOutlined />}>{t('order.viewCertificate')}</Button>
              </Link>
            )}
          </Space>
        }
      />
      <Card size="small" title={t('order.basic')}>
        <Descriptions size="small" column={{ xs: 1, md: 2, xl: 3 }}>
          <Descriptions.Item label={t('fields.cylinderNumber')}>{o.cylinderNumber}</Descriptions.Item>
          <Descriptions.Item label={t('fields.cylinderMaterial')}>{o.cylinderMaterial || '—'}</Descriptions.Item>
          <Descriptions.Item label={t('fields.valve')}>{o.valve || '—'}</Descriptions.Item>
          <Descriptions.Item label={t('form.volume')}>{`${formatNumber(o.input.volumeL)} L`}</Descriptions.Item>
          <Descriptions.Item label={t('form.finalPressure')}>{`${formatNumber(o.input.pressureBar)} ${unit}`}</Descriptions.Item>
          <Descriptions.Item label={t('form.workingPressure')}>{o.input.workingPressureBar ? `${formatNumber(o.input.workingPressureBar)} ${unit}` : '—'}</Descriptions.Item>
          <Descriptions.Item label={t('form.method')}>{t(`methods.${o.input.method}`)}</Descriptions.Item>
          <Descriptions.Item label={t('form.referenceTemperature')}>{`${formatNumber(o.input.referenceTemperatureC)} °C`}</Descriptions.Item>
          <Descriptions.Item label={t('form.fillTemperature')}>{`${formatNumber(o.input.fillTemperatureC)} °C`}</Descriptions.Item>
          <Descriptions.Item label={t('fields.mixture')}>{`${o.input.targets.map((target) => `${target.gas} ${formatNumber(target.value)} ${target.unit}`).join(', ')} / ${o.input.balance}`}</Descriptions.Item>
          <Descriptions.Item label={t('fields.createdAt')}>{formatDateTime(o.createdAt)}</Descriptions.Item>
          <Descriptions.Item label={t('fields.remarks')}>{o.remarks || '—'}</Descriptions.Item>
        </Descriptions>
      </Card>
      <OrderInventoryCard order={o} />
      <Card size="small" title={t('order.gravimetricTitle')}>
        {o.fill ? (
          <>
            <p className="sd-muted sd-gas-note">{t('order.filledAt', { at: formatDateTime(o.fill.filledAt), temperature: formatNumber(o.fill.fillTemperatureC) })}</p>
            <Table
                rowKey="key"
                size="small"
                pagination={false}
                className="sd-gas-masses"
                dataSource={o.fill.masses}
                columns={[
                  { title: t('result.parent'), dataIndex: 'key', key: 'key' },
                  { title: t('fill.weighed'), dataIndex: 'massG', key: 'massG', align: 'right', render: (value: number) => `${formatFixed(value, 3)} g` },
                  { title: t('fill.uncertainty'), dataIndex: 'uG', key: 'uG', align: 'right', render: (value: number) => `${formatNumber(value)} g` },
                ]}
              />
            <CompositionTable components={o.fill.composition} comparison={o.analysis?.comparison} />
            {o.analysis && <p className="sd-muted sd-gas-note">{t('order.analysisMethod', { method: o.analysis.method, at: formatDateTime(o.analysis.analysedAt) })}</p>}
          </>
        ) : (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('order.notFilled')} />
        )}
      </Card>
      <section aria-label={t('result.title')}>
        <h2 className="sd-gas-result__title">{t('order.planTitle')}</h2>
        <PlanResult plan={o.plan} mode={o.input.pressureMode} />
      </section>
      {dialog === 'fill' && <RecordFillModal order={o} saving={fill.isPending} onCancel={() => setDialog(null)} onSubmit={(request) => void run(() => fill.mutateAsync({ id: o.id, ...request }))} />}
      {dialog === 'analysis' && (
        <RecordAnalysisModal order={o} saving={analysis.isPending} onCancel={() => setDialog(null)} onSubmit={(request) => void run(() => analysis.mutateAsync({ id: o.id, ...request }))} />
      )}
      {dialog === 'certificate' && (
        <IssueCertificateModal
          source="blend"
          sourceId={o.id}
          sourceNumber={o.number}
          saving={issue.isPending}
          onCancel={() => setDialog(null)}
          onSubmit={(request) =>
            void run(async () => {
              const { id: certificateId } = await issue.mutateAsync(request);
              void navigate(certificatePath(certificateId));
            })
          }
        />
      )}
    </div>
  );
}
