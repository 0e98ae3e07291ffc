import { useState } from 'react';
import { Alert, App, Button, Card, Descriptions, Empty, Space, Table, type TableColumnsType } from 'antd';
import { CheckOutlined, CloseCircleOutlined, EditOutlined, ExportOutlined, HistoryOutlined, StopOutlined } from '@ant-design/icons';
import { useQueries } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { ErrorCode, orderActions, type OutboundOrderItem, type OutboundState, type SalesOrderLine } from '@smartdata/domain';
import { fetchOutbound } from '@/modules/inventory/api/documents';
import { inventoryKeys, PICK_LIST_SIZE } from '@/modules/inventory/api/keys';
import { useWarehouseListQuery } from '@/modules/inventory/api/masterData';
import { OutboundStateTag } from '@/modules/inventory/components/OutboundStateTag';
import { ApiError } from '@/shared/api/ApiError';
import { DetailFallback } from '@/shared/components/DetailFallback';
import { PageHeader } from '@/shared/components/PageHeader';
import { useListActions } from '@/shared/hooks/useListActions';
import { useMenuCodes } from '@/shared/session/useMenuCodes';
import { formatDateTime } from '@/shared/utils/formatTime';
import { useContractQuery } from '../api/contracts';
import {
  useAddSalesOutboundMutation,
  useCancelOrderMutation,
  useCloseOrderMutation,
  useConfirmOrderMutation,
  useOrderQuery,
  useRenewOrderMutation,
  useUpdateOrderMutation,
} from '../api/orders';
import { DateActionModal } from '../components/DateActionModal';
import { OrderFormModal } from '../components/OrderFormModal';
import { OrderOutboundModal } from '../components/OrderOutboundModal';
import { OrderStateTag } from '../components/SalesStateTag';
import { contractDetailPath, ORDER_LIST_PATH, outboundDetailPath } from '../lib/paths';
import '../sales.css';

type Dialog = 'edit' | 'outbound' | 'renew' | null;

/**
 * /sales/order/detail/:id: one sales order — its lines with ordered, reserved, on outbound and
 * shipped quantities, its outbound orders (shipped on their own page), and the moves its state
 * allows (orderActions): edit, confirm (reserves; a shortage is shown with its reason), cancel,
 * close, an outbound order for it, renewal of the service end.
 */
