import { useState } from 'react';
import { Alert, App, Button, Modal, Steps, Table, Upload } from 'antd';
import { DownloadOutlined, InboxOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { simLimits, type Locale, type SimImportReport, type SimImportRowError } from '@smartdata/domain';
import { useLocale } from '@/shared/i18n/useLocale';
import { importCards, readAsBase64, useImportCardsMutation } from '../api/importCards';
import { importTemplateCsv } from '../lib/importTemplate';

type Stage = { step: 'choose' } | { step: 'reading' | 'checking' | 'importing'; fileName: string } | { step: 'report'; fileName: string; report: SimImportReport };

/** Saves the CSV template in the user's language. */
function saveTemplate(locale: Locale, fileName: string): void {
  const url = URL.createObjectURL(new Blob([importTemplateCsv(locale)], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  window.setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

const stepIndex = { choose: 0, reading: 0, checking: 1, report: 1, importing: 2 } as const;

/**
 * Imports cards from an XLSX or CSV file (卡号, ICCID, 运营商, optional plan columns): the server
 * checks every row first (dry run); a file with problems shows the per-row report and nothing is
 * written; a clean file is imported in one go (all rows or none).
 */
export function ImportCardsModal({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation('sim');
  const { message } = App.useApp();
  const locale = useLocale();
  const importMutation = useImportCardsMutation();
  const [stage, setStage] = useState<Stage>({ step: 'choose' });
  const busy = stage.step === 'reading' || stage.step === 'checking' || stage.step === 'importing';

  const run = async (file: File) => {
    const fileName = file.name;
    setStage({ step: 'reading', fileName });
    try {
      const content = await readAsBase64(file);
      if (content.length > simLimits.importContentLength) {
        void message.error(t('import.tooLarge'));
        setStage({ step: 'choose' });
        return;
      }
      setStage({ step: 'checking', fileName });
      const report = await importCards({ fileName, content, dryRun: true });
      if (report.errors.length > 0) {
        setStage({ step: 'report', fileName, report });
        return;
      }
      setStage({ step: 'importing', fileName });
      const result = await importMutation.mutateAsync({ fileName, content, dryRun: false });
      void message.success(t('import.done', { count: result.imported }));
      onClose();
    } catch {
      // Shown by the API client; nothing was imported.
      setStage({ step: 'choose' });
    }
  };

  const stepStatus = (index: number): 'wait' | 'process' | 'finish' | 'error' => {
    const current = stepIndex[stage.step];
    if (stage.step === 'report' && index === 1) {
      return 'error';
    }
    if (index < current) {
      return 'finish';
    }
    return index === current && busy ? 'process' : 'wait';
  };

  return (
    <Modal
      open
      title={t('import.title')}
      width={720}
      onCancel={busy ? undefined : onClose}
      closable={!busy}
      maskClosable={false}
      destroyOnHidden
      footer={
        stage.step === 'report' ? (
          <>
            <Button onClick={onClose}>{t('actions.close')}</Button>
            <Button type="primary" onClick={() => setStage({ step: 'choose' })}>
              {t('import.chooseAgain')}
            </Button>
          </>
        ) : (
          <Button onClick={onClose} disabled={busy}>
            {t('actions.cancel')}
          </Button>
        )
      }
    >
      <Steps
        size="small"
        className="sd-sim-import__steps"
        items={[
          { title: t('import.steps.read'), status: stepStatus(0) },
          { title: t('import.steps.check'), status: stepStatus(1) },
          { title: t('import.steps.import'), status: stepStatus(2) },
        ]}
      />
      {stage.step === 'choose' && (
        <Upload.Dragger
          accept=".xlsx,.csv"
          showUploadList={false}
          multiple={false}
          beforeUpload={(file) => {
            void run(file);
            return Upload.LIST_IGNORE;
          }}
        >
          <p className="ant-upload-drag-icon">
            <InboxOutlined />
          </p>
          <p className="ant-upload-text">{t('import.drop')}</p>
          <p className="ant-upload-hint">{t('import.hint', { max: simLimits.importRowsMax })}</p>
        </Upload.Dragger>
      )}
      {stage.step === 'choose' && (
        <div className="sd-sim-import__template">
          <Button type="link" icon={<DownloadOutlined />} onClick={() => saveTemplate(locale, t('import.templateName'))}>
            {t('import.template')}
          </Button>
        </div>
      )}
      {busy && (
        <div className="sd-sim-import__busy" role="status">
          {t(`import.busy.${stage.step}`, { name: stage.fileName })}
        </div>
      )}
      {stage.step === 'report' && (
        <>
          <Alert
            type="error"
            showIcon
            className="sd-sim-import__summary"
            title={t('import.reportTitle', { name: stage.fileName })}
            description={t('import.reportSummary', { rows: stage.report.rows, count: stage.report.errors.length })}
          />
          <Table<SimImportRowError>
            size="small"
            rowKey={(error) => `${error.row}-${error.column}-${error.message}`}
            dataSource={stage.report.errors}
            pagination={stage.report.errors.length > 10 ? { pageSize: 10, size: 'small' } : false}
            aria-label={t('import.reportTable')}
            columns={[
              { title: t('import.columns.row'), dataIndex: 'row', key: 'row', width: 90 },
              { title: t('import.columns.column'), dataIndex: 'column', key: 'column', width: 160, render: (column: string) => column || '—' },
              { title: t('import.columns.message'), dataIndex: 'message', key: 'message' },
            ]}
          />
        </>
      )}
    </Modal>
  );
}
