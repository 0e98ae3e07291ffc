import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { LastRun } from '@smartdata/domain';
import { useLocale } from '@/shared/i18n/useLocale';
import { formatDateTime } from '@/shared/utils/formatTime';
import { taskText } from '../lib/texts';
import { RunStateTag } from './RunStateTag';

/** A task's last run: its state, when it ended, and why it failed. */
export function LastRunCell({ run }: { run: LastRun | null }) {
  const { t } = useTranslation('tasks');
  const locale = useLocale();
  if (!run) {
    return <Typography.Text type="secondary">{t('define.noRun')}</Typography.Text>;
  }
  return (
    <div className="sd-task-cell">
      <span>
        <RunStateTag state={run.state} />
      </span>
      <span className="sd-muted sd-nowrap">{formatDateTime(run.endedAt)}</span>
      {run.error && (
        <Typography.Text type={run.state === 'skipped' ? 'secondary' : 'danger'} className="sd-task-cell__error" ellipsis={{ tooltip: taskText(run.error, locale) }}>
          {taskText(run.error, locale)}
        </Typography.Text>
      )}
    </div>
  );
}
