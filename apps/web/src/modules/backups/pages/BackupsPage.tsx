import { useEffect, useState } from 'react';
import { App, Button, type TableColumnsType } from 'antd';
import { CloudUploadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { BackupRunState, BackupRunView } from '@smartdata/domain';
import { SectionLinks } from '@/shared/routing/SectionLinks';
import { ListCard } from '@/shared/components/list/ListCard';
import { stateTagColumn, timeColumn } from '@/shared/components/list/listColumns';
import { PageHeader } from '@/shared/components/PageHeader';
import { usePagedList } from '@/shared/hooks/usePagedList';
import { useIsPhone } from '@/shared/hooks/useIsPhone';
import { formatDateTime } from '@/shared/utils/formatTime';
import { useAddBackupMutation, useBackupSettingsQuery, useBackupsQuery } from '../api/backups';
import { BackupScheduleCard } from '../components/BackupScheduleCard';
import { BackupStateTag } from '../components/BackupStateTag';
import { formatBytes, formatDuration } from '../lib/format';
import '../backups.css';

/**
 * /systemMaintenance/backup (system_backup, platform administrator): the backups of the
 * installation (issue 38) — the schedule in effect, or how to turn it on, "back up now" with its
 * progress, and every run with its time, state, trigger, size, duration and location.
 */
export function BackupsPage() {
  const { t } = useTranslation('backups');
  const { message, modal } = App.useApp();
  const isPhone = useIsPhone();
  const paged = usePagedList(20);
  const runs = useBackupsQuery({ pageNum: paged.pageNum, pageSize: paged.pageSize });
  const settings = useBackupSettingsQuery();
  const add = useAddBackupMutation();
  // The run "back up now" started: its end is said once the list shows it.
  const [started, setStarted] = useState<number | null>(null);
  const running = settings.data?.running === true || runs.data?.list.some((run) => run.state === 'running') === true;

  useEffect(() => {
    const run = started === null ? undefined : runs.data?.list.find((r) => r.id === started);
    if (!run || run.state === 'running') {
      return;
    }
    setStarted(null);
    void settings.refetch();
    if (run.state === 'succeeded') {
      void message.success(t('now.done', { size: formatBytes(run.bytes) }));
    } else {
      void message.error(t('now.failed', { error: run.error ?? '' }), 8);
    }
  }, [started, runs.data, settings, message, t]);

  const handleBackUpNow = () => {
    void modal.confirm({
      title: t('now.confirmTitle'),
      content: t('now.confirmText', { dir: settings.data?.dir ?? '' }),
      okText: t('now.button'),
      onOk: async () => {
        try {
          const run = await add.mutateAsync();
          setStarted(run.id);
        } catch {
          // The client has shown the refusal.
        }
      },
    });
  };

  const columns: TableColumnsType<BackupRunView> = [
    {
      ...timeColumn<BackupRunView>(t('columns.startedAt'), 'startedAt'),
      // The time does not wrap; on a phone the reason under it does.
      className: undefined,
      render: (startedAt: number, run) => (
        <div className="sd-backups-cell">
          <span className="sd-nowrap">{formatDateTime(startedAt)}</span>
          {isPhone && (
            <span className="sd-muted">
              {t(`trigger.${run.trigger}`)} · {formatBytes(run.bytes)} · {formatDuration(run.durationMs, t)}
            </span>
          )}
          {isPhone && run.error && <span className="sd-backups-error">{run.error}</span>}
        </div>
      ),
    },
    stateTagColumn<BackupRunView, BackupRunState>(t('columns.state'), 'state', BackupStateTag, { width: 110 }),
    {
      title: t('columns.trigger'),
      dataIndex: 'trigger',
      key: 'trigger',
      width: 130,
      render: (trigger: BackupRunView['trigger'], run) => (
        <div className="sd-backups-cell">
          <span>{t(`trigger.${trigger}`)}</span>
          {run.startedByName && <span className="sd-muted">{run.startedByName}</span>}
        </div>
      ),
    },
    { title: t('columns.size'), dataIndex: 'bytes', key: 'bytes', width: 100, align: 'right', className: 'sd-nowrap', render: (bytes: number | null) => formatBytes(bytes) },
    { title: t('columns.duration'), dataIndex: 'durationMs', key: 'durationMs', width: 110, align: 'right', className: 'sd-nowrap', render: (ms: number | null) => formatDuration(ms, t) },
    {
      title: t('columns.location'),
      key: 'location',
      render: (_value, run) => (
        <div className="sd-backups-cell">
          {run.dir && <span className="sd-mono sd-backups-path">{run.dir}</span>}
          {run.s3Key && <span className="sd-mono sd-backups-path sd-muted">S3: {run.s3Key}</span>}
          {run.files !== null && run.state === 'succeeded' && <span className="sd-muted">{t('columns.files', { count: run.files })}</span>}
          {run.error && <span className="sd-backups-error">{run.error}</span>}
        </div>
      ),
    },
  ];

  const enabled = settings.data?.enabled === true;
  return (
    <div className="sd-page">
      <SectionLinks groupPath="/systemMaintenance" />
      <PageHeader
        title={t('page.title')}
        description={t('page.description')}
        actions={
          <Button type="primary" icon={<CloudUploadOutlined />} loading={running} disabled={!enabled} onClick={handleBackUpNow}>
            {running ? t('now.running') : t('now.button')}
          </Button>
        }
      />
      <BackupScheduleCard settings={settings.data} />
      <ListCard<BackupRunView>
        columns={columns}
        query={runs}
        paged={paged}
        pageSizes={[20, 50, 100]}
        scrollX={900}
        phoneKeys={['startedAt', 'state']}
        loading={runs.isPending}
        texts={{ empty: t('page.empty'), noMatch: t('page.empty'), hint: enabled ? t('page.emptyHint') : t('page.emptyHintOff'), total: (count) => t('page.total', { count }) }}
        table={{ size: 'middle' }}
      />
    </div>
  );
}
