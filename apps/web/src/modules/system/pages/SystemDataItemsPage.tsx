import { useState } from 'react';
import { Button, Descriptions, Drawer, Form, Input, Skeleton, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Locale, SystemDataItem, SystemDataItemField } from '@smartdata/domain';
import { SectionLinks } from '@/shared/routing/SectionLinks';
import { FilterForm } from '@/shared/components/list/FilterForm';
import { ListCard } from '@/shared/components/list/ListCard';
import { timeColumn } from '@/shared/components/list/listColumns';
import { PageHeader } from '@/shared/components/PageHeader';
import { usePagedList } from '@/shared/hooks/usePagedList';
import { useLocale } from '@/shared/i18n/useLocale';
import { formatCount, formatDateTime } from '@/shared/utils/formatTime';
import { useSystemDataItemQuery, useSystemDataItemsQuery } from '../api/getSystemDataItems';
import '../system.css';

interface FilterValues {
  companyName?: string;
  keyword?: string;
}

const PAGE_SIZE = 20;

/** Bytes as people read them (KB, MB, GB; 1024-based). */
export function formatBytes(bytes: number, locale: Locale): string {
  const units = ['B', 'KB', 'MB', 'GB', 'TB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${new Intl.NumberFormat(locale, { maximumFractionDigits: unit === 0 ? 0 : 1 }).format(value)} ${units[unit]}`;
}

/**
 * /systemMaintenance/systemsditem (system_sd_item, platform administrators): every company's data
 * items with their size, last write, expiry and the company's retention, searched by company and
 * name. Opening one shows its metadata — fields, settings, sizes — never its records.
 */
export function SystemDataItemsPage() {
  const { t } = useTranslation(['system']);
  const locale = useLocale();
  const [form] = Form.useForm<FilterValues>();
  const paged = usePagedList<FilterValues>(PAGE_SIZE);
  const [openId, setOpenId] = useState<number | null>(null);
  const items = useSystemDataItemsQuery({ ...paged.filters, pageNum: paged.pageNum, pageSize: paged.pageSize });
  const handleSearch = (values: FilterValues) => paged.filter({ companyName: values.companyName?.trim() || undefined, keyword: values.keyword?.trim() || undefined });

  const days = (value: number | null, none: string) => (value === null ? <span className="sd-muted">{none}</span> : t('items.days', { count: value }));

  const columns: TableColumnsType<SystemDataItem> = [
    {
      title: t('items.columns.name'),
      dataIndex: 'name',
      key: 'name',
      ellipsis: true,
      render: (name: string, item) => (
        <Button type="link" className="sd-system__item-link" onClick={() => setOpenId(item.id)}>
          {name}
        </Button>
      ),
    },
    { title: t('items.columns.company'), dataIndex: 'companyName', key: 'companyName', ellipsis: true, width: 180 },
    { title: t('items.columns.kind'), dataIndex: 'kind', key: 'kind', width: 130, render: (kind: number) => <Tag>{t(`items.kinds.${kind}`, { defaultValue: String(kind) })}</Tag> },
    { title: t('items.columns.fields'), dataIndex: 'fieldCount', key: 'fieldCount', width: 80, align: 'right' },
    { title: t('items.columns.records'), dataIndex: 'recordCount', key: 'recordCount', width: 110, align: 'right', render: (n: number) => formatCount(n, locale) },
    timeColumn(t('items.columns.lastWrite'), 'lastWriteAt', { none: <span className="sd-muted">{t('items.never')}</span> }),
    { title: t('items.columns.expiry'), dataIndex: 'expiryDays', key: 'expiryDays', width: 110, render: (value: number | null) => days(value, t('items.noExpiry')) },
    { title: t('items.columns.retention'), dataIndex: 'retentionDays', key: 'retentionDays', width: 110, render: (value: number | null) => days(value, t('items.forever')) },
  ];

  return (
    <div className="sd-page">
      <SectionLinks groupPath="/systemMaintenance" />
      <PageHeader title={t('items.title')} description={t('items.description')} />
      <ListCard<SystemDataItem> columns={columns} query={items} paged={paged} pageSizes={[20, 50, 100]} scrollX={1000}
        loading={items.isPending || (items.isFetching && items.isPlaceholderData)}
        // Every company has items: an empty list is one the filters leave empty.
        texts={{ total: (count) => t('items.total', { count }), empty: t('items.empty'), noMatch: t('items.empty') }}
        table={{ size: 'middle' }}
        filters={
          <FilterForm<FilterValues> form={form} onSearch={handleSearch} onReset={() => paged.filter({ companyName: undefined, keyword: undefined })} refresh={items}>
            <Form.Item name="companyName" label={t('items.filters.company')}>
              <Input allowClear maxLength={50} placeholder={t('items.filters.companyPlaceholder')} style={{ width: 180 }} />
            </Form.Item>
            <Form.Item name="keyword" label={t('items.filters.name')}>
              <Input allowClear maxLength={50} placeholder={t('items.filters.namePlaceholder')} style={{ width: 180 }} />
            </Form.Item>
          </FilterForm>
        }
      />
      <SystemDataItemDrawer id={openId} onClose={() => setOpenId(null)} />
    </div>
  );
}

/** One item's metadata: what it is, how big, how long it keeps values, its fields and settings. */
function SystemDataItemDrawer({ id, onClose }: { id: number | null; onClose: () => void }) {
  const { t } = useTranslation(['system']);
  const locale = useLocale();
  const item = useSystemDataItemQuery(id);
  const data = id !== null ? item.data : undefined;

  const fieldColumns: TableColumnsType<SystemDataItemField> = [
    { title: t('items.detail.fieldName'), dataIndex: 'name', key: 'name', ellipsis: true },
    { title: t('items.detail.fieldKey'), dataIndex: 'fieldName', key: 'fieldName', ellipsis: true, render: (key: string) => <span className="sd-mono">{key}</span> },
    { title: t('items.detail.fieldType'), dataIndex: 'type', key: 'type', width: 100, render: (type: number) => t(`items.fieldTypes.${type}`, { defaultValue: String(type) }) },
    { title: t('items.detail.unit'), dataIndex: 'unit', key: 'unit', width: 70, render: (unit: string) => unit || '—' },
    {
      title: t('items.detail.flags'),
      key: 'flags',
      width: 120,
      render: (_value, field) => (
        <span className="sd-system__flags">
          {field.required && <Tag color="orange">{t('items.detail.required')}</Tag>}
          {field.indexed && <Tag color="blue">{t('items.detail.indexed')}</Tag>}
        </span>
      ),
    },
  ];

  return (
    <Drawer open={id !== null} onClose={onClose} size="large" title={data ? data.name : t('items.detail.title')} destroyOnHidden>
      {!data ? (
        <Skeleton active />
      ) : (
        <div className="sd-system__item-detail">
          <Typography.Paragraph type="secondary">{t('items.detail.metadataOnly')}</Typography.Paragraph>
          <Descriptions
            size="small"
            bordered
            column={{ xs: 1, sm: 2 }}
            items={[
              { key: 'company', label: t('items.columns.company'), children: data.companyName || '—' },
              { key: 'kind', label: t('items.columns.kind'), children: t(`items.kinds.${data.kind}`, { defaultValue: String(data.kind) }) },
              { key: 'records', label: t('items.columns.records'), children: formatCount(data.recordCount, locale) },
              { key: 'lastWrite', label: t('items.columns.lastWrite'), children: data.lastWriteAt === null ? t('items.never') : formatDateTime(data.lastWriteAt) },
              {
                key: 'attachments',
                label: t('items.detail.attachments'),
                children: t(data.attachmentsComplete ? 'items.detail.attachmentSize' : 'items.detail.attachmentSizeAtLeast', { count: data.attachmentCount, size: formatBytes(data.attachmentBytes, locale) }),
              },
              { key: 'expiry', label: t('items.columns.expiry'), children: data.expiryDays === null ? t('items.noExpiry') : t('items.days', { count: data.expiryDays }) },
              { key: 'retention', label: t('items.columns.retention'), children: data.retentionDays === null ? t('items.forever') : t('items.days', { count: data.retentionDays }) },
              { key: 'parent', label: t('items.detail.parent'), children: data.parentItemName ?? '—' },
              { key: 'children', label: t('items.detail.children'), children: data.childItemCount },
              { key: 'settings', label: t('items.detail.settings'), children: t('items.detail.settingCounts', { forms: data.formCount, jumps: data.jumpCount, forwards: data.forwardCount }) },
              { key: 'created', label: t('items.detail.created'), children: formatDateTime(data.createdAt) },
              { key: 'updated', label: t('items.detail.updated'), children: formatDateTime(data.updatedAt) },
            ]}
          />
          <Typography.Title level={5} className="sd-system__fields-title">
            {t('items.detail.fields', { count: data.fieldCount })}
          </Typography.Title>
          <Table<SystemDataItemField> rowKey="fieldName" size="small" columns={fieldColumns} dataSource={data.fields} pagination={false} scroll={{ x: 520 }} />
        </div>
      )}
    </Drawer>
  );
}
