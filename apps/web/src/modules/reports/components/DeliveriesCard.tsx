import { useState } from 'react';
import { Button, Card, Empty, Table } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { ReportDelivery } from '@smartdata/domain';
import { formatDate, formatDateTime } from '@/shared/utils/formatTime';
import { downloadDelivery, useDeliveriesQuery } from '../api/reports';

/** The personal center's list of delivered scheduled reports (templates the user may read), with downloads. */
export function DeliveriesCard() {
  const { t } = useTranslation('reports');
  const [page, setPage] = useState(1);
  const deliveries = useDeliveriesQuery(page, 10);
  return (
    <Card title={t('deliveries.title')} size="small" style={{ marginTop: 16 }}>
      <Table<ReportDelivery>
        rowKey="id"
        size="small"
        loading={deliveries.isLoading}
        dataSource={deliveries.data?.list ?? []}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('deliveries.empty')} /> }}
        scroll={{ x: 560 }}
        pagination={{ current: page, pageSize: 10, total: deliveries.data?.total ?? 0, onChange: setPage, hideOnSinglePage: true }}
        columns={[
          { title: t('deliveries.template'), dataIndex: 'templateName' },
          { title: t('deliveries.period'), render: (_, d) => `${formatDate(d.from)} – ${formatDate(d.to - 1)}` },
          { title: t('deliveries.createdAt'), render: (_, d) => formatDateTime(d.createdAt) },
          { title: t('deliveries.size'), render: (_, d) => `${Math.max(1, Math.round(d.size / 1024))} KB` },
          {
            title: '',
            render: (_, d) => (
              <Button size="small" icon={<DownloadOutlined />} onClick={() => void downloadDelivery(d).catch(() => undefined)}>
                {t('deliveries.download')} {d.format.toUpperCase()}
              </Button>
            ),
          },
        ]}
      />
    </Card>
  );
}
