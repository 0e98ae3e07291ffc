import { describe, expect, it } from 'vitest';
import type { CategoryItem, InventoryItem, WarehouseItem } from '@smartdata/domain';
import { groupStock } from './stockGroups';

const categories: CategoryItem[] = [
  { id: 1, name: 'Devices', parentId: null },
  { id: 2, name: 'Gateways', parentId: 1 },
  { id: 3, name: 'Materials', parentId: null },
];
const items: InventoryItem[] = [
  { id: 10, name: 'DTU-200', categoryId: 2, serialized: true, unit: '', createdAt: 0 },
  { id: 11, name: 'Cable', categoryId: 3, serialized: false, unit: 'm', createdAt: 0 },
  { id: 12, name: 'Screw', categoryId: null, serialized: false, unit: 'pc', createdAt: 0 },
];
const warehouses: WarehouseItem[] = [
  { id: 100, name: 'Main', kind: 'finished', createdAt: 0 },
  { id: 101, name: 'Returns', kind: 'returns', createdAt: 0 },
];
const rows = [
  { itemId: 10, warehouseId: 100, quantity: 3 },
  { itemId: 11, warehouseId: 100, quantity: 20 },
  { itemId: 10, warehouseId: 101, quantity: 1 },
  { itemId: 12, warehouseId: 101, quantity: 0 },
];

describe('groupStock', () => {
  it('groups by warehouse, hiding zero rows by default', () => {
    const groups = groupStock(rows, { items, warehouses, categories }, 'warehouse');
    expect(groups.map((g) => [g.name, g.total, g.lines.map((l) => l.itemName)])).toEqual([
      ['Main', 23, ['Cable', 'DTU-200']],
      ['Returns', 1, ['DTU-200']],
    ]);
  });

  it('groups by the top category; items without one go under the uncategorized name; zero rows on request', () => {
    const groups = groupStock(rows, { items, warehouses, categories }, 'category', { showZero: true, uncategorized: 'None' });
    expect(groups.map((g) => [g.name, g.total, g.lines.length])).toEqual([
      ['Devices', 4, 2],
      ['Materials', 20, 1],
      ['None', 0, 1],
    ]);
    expect(groups[0]!.lines.map((l) => l.warehouseName)).toEqual(['Main', 'Returns']);
  });
});
