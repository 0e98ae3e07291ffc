import { Space, type TableColumnsType } from 'antd';
import { FileTextOutlined, SettingOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { MeterListItem } from '@smartdata/domain';
import { ListCard } from '@/shared/components/list/ListCard';
import { timeColumn } from '@/shared/components/list/listColumns';
import { PageHeader } from '@/shared/components/PageHeader';
import { usePagedList } from '@/shared/hooks/usePagedList';
import { useCompanyTimeZone } from '@/shared/session/companyTimeZone';
import { useMenuCodes } from '@/shared/session/useMenuCodes';
import { useMeterListQuery } from '../api/meters';
import { MeterTypeFilter, meterTypeColumn, type MeterType } from '../components/meterListParts';
import { meterConfigPath, meterPath, meterReportPath, monthOf } from '../lib/meterPaths';
import '../meters.css';

const CABIN_PATH = '/smartdata/datacapsule';

/**
 * /device/meter (dm_meter): the company's meters the user can read — by name, type filter,
 * paged — with links to each meter, its report of this month (in the company's zone) and, for
 * read-write and admin, its settings. Meters are created in the data cabin, so the page only lists.
 * The meter pages themselves are cabin routes (sd_capsule): without that code the links are
 * left out rather than leading to a refusal.
 */
export function MeterListPage() {
  const { t } = useTranslation('meters');
  const codes = useMenuCodes();
  const zone = useCompanyTimeZone();
  const paged = usePagedList<{ nodeType?: MeterType }>(20);
  const meters = useMeterListQuery({ pageNum: paged.pageNum, pageSize: paged.pageSize, keyword: paged.keyword || undefined, nodeType: paged.filters.nodeType });
  const opens = codes.has('sd_capsule');
  const { year, month } = monthOf(Date.now(), zone);

  const columns: TableColumnsType<MeterListItem> = [
    {
      title: t('list.columns.name'),
      dataIndex: 'name',
      key: 'name',
      ellipsis: true,
      render: (name: string, row) => (opens ? <Link to={meterPath(row)}>{name}</Link> : name),
    },
    meterTypeColumn<MeterListItem>(t('list.columns.type'), (type) => t(`types.${type}`), 130),
    timeColumn(t('list.columns.updatedAt'), 'updatedAt', { width: 180 }),
    ...(opens
      ? [
          {
            title: t('list.columns.actions'),
            key: 'actions',
            width: 300,
            className: 'sd-nowrap',
            render: (_value: unknown, row: MeterListItem) => (
              <Space size="middle">
                <Link to={meterReportPath(row, year, month)} aria-label={t('list.reportOf', { name: row.name })}>
                  <FileTextOutlined /> {t('list.thisMonthReport')}
                </Link>
                {(row.level === 'readWrite' || row.level === 'admin') && (
                  <Link to={meterConfigPath(row)} aria-label={t('list.settingsOf', { name: row.name })}>
                    <SettingOutlined /> {t('list.settings')}
                  </Link>
                )}
              </Space>
            ),
          },
        ]
      : []),
  ];

  return (
    <div className="sd-page">
      <PageHeader title={t('list.title')} description={t('list.description')} />
      <ListCard<MeterListItem> columns={columns} query={meters} paged={paged} scrollX={840}
        texts={{
          search: t('list.search'),
          total: (count) => t('system.total', { count }),
          empty: t('list.empty'),
          noMatch: t('system.emptySearch'),
          hint: (
            <>
              {t('list.emptyHint')} {codes.has('sd_capsule') && <Link to={CABIN_PATH}>{t('list.openCabin')}</Link>}
            </>
          ),
        }}
        toolbar={<MeterTypeFilter paged={paged} label={t('list.columns.type')} />}
      />
    </div>
  );
}
