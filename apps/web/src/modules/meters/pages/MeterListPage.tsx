import { Select, Space, Tag, type TableColumnsType } from 'antd';
import { FileTextOutlined, SettingOutlined } from '@ant-design/icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { MeterListItem } from '@smartdata/domain';
import { ListCard } from '@/shared/components/ListCard';
import { PageHeader } from '@/shared/components/PageHeader';
import { usePagedList } from '@/shared/hooks/usePagedList';
import { useCompanyTimeZone } from '@/shared/session/companyTimeZone';
import { useMenuCodes } from '@/shared/session/useMenuCodes';
import { formatDateTime } from '@/shared/utils/formatTime';
import { useMeterListQuery } from '../api/meters';
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
  const paging = usePagedList(20);
  const [nodeType, setNodeType] = useState<100 | 101 | undefined>(undefined);
  const meters = useMeterListQuery({ pageNum: paging.pageNum, pageSize: paging.pageSize, keyword: paging.keyword || undefined, nodeType });
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
    { title: t('list.columns.type'), dataIndex: 'nodeType', key: 'nodeType', width: 130, render: (type: number) => <Tag color={type === 100 ? 'purple' : 'blue'}>{t(`types.${type}`)}</Tag> },
    { title: t('list.columns.updatedAt'), dataIndex: 'updatedAt', key: 'updatedAt', width: 180, className: 'sd-nowrap', render: (value: number) => formatDateTime(value) },
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
      <ListCard<MeterListItem>
        rowKey="id"
        columns={columns}
        rows={meters.data?.list ?? []}
        loading={meters.isFetching}
        pending={meters.isPending}
        keyword={paging.keyword}
        searchPlaceholder={t('list.search')}
        onSearch={paging.search}
        paging={{ state: paging, total: meters.data?.total ?? 0, totalText: (count) => t('system.total', { count }) }}
        empty={{
          text: t('list.empty'),
          searchText: t('system.emptySearch'),
          hint: (
            <>
              {t('list.emptyHint')} {codes.has('sd_capsule') && <Link to={CABIN_PATH}>{t('list.openCabin')}</Link>}
            </>
          ),
        }}
        scrollX={840}
        toolbar={
          <Select
            allowClear
            value={nodeType}
            onChange={(value: 100 | 101 | undefined) => {
              setNodeType(value);
              paging.setPageNum(1);
            }}
            placeholder={t('system.allTypes')}
            aria-label={t('list.columns.type')}
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
