import { Alert, Card, Descriptions, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { backupLimits, type BackupSettingsView } from '@smartdata/domain';
import { formatDateTime } from '@/shared/utils/formatTime';

/** Where the operations guide says more (docs/operations.md in the installation's files). */
const DOCS = 'docs/operations.md';

/**
 * The schedule in effect (BACKUP_DIR, BACKUP_CRON and its next time, BACKUP_KEEP, the S3 prefix),
 * or — while BACKUP_DIR is unset — how to turn scheduled backups on.
 */
export function BackupScheduleCard({ settings }: { settings: BackupSettingsView | undefined }) {
  const { t } = useTranslation('backups');
  if (!settings) {
    return (
      <Card title={t('schedule.title')}>
        <Skeleton active paragraph={{ rows: 2 }} />
      </Card>
    );
  }
  if (!settings.enabled) {
    return (
      <Alert
        type="info"
        showIcon
        title={t('off.title')}
        description={
          <div className="sd-backups-off">
            <p>{t('off.text')}</p>
            <pre className="sd-backups-code">BACKUP_DIR=/var/backups/smartdata npm start</pre>
            <p>{t('off.more', { docs: DOCS })}</p>
          </div>
        }
      />
    );
  }
  const items = [
    { key: 'dir', label: t('schedule.dir'), span: 'filled' as const, children: <span className="sd-mono sd-backups-path">{settings.dir}</span> },
    {
      key: 'next',
      label: t('schedule.next'),
      children: (
        <span>
          {formatDateTime(settings.nextRunAt, settings.timeZone)} <span className="sd-muted">({settings.timeZone})</span>
        </span>
      ),
    },
    {
      key: 'cron',
      label: t('schedule.cron'),
      children:
        settings.cron === backupLimits.cronDefault ? (
          <span>
            {t('schedule.daily3')} <span className="sd-muted sd-mono sd-nowrap">({settings.cron})</span>
          </span>
        ) : (
          <span className="sd-mono">{settings.cron}</span>
        ),
    },
    { key: 'keep', label: t('schedule.keep'), children: t('schedule.keepCount', { count: settings.keep }) },
    { key: 'what', label: t('schedule.what'), children: t(`schedule.contents.${settings.databaseKind}.${settings.objectStorage}`) },
    {
      key: 's3',
      label: t('schedule.s3'),
      children: settings.s3Upload ? <span className="sd-mono sd-backups-path">{settings.s3Prefix}/</span> : <span className="sd-muted">{settings.s3Prefix ? t('schedule.s3NoBucket') : t('schedule.s3Off')}</span>,
    },
    {
      key: 'restore',
      label: t('schedule.restore'),
      children: (
        <span>
          <span className="sd-mono">npm run restore -- &lt;{t('schedule.restoreDir')}&gt;</span> <span className="sd-muted">· {DOCS}</span>
        </span>
      ),
    },
  ];
  return (
    <Card title={t('schedule.title')}>
      <Descriptions size="small" column={{ xs: 1, sm: 1, md: 2, xl: 3 }} items={items} />
    </Card>
  );
}
