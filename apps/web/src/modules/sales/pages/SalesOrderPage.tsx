import { Typography, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { salesOrderStates, type SalesOrder, type SalesOrderState } from '@smartdata/domain';
import { AddButton } from '@/shared/components/list/AddButton';
import { ListCard } from '@/shared/components/list/ListCard';
import { StateFilter } from '@/shared/components/list/StateFilter';
import { linkColumn, stateTagColumn } from '@/shared/components/list/listColumns';
import { TabsPage } from '@/shared/components/list/TabsPage';
import { useAddDialog } from '@/shared/hooks/useAddDialog';
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

/** /sales/order: sales orders (search, state filter, paging) and the renewal view, one tab each. */
export function SalesOrderPage() {
  // The inventory texts too: the order form's pickers use them.
  const { t } = useTranslation(['sales', 'inventory']);
  return (
    <TabsPage
      title={t('order.title')}
      description={t('order.description')}
      tabs={[
        { key: 'orders', label: t('tabs.orders'), children: <OrderList /> },
        { key: 'renewals', label: t('tabs.renewals'), children: <RenewalsView /> },
      ]}
    />
  );
}

function OrderList() {
  const { t } = useTranslation('sales');
  const navigate = useNavigate();
  const codes = useMenuCodes();
  const paged = usePagedList<{ state?: SalesOrderState }>();
  const orders = useOrderListQuery({ pageNum: paged.pageNum, pageSize: paged.pageSize, keyword: paged.keyword, state: paged.filters.state });
  const mayReadContracts = codes.has('sl_contract');
  const contracts = useContractListQuery({ pageNum: 1, pageSize: SALES_PICK_SIZE }, mayReadContracts);
  const contractNumber = new Map((contracts.data?.list ?? []).map((c) => [c.id, c.number]));
  const addOrder = useAddOrderMutation();
  const adding = useAddDialog(addOrder, ({ id }) => void navigate(orderDetailPath(id)));

  // On a phone: the number with its state under it, the customer with the shipped figure, no sideways scrolling.
  const isPhone = useIsPhone();
  const columns: TableColumnsType<SalesOrder> = [
    linkColumn(t('fields.number'), 'number', (order) => orderDetailPath(order.id), { phoneLine: (order) => <OrderStateTag state={order.state} /> }),
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
    stateTagColumn(t('fields.state'), 'state', OrderStateTag),
  ];

  return (
    <>
      <ListCard<SalesOrder> columns={columns} query={orders} paged={paged} phoneKeys={['number', 'customerName']} scrollX={980}
        texts={{ search: t('order.search'), total: (count) => t('order.total', { count }), empty: t('order.empty'), noMatch: t('emptySearch'), hint: t('order.emptyHint') }}
        toolbar={
          <>
            <StateFilter states={salesOrderStates} paged={paged} placeholder={t('fields.state')} label={(s) => t(`orderStates.${s}`)} />
            {codes.has('sl_order') && <AddButton label={t('order.add')} onClick={adding.show} end />}
          </>
        }
      />
      {adding.open && <OrderFormModal {...adding.modal} />}
    </>
  );
}
