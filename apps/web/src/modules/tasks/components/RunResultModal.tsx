import { Alert, Button, Descriptions, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLocale } from '@/shared/i18n/useLocale';
import { formatDateTime } from '@/shared/utils/formatTime';
import type { RunView } from '@smartdata/domain';
import type { RunResult } from '../api/runs';
import { taskText } from '../lib/texts';
import { RunStateTag } from './RunStateTag';

interface RunResultModalProps {
  name: string;
  /** A preview (dry run) writes nothing. */
  dryRun: boolean;
  /** An analysis's run (with the window it read), or the run of an executable or scheduled task. */
  result: RunResult | RunView;
  /** Where a real run of an analysis wrote its value, e.g. `日报 · total`. */
  targetText?: string;
  onClose: () => void;
}

/**
 * What a run (or a preview) gave: state, value or the reason, and for an analysis the window it
 * read; a task's run (actions, no value) shows its state, times and reason.
 */
export function RunResultModal({ name, dryRun, result, targetText, onClose }: RunResultModalProps) {
  const { t } = useTranslation('tasks');
  const locale = useLocale();
  const valueText = result.value === null ? t('result.noValue') : String(result.value);
  const analysis = 'window' in result;
  return (
    <Modal
      open
      title={dryRun ? t('result.previewTitle', { name }) : t('result.runTitle', { name })}
      onCancel={onClose}
      footer={
        <Button type="primary" autoFocus onClick={onClose}>
          {t('actions.close')}
        </Button>
      }
    >
      {dryRun && <Alert type="info" showIcon title={t('result.previewNote')} className="sd-task-result__note" />}
      <Descriptions column={1} size="small" bordered>
        {!dryRun && (
          <Descriptions.Item label={t('result.state')}>
            <RunStateTag state={result.state} />
          </Descriptions.Item>
        )}
        {analysis ? (
          <>
            <Descriptions.Item label={dryRun ? t('result.wouldWrite') : t('result.value')}>
              <strong className="sd-task-result__value">{valueText}</strong>
              {!dryRun && result.state === 'succeeded' && result.value !== null && targetText && <div className="sd-muted">{t('result.written', { target: targetText })}</div>}
            </Descriptions.Item>
            <Descriptions.Item label={t('result.window')}>
              {result.window ? `${formatDateTime(result.window.from)} – ${formatDateTime(result.window.to)}` : t('result.windowNone')}
            </Descriptions.Item>
          </>
        ) : (
          <>
            <Descriptions.Item label={t('columns.startedAt')}>{formatDateTime(result.startedAt)}</Descriptions.Item>
            <Descriptions.Item label={t('columns.endedAt')}>{formatDateTime(result.endedAt)}</Descriptions.Item>
          </>
        )}
        {result.error && <Descriptions.Item label={t('result.error')}>{taskText(result.error, locale)}</Descriptions.Item>}
      </Descriptions>
    </Modal>
  );
}
