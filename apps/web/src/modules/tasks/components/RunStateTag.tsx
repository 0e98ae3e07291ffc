import { Tag } from 'antd';
import type { RunState } from '@smartdata/domain';
import { useLocale } from '@/shared/i18n/useLocale';
import { taskText } from '../lib/texts';

const colors: Record<RunState, string> = {
  scheduled: 'default',
  running: 'processing',
  succeeded: 'success',
  failed: 'error',
  timedOut: 'warning',
  skipped: 'default',
};

/** A run's state as a coloured tag (task.run.* texts of the domain). */
export function RunStateTag({ state }: { state: RunState }) {
  const locale = useLocale();
  return <Tag color={colors[state]}>{taskText(`task.run.${state}`, locale)}</Tag>;
}
