import { useState } from 'react';
import { Button, Drawer, Empty, Table, type TableColumnsType } from 'antd';
import { PlusOutlined, RedoOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { CompanyItem, OrderItem } from '@smartdata/domain';
import { actionsColumn, timeColumn } from '@/shared/components/list/listColumns';
import { useListActions } from '@/shared/hooks/useListActions';
import { useAddOrderMutation, type OrderValues } from '../api/addOrder';
import { useOrderListQuery } from '../api/getOrderList';
import { useRenewOrderMutation } from '../api/renewOrder';
import { OrderFormModal } from './OrderFormModal';
import { OrderStateTag } from './OrderStateTag';
import { RenewOrderModal } from './RenewOrderModal';

interface CompanyOrdersDrawerProps {
  company: CompanyItem | null;
  onClose: () => void;
}

/** The product orders of a company (platform): list, create, renew. */
export function CompanyOrdersDrawer({ company, onClose }: CompanyOrdersDrawerProps) {
  const { t } = useTranslation(['companies', 'texts']);
  const { save } = useListActions();
  const [pageNum, setPageNum] = useState(1);
  const [pageSize, setPageSize] = useState(10);
  const companyId = company?.companyId ?? null;
  const orders = useOrderListQuery(companyId, { pageNum, pageSize });
  const [creating, setCreating] = useState(false);
  const [renewing, setRenewing] = useState<OrderItem | null>(null);
  const addOrder = useAddOrderMutation();
  const renewOrder = useRenewOrderMutation();

  const handleCreate = (values: OrderValues) =>
    void save(
      () => addOrder.mutateAsync(values),
      () => {
        setCreating(false);
        setPageNum(1);
      },
    );
  const handleRenew = (order: OrderItem, expireAt: number) => void save(() => renewOrder.mutateAsync({ id: order.id, expireAt }), () => setRenewing(null));

  const columns: TableColumnsType<OrderItem> = [
    { title: t('orders.product'), dataIndex: 'swProductId', key: 'product', render: (value: string) => <strong>{value}</strong> },
    { title: t('orders.subType'), dataIndex: 'subTypeId', key: 'subType' },
    timeColumn(t('orders.startAt'), 'startAt', { date: true, width: null }),
    timeColumn(t('orders.expireAt'), 'expireAt', { date: true, width: null }),
    { title: t('orders.status'), key: 'status', render: (_value, order) => <OrderStateTag expireAt={order.expireAt} /> },
    timeColumn(t('columns.createdAt'), 'createdAt', { width: null }),
    actionsColumn(
      t('columns.actions'),
      (order) => [{ key: 'renew', label: t('orders.renew'), icon: <RedoOutlined />, onClick: () => setRenewing(order), ariaLabel: t('orders.renewNamed', { product: order.swProductId, subType: order.subTypeId }) }],
      { width: 90 },
    ),
  ];

  return (
    <Drawer
      open={company !== null}
      onClose={onClose}
      size={860}
      destroyOnHidden
      title={company ? t('orders.title', { name: company.displayName }) : ''}
      afterOpenChange={(open) => {
        if (!open) {
          setPageNum(1);
        }
      }}
    >
      <div className="sd-orders__toolbar">
        <span className="sd-muted">{t('orders.description')}</span>
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setCreating(true)}>
          {t('orders.create')}
        </Button>
      </div>
      <Table<OrderItem>
        rowKey="id"
        size="middle"
        columns={columns}
        dataSource={orders.data?.list ?? []}
        loading={orders.isFetching}
        scroll={{ x: 760 }}
        pagination={{
          current: pageNum,
          pageSize,
          total: orders.data?.total ?? 0,
          hideOnSinglePage: true,
          onChange: (page, size) => {
            setPageNum(size === pageSize ? page : 1);
            setPageSize(size);
          },
        }}
        locale={{
          emptyText: orders.isPending ? ' ' : <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('orders.empty')} />,
        }}
      />
      {creating && company && (
        <OrderFormModal
          companyId={company.companyId}
          companyName={company.displayName}
          saving={addOrder.isPending}
          onSubmit={handleCreate}
          onCancel={() => setCreating(false)}
        />
      )}
      {renewing && (
        <RenewOrderModal
          order={renewing}
          saving={renewOrder.isPending}
          onSubmit={(expireAt) => handleRenew(renewing, expireAt)}
          onCancel={() => setRenewing(null)}
        />
      )}
    </Drawer>
  );
}
