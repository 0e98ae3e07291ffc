import { Alert, Button, Card, Empty, Table, Tooltip, type TableColumnsType } from 'antd';
import { ReloadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { AcquisitionItem } from '@smartdata/domain';
import { SectionLinks } from '@/shared/routing/SectionLinks';
import { PageHeader } from '@/shared/components/PageHeader';
import { useLocale } from '@/shared/i18n/useLocale';
import { formatCount } from '@/shared/utils/formatTime';
import { useAcquisitionStatusQuery } from '../api/getAcquisitionStatus';
import '../system.css';

/**
 * /systemMaintenance/acquistion (sys_m_acquistion): per company, devices (total / online) and
 * values received today and yesterday, as the device modules report them. A figure no module has
 * reported yet is shown as —.
 */
export function AcquisitionPage() {
  const { t } = useTranslation('system');
  const locale = useLocale();
  const status = useAcquisitionStatusQuery();
  const list = status.data ?? [];
  const anyUnreported = list.some((item) => item.devicesTotal === null || item.valuesToday === null);

  const columns: TableColumnsType<AcquisitionItem> = [
    { title: t('acquisition.columns.company'), dataIndex: 'displayName', key: 'displayName', ellipsis: true },
    {
      title: t('acquisition.columns.devices'),
      key: 'devices',
      align: 'right',
      render: (_value, item) =>
        item.devicesTotal === null ? '—' : t('acquisition.onlineOfTotal', { online: formatCount(item.devicesOnline ?? 0, locale), total: formatCount(item.devicesTotal, locale) }),
    },
    { title: t('acquisition.columns.valuesToday'), dataIndex: 'valuesToday', key: 'valuesToday', align: 'right', render: (value: number | null) => formatCount(value, locale) },
    { title: t('acquisition.columns.valuesYesterday'), dataIndex: 'valuesYesterday', key: 'valuesYesterday', align: 'right', render: (value: number | null) => formatCount(value, locale) },
  ];

  return (
    <div className="sd-page">
      <SectionLinks groupPath="/systemMaintenance" />
      <PageHeader
        title={t('acquisition.title')}
        description={t('acquisition.description')}
        actions={
          <Tooltip title={t('actions.refresh')}>
            <Button icon={<ReloadOutlined />} loading={status.isFetching && !status.isPending} onClick={() => void status.refetch()}>
              {t('actions.refresh')}
            </Button>
          </Tooltip>
        }
      />
      {anyUnreported && <Alert type="info" showIcon title={t('acquisition.unreportedTitle')} description={t('acquisition.unreported')} />}
      <Card>
        <Table<AcquisitionItem>
          rowKey="companyId"
          columns={columns}
          dataSource={list}
          loading={status.isPending}
          pagination={list.length > 20 ? { pageSize: 20, showSizeChanger: false } : false}
          scroll={{ x: 640 }}
          locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('acquisition.empty')} /> }}
        />
      </Card>
    </div>
  );
}
