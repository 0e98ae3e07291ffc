import type { Db } from '@server/platform/db/database';
import { validationError } from '@server/platform/errors';
import type { CabinCaller } from '../cabin/cabin.service';
import { InventoryRepository } from './inventory.repository';
import type { ReservationLine } from './salesStock.port';

/**
 * Stock reserved for confirmed sales orders (issue 18, docs/inventory.md; the SalesStock port):
 * inventory owns `inv_stock.reserved` and the reservation ledger, whose rows say why each
 * quantity was held or given back.
 */
export class ReservationsService {
  /** Reservation-ledger rows of a sales order (and the outbound order that took or gave back, if any). */
  async record(repository: InventoryRepository, caller: CabinCaller, salesOrderId: number, outboundId: number | null, reason: string, lines: readonly ReservationLine[]): Promise<void> {
    const now = Date.now();
    await repository.insertReservations(
      lines.map((line) => ({
        company_id: caller.companyId,
        sales_order_id: salesOrderId,
        outbound_id: outboundId,
        item_id: line.itemId,
        warehouse_id: line.warehouseId,
        quantity: line.quantity,
        reason,
        created_by: caller.userId,
        created_at: now,
      })),
    );
  }

  async reserve(on: Db, caller: CabinCaller, salesOrderId: number, lines: readonly ReservationLine[]): Promise<void> {
    const repository = InventoryRepository.in(on);
    for (const line of lines) {
      if (!(await repository.reserve(caller.companyId, line.itemId, line.warehouseId, line.quantity))) {
        const [item, warehouse, stock] = await Promise.all([
          repository.findItem(caller.companyId, line.itemId),
          repository.findWarehouse(caller.companyId, line.warehouseId),
          repository.stockRow(caller.companyId, line.itemId, line.warehouseId),
        ]);
        const available = stock ? Number(stock.quantity) - Number(stock.reserved) : 0;
        throw validationError(`sales.stock.short|${item?.name ?? line.itemId}|${warehouse?.name ?? line.warehouseId}|${line.quantity}|${Math.max(available, 0)}`);
      }
    }
    await this.record(repository, caller, salesOrderId, null, 'confirm', lines);
  }

  async release(on: Db, caller: CabinCaller, salesOrderId: number, lines: readonly ReservationLine[], reason: 'cancel' | 'close'): Promise<void> {
    const repository = InventoryRepository.in(on);
    const held = lines.filter((line) => line.quantity > 0);
    for (const line of held) {
      if (!(await repository.unreserve(caller.companyId, line.itemId, line.warehouseId, line.quantity))) {
        // The order's lines and the stock's reservation disagree: nothing is written.
        throw new Error(`reservation of sales order ${salesOrderId} is not held in stock (item ${line.itemId}, warehouse ${line.warehouseId})`);
      }
    }
    await this.record(
      repository,
      caller,
      salesOrderId,
      null,
      reason,
      held.map((line) => ({ ...line, quantity: -line.quantity })),
    );
  }
}
