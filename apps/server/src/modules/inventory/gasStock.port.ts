import type { InventoryItem, WarehouseItem } from '@smartdata/domain';
import type { Db } from '@server/platform/db/database';
import type { CabinCaller } from '../cabin/cabin.service';

/** One line of cylinders moved by a blending order: a negative quantity takes out, a positive one brings in. */
export interface CylinderMove {
  itemId: number;
  warehouseId: number;
  quantity: number;
}

/**
 * What the gas module needs of inventory: its items and warehouses, and the one path by which a
 * filled blending order takes its parent-gas cylinders out of stock and brings the product cylinder
 * in — ledger rows of document kind `gasBlend` (the order's id) and the stock, written on the gas
 * module's transaction `on`. Cylinders are non-serialized items counted by quantity; the stock
 * rules are inventory's (no negative stock unless the company allows it, reserved stock kept).
 */
export interface GasStock {
  /** The company's item; 40400 for another company's id. */
  requireItem(companyId: number, id: number): Promise<InventoryItem>;
  /** The company's warehouse; 40400 for another company's id. */
  requireWarehouse(companyId: number, id: number): Promise<WarehouseItem>;
  moveCylinders(on: Db, caller: CabinCaller, blendOrderId: number, moves: readonly CylinderMove[]): Promise<void>;
}
