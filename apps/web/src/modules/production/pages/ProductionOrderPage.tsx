import { useState } from 'react';
import { App, Button, Progress, Space, Tag, type TableColumnsType } from 'antd';
import { CheckOutlined, PlusOutlined, StopOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { productionStates, type ProductionOrderItem, type ProductionState } from '@smartdata/domain';
import { ListCard } from '@/shared/components/ListCard';
import { PageHeader } from '@/shared/components/PageHeader';
import { useListActions } from '@/shared/hooks/useListActions';
import { usePagedList } from '@/shared/hooks/usePagedList';
import { formatDateTime } from '@/shared/utils/formatTime';
import { PICK_LIST_SIZE } from '@/modules/inventory/api/keys';
import { useItemListQuery, useWarehouseListQuery } from '@/modules/inventory/api/masterData';
import { useAddProductionOrderMutation, useCancelProductionOrderMutation, useCompleteProductionMutation, useProductionOrdersQuery } from '../api/orders';
import { CompleteProductionModal, ProductionOrderFormModal } from '../components/ProductionForms';
import '../production.css';
import { StateFilter } from '@/shared/components/StateFilter';

const stateColors: Record<ProductionState, string> = { planned: 'default', inProgress: 'processing', completed: 'success', cancelled: 'default' };

/** /production/order: production orders (search by item, state), add, complete (serial scanning) and cancel. */
export function ProductionOrderPage() {
  const { t } = useTranslation(['production', 'texts']);
  const { modal, message } = App.useApp();
  const paged = usePagedList();
  const [state, setState] = useState<ProductionState | undefined>();
  const orders = useProductionOrdersQuery({ pageNum: paged.pageNum, pageSize: paged.pageSize, keyword: paged.keyword, state });
  const items = useItemListQuery({ pageNum: 1, pageSize: PICK_LIST_SIZE });
  const warehouses = useWarehouseListQuery({ pageNum: 1, pageSize: PICK_LIST_SIZE });
  const itemById = new Map((items.data?.list ?? []).map((item) => [item.id, item]));
  const warehouseName = new Map((warehouses.data?.list ?? []).map((w) => [w.id, w.name]));
  const [adding, setAdding] = useState(false);
  const [completing, setCompleting] = useState<ProductionOrderItem | null>(null);
  const add = useAddProductionOrderMutation();
  const complete = useCompleteProductionMutation();
  const cancel = useCancelProductionOrderMutation();
  const { save } = useListActions();

  const handleCancel = (order: ProductionOrderItem) =>
    void modal.confirm({
      title: t('cancel.title', { id: order.id, name: order.itemName }),
      content: t('cancel.content'),
      okText: t('cancel.ok'),
      okButtonProps: { danger: true },
      cancelText: t('actions.back'),
      onOk: async () => {
        try {
          await cancel.mutateAsync(order.id);
          void message.success(t('texts:operationSuccess'));
        } catch {
          // Shown by the API client.
        }
      },
    });

  const columns: TableColumnsType<ProductionOrderItem> = [
    { title: t('fields.number'), dataIndex: 'id', key: 'id', width: 100, render: (id: number) => t('fields.numberValue', { id }) },
    {
      title: t('fields.item'),
      dataIndex: 'itemName',
      key: 'itemName',
      render: (name: string, order) => (
        <>
          {name} {itemById.get(order.itemId)?.serialized && <Tag color="blue">{t('fields.serialized')}</Tag>}
        </>
      ),
    },
    { title: t('fields.warehouse'), dataIndex: 'warehouseId', key: 'warehouseId', render: (id: number) => warehouseName.get(id) ?? `#${id}` },
    {
      title: t('fields.progress'),
      key: 'progress',
      width: 200,
      render: (_value, order) => (
        <div className="sd-production__cell-progress">
          <span className="sd-nowrap" data-testid="production-progress">
            {order.produced} / {order.quantity}
          </span>
          <Progress percent={Math.round((order.produced / order.quantity) * 100)} size="small" showInfo={false} status={order.state === 'cancelled' ? 'exception' : undefined} />
        </div>
      ),
    },
    { title: t('fields.state'), dataIndex: 'state', key: 'state', render: (value: ProductionState) => <Tag color={stateColors[value]}>{t(`states.${value}`)}</Tag> },
    { title: t('fields.createdAt'), dataIndex: 'createdAt', key: 'createdAt', width: 170, className: 'sd-nowrap', render: (value: number) => formatDateTime(value) },
    {
      title: t('fields.actions'),
      key: 'actions',
      width: 170,
      render: (_value, order) =>
        order.state === 'completed' || order.state === 'cancelled' ? (
          <span className="sd-muted">—</span>
        ) : (
          <Space size={4}>
            {(order.state === 'planned' || order.state === 'inProgress') && (
              <Button type="link" size="small" icon={<CheckOutlined />} disabled={items.isPending} onClick={() => setCompleting(order)} aria-label={t('complete.actionNamed', { id: order.id })}>
                {t('complete.action')}
              </Button>
            )}
            {order.state === 'planned' && order.produced === 0 && (
              <Button type="link" size="small" danger icon={<StopOutlined />} onClick={() => handleCancel(order)} aria-label={t('cancel.actionNamed', { id: order.id })}>
                {t('cancel.action')}
              </Button>
            )}
          </Space>
        ),
    },
  ];

  return (
    <div className="sd-page">
      <PageHeader
        title={t('title')}
        description={t('description')}
        actions={
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setAdding(true)}>
            {t('add.title')}
          </Button>
        }
      />
      <ListCard<ProductionOrderItem>
        rowKey="id"
        columns={columns}
        rows={orders.data?.list ?? []}
        loading={orders.isFetching}
        pending={orders.isPending}
        keyword={paged.keyword}
        searchPlaceholder={t('search')}
        onSearch={paged.search}
        paging={{ state: paged, total: orders.data?.total ?? 0, totalText: (count) => t('total', { count }) }}
        empty={{ text: t('empty'), searchText: t('emptySearch'), hint: t('emptyHint') }}
        scrollX={1000}
        toolbar={
          <StateFilter states={productionStates} value={state} onChange={setState} paged={paged} placeholder={t('fields.state')} label={(s) => t(`states.${s}`)} />
        }
      />
      {adding && <ProductionOrderFormModal saving={add.isPending} onCancel={() => setAdding(false)} onSubmit={(values) => void save(() => add.mutateAsync(values), () => setAdding(false))} />}
      {completing && (
        <CompleteProductionModal
          order={completing}
          serialized={itemById.get(completing.itemId)?.serialized ?? false}
          saving={complete.isPending}
          onCancel={() => setCompleting(null)}
          onSubmit={(values) => void save(() => complete.mutateAsync(values), () => setCompleting(null))}
        />
      )}
    </div>
  );
}
