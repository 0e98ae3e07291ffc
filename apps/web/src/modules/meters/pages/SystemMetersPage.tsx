import { Button, Tooltip, type TableColumnsType } from 'antd';
import { UnorderedListOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { SystemMeterRow } from '@smartdata/domain';
import { ListCard } from '@/shared/components/list/ListCard';
import { timeColumn } from '@/shared/components/list/listColumns';
import { PageHeader } from '@/shared/components/PageHeader';
import { usePagedList } from '@/shared/hooks/usePagedList';
import { useLocale } from '@/shared/i18n/useLocale';
import { SectionLinks } from '@/shared/routing/SectionLinks';
import { useMenuCodes } from '@/shared/session/useMenuCodes';
import { formatDateTime } from '@/shared/utils/formatTime';
import { useAllMetersQuery } from '../api/meters';
import { MeterTypeFilter, meterTypeColumn, type MeterType } from '../components/meterListParts';
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
  const paged = usePagedList<{ nodeType?: MeterType }>(20);
  const meters = useAllMetersQuery({ pageNum: paged.pageNum, pageSize: paged.pageSize, keyword: paged.keyword || undefined, nodeType: paged.filters.nodeType });

  const columns: TableColumnsType<SystemMeterRow> = [
    { title: t('system.columns.name'), dataIndex: 'name', key: 'name', width: 180, fixed: 'left' },
    meterTypeColumn<SystemMeterRow>(t('system.columns.type'), (type) => t(`types.${type}`), 110),
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
    timeColumn(t('system.columns.createdAt'), 'createdAt'),
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
      <ListCard<SystemMeterRow> columns={columns} query={meters} paged={paged} scrollX={1120}
        texts={{ search: t('system.search'), total: (count) => t('system.total', { count }), empty: t('system.empty'), noMatch: t('system.emptySearch') }}
        toolbar={<MeterTypeFilter paged={paged} label={t('system.columns.type')} />}
      />
    </div>
  );
}
