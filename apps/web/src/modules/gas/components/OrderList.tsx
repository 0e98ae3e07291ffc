import { useState } from 'react';
import type { TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ListCard } from '@/shared/components/ListCard';
import { useIsPhone } from '@/shared/hooks/useIsPhone';
import { usePagedList } from '@/shared/hooks/usePagedList';
import { formatDateTime } from '@/shared/utils/formatTime';
import { useOrdersQuery } from '../api/orders';
import { blendOrderStates } from '@smartdata/domain';
import type { BlendOrderListItem, BlendOrderState } from '../api/types';
import { formatNumber } from '../lib/format';
import { blendOrderPath } from '../lib/gasPaths';
import { OrderStateTag } from './GasTags';
import { StateFilter } from '@/shared/components/StateFilter';

/** The blending orders: search by number or cylinder, state filter, paging. */
export function OrderList() {
  const { t } = useTranslation('gas');
  const paged = usePagedList();
  const [state, setState] = useState<BlendOrderState | undefined>();
  const orders = useOrdersQuery({ pageNum: paged.pageNum, pageSize: paged.pageSize, keyword: paged.keyword || undefined, state });
  const isPhone = useIsPhone();
  const columns: TableColumnsType<BlendOrderListItem> = [
    {
      title: t('fields.number'),
      dataIndex: 'number',
      key: 'number',
      className: 'sd-nowrap',
      render: (number: string, order) => (
        <>
          <Link to={blendOrderPath(order.id)}>{number}</Link>
          {isPhone && (
            <div>
              <OrderStateTag state={order.state} />
            </div>
          )}
        </>
      ),
    },
    { title: t('fields.cylinderNumber'), dataIndex: 'cylinderNumber', key: 'cylinderNumber' },
    {
      title: t('fields.mixture'),
      key: 'mixture',
      className: 'sd-gas-wrap',
      render: (_v, order) => `${(order.targets ?? []).map((target) => `${target.gas} ${formatNumber(target.value)} ${target.unit}`).join(', ')} / ${order.balance}`,
    },
    { title: t('form.method'), dataIndex: 'method', key: 'method', render: (method: string) => t(`methods.${method}`) },
    { title: t('fields.state'), dataIndex: 'state', key: 'state', render: (value: BlendOrderState) => <OrderStateTag state={value} /> },
    { title: t('fields.createdAt'), dataIndex: 'createdAt', key: 'createdAt', className: 'sd-nowrap', render: (value: number) => formatDateTime(value) },
  ];
  return (
    <ListCard<BlendOrderListItem>
      rowKey="id"
      columns={isPhone ? columns.filter((column) => ['number', 'mixture'].includes(String(column.key))) : columns}
      rows={orders.data?.list ?? []}
      loading={orders.isFetching}
      pending={orders.isPending}
      keyword={paged.keyword}
      searchPlaceholder={t('order.search')}
      onSearch={paged.search}
      paging={{ state: paged, total: orders.data?.total ?? 0, totalText: (count) => t('order.total', { count }) }}
      empty={{ text: t('order.empty'), searchText: t('emptySearch'), hint: t('order.emptyHint') }}
      scrollX={isPhone ? undefined : 900}
      toolbar={
        <StateFilter states={blendOrderStates} value={state} onChange={setState} paged={paged} placeholder={t('fields.state')} label={(s) => t(`orderStates.${s}`)} />
      }
    />
  );
}
