/**
 * A blending order's links to inventory (issue 20), checked in the web as the server checks them
 * (gas.service.ts checkedPlan, 'gas.order.inventoryBoth'): an item (a parent's or the product's)
 * needs the warehouse, and a warehouse needs at least one item.
 */
export interface InventoryLinks {
  parentItemIds: Record<string, number | undefined>;
  productItemId?: number;
  warehouseId?: number;
}

/**
 * The permission codes that may list inventory's items and warehouses (the server's `reads` of
 * getItemList/getWarehouseList in inventory.routes.ts): only then is the section offered.
 */
export const INVENTORY_READ_CODES = ['iv_category', 'iv_warehousing', 'iv_outbound', 'pd_order', 'sl_order', 'sl_contract'] as const;
/** The permission of /inventory/warehousing, where the ledger is. */
export const LEDGER_CODE = 'iv_warehousing';
/** The ledger tab of /inventory/warehousing. */
export const LEDGER_PATH = '/inventory/warehousing?tab=ledger';

export const mayPickInventory = (codes: ReadonlySet<string>): boolean => INVENTORY_READ_CODES.some((code) => codes.has(code));

/** What is wrong with the links (a key under the locale's `inventory.`), or null. */
export function inventoryLinkProblem(links: InventoryLinks): 'warehouseRequired' | 'itemRequired' | null {
  const anyItem = links.productItemId !== undefined || Object.values(links.parentItemIds).some((id) => id !== undefined);
  if (anyItem && links.warehouseId === undefined) {
    return 'warehouseRequired';
  }
  if (!anyItem && links.warehouseId !== undefined) {
    return 'itemRequired';
  }
  return null;
}
