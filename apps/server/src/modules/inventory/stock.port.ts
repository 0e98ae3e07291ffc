import type { InventoryItem, StockDocumentKind, WarehouseItem } from '@smartdata/domain';
import type { Db } from '@server/platform/db/database';
import type { CabinCaller } from '../cabin/cabin.service';

/**
 * What the production module needs of inventory: its items and warehouses, and the one path by
 * which produced units enter stock — ledger rows, the stock and the serials' places written on the
 * production document's transaction `on`.
 */
export interface StockMovements {
  /** The company's item; 40400 for another company's id. */
  requireItem(companyId: number, id: number): Promise<InventoryItem>;
  /** The company's warehouse; 40400 for another company's id. */
  requireWarehouse(companyId: number, id: number): Promise<WarehouseItem>;
  /**
   * Receives produced units into `warehouseId`: serials of a serialized item become devices
   * (status 0, then stored at 1), a non-serialized item comes in by quantity. Answers the new
   * devices' ids (push them with `devicesChanged` after the commit).
   */
  receiveProduced(on: Db, caller: CabinCaller, document: { kind: StockDocumentKind; id: number }, item: InventoryItem, warehouseId: number, units: { serials: string[] } | { quantity: number }): Promise<number[]>;
  /** Pushes the devices' new states to open pages (after the commit). */
  devicesChanged(companyId: number, deviceIds: readonly number[]): Promise<void>;
}
