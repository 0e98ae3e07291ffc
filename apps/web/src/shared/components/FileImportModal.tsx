import { useState, type ReactNode } from 'react';
import { Alert, App, Button, Modal, Steps, Table, Upload } from 'antd';
import { InboxOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { readAsBase64 } from '@/shared/utils/readAsBase64';

/** What an import call answers: the rows read, the per-row problems, and (not a dry run) how many were written. */
export interface FileImportReport {
  rows: number;
  errors: readonly { row: number; column: string; message: string }[];
  imported?: number;
}

type Stage = { step: 'choose' } | { step: 'reading' | 'checking' | 'importing'; fileName: string } | { step: 'report'; fileName: string; report: FileImportReport };
type RowError = FileImportReport['errors'][number];

const stepIndex = { choose: 0, reading: 0, checking: 1, report: 1, importing: 2 } as const;

interface FileImportModalProps {
  /** The i18n namespace holding the `import.*` texts (title, drop, hint, busy.*, report*, columns.*, done, tooLarge, chooseAgain). */
  ns: string;
  title: string;
  accept: string;
  maxRows: number;
  /** Longest base64 content the call takes. */
  maxContentLength: number;
  /** The import call: a dry run first (the report), then the real one (all rows or none). */
  send: (request: { fileName: string; content: string; dryRun: boolean }) => Promise<FileImportReport>;
  /** Shown under the drop area while a file is chosen (a template link, a format note). */
  extra?: ReactNode;
  /** Class prefix of the module's styles (`<prefix>__steps`, `__busy`, `__summary`). */
  classPrefix: string;
  onClose: () => void;
}

/**
 * Imports rows from a file in three steps (read, check, import): the server checks every row first
 * (dry run); a file with problems shows the per-row report and nothing is written; a clean file is
 * then imported in one go. Shared by data-item records and SIM cards.
 */
export function FileImportModal({ ns, title, accept, maxRows, maxContentLength, send, extra, classPrefix, onClose }: FileImportModalProps) {
  const { t } = useTranslation([ns, 'texts']);
  const { message } = App.useApp();
  const [stage, setStage] = useState<Stage>({ step: 'choose' });
  const busy = stage.step === 'reading' || stage.step === 'checking' || stage.step === 'importing';

  const run = async (file: File) => {
    const fileName = file.name;
    setStage({ step: 'reading', fileName });
    try {
      const content = await readAsBase64(file);
      if (content.length > maxContentLength) {
        void message.error(t('import.tooLarge'));
        setStage({ step: 'choose' });
        return;
      }
      setStage({ step: 'checking', fileName });
      const report = await send({ fileName, content, dryRun: true });
      if (report.errors.length > 0) {
        setStage({ step: 'report', fileName, report });
        return;
      }
      setStage({ step: 'importing', fileName });
      const result = await send({ fileName, content, dryRun: false });
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
      title={title}
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
        className={`${classPrefix}__steps`}
        items={[
          { title: t('import.steps.read'), status: stepStatus(0) },
          { title: t('import.steps.check'), status: stepStatus(1) },
          { title: t('import.steps.import'), status: stepStatus(2) },
        ]}
      />
      {stage.step === 'choose' && (
        <>
          <Upload.Dragger
            accept={accept}
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
            <p className="ant-upload-hint">{t('import.hint', { max: maxRows })}</p>
          </Upload.Dragger>
          {extra}
        </>
      )}
      {busy && (
        <div className={`${classPrefix}__busy`} role="status">
          {t(`import.busy.${stage.step}`, { name: stage.fileName })}
        </div>
      )}
      {stage.step === 'report' && (
        <>
          <Alert
            type="error"
            showIcon
            className={`${classPrefix}__summary`}
            title={t('import.reportTitle', { name: stage.fileName })}
            description={t('import.reportSummary', { rows: stage.report.rows, count: stage.report.errors.length })}
          />
          <Table<RowError>
            size="small"
            rowKey={(error, index) => `${error.row}-${error.column}-${index}`}
            dataSource={[...stage.report.errors]}
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
