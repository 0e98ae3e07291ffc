import { Button, Select, Tag, Tooltip, type TableColumnsType } from 'antd';
import { UnorderedListOutlined } from '@ant-design/icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { SystemMeterRow } from '@smartdata/domain';
import { ListCard } from '@/shared/components/ListCard';
import { PageHeader } from '@/shared/components/PageHeader';
import { usePagedList } from '@/shared/hooks/usePagedList';
import { useLocale } from '@/shared/i18n/useLocale';
import { SectionLinks } from '@/shared/routing/SectionLinks';
import { useMenuCodes } from '@/shared/session/useMenuCodes';
import { formatDateTime } from '@/shared/utils/formatTime';
import { useAllMetersQuery } from '../api/meters';
import { formatKwh } from '../lib/meterText';
import '../meters.css';

export const METER_LOG_PATH = '/systemMaintenance/systememeterlog';

/**
 * /systemMaintenance/systememeter (system_e_meter): every company's meters — type, company,
 * source or formula, newest reading — searched by meter or company name, paged; a row opens its
 * reading log.
 */
export function SystemMetersPage() {
  const { t } = useTranslation('meters');
  const locale = useLocale();
  const navigate = useNavigate();
  const codes = useMenuCodes();
  const paging = usePagedList(20);
  const [nodeType, setNodeType] = useState<100 | 101 | undefined>(undefined);
  const meters = useAllMetersQuery({ pageNum: paging.pageNum, pageSize: paging.pageSize, keyword: paging.keyword || undefined, nodeType });

  const columns: TableColumnsType<SystemMeterRow> = [
    { title: t('system.columns.name'), dataIndex: 'name', key: 'name', width: 180, fixed: 'left' },
    { title: t('system.columns.type'), dataIndex: 'nodeType', key: 'nodeType', width: 110, render: (type: number) => <Tag color={type === 100 ? 'purple' : 'blue'}>{t(`types.${type}`)}</Tag> },
    { title: t('system.columns.company'), dataIndex: 'companyName', key: 'companyName', width: 170, ellipsis: true },
    {
      title: t('system.columns.source'),
      key: 'source',
      ellipsis: true,
      render: (_value, row) =>
        row.source
          ? t(row.source.kind === 'item' ? 'fields.sourceItem' : 'fields.sourceDevice', { name: row.source.sourceName || t('fields.sourceGone'), key: row.source.kind === 'item' ? row.source.fieldName : row.source.key })
          : t('system.formulaTerms', { count: row.formula?.length ?? 0 }),
    },
    {
      title: t('system.columns.reading'),
      key: 'reading',
      width: 200,
      render: (_value, row) =>
        row.lastReading ? (
          <span className="sd-meter-system__reading">
            <span>{formatKwh(row.lastReading.value, locale)} kWh</span>
            <span className="sd-muted">{formatDateTime(row.lastReading.at)}</span>
          </span>
        ) : (
          <span className="sd-muted">{t('detail.noReading')}</span>
        ),
    },
    { title: t('system.columns.createdAt'), dataIndex: 'createdAt', key: 'createdAt', width: 170, className: 'sd-nowrap', render: (value: number) => formatDateTime(value) },
    ...(codes.has('system_e_meter_log')
      ? [
          {
            title: t('system.columns.actions'),
            key: 'actions',
            width: 120,
            fixed: 'right' as const,
            render: (_value: unknown, row: SystemMeterRow) => (
              <Tooltip title={t('system.openLogOf', { name: row.name })}>
                <Button type="link" size="small" icon={<UnorderedListOutlined />} onClick={() => void navigate(`${METER_LOG_PATH}?meterId=${row.id}`)}>
                  {t('system.openLog')}
                </Button>
              </Tooltip>
            ),
          },
        ]
      : []),
  ];

  return (
    <div className="sd-page sd-meter-system">
      <SectionLinks groupPath="/systemMaintenance" />
      <PageHeader title={t('system.title')} description={t('system.description')} />
      <ListCard<SystemMeterRow>
        rowKey="id"
        columns={columns}
        rows={meters.data?.list ?? []}
        loading={meters.isFetching}
        pending={meters.isPending}
        keyword={paging.keyword}
        searchPlaceholder={t('system.search')}
        onSearch={paging.search}
        paging={{ state: paging, total: meters.data?.total ?? 0, totalText: (count) => t('system.total', { count }) }}
        empty={{ text: t('system.empty'), searchText: t('system.emptySearch') }}
        scrollX={1120}
        toolbar={
          <Select
            allowClear
            value={nodeType}
            onChange={(value: 100 | 101 | undefined) => {
              setNodeType(value);
              paging.setPageNum(1);
            }}
            placeholder={t('system.allTypes')}
            aria-label={t('system.columns.type')}
            style={{ width: 150 }}
            options={[
              { value: 101, label: t('types.101') },
              { value: 100, label: t('types.100') },
            ]}
          />
        }
      />
    </div>
  );
}
