import { useState } from 'react';
import { App, Progress, Tag, type TableColumnsType } from 'antd';
import { CheckOutlined, StopOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { productionStates, type ProductionOrderItem, type ProductionState } from '@smartdata/domain';
import { AddButton } from '@/shared/components/list/AddButton';
import { ListCard } from '@/shared/components/list/ListCard';
import { StateFilter } from '@/shared/components/list/StateFilter';
import { actionsColumn, stateTagColumn, timeColumn } from '@/shared/components/list/listColumns';
import { PageHeader } from '@/shared/components/PageHeader';
import { useAddDialog } from '@/shared/hooks/useAddDialog';
import { useListActions } from '@/shared/hooks/useListActions';
import { usePagedList } from '@/shared/hooks/usePagedList';
import { PICK_LIST_SIZE } from '@/modules/inventory/api/keys';
import { useItemListQuery, useWarehouseListQuery } from '@/modules/inventory/api/masterData';
import { useAddProductionOrderMutation, useCancelProductionOrderMutation, useCompleteProductionMutation, useProductionOrdersQuery } from '../api/orders';
import { CompleteProductionModal, ProductionOrderFormModal } from '../components/ProductionForms';
import '../production.css';

const stateColors: Record<ProductionState, string> = { planned: 'default', inProgress: 'processing', completed: 'success', cancelled: 'default' };

/** /production/order: production orders (search by item, state), add, complete (serial scanning) and cancel. */
export function ProductionOrderPage() {
  const { t } = useTranslation(['production', 'texts']);
  const { modal, message } = App.useApp();
  const paged = usePagedList<{ state?: ProductionState }>();
  const orders = useProductionOrdersQuery({ pageNum: paged.pageNum, pageSize: paged.pageSize, keyword: paged.keyword, state: paged.filters.state });
  const items = useItemListQuery({ pageNum: 1, pageSize: PICK_LIST_SIZE });
  const warehouses = useWarehouseListQuery({ pageNum: 1, pageSize: PICK_LIST_SIZE });
  const itemById = new Map((items.data?.list ?? []).map((item) => [item.id, item]));
  const warehouseName = new Map((warehouses.data?.list ?? []).map((w) => [w.id, w.name]));
  const [completing, setCompleting] = useState<ProductionOrderItem | null>(null);
  const adding = useAddDialog(useAddProductionOrderMutation());
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
    stateTagColumn<ProductionOrderItem, ProductionState>(t('fields.state'), 'state', { label: (state) => t(`states.${state}`), color: (state) => stateColors[state] }),
    timeColumn(t('fields.createdAt'), 'createdAt'),
    actionsColumn(t('fields.actions'), (order) => [
      (order.state === 'planned' || order.state === 'inProgress') && {
        key: 'complete',
        label: t('complete.action'),
        icon: <CheckOutlined />,
        disabled: items.isPending,
        onClick: () => setCompleting(order),
        ariaLabel: t('complete.actionNamed', { id: order.id }),
      },
      order.state === 'planned' &&
        order.produced === 0 && { key: 'cancel', label: t('cancel.action'), icon: <StopOutlined />, danger: true, onClick: () => handleCancel(order), ariaLabel: t('cancel.actionNamed', { id: order.id }) },
    ]),
  ];

  return (
    <div className="sd-page">
      <PageHeader
        title={t('title')}
        description={t('description')}
        actions={<AddButton label={t('add.title')} onClick={adding.show} />}
      />
      <ListCard<ProductionOrderItem> columns={columns} query={orders} paged={paged} scrollX={1000}
        texts={{ search: t('search'), total: (count) => t('total', { count }), empty: t('empty'), noMatch: t('emptySearch'), hint: t('emptyHint') }}
        toolbar={<StateFilter states={productionStates} paged={paged} placeholder={t('fields.state')} label={(s) => t(`states.${s}`)} />}
      />
      {adding.open && <ProductionOrderFormModal {...adding.modal} />}
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
