import type { InventoryItem, StockLine, WarehouseItem } from '@smartdata/domain';
import type { Db } from '@server/platform/db/database';
import type { CabinCaller } from '../cabin/cabin.service';

/** Quantities of an item in a warehouse (a sales order line, or what an outbound order took). */
export interface ReservationLine {
  itemId: number;
  warehouseId: number;
  quantity: number;
}

/** What happened to an outbound order made for a sales order (inventory/ship or cancelOutbound). */
export interface SalesOutboundClosed {
  outboundId: number;
  salesOrderId: number;
  state: 'shipped' | 'cancelled';
  /** What the outbound order took, per item, out of its warehouse. */
  lines: ReservationLine[];
}

/** Sales' part of an outbound order for a sales order: checks and books what it takes, per item. */
export type TakeFromOrder = (on: Db, taken: readonly ReservationLine[]) => Promise<void>;

/**
 * What the sales module needs of inventory: master data (items, warehouses, customers), the one
 * path by which stock is reserved and released (inventory owns `inv_stock.reserved` and the
 * reservation ledger), outbound orders made for a sales order, and a hook on their shipping and
 * cancelling. Every write happens on the caller's transaction `on`; the calls without `on` read
 * outside any transaction (on SQLite, never call them inside one: the one connection is taken).
 */
export interface SalesStock {
  /** The company's item; 40400 for another company's id. */
  requireItem(companyId: number, id: number): Promise<InventoryItem>;
  /** The company's warehouse; 40400 for another company's id. */
  requireWarehouse(companyId: number, id: number): Promise<WarehouseItem>;
  /** A customer id of the company (40400 otherwise), or a name (a new name becomes a customer). */
  customerOf(on: Db, companyId: number, customer: number | string): Promise<number>;
  customerNames(companyId: number, ids: readonly number[]): Promise<Map<number, string>>;
  /** Customers whose name contains `keyword` (list searches). */
  customerIdsMatching(companyId: number, keyword: string): Promise<number[]>;
  /** Names of the company's items (`on`: the caller's transaction, if it runs in one). */
  itemNames(on: Db, companyId: number, ids: readonly number[]): Promise<Map<number, string>>;
  /**
   * Reserves every line (each one conditional on what is available: on hand − reserved), with
   * reservation-ledger rows of `salesOrderId`; 50001 `sales.stock.short` naming the first short line.
   */
  reserve(on: Db, caller: CabinCaller, salesOrderId: number, lines: readonly ReservationLine[]): Promise<void>;
  /** Releases what the lines still hold (a cancelled or closed sales order). */
  release(on: Db, caller: CabinCaller, salesOrderId: number, lines: readonly ReservationLine[], reason: 'cancel' | 'close'): Promise<void>;
  /**
   * An outbound order for a sales order: the same checks and moves as `inventory/addOutbound`,
   * and `take` (sales) books what it takes before the reservation it consumes is released. The
   * caller has checked the warehouse (`requireWarehouse`, outside its transaction).
   */
  addOutboundForOrder(
    on: Db,
    caller: CabinCaller,
    order: { salesOrderId: number; customerId: number },
    request: { warehouseId: number; serials: readonly string[]; lines: readonly StockLine[]; remarks: string },
    take: TakeFromOrder,
  ): Promise<{ id: number; deviceIds: number[] }>;
  /** The outbound orders made for a sales order, oldest first. */
  outboundsOf(on: Db, companyId: number, salesOrderId: number): Promise<{ id: number; state: string }[]>;
  /** Runs in the transaction that ships or cancels an outbound order made for a sales order. */
  onSalesOutboundClosed(handler: (on: Db, caller: CabinCaller, event: SalesOutboundClosed) => Promise<void>): void;
  /** Pushes the devices' new states to open pages (after the commit). */
  devicesChanged(companyId: number, deviceIds: readonly number[]): Promise<void>;
}
