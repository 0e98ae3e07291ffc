import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { orderState, orderStateColors } from './orderStatus';

/** Valid / expiring soon / expired, as a coloured tag. */
export function OrderStateTag({ expireAt }: { expireAt: number }) {
  const { t } = useTranslation('companies');
  const state = orderState(expireAt);
  return <Tag color={orderStateColors[state]}>{t(`orders.state.${state}`)}</Tag>;
}
