import { Alert, Button, Card, Empty, Table, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import type { OrderItem } from '@smartdata/domain';
import { PageHeader } from '@/shared/components/PageHeader';
import { formatDate } from '@/shared/utils/formatTime';
import { useSessionStore } from '@/shared/session/sessionStore';
import { useMyOrdersQuery } from '../api/getMyOrders';
import { daysLeft, orderStatus, renewalNotice } from '../orderStatus';
import { OrderStatusTag } from '../components/OrderStatusTag';

/** /user/myorder: the company's product orders with their validity (spec §2, pc_my_order). */
export function MyOrdersPage() {
  const { t } = useTranslation('orders');
  const orders = useMyOrdersQuery();
  const orderInfo = useSessionStore((state) => state.user?.orderInfo ?? null);
  const notice = renewalNotice(orderInfo);

  const columns: TableColumnsType<OrderItem> = [
    { title: t('columns.product'), dataIndex: 'swProductId', key: 'product' },
    { title: t('columns.subType'), dataIndex: 'subTypeId', key: 'subType' },
    { title: t('columns.startAt'), dataIndex: 'startAt', key: 'startAt', className: 'sd-nowrap', render: (value: number) => formatDate(value) },
    { title: t('columns.expireAt'), dataIndex: 'expireAt', key: 'expireAt', className: 'sd-nowrap', render: (value: number) => formatDate(value) },
    {
      title: t('columns.daysLeft'),
      key: 'daysLeft',
      align: 'right',
      render: (_value, order) => (orderStatus(order.expireAt) === 'expired' ? '—' : t('daysCount', { count: daysLeft(order.expireAt) })),
    },
    { title: t('columns.status'), key: 'status', render: (_value, order) => <OrderStatusTag expireAt={order.expireAt} /> },
  ];

  return (
    <div className="sd-page">
      <PageHeader title={t('title')} description={t('description')} />
      {notice && (
        <Alert
          type={notice.status === 'expired' ? 'error' : 'warning'}
          showIcon
          title={notice.status === 'expired' ? t('notice.expired') : t('notice.expiring', { count: notice.days })}
          description={t('notice.renewHint')}
        />
      )}
      <Card>
        <Table<OrderItem>
          rowKey="id"
          columns={columns}
          dataSource={orders.data}
          loading={orders.isPending}
          pagination={false}
          scroll={{ x: 720 }}
          locale={{
            emptyText: orders.isError ? (
              <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('loadFailed')}>
                <Button onClick={() => void orders.refetch()}>{t('retry')}</Button>
              </Empty>
            ) : (
              <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('empty')}>
                <p className="sd-page__empty-hint">{t('emptyHint')}</p>
              </Empty>
            ),
          }}
        />
      </Card>
    </div>
  );
}
