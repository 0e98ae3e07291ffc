import { useState } from 'react';
import { Button, Card, Descriptions, Empty, Space, Tag } from 'antd';
import { PrinterOutlined, SendOutlined, StopOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { DetailFallback } from '@/shared/components/DetailFallback';
import { PageHeader } from '@/shared/components/PageHeader';
import { TableCard } from '@/shared/components/TableCard';
import { useListActions } from '@/shared/hooks/useListActions';
import { formatDateTime } from '@/shared/utils/formatTime';
import { useConfirmAction } from '@/shared/hooks/useConfirmAction';
import { useCancelOutboundMutation, useOutboundQuery, useShipMutation } from '../api/documents';
import { PICK_LIST_SIZE } from '../api/keys';
import { useItemListQuery, useWarehouseListQuery } from '../api/masterData';
import { ShipFormModal } from '../components/OutboundForms';
import { OutboundStateTag } from '../components/OutboundStateTag';
import { OUTBOUND_LIST_PATH, outboundNotePath } from '../lib/paths';
import '../inventory.css';

/** /inventory/outbound/detail/:id: one outbound order; ship it or cancel it while open, print its note. */
export function OutboundDetailPage() {
  const { t } = useTranslation(['inventory', 'texts']);
  const confirm = useConfirmAction();
  const id = Number(useParams().id);
  const order = useOutboundQuery(id);
  const items = useItemListQuery({ pageNum: 1, pageSize: PICK_LIST_SIZE });
  const warehouses = useWarehouseListQuery({ pageNum: 1, pageSize: PICK_LIST_SIZE });
  const ship = useShipMutation();
  const cancel = useCancelOutboundMutation();
  const { save } = useListActions();
  const [shipping, setShipping] = useState(false);

  if (order.isPending || order.isError) {
    return <DetailFallback query={order} notFound={t('outbound.notFound')} back={{ to: OUTBOUND_LIST_PATH, label: t('outbound.backToList') }} />;
  }
  const o = order.data;
  const itemById = new Map((items.data?.list ?? []).map((item) => [item.id, item]));
  // One number for an order everywhere: CK-1 in the list, on its page and in the ledger (issue 31.15).
  const number = t('outbound.numberValue', { id: o.id });
  const warehouseName = warehouses.data?.list.find((w) => w.id === o.warehouseId)?.name ?? `#${o.warehouseId}`;

  const handleCancel = () =>
    confirm({ title: t('outbound.cancelTitle', { number }), content: t('outbound.cancelContent'), okText: t('outbound.cancel'), cancelText: t('actions.back'), run: () => cancel.mutateAsync(o.id), done: t('texts:operationSuccess') });

  return (
    <div className="sd-page">
      <PageHeader
        title={
          <Space size="middle">
            {t('outbound.detailTitle', { number })}
            <OutboundStateTag state={o.state} />
          </Space>
        }
        description={t('outbound.detailDescription')}
        actions={
          <Space wrap>
            <Link to={outboundNotePath(o.id)} target="_blank" className="ant-btn ant-btn-default">
              <PrinterOutlined /> {t('outbound.print')}
            </Link>
            {o.state === 'open' && (
              <>
                <Button danger icon={<StopOutlined />} onClick={handleCancel}>
                  {t('outbound.cancel')}
                </Button>
                <Button type="primary" icon={<SendOutlined />} onClick={() => setShipping(true)}>
                  {t('outbound.ship')}
                </Button>
              </>
            )}
          </Space>
        }
      />
      <Card size="small" title={t('outbound.basic')}>
        <Descriptions column={{ xs: 1, md: 2, xl: 3 }} size="small">
          <Descriptions.Item label={t('fields.customer')}>{o.customerName}</Descriptions.Item>
          <Descriptions.Item label={t('fields.warehouse')}>{warehouseName}</Descriptions.Item>
          <Descriptions.Item label={t('columns.createdAt')}>{formatDateTime(o.createdAt)}</Descriptions.Item>
          <Descriptions.Item label={t('fields.carrier')}>{o.carrier ?? '—'}</Descriptions.Item>
          <Descriptions.Item label={t('fields.trackingNo')}>{o.trackingNo ? <code>{o.trackingNo}</code> : '—'}</Descriptions.Item>
          <Descriptions.Item label={t('outbound.shippedAt')}>{o.shippedAt ? formatDateTime(o.shippedAt) : '—'}</Descriptions.Item>
          <Descriptions.Item label={t('fields.remarks')} span={3}>
            {o.remarks || '—'}
          </Descriptions.Item>
        </Descriptions>
      </Card>
      <Card size="small" title={t('outbound.serialsTitle', { count: o.serials.length })}>
        {o.serials.length === 0 ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('outbound.noSerials')} />
        ) : (
          <div className="sd-serial-list" data-testid="outbound-serials">
            {o.serials.map((serial) => (
              <Tag key={serial} className="sd-mono">
                {serial}
              </Tag>
            ))}
          </div>
        )}
      </Card>
      {o.lines.length > 0 && (
        <TableCard title={t('outbound.lines')} rowKey="itemId" rows={o.lines} columns={[
          { title: t('fields.item'), dataIndex: 'itemId', key: 'itemId', render: (itemId: number) => itemById.get(itemId)?.name ?? `#${itemId}` },
          { title: t('fields.quantity'), dataIndex: 'quantity', key: 'quantity', align: 'right', render: (quantity: number, line) => `${quantity} ${itemById.get(line.itemId)?.unit ?? ''}` },
        ]} />
      )}
      {shipping && (
        <ShipFormModal saving={ship.isPending} onCancel={() => setShipping(false)} onSubmit={(values) => void save(() => ship.mutateAsync({ id: o.id, ...values }), () => setShipping(false))} />
      )}
    </div>
  );
}
