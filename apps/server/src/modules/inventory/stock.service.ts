import type { LedgerEntry, LedgerQuery, Page, StockAvailabilityRow, StockDocumentKind, StockQuery } from '@smartdata/domain';
import type { Db } from '@server/platform/db/database';
import { notFound, validationError } from '@server/platform/errors';
import type { CabinCaller } from '../cabin/cabin.service';
import { InventoryRepository } from './inventory.repository';
import type { CylinderMove } from './gasStock.port';
import type { StockLedger } from './stockLedger';

/**
 * The stock and its ledger (issue 18, docs/inventory.md): on hand, reserved and available per item
 * and warehouse, the ledger's rows, and the gas module's cylinder moves (plain quantities, in and
 * out, on a blending order).
 */
export class StockService {
  constructor(
    private readonly repository: InventoryRepository,
    private readonly ledger: StockLedger,
  ) {}

  /** On hand per item and warehouse (the stock table, equal to the ledger's sums). */
  async getStock(caller: CabinCaller, query: StockQuery): Promise<{ list: StockAvailabilityRow[] }> {
    const rows = await this.repository.stock(caller.companyId, query);
    return {
      list: rows.map((row) => ({ itemId: row.item_id, warehouseId: row.warehouse_id, quantity: Number(row.quantity), reserved: Number(row.reserved), available: Number(row.quantity) - Number(row.reserved) })),
    };
  }

  async listLedger(caller: CabinCaller, query: LedgerQuery): Promise<Page<LedgerEntry>> {
    const { rows, total } = await this.repository.listLedger(caller.companyId, query, query);
    return {
      list: rows.map((row) => ({
        id: row.id,
        documentKind: row.document_kind as StockDocumentKind,
        documentId: row.document_id,
        itemId: row.item_id,
        warehouseId: row.warehouse_id,
        serial: row.serial,
        quantity: Number(row.quantity),
        reversal: row.reversal === 1,
        createdAt: Number(row.created_at),
        userId: row.created_by,
      })),
      total,
    };
  }

  /** GasStock: a filled blending order's cylinders (non-serialized items) out and in, on the gas module's transaction. */
  async moveCylinders(on: Db, caller: CabinCaller, blendOrderId: number, moves: readonly CylinderMove[]): Promise<void> {
    const repository = InventoryRepository.in(on);
    for (const move of moves) {
      const item = await repository.findItem(caller.companyId, move.itemId);
      if (!item) {
        throw notFound('inventory.item.missing');
      }
      if (item.serialized === 1) {
        throw validationError(`gas.order.serialized|${item.name}`);
      }
    }
    await this.ledger.post(repository, caller, { kind: 'gasBlend', id: blendOrderId }, moves.map((m) => ({ itemId: m.itemId, warehouseId: m.warehouseId, serial: null, quantity: m.quantity })));
  }
}
