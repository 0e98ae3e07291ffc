import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { orderStatus, type OrderStatus } from '../orderStatus';

const colors: Record<OrderStatus, string> = { valid: 'success', expiring: 'warning', expired: 'error' };

/** Valid / expiring soon / expired, as a coloured tag. */
export function OrderStatusTag({ expireAt }: { expireAt: number }) {
  const { t } = useTranslation('orders');
  const status = orderStatus(expireAt);
  return <Tag color={colors[status]}>{t(`status.${status}`)}</Tag>;
}
