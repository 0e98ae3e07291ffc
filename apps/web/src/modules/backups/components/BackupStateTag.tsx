import { Tag } from 'antd';
import { SyncOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { BackupRunState } from '@smartdata/domain';

const colors: Record<BackupRunState, string> = { running: 'processing', succeeded: 'success', failed: 'error', missed: 'warning' };

/** A run's state as a tag: running (spinning), succeeded, failed, missed. */
export function BackupStateTag({ state }: { state: BackupRunState }) {
  const { t } = useTranslation('backups');
  return (
    <Tag color={colors[state]} icon={state === 'running' ? <SyncOutlined spin /> : undefined}>
      {t(`state.${state}`)}
    </Tag>
  );
}
