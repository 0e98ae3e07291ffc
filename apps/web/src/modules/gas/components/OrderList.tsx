import type { TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { ListCard } from '@/shared/components/list/ListCard';
import { StateFilter } from '@/shared/components/list/StateFilter';
import { linkColumn, stateTagColumn, timeColumn } from '@/shared/components/list/listColumns';
import { usePagedList } from '@/shared/hooks/usePagedList';
import { useOrdersQuery } from '../api/orders';
import { blendOrderStates } from '@smartdata/domain';
import type { BlendOrderListItem, BlendOrderState } from '../api/types';
import { formatNumber } from '../lib/format';
import { blendOrderPath } from '../lib/gasPaths';
import { OrderStateTag } from './GasTags';

/** The blending orders: search by number or cylinder, state filter, paging. */
export function OrderList() {
  const { t } = useTranslation('gas');
  const paged = usePagedList<{ state?: BlendOrderState }>();
  const orders = useOrdersQuery({ pageNum: paged.pageNum, pageSize: paged.pageSize, keyword: paged.keyword || undefined, state: paged.filters.state });
  const columns: TableColumnsType<BlendOrderListItem> = [
    linkColumn(t('fields.number'), 'number', (order) => blendOrderPath(order.id), { phoneLine: (order) => <OrderStateTag state={order.state} /> }),
    { title: t('fields.cylinderNumber'), dataIndex: 'cylinderNumber', key: 'cylinderNumber' },
    {
      title: t('fields.mixture'),
      key: 'mixture',
      className: 'sd-gas-wrap',
      render: (_v, order) => `${(order.targets ?? []).map((target) => `${target.gas} ${formatNumber(target.value)} ${target.unit}`).join(', ')} / ${order.balance}`,
    },
    { title: t('form.method'), dataIndex: 'method', key: 'method', render: (method: string) => t(`methods.${method}`) },
    stateTagColumn(t('fields.state'), 'state', OrderStateTag),
    timeColumn(t('fields.createdAt'), 'createdAt', { width: null }),
  ];
  return (
    <ListCard<BlendOrderListItem> columns={columns} query={orders} paged={paged} phoneKeys={['number', 'mixture']} scrollX={900}
      texts={{ search: t('order.search'), total: (count) => t('order.total', { count }), empty: t('order.empty'), noMatch: t('emptySearch'), hint: t('order.emptyHint') }}
      toolbar={<StateFilter states={blendOrderStates} paged={paged} placeholder={t('fields.state')} label={(s) => t(`orderStates.${s}`)} />}
    />
  );
}
