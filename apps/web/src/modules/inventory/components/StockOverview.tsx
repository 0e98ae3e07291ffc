import { useState } from 'react';
import { Card, Empty, Segmented, Space, Spin, Switch, Table, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useStockQuery } from '../api/documents';
import { PICK_LIST_SIZE } from '../api/keys';
import { useCategoryListQuery, useItemListQuery, useWarehouseListQuery } from '../api/masterData';
import { groupStock, type StockLineView } from '../lib/stockGroups';

/** On hand per item and warehouse, grouped by warehouse or by top category; zero rows hidden unless asked. */
export function StockOverview() {
  const { t } = useTranslation('inventory');
  const [by, setBy] = useState<'warehouse' | 'category'>('warehouse');
  const [showZero, setShowZero] = useState(false);
  const stock = useStockQuery({});
  const items = useItemListQuery({ pageNum: 1, pageSize: PICK_LIST_SIZE });
  const warehouses = useWarehouseListQuery({ pageNum: 1, pageSize: PICK_LIST_SIZE });
  const categories = useCategoryListQuery({ pageNum: 1, pageSize: PICK_LIST_SIZE });
  const pending = stock.isPending || items.isPending || warehouses.isPending || categories.isPending;
  const groups = pending
    ? []
    : groupStock(stock.data?.list ?? [], { items: items.data?.list ?? [], warehouses: warehouses.data?.list ?? [], categories: categories.data?.list ?? [] }, by, {
        showZero,
        uncategorized: t('stock.uncategorized'),
      });

  return (
    <Card size="small" title={t('stock.title')}>
      <div className="sd-inventory__filters">
        <Segmented
          value={by}
          onChange={(value) => setBy(value as 'warehouse' | 'category')}
          options={[
            { value: 'warehouse', label: t('stock.byWarehouse') },
            { value: 'category', label: t('stock.byCategory') },
          ]}
        />
        <Space size={6}>
          <Switch size="small" checked={showZero} onChange={setShowZero} aria-label={t('stock.showZero')} id="stock-show-zero" />
          <label htmlFor="stock-show-zero">{t('stock.showZero')}</label>
        </Space>
      </div>
      {pending ? (
        <Spin />
      ) : groups.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('stock.empty')} />
      ) : (
        groups.map((group) => (
          <section key={group.key} className="sd-inventory__group" aria-label={group.name}>
            <Typography.Title level={5}>
              {group.name} <Typography.Text type="secondary">{t('stock.groupTotal', { count: group.total })}</Typography.Text>
            </Typography.Title>
            <Table<StockLineView>
              rowKey="key"
              size="small"
              pagination={false}
              dataSource={group.lines}
              columns={[
                { title: t('fields.item'), dataIndex: 'itemName', key: 'itemName', render: (name: string, line) => <>{name} {line.serialized && <Tag color="blue">{t('items.serializedShort')}</Tag>}</> },
                by === 'warehouse'
                  ? { title: t('fields.unit'), dataIndex: 'unit', key: 'unit', render: (unit: string) => unit || '—' }
                  : { title: t('fields.warehouse'), dataIndex: 'warehouseName', key: 'warehouseName' },
                { title: t('stock.onHand'), dataIndex: 'quantity', key: 'quantity', align: 'right', width: 140, render: (quantity: number) => <strong className={quantity < 0 ? 'sd-inventory__out' : undefined}>{quantity}</strong> },
              ]}
            />
          </section>
        ))
      )}
    </Card>
  );
}
