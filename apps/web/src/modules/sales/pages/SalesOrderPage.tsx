import { useState } from 'react';
import { Button, Tabs, Typography, type TableColumnsType } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { salesOrderStates, type SalesOrder, type SalesOrderState } from '@smartdata/domain';
import { ListCard } from '@/shared/components/ListCard';
import { PageHeader } from '@/shared/components/PageHeader';
import { useListActions } from '@/shared/hooks/useListActions';
import { useIsPhone } from '@/shared/hooks/useIsPhone';
import { usePagedList } from '@/shared/hooks/usePagedList';
import { useMenuCodes } from '@/shared/session/useMenuCodes';
import { useContractListQuery } from '../api/contracts';
import { SALES_PICK_SIZE } from '../api/keys';
import { useAddOrderMutation, useOrderListQuery } from '../api/orders';
import { OrderFormModal } from '../components/OrderFormModal';
import { RenewalsView } from '../components/RenewalsView';
import { OrderStateTag } from '../components/SalesStateTag';
import { contractDetailPath, orderDetailPath } from '../lib/paths';
import { shippedTotals } from '../lib/salesView';
import '../sales.css';
import { useTabParam } from '@/shared/hooks/useTabParam';
import { StateFilter } from '@/shared/components/StateFilter';

/** /sales/order: sales orders (search, state filter, paging) and the renewal view, one tab each. */
export function SalesOrderPage() {
  // The inventory texts too: the order form's pickers use them.
  const { t } = useTranslation(['sales', 'inventory']);
  const [tab, openTab] = useTabParam(['orders', 'renewals'] as const);
  return (
    <div className="sd-page">
      <PageHeader title={t('order.title')} description={t('order.description')} />
      <Tabs
        activeKey={tab}
        onChange={openTab}
        items={[
          { key: 'orders', label: t('tabs.orders'), children: <OrderList /> },
          { key: 'renewals', label: t('tabs.renewals'), children: <RenewalsView /> },
        ]}
      />
    </div>
  );
}

function OrderList() {
  const { t } = useTranslation('sales');
  const navigate = useNavigate();
  const codes = useMenuCodes();
  const paged = usePagedList();
  const [state, setState] = useState<SalesOrderState | undefined>();
  const orders = useOrderListQuery({ pageNum: paged.pageNum, pageSize: paged.pageSize, keyword: paged.keyword, state });
  const mayReadContracts = codes.has('sl_contract');
  const contracts = useContractListQuery({ pageNum: 1, pageSize: SALES_PICK_SIZE }, mayReadContracts);
  const contractNumber = new Map((contracts.data?.list ?? []).map((c) => [c.id, c.number]));
  const [adding, setAdding] = useState(false);
  const addOrder = useAddOrderMutation();
  const { save } = useListActions();

  // On a phone: the number with its state under it, the customer with the shipped figure, no sideways scrolling.
  const isPhone = useIsPhone();
  const columns: TableColumnsType<SalesOrder> = [
    {
      title: t('fields.number'),
      dataIndex: 'number',
      key: 'number',
      className: 'sd-nowrap',
      render: (number: string, order) => (
        <>
          <Link to={orderDetailPath(order.id)}>{number}</Link>
          {isPhone && (
            <div>
              <OrderStateTag state={order.state} />
            </div>
          )}
        </>
      ),
    },
    {
      title: t('fields.customer'),
      dataIndex: 'customerName',
      key: 'customerName',
      render: (name: string, order) => {
        if (!isPhone) {
          return name;
        }
        const totals = shippedTotals(order.lines);
        return (
          <>
            {name}
            <Typography.Text type="secondary" className="sd-sales__sub">{`${t('order.shippedOfQuantity')} ${totals.shipped} / ${totals.quantity}`}</Typography.Text>
          </>
        );
      },
    },
    {
      title: t('fields.contract'),
      dataIndex: 'contractId',
      key: 'contractId',
      render: (id: number | null) => (id === null ? '—' : mayReadContracts ? <Link to={contractDetailPath(id)}>{contractNumber.get(id) ?? `#${id}`}</Link> : `#${id}`),
    },
    {
      title: t('fields.lines'),
      key: 'lines',
      render: (_value, order) => (
        <Typography.Text ellipsis={{ tooltip: true }} style={{ maxWidth: 260 }}>
          {order.lines.map((line) => `${line.itemName} × ${line.quantity}`).join(t('list.separator'))}
        </Typography.Text>
      ),
    },
    {
      title: t('order.shippedOfQuantity'),
      key: 'shipped',
      align: 'right',
      className: 'sd-nowrap',
      render: (_value, order) => {
        const totals = shippedTotals(order.lines);
        return `${totals.shipped} / ${totals.quantity}`;
      },
    },
    { title: t('fields.serviceEndDate'), dataIndex: 'serviceEndDate', key: 'serviceEndDate', className: 'sd-nowrap', render: (date: string | null) => date ?? '—' },
    { title: t('fields.state'), dataIndex: 'state', key: 'state', render: (value: SalesOrderState) => <OrderStateTag state={value} /> },
  ];

  return (
    <>
      <ListCard<SalesOrder>
        rowKey="id"
        columns={isPhone ? columns.filter((column) => ['number', 'customerName'].includes(String(column.key))) : columns}
        rows={orders.data?.list ?? []}
        loading={orders.isFetching}
        pending={orders.isPending}
        keyword={paged.keyword}
        searchPlaceholder={t('order.search')}
        onSearch={paged.search}
        paging={{ state: paged, total: orders.data?.total ?? 0, totalText: (count) => t('order.total', { count }) }}
        empty={{ text: t('order.empty'), searchText: t('emptySearch'), hint: t('order.emptyHint') }}
        scrollX={isPhone ? undefined : 980}
        toolbar={
          <>
            <StateFilter states={salesOrderStates} value={state} onChange={setState} paged={paged} placeholder={t('fields.state')} label={(s) => t(`orderStates.${s}`)} />
            {codes.has('sl_order') && (
              <Button type="primary" icon={<PlusOutlined />} onClick={() => setAdding(true)} className="sd-sales__toolbar-end">
                {t('order.add')}
              </Button>
            )}
          </>
        }
      />
      {adding && (
        <OrderFormModal
          saving={addOrder.isPending}
          onCancel={() => setAdding(false)}
          onSubmit={(values) =>
            void save(
              async () => {
                const { id } = await addOrder.mutateAsync(values);
                void navigate(orderDetailPath(id));
              },
              () => setAdding(false),
            )
          }
        />
      )}
    </>
  );
}
