import { useState } from 'react';
import { Button, Tabs, type TableColumnsType } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { outboundStates, type CustomerItem, type OutboundOrderItem, type OutboundState } from '@smartdata/domain';
import { ListCard } from '@/shared/components/ListCard';
import { PageHeader } from '@/shared/components/PageHeader';
import { useListActions } from '@/shared/hooks/useListActions';
import { usePagedList } from '@/shared/hooks/usePagedList';
import { formatDateTime } from '@/shared/utils/formatTime';
import { useAddOutboundMutation, useOutboundListQuery } from '../api/documents';
import { PICK_LIST_SIZE } from '../api/keys';
import { useAddCustomerMutation, useCustomerListQuery, useWarehouseListQuery } from '../api/masterData';
import { CustomerFormModal } from '../components/MasterDataForms';
import { OutboundFormModal } from '../components/OutboundForms';
import { OutboundStateTag } from '../components/OutboundStateTag';
import { outboundDetailPath } from '../lib/paths';
import '../inventory.css';
import { useTabParam } from '@/shared/hooks/useTabParam';
import { StateFilter } from '@/shared/components/StateFilter';

/** /inventory/outbound: outbound orders (search by customer, state) and the customers, one tab each. */
export function OutboundPage() {
  const { t } = useTranslation('inventory');
  const [tab, openTab] = useTabParam(['orders', 'customers'] as const);
  return (
    <div className="sd-page">
      <PageHeader title={t('outbound.title')} description={t('outbound.description')} />
      <Tabs
        activeKey={tab}
        onChange={openTab}
        items={[
          { key: 'orders', label: t('tabs.outboundOrders'), children: <OutboundList /> },
          { key: 'customers', label: t('tabs.customers'), children: <CustomerList /> },
        ]}
      />
    </div>
  );
}

function OutboundList() {
  const { t } = useTranslation('inventory');
  const navigate = useNavigate();
  const paged = usePagedList();
  const [state, setState] = useState<OutboundState | undefined>();
  const orders = useOutboundListQuery({ pageNum: paged.pageNum, pageSize: paged.pageSize, keyword: paged.keyword, state });
  const warehouses = useWarehouseListQuery({ pageNum: 1, pageSize: PICK_LIST_SIZE });
  const warehouseName = new Map((warehouses.data?.list ?? []).map((w) => [w.id, w.name]));
  const [adding, setAdding] = useState(false);
  const addOutbound = useAddOutboundMutation();
  const { save } = useListActions();

  const columns: TableColumnsType<OutboundOrderItem> = [
    { title: t('outbound.number'), dataIndex: 'id', key: 'id', width: 110, render: (id: number) => <Link to={outboundDetailPath(id)}>{t('outbound.numberValue', { id })}</Link> },
    { title: t('fields.customer'), dataIndex: 'customerName', key: 'customerName' },
    { title: t('fields.warehouse'), dataIndex: 'warehouseId', key: 'warehouseId', render: (id: number) => warehouseName.get(id) ?? `#${id}` },
    { title: t('outbound.units'), key: 'units', render: (_value, order) => t('outbound.unitsValue', { serials: order.serials.length, lines: order.lines.length }) },
    { title: t('fields.state'), dataIndex: 'state', key: 'state', render: (value: OutboundState) => <OutboundStateTag state={value} /> },
    { title: t('fields.trackingNo'), key: 'tracking', render: (_value, order) => (order.trackingNo ? `${order.carrier ?? ''} ${order.trackingNo}` : '—') },
    { title: t('columns.createdAt'), dataIndex: 'createdAt', key: 'createdAt', width: 170, className: 'sd-nowrap', render: (value: number) => formatDateTime(value) },
  ];

  return (
    <>
      <ListCard<OutboundOrderItem>
        rowKey="id"
        columns={columns}
        rows={orders.data?.list ?? []}
        loading={orders.isFetching}
        pending={orders.isPending}
        keyword={paged.keyword}
        searchPlaceholder={t('outbound.search')}
        onSearch={paged.search}
        paging={{ state: paged, total: orders.data?.total ?? 0, totalText: (count) => t('outbound.total', { count }) }}
        empty={{ text: t('outbound.empty'), searchText: t('emptySearch'), hint: t('outbound.emptyHint') }}
        scrollX={900}
        toolbar={
          <>
            <StateFilter states={outboundStates} value={state} onChange={setState} paged={paged} placeholder={t('fields.state')} label={(s) => t(`outbound.states.${s}`)} />
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setAdding(true)} className="sd-inventory__toolbar-end">
              {t('outbound.add')}
            </Button>
          </>
        }
      />
      {adding && (
        <OutboundFormModal
          saving={addOutbound.isPending}
          onCancel={() => setAdding(false)}
          onSubmit={(values) =>
            void save(
              async () => {
                const { id } = await addOutbound.mutateAsync(values);
                void navigate(outboundDetailPath(id));
              },
              () => setAdding(false),
            )
          }
        />
      )}
    </>
  );
}

function CustomerList() {
  const { t } = useTranslation('inventory');
  const paged = usePagedList();
  const customers = useCustomerListQuery({ pageNum: paged.pageNum, pageSize: paged.pageSize, keyword: paged.keyword });
  const [adding, setAdding] = useState(false);
  const addCustomer = useAddCustomerMutation();
  const { save } = useListActions();
  const columns: TableColumnsType<CustomerItem> = [
    { title: t('customers.name'), dataIndex: 'name', key: 'name' },
    { title: t('customers.contact'), dataIndex: 'contact', key: 'contact', render: (value: string) => value || '—' },
    { title: t('customers.phone'), dataIndex: 'phone', key: 'phone', render: (value: string) => value || '—' },
    { title: t('columns.createdAt'), dataIndex: 'createdAt', key: 'createdAt', width: 180, className: 'sd-nowrap', render: (value: number) => formatDateTime(value) },
  ];
  return (
    <>
      <ListCard<CustomerItem>
        rowKey="id"
        columns={columns}
        rows={customers.data?.list ?? []}
        loading={customers.isFetching}
        pending={customers.isPending}
        keyword={paged.keyword}
        searchPlaceholder={t('customers.search')}
        onSearch={paged.search}
        paging={{ state: paged, total: customers.data?.total ?? 0, totalText: (count) => t('customers.total', { count }) }}
        empty={{ text: t('customers.empty'), searchText: t('emptySearch'), hint: t('customers.emptyHint') }}
        scrollX={640}
        toolbar={
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setAdding(true)} className="sd-inventory__toolbar-end">
            {t('customers.add')}
          </Button>
        }
      />
      {adding && <CustomerFormModal saving={addCustomer.isPending} onCancel={() => setAdding(false)} onSubmit={(values) => void save(() => addCustomer.mutateAsync(values), () => setAdding(false))} />}
    </>
  );
}