export function SalesOrderDetailPage() {
  const { t } = useTranslation(['sales', 'inventory', 'texts']);
  const { modal, message } = App.useApp();
  const codes = useMenuCodes();
  const id = Number(useParams().id);
  const order = useOrderQuery(id);
  const contract = useContractQuery(codes.has('sl_contract') ? (order.data?.contractId ?? 0) : 0);
  const warehouses = useWarehouseListQuery({ pageNum: 1, pageSize: PICK_LIST_SIZE });
  const outbounds = useQueries({
    queries: (order.data?.outboundIds ?? []).map((outboundId) => ({ queryKey: inventoryKeys.outbound(outboundId), queryFn: ({ signal }: { signal: AbortSignal }) => fetchOutbound(outboundId, signal) })),
  });
  const update = useUpdateOrderMutation();
  const confirm = useConfirmOrderMutation();
  const cancel = useCancelOrderMutation();
  const close = useCloseOrderMutation();
  const renew = useRenewOrderMutation();
  const addOutbound = useAddSalesOutboundMutation();
  const { save } = useListActions();
  const [dialog, setDialog] = useState<Dialog>(null);
  const [refusal, setRefusal] = useState<string | null>(null);

  if (order.isPending || order.isError) {
    return <DetailFallback query={order} notFound={t('order.notFound')} back={{ to: ORDER_LIST_PATH, label: t('order.backToList') }} />;
  }
  const o = order.data;
  const actions = new Set(orderActions(o.state));
  const mayEdit = codes.has('sl_order');
  const warehouseName = (warehouseId: number) => warehouses.data?.list.find((w) => w.id === warehouseId)?.name ?? `#${warehouseId}`;

  /** A move after a clear question; a refusal (50001) stays on the page with its reason. */
  const ask = (title: string, content: string, okText: string, run: () => Promise<unknown>, danger = false) =>
    void modal.confirm({
      title,
      content,
      okText,
      okButtonProps: { danger },
      cancelText: t('actions.back'),
      onOk: async () => {
        setRefusal(null);
        try {
          await run();
          void message.success(t('texts:operationSuccess'));
        } catch (error) {
          if (error instanceof ApiError && error.code === ErrorCode.validationFailed && typeof error.data === 'string') {
            setRefusal(error.data);
          }
        }
      },
    });

  const lineColumns: TableColumnsType<SalesOrderLine> = [
    { title: t('fields.item'), dataIndex: 'itemName', key: 'itemName' },
    { title: t('fields.warehouse'), dataIndex: 'warehouseId', key: 'warehouseId', render: (warehouseId: number) => warehouseName(warehouseId) },
    { title: t('fields.quantity'), dataIndex: 'quantity', key: 'quantity', align: 'right' },
    { title: t('lines.reserved'), dataIndex: 'reserved', key: 'reserved', align: 'right' },
    { title: t('lines.onOutbound'), dataIndex: 'onOutbound', key: 'onOutbound', align: 'right' },
    { title: t('lines.shipped'), dataIndex: 'shipped', key: 'shipped', align: 'right' },
  ];
  const outboundRows = outbounds.map((q) => q.data).filter((row): row is OutboundOrderItem => row !== undefined);
  const outboundColumns: TableColumnsType<OutboundOrderItem> = [
    { title: t('outbound.number'), dataIndex: 'id', key: 'id', render: (outboundId: number) => <Link to={outboundDetailPath(outboundId)}>{t('outbound.numberValue', { id: outboundId })}</Link> },
    { title: t('fields.warehouse'), dataIndex: 'warehouseId', key: 'warehouseId', render: (warehouseId: number) => warehouseName(warehouseId) },
    {
      title: t('outbound.contents'),
      key: 'contents',
      render: (_value, row) => {
        const units = row.lines.reduce((sum, line) => sum + line.quantity, 0);
        const parts = [row.serials.length > 0 && t('outbound.contentsDevices', { count: row.serials.length }), units > 0 && t('outbound.contentsUnits', { count: units })];
        return parts.filter(Boolean).join(t('list.separator'));
      },
    },
    { title: t('fields.state'), dataIndex: 'state', key: 'state', render: (state: OutboundState) => <OutboundStateTag state={state} /> },
    { title: t('outbound.tracking'), key: 'tracking', render: (_value, row) => (row.trackingNo ? `${row.carrier ?? ''} ${row.trackingNo}` : '—') },
    { title: t('outbound.createdAt'), dataIndex: 'createdAt', key: 'createdAt', className: 'sd-nowrap', render: (value: number) => formatDateTime(value) },
  ];

  return (
    <div className="sd-page">
      <PageHeader
        title={t('order.detailTitle', { number: o.number })}
        tag={<OrderStateTag state={o.state} />}
        description={t('order.detailDescription')}
        actions={
          <Space wrap>
            {mayEdit && actions.has('update') && (
              <Button icon={<EditOutlined />} onClick={() => setDialog('edit')}>
                {t('actions.edit')}
              </Button>
            )}
            {mayEdit && actions.has('cancel') && (
              <Button danger icon={<StopOutlined />} onClick={() => ask(t('order.cancelTitle', { number: o.number }), t(o.state === 'draft' ? 'order.cancelDraftContent' : 'order.cancelContent'), t('order.cancel'), () => cancel.mutateAsync(o.id), true)}>
                {t('order.cancel')}
              </Button>
            )}
            {mayEdit && actions.has('close') && (
              <Button icon={<CloseCircleOutlined />} onClick={() => ask(t('order.closeTitle', { number: o.number }), t('order.closeContent'), t('order.close'), () => close.mutateAsync(o.id), true)}>
                {t('order.close')}
              </Button>
            )}
            {mayEdit && actions.has('renew') && (
              <Button icon={<HistoryOutlined />} onClick={() => setDialog('renew')}>
                {t('order.renew')}
              </Button>
            )}
            {codes.has('iv_outbound') && actions.has('addOutbound') && (
              <Button type="primary" icon={<ExportOutlined />} onClick={() => setDialog('outbound')} disabled={o.lines.every((line) => line.reserved === 0)}>
                {t('order.addOutbound')}
              </Button>
            )}
            {mayEdit && actions.has('confirm') && (
              <Button type="primary" icon={<CheckOutlined />} onClick={() => ask(t('order.confirmTitle', { number: o.number }), t('order.confirmContent'), t('order.confirm'), () => confirm.mutateAsync(o.id))}>
                {t('order.confirm')}
              </Button>
            )}
          </Space>
        }
      />
      {refusal && <Alert type="error" showIcon closable title={t('order.refused')} description={refusal} onClose={() => setRefusal(null)} data-testid="order-refusal" />}
      <Card size="small" title={t('order.basic')}>
        <Descriptions column={{ xs: 1, md: 2, xl: 3 }} size="small">
          <Descriptions.Item label={t('fields.customer')}>{o.customerName}</Descriptions.Item>
          <Descriptions.Item label={t('fields.contract')}>
            {o.contractId === null ? '—' : codes.has('sl_contract') ? <Link to={contractDetailPath(o.contractId)}>{contract.data?.number ?? `#${o.contractId}`}</Link> : `#${o.contractId}`}
          </Descriptions.Item>
          <Descriptions.Item label={t('fields.serviceEndDate')}>{o.serviceEndDate ?? '—'}</Descriptions.Item>
          <Descriptions.Item label={t('order.createdAt')}>{formatDateTime(o.createdAt)}</Descriptions.Item>
          <Descriptions.Item label={t('order.confirmedAt')}>{o.confirmedAt ? formatDateTime(o.confirmedAt) : '—'}</Descriptions.Item>
          <Descriptions.Item label={t('fields.remarks')}>{o.remarks || '—'}</Descriptions.Item>
        </Descriptions>
      </Card>
      <Card size="small" title={t('order.linesTitle', { count: o.lines.length })}>
        <Table<SalesOrderLine> rowKey={(line) => `${line.itemId}-${line.warehouseId}`} size="small" pagination={false} dataSource={o.lines} columns={lineColumns} scroll={{ x: 640 }} />
      </Card>
      <Card size="small" title={t('order.outboundsTitle', { count: o.outboundIds.length })}>
        {o.outboundIds.length === 0 ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t(actions.has('addOutbound') ? 'order.noOutboundsYet' : 'order.noOutbounds')} />
        ) : (
          <Table<OutboundOrderItem>
            rowKey="id"
            size="small"
            pagination={false}
            loading={outbounds.some((q) => q.isPending)}
            dataSource={outboundRows}
            columns={outboundColumns}
            scroll={{ x: 760 }}
          />
        )}
      </Card>
      {dialog === 'edit' && (
        <OrderFormModal order={o} saving={update.isPending} onCancel={() => setDialog(null)} onSubmit={(values) => void save(() => update.mutateAsync({ id: o.id, ...values }), () => setDialog(null))} />
      )}
      {dialog === 'outbound' && (
        <OrderOutboundModal order={o} saving={addOutbound.isPending} onCancel={() => setDialog(null)} onSubmit={(values) => void save(() => addOutbound.mutateAsync(values), () => setDialog(null))} />
      )}
      {dialog === 'renew' && (
        <DateActionModal
          title={t('order.renewTitle', { number: o.number })}
          label={t('order.newServiceEnd')}
          okText={t('order.renew')}
          note={o.serviceEndDate ? t('order.currentServiceEnd', { date: o.serviceEndDate }) : undefined}
          after={o.serviceEndDate}
          laterText={t('order.renewLater')}
          saving={renew.isPending}
          onCancel={() => setDialog(null)}
          onSubmit={(date) => void save(() => renew.mutateAsync({ id: o.id, serviceEndDate: date }), () => setDialog(null))}
        />
      )}
    </div>
  );
}
