import { useState } from 'react';
import { Alert, App, Button, Card, Empty, InputNumber, Radio, Space, Table, Tag, Tooltip, type TableColumnsType } from 'antd';
import { ClearOutlined, EditOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { RetentionItem } from '@smartdata/domain';
import { SectionLinks } from '@/shared/routing/SectionLinks';
import { PageHeader } from '@/shared/components/PageHeader';
import { useLocale } from '@/shared/i18n/useLocale';
import { formatCount, formatDateTime } from '@/shared/utils/formatTime';
import { useRetentionListQuery } from '../api/getRetentionList';
import { useRunPurgeMutation, type PurgeResult } from '../api/runPurge';
import { useSetRetentionMutation } from '../api/setRetention';
import '../system.css';

/** The bounds of setRetentionRequest (packages/domain). */
const MIN_DAYS = 1;
const MAX_DAYS = 36500;
const DEFAULT_DAYS = 365;

interface Draft {
  companyId: number;
  forever: boolean;
  days: number | null;
}

/**
 * /systemMaintenance/datamanagement (system_data_management): how long each company's raw values
 * are kept (days, or forever), edited in the row; the purge job's last run; "purge now".
 */
export function DataManagementPage() {
  const { t } = useTranslation(['system', 'texts']);
  const locale = useLocale();
  const { message, modal } = App.useApp();
  const retentions = useRetentionListQuery();
  const setRetention = useSetRetentionMutation();
  const runPurge = useRunPurgeMutation();
  const [draft, setDraft] = useState<Draft | null>(null);
  const [lastRun, setLastRun] = useState<PurgeResult | null>(null);

  const startEditing = (item: RetentionItem) =>
    setDraft({ companyId: item.companyId, forever: item.rawDays === null, days: item.rawDays ?? DEFAULT_DAYS });

  const draftValid = draft !== null && (draft.forever || (draft.days !== null && draft.days >= MIN_DAYS && draft.days <= MAX_DAYS));

  const handleSave = () => {
    if (!draft || !draftValid) {
      return;
    }
    setRetention.mutate(
      { companyId: draft.companyId, rawDays: draft.forever ? null : draft.days },
      {
        onSuccess: () => {
          void message.success(t('texts:operationSuccess'));
          setDraft(null);
        },
      },
    );
  };

  const handlePurge = () => {
    modal.confirm({
      title: t('data.purgeConfirmTitle'),
      content: t('data.purgeConfirm'),
      okText: t('data.purgeNow'),
      okButtonProps: { danger: true },
      onOk: () =>
        runPurge.mutateAsync().then(
          (result) => {
            setLastRun(result);
            void message.success(t('texts:operationSuccess'));
          },
          () => undefined,
        ),
    });
  };

  const columns: TableColumnsType<RetentionItem> = [
    { title: t('data.columns.company'), dataIndex: 'displayName', key: 'displayName', ellipsis: true },
    {
      title: t('data.columns.retention'),
      key: 'retention',
      width: 560,
      render: (_value, item) => {
        if (draft?.companyId === item.companyId) {
          return (
            <div
              className="sd-system__retention-editor"
              onKeyDown={(event) => {
                if (event.key === 'Enter') {
                  event.preventDefault();
                  handleSave();
                } else if (event.key === 'Escape') {
                  setDraft(null);
                }
              }}
            >
              <Radio.Group
                value={draft.forever ? 'forever' : 'days'}
                onChange={(event) => setDraft({ ...draft, forever: event.target.value === 'forever' })}
                options={[
                  { value: 'days', label: t('data.keepDays') },
                  { value: 'forever', label: t('data.keepForever') },
                ]}
              />
              {!draft.forever && (
                <InputNumber<number>
                  autoFocus
                  min={MIN_DAYS}
                  max={MAX_DAYS}
                  precision={0}
                  value={draft.days}
                  onChange={(days) => setDraft({ ...draft, days })}
                  suffix={t('data.daysUnit')}
                  aria-label={t('data.daysLabel', { company: item.displayName })}
                  style={{ width: 130 }}
                  status={draftValid ? undefined : 'error'}
                />
              )}
              <Space size={4}>
                <Button type="primary" size="small" onClick={handleSave} disabled={!draftValid} loading={setRetention.isPending}>
                  {t('actions.save')}
                </Button>
                <Button size="small" onClick={() => setDraft(null)}>
                  {t('actions.cancel')}
                </Button>
              </Space>
            </div>
          );
        }
        return (
          <span className="sd-system__retention">
            {item.rawDays === null ? <Tag>{t('data.forever')}</Tag> : <Tag color="blue">{t('data.days', { count: item.rawDays })}</Tag>}
            <Tooltip title={t('data.editLabel', { company: item.displayName })}>
              <Button
                type="link"
                size="small"
                icon={<EditOutlined />}
                aria-label={t('data.editLabel', { company: item.displayName })}
                disabled={draft !== null}
                onClick={() => startEditing(item)}
              >
                {t('actions.edit')}
              </Button>
            </Tooltip>
          </span>
        );
      },
    },
    { title: t('data.columns.lastPurgeAt'), dataIndex: 'lastPurgeAt', key: 'lastPurgeAt', className: 'sd-nowrap', render: (value: number | null) => (value === null ? t('data.neverPurged') : formatDateTime(value)) },
    { title: t('data.columns.lastPurgedRows'), dataIndex: 'lastPurgedRows', key: 'lastPurgedRows', align: 'right', render: (value: number | null) => formatCount(value, locale) },
  ];

  return (
    <div className="sd-page">
      <SectionLinks groupPath="/systemMaintenance" />
      <PageHeader
        title={t('data.title')}
        description={t('data.description')}
        actions={
          <Button danger icon={<ClearOutlined />} loading={runPurge.isPending} onClick={handlePurge}>
            {t('data.purgeNow')}
          </Button>
        }
      />
      {lastRun && (
        <Alert
          type={lastRun.ran ? 'success' : 'warning'}
          showIcon
          closable={{ onClose: () => setLastRun(null) }}
          title={lastRun.ran ? t('data.purgeDone', { companies: lastRun.companies, rows: formatCount(lastRun.rows, locale) }) : t('data.purgeBusy')}
        />
      )}
      <Card>
        <p className="sd-muted sd-system__note">{t('data.scheduleNote')}</p>
        <Table<RetentionItem>
          rowKey="companyId"
          columns={columns}
          dataSource={retentions.data}
          loading={retentions.isPending}
          pagination={(retentions.data?.length ?? 0) > 20 ? { pageSize: 20, showSizeChanger: false } : false}
          scroll={{ x: 860 }}
          locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('data.empty')} /> }}
        />
      </Card>
    </div>
  );
}
