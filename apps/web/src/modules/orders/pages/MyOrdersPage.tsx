import { Alert, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import type { OrderItem } from '@smartdata/domain';
import { ListCard } from '@/shared/components/list/ListCard';
import { timeColumn } from '@/shared/components/list/listColumns';
import { PageHeader } from '@/shared/components/PageHeader';
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
    timeColumn(t('columns.startAt'), 'startAt', { date: true, width: null }),
    timeColumn(t('columns.expireAt'), 'expireAt', { date: true, width: null }),
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
      <ListCard<OrderItem> columns={columns} query={orders} loading={orders.isPending} unpaged scrollX={720} texts={{ empty: t('empty'), hint: t('emptyHint'), loadFailed: t('loadFailed') }} />
    </div>
  );
}
