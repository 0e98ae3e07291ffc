import type { CategoryItem, InventoryItem, StockRow, WarehouseItem } from '@smartdata/domain';

export interface StockLineView {
  key: string;
  itemName: string;
  warehouseName: string;
  unit: string;
  serialized: boolean;
  quantity: number;
}

export interface StockGroup {
  key: string;
  name: string;
  lines: StockLineView[];
  /** Units in the group (different units are summed as counts of pieces). */
  total: number;
}

/**
 * Groups `getStock` rows for the stock overview, by warehouse or by the item's top category (items
 * without a category, or of a category not loaded, under `uncategorized`), joined on the client
 * with the item, warehouse and category lists. Zero rows are left out unless `showZero`. Groups
 * and lines are sorted by name.
 */
export function groupStock(
  rows: readonly StockRow[],
  { items, warehouses, categories }: { items: readonly InventoryItem[]; warehouses: readonly WarehouseItem[]; categories: readonly CategoryItem[] },
  by: 'warehouse' | 'category',
  { showZero = false, uncategorized = '—', unknown = '?' }: { showZero?: boolean; uncategorized?: string; unknown?: string } = {},
): StockGroup[] {
  const itemById = new Map(items.map((item) => [item.id, item]));
  const warehouseById = new Map(warehouses.map((w) => [w.id, w]));
  const categoryById = new Map(categories.map((c) => [c.id, c]));
  const topCategory = (id: number | null): CategoryItem | null => {
    let current = id === null ? undefined : categoryById.get(id);
    const seen = new Set<number>();
    while (current && current.parentId !== null && categoryById.has(current.parentId) && !seen.has(current.id)) {
      seen.add(current.id);
      current = categoryById.get(current.parentId);
    }
    return current ?? null;
  };
  const groups = new Map<string, StockGroup>();
  for (const row of rows) {
    if (!showZero && row.quantity === 0) {
      continue;
    }
    const item = itemById.get(row.itemId);
    const warehouse = warehouseById.get(row.warehouseId);
    let key: string;
    let name: string;
    if (by === 'warehouse') {
      key = `w${row.warehouseId}`;
      name = warehouse?.name ?? unknown;
    } else {
      const category = topCategory(item?.categoryId ?? null);
      key = category ? `c${category.id}` : 'c-';
      name = category?.name ?? uncategorized;
    }
    const group = groups.get(key) ?? { key, name, lines: [], total: 0 };
    group.lines.push({
      key: `${row.itemId}-${row.warehouseId}`,
      itemName: item?.name ?? unknown,
      warehouseName: warehouse?.name ?? unknown,
      unit: item?.unit ?? '',
      serialized: item?.serialized ?? false,
      quantity: row.quantity,
    });
    group.total += row.quantity;
    groups.set(key, group);
  }
  const byName = (a: { name: string }, b: { name: string }) => a.name.localeCompare(b.name, 'zh-CN');
  return [...groups.values()]
    .map((group) => ({ ...group, lines: group.lines.sort((a, b) => a.itemName.localeCompare(b.itemName, 'zh-CN') || a.warehouseName.localeCompare(b.warehouseName, 'zh-CN')) }))
    .sort(byName);
}
