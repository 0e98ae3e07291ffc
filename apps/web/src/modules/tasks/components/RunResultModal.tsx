import { Alert, Button, Descriptions, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLocale } from '@/shared/i18n/useLocale';
import { formatDateTime } from '@/shared/utils/formatTime';
import type { RunResult } from '../api/runs';
import { taskText } from '../lib/texts';
import { RunStateTag } from './RunStateTag';

interface RunResultModalProps {
  name: string;
  /** A preview (dry run) writes nothing. */
  dryRun: boolean;
  result: RunResult;
  /** Where a real run wrote its value, e.g. `日报 · total`. */
  targetText: string;
  onClose: () => void;
}

/** What a run (or a preview) of an analysis gave: state, value or the reason, and the window it read. */
export function RunResultModal({ name, dryRun, result, targetText, onClose }: RunResultModalProps) {
  const { t } = useTranslation('tasks');
  const locale = useLocale();
  const valueText = result.value === null ? t('result.noValue') : String(result.value);
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
        <Descriptions.Item label={dryRun ? t('result.wouldWrite') : t('result.value')}>
          <strong className="sd-task-result__value">{valueText}</strong>
          {!dryRun && result.state === 'succeeded' && result.value !== null && <div className="sd-muted">{t('result.written', { target: targetText })}</div>}
        </Descriptions.Item>
        <Descriptions.Item label={t('result.window')}>
          {result.window ? `${formatDateTime(result.window.from)} – ${formatDateTime(result.window.to)}` : t('result.windowNone')}
        </Descriptions.Item>
        {result.error && <Descriptions.Item label={t('result.error')}>{taskText(result.error, locale)}</Descriptions.Item>}
      </Descriptions>
    </Modal>
  );
}
