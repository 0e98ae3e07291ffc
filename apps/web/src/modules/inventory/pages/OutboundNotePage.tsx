import { Button, Result, Skeleton } from 'antd';
import { PrinterOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { formatDateTime } from '@/shared/utils/formatTime';
import { useOutboundQuery } from '../api/documents';
import { PICK_LIST_SIZE } from '../api/keys';
import { useItemListQuery, useWarehouseListQuery } from '../api/masterData';
import '../inventory.css';

/** /inventoryOutboundNote/:id (full screen): the printable outbound note of an order. */
export function OutboundNotePage() {
  const { t } = useTranslation('inventory');
  const id = Number(useParams().id);
  const order = useOutboundQuery(id);
  const items = useItemListQuery({ pageNum: 1, pageSize: PICK_LIST_SIZE });
  const warehouses = useWarehouseListQuery({ pageNum: 1, pageSize: PICK_LIST_SIZE });
  if (order.isPending) {
    return <Skeleton active className="sd-outbound-note" />;
  }
  if (order.isError) {
    return <Result status="warning" title={t('outbound.notFound')} />;
  }
  const o = order.data;
  const itemById = new Map((items.data?.list ?? []).map((item) => [item.id, item]));
  const warehouseName = warehouses.data?.list.find((w) => w.id === o.warehouseId)?.name ?? `#${o.warehouseId}`;
  const rows = [
    ...o.serials.map((serial) => ({ key: `s-${serial}`, item: t('note.device'), serial, quantity: '1' })),
    ...o.lines.map((line) => ({ key: `l-${line.itemId}`, item: itemById.get(line.itemId)?.name ?? `#${line.itemId}`, serial: '—', quantity: `${line.quantity} ${itemById.get(line.itemId)?.unit ?? ''}` })),
  ];
  return (
    <article className="sd-outbound-note" aria-label={t('note.title')}>
      <h1>{t('note.title')}</h1>
      <div className="sd-outbound-note__meta">
        <div>
          {t('outbound.number')}：{t('outbound.numberValue', { id: o.id })}
        </div>
        <div>
          {t('fields.state')}：{t(`outbound.states.${o.state}`)}
        </div>
        <div>
          {t('fields.customer')}：{o.customerName}
        </div>
        <div>
          {t('fields.warehouse')}：{warehouseName}
        </div>
        <div>
          {t('columns.createdAt')}：{formatDateTime(o.createdAt)}
        </div>
        <div>
          {t('outbound.shippedAt')}：{o.shippedAt ? formatDateTime(o.shippedAt) : '—'}
        </div>
        <div>
          {t('fields.carrier')}：{o.carrier ?? '—'}
        </div>
        <div>
          {t('fields.trackingNo')}：{o.trackingNo ?? '—'}
        </div>
      </div>
      <table>
        <thead>
          <tr>
            <th>#</th>
            <th>{t('fields.item')}</th>
            <th>{t('fields.serial')}</th>
            <th>{t('fields.quantity')}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row, index) => (
            <tr key={row.key}>
              <td>{index + 1}</td>
              <td>{row.item}</td>
              <td>{row.serial}</td>
              <td>{row.quantity}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {o.remarks && (
        <p>
          {t('fields.remarks')}：{o.remarks}
        </p>
      )}
      <div className="sd-outbound-note__sign">
        <span>{t('note.issuedBy')}：＿＿＿＿＿＿</span>
        <span>{t('note.receivedBy')}：＿＿＿＿＿＿</span>
      </div>
      <div className="sd-outbound-note__toolbar">
        <Button type="primary" icon={<PrinterOutlined />} onClick={() => window.print()}>
          {t('note.print')}
        </Button>
      </div>
    </article>
  );
}
