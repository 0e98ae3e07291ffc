import { type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { outboundStates, type CustomerItem, type OutboundOrderItem, type OutboundState } from '@smartdata/domain';
import { AddButton } from '@/shared/components/list/AddButton';
import { ListCard } from '@/shared/components/list/ListCard';
import { StateFilter } from '@/shared/components/list/StateFilter';
import { stateTagColumn, timeColumn } from '@/shared/components/list/listColumns';
import { TabsPage } from '@/shared/components/list/TabsPage';
import { useAddDialog } from '@/shared/hooks/useAddDialog';
import { usePagedList } from '@/shared/hooks/usePagedList';
import { useAddOutboundMutation, useOutboundListQuery } from '../api/documents';
import { PICK_LIST_SIZE } from '../api/keys';
import { useAddCustomerMutation, useCustomerListQuery, useWarehouseListQuery } from '../api/masterData';
import { CustomerFormModal } from '../components/MasterDataForms';
import { OutboundFormModal } from '../components/OutboundForms';
import { OutboundStateTag } from '../components/OutboundStateTag';
import { outboundDetailPath } from '../lib/paths';
import '../inventory.css';

/** /inventory/outbound: outbound orders (search by customer, state) and the customers, one tab each. */
export function OutboundPage() {
  const { t } = useTranslation('inventory');
  return (
    <TabsPage
      title={t('outbound.title')}
      description={t('outbound.description')}
      tabs={[
        { key: 'orders', label: t('tabs.outboundOrders'), children: <OutboundList /> },
        { key: 'customers', label: t('tabs.customers'), children: <CustomerList /> },
      ]}
    />
  );
}

function OutboundList() {
  const { t } = useTranslation('inventory');
  const navigate = useNavigate();
  const paged = usePagedList<{ state?: OutboundState }>();
  const orders = useOutboundListQuery({ pageNum: paged.pageNum, pageSize: paged.pageSize, keyword: paged.keyword, state: paged.filters.state });
  const warehouses = useWarehouseListQuery({ pageNum: 1, pageSize: PICK_LIST_SIZE });
  const warehouseName = new Map((warehouses.data?.list ?? []).map((w) => [w.id, w.name]));
  const addOutbound = useAddOutboundMutation();
  const adding = useAddDialog(addOutbound, ({ id }) => void navigate(outboundDetailPath(id)));

  const columns: TableColumnsType<OutboundOrderItem> = [
    { title: t('outbound.number'), dataIndex: 'id', key: 'id', width: 110, render: (id: number) => <Link to={outboundDetailPath(id)}>{t('outbound.numberValue', { id })}</Link> },
    { title: t('fields.customer'), dataIndex: 'customerName', key: 'customerName' },
    { title: t('fields.warehouse'), dataIndex: 'warehouseId', key: 'warehouseId', render: (id: number) => warehouseName.get(id) ?? `#${id}` },
    { title: t('outbound.units'), key: 'units', render: (_value, order) => `${t('outbound.unitsDevices', { count: order.serials.length })} · ${t('outbound.unitsLines', { count: order.lines.length })}` },
    stateTagColumn(t('fields.state'), 'state', OutboundStateTag),
    { title: t('fields.trackingNo'), key: 'tracking', render: (_value, order) => (order.trackingNo ? `${order.carrier ?? ''} ${order.trackingNo}` : '—') },
    timeColumn(t('columns.createdAt'), 'createdAt'),
  ];

  return (
    <>
      <ListCard<OutboundOrderItem> columns={columns} query={orders} paged={paged} scrollX={900}
        texts={{ search: t('outbound.search'), total: (count) => t('outbound.total', { count }), empty: t('outbound.empty'), noMatch: t('emptySearch'), hint: t('outbound.emptyHint') }}
        toolbar={
          <>
            <StateFilter states={outboundStates} paged={paged} placeholder={t('fields.state')} label={(s) => t(`outbound.states.${s}`)} />
            <AddButton label={t('outbound.add')} onClick={adding.show} end />
          </>
        }
      />
      {adding.open && <OutboundFormModal {...adding.modal} />}
    </>
  );
}

function CustomerList() {
  const { t } = useTranslation('inventory');
  const paged = usePagedList();
  const customers = useCustomerListQuery({ pageNum: paged.pageNum, pageSize: paged.pageSize, keyword: paged.keyword });
  const adding = useAddDialog(useAddCustomerMutation());
  const columns: TableColumnsType<CustomerItem> = [
    { title: t('customers.name'), dataIndex: 'name', key: 'name' },
    { title: t('customers.contact'), dataIndex: 'contact', key: 'contact', render: (value: string) => value || '—' },
    { title: t('customers.phone'), dataIndex: 'phone', key: 'phone', render: (value: string) => value || '—' },
    timeColumn(t('columns.createdAt'), 'createdAt', { width: 180 }),
  ];
  return (
    <>
      <ListCard<CustomerItem> columns={columns} query={customers} paged={paged} scrollX={640}
        texts={{ search: t('customers.search'), total: (count) => t('customers.total', { count }), empty: t('customers.empty'), noMatch: t('emptySearch'), hint: t('customers.emptyHint') }}
        toolbar={<AddButton label={t('customers.add')} onClick={adding.show} end />}
      />
      {adding.open && <CustomerFormModal {...adding.modal} />}
    </>
  );
}
