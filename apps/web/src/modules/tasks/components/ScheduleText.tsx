import { useTranslation } from 'react-i18next';
import type { TaskSchedule } from '@smartdata/domain';
import { formatDateTime } from '@/shared/utils/formatTime';
import { scheduleHint } from '../lib/schedule';

/** A schedule in plain words (every day at 08:00, once at …), with the cron expression and the next run beneath. */
export function ScheduleText({ schedule, nextRun, enabled, hideNext = false }: { schedule: TaskSchedule; nextRun: number | null; enabled: boolean; hideNext?: boolean }) {
  const { t } = useTranslation('tasks');
  const hint = scheduleHint(schedule);
  const words =
    hint.kind === 'daily'
      ? t('schedule.hint.daily', { time: hint.time })
      : hint.kind === 'hourly'
        ? t('schedule.hint.hourly', { minute: hint.minute })
        : hint.kind === 'everyMinutes'
          ? t('schedule.hint.everyMinutes', { count: hint.count })
          : hint.kind === 'once'
            ? t('schedule.hint.once', { time: formatDateTime(hint.at) })
            : t('schedule.hint.cron');
  return (
    <div className="sd-task-cell">
      <span>{words}</span>
      {'cron' in schedule && <code className="sd-muted sd-task-cron">{schedule.cron}</code>}
      {!hideNext && <span className="sd-muted sd-nowrap">{enabled && nextRun !== null ? t('schedule.next', { time: formatDateTime(nextRun) }) : t('schedule.noNext')}</span>}
    </div>
  );
}
