import { Card, Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PICK_LIST_SIZE } from '@/modules/inventory/api/keys';
import { useItemListQuery, useWarehouseListQuery } from '@/modules/inventory/api/masterData';
import { useMenuCodes } from '@/shared/session/useMenuCodes';
import type { BlendOrder } from '../api/types';
import { LEDGER_CODE, LEDGER_PATH, mayPickInventory } from '../lib/inventoryLinks';

interface Move {
  key: string;
  role: string;
  itemId: number;
  quantity: number;
}

/**
 * A blending order's links to inventory: the item of each parent's cylinders (one leaves the
 * warehouse when the order is filled), the product's item (one comes in) and the warehouse; after
 * the fill, what moved, with the way to the stock ledger (配气单 rows) for a user who may open it.
 * Names come from inventory's lists when the user may read them, else the ids are shown.
 */
export function OrderInventoryCard({ order }: { order: BlendOrder }) {
  const { t } = useTranslation('gas');
  const codes = useMenuCodes();
  if (order.warehouseId === null) {
    return null;
  }
  const moves: Move[] = [
    ...order.input.parents.filter((p) => p.itemId !== undefined).map((p) => ({ key: `parent-${p.key}`, role: t('inventory.parentRole', { parent: p.key }), itemId: p.itemId as number, quantity: -1 })),
    ...(order.productItemId === null ? [] : [{ key: 'product', role: t('inventory.productRole'), itemId: order.productItemId, quantity: 1 }]),
  ];
  const moved = order.fill !== null;
  return (
    <Card
      size="small"
      title={t('inventory.title')}
      className="sd-gas-inventory-card"
      extra={codes.has(LEDGER_CODE) ? <Link to={LEDGER_PATH}>{t('inventory.ledgerLink')}</Link> : undefined}
    >
      {mayPickInventory(codes) ? <Names order={order} moves={moves} moved={moved} /> : <MovesTable order={order} moves={moves} moved={moved} itemName={(id) => `#${id}`} warehouseName={`#${order.warehouseId}`} />}
    </Card>
  );
}

function Names({ order, moves, moved }: { order: BlendOrder; moves: Move[]; moved: boolean }) {
  const items = useItemListQuery({ pageNum: 1, pageSize: PICK_LIST_SIZE });
  const warehouses = useWarehouseListQuery({ pageNum: 1, pageSize: PICK_LIST_SIZE });
  const itemNames = new Map((items.data?.list ?? []).map((item) => [item.id, item.name]));
  const warehouse = (warehouses.data?.list ?? []).find((w) => w.id === order.warehouseId);
  return <MovesTable order={order} moves={moves} moved={moved} itemName={(id) => itemNames.get(id) ?? `#${id}`} warehouseName={warehouse?.name ?? `#${order.warehouseId}`} />;
}

function MovesTable({ order, moves, moved, itemName, warehouseName }: { order: BlendOrder; moves: Move[]; moved: boolean; itemName: (id: number) => string; warehouseName: string }) {
  const { t } = useTranslation('gas');
  return (
    <>
      <p className="sd-gas-inventory__where">
        {t('inventory.warehouseLabel')}<strong>{warehouseName}</strong>
        <span className="sd-muted"> · {moved ? t('inventory.moved', { number: order.number }) : order.state === 'draft' ? t('inventory.onFill') : t('inventory.notMoved')}</span>
      </p>
      <Table
        rowKey="key"
        size="small"
        pagination={false}
        className="sd-gas-inventory-moves"
        dataSource={moves}
        columns={[
          { title: t('inventory.role'), dataIndex: 'role', key: 'role' },
          { title: t('inventory.item'), dataIndex: 'itemId', key: 'item', render: (id: number) => itemName(id) },
          {
            title: moved ? t('inventory.quantity') : t('inventory.plannedQuantity'),
            dataIndex: 'quantity',
            key: 'quantity',
            align: 'right',
            className: 'sd-nowrap',
            render: (quantity: number) => (
              <Typography.Text type={moved ? (quantity < 0 ? 'danger' : 'success') : 'secondary'}>{`${quantity > 0 ? '+' : '−'}${Math.abs(quantity)}`}</Typography.Text>
            ),
          },
        ]}
      />
    </>
  );
}
