import type { StockDocumentKind, StockLine } from '@smartdata/domain';
import type { Db } from '@server/platform/db/database';
import { notFound, validationError } from '@server/platform/errors';
import type { CabinCaller } from '../cabin/cabin.service';
import type { DeviceLifecycle, StockDevice } from '../devices/deviceLifecycle.port';
import type { InventoryRepository, LedgerRow, NewLedgerRow } from './inventory.repository';
import type { ReservationLine } from './salesStock.port';

/** One movement of a document before it is written: a ledger row and its stock delta. */
export interface Movement {
  itemId: number;
  warehouseId: number;
  serial: string | null;
  quantity: number;
}

export const lower = (text: string) => text.toLowerCase();

/** Quantities summed per item, all in one warehouse. */
export function perItem(warehouseId: number, lines: readonly { itemId: number; quantity: number }[]): ReservationLine[] {
  const sums = new Map<number, number>();
  for (const line of lines) {
    sums.set(line.itemId, (sums.get(line.itemId) ?? 0) + line.quantity);
  }
  return [...sums].map(([itemId, quantity]) => ({ itemId, warehouseId, quantity }));
}

/**
 * How every stock document writes (issue 18, docs/inventory.md): its ledger rows and the stock in
 * the document's transaction, with the stock rules; the devices a document names; the push of
 * their new states after the commit. Shared by the inventory module's document services.
 */
export class StockLedger {
  constructor(private readonly devices: DeviceLifecycle) {}

  /**
   * Writes a document's movements: ledger rows, then the stock of each item and warehouse; stock
   * below zero is refused for serialized items always and for others unless the company allows it.
   */
  async post(repository: InventoryRepository, caller: CabinCaller, document: { kind: StockDocumentKind; id: number }, movements: readonly Movement[], reversal = false): Promise<void> {
    const now = Date.now();
    const rows: NewLedgerRow[] = movements.map((m) => ({
      company_id: caller.companyId,
      document_kind: document.kind,
      document_id: document.id,
      item_id: m.itemId,
      warehouse_id: m.warehouseId,
      serial: m.serial,
      quantity: m.quantity,
      reversal: reversal ? 1 : 0,
      created_by: caller.userId,
      created_at: now,
    }));
    await repository.insertLedger(rows);
    const deltas = new Map<string, { itemId: number; warehouseId: number; delta: number }>();
    for (const m of movements) {
      const key = `${m.itemId}/${m.warehouseId}`;
      const entry = deltas.get(key) ?? { itemId: m.itemId, warehouseId: m.warehouseId, delta: 0 };
      entry.delta += m.quantity;
      deltas.set(key, entry);
    }
    let allowNegative: boolean | undefined;
    for (const { itemId, warehouseId, delta } of deltas.values()) {
      const { quantity, reserved } = await repository.addStock(caller.companyId, itemId, warehouseId, delta);
      // Reserved stock belongs to confirmed sales orders: only their own outbound orders take it.
      if (delta < 0 && reserved > 0 && quantity - reserved < 0) {
        const item = await repository.findItem(caller.companyId, itemId);
        throw validationError(`inventory.stock.reserved|${item?.name ?? itemId}|${quantity - delta}|${reserved}`);
      }
      if (quantity < 0) {
        const item = await repository.findItem(caller.companyId, itemId);
        allowNegative ??= await repository.allowNegativeStock(caller.companyId);
        if (!item || item.serialized === 1 || !allowNegative) {
          throw validationError(`inventory.stock.negative|${item?.name ?? itemId}|${quantity - delta}`);
        }
      }
    }
  }

  /** Cancelling a document: rows that take back each of its ledger rows (nothing is ever edited). */
  async reverse(repository: InventoryRepository, caller: CabinCaller, document: { kind: StockDocumentKind; id: number }, ledger: readonly LedgerRow[]): Promise<void> {
    await this.post(
      repository,
      caller,
      document,
      ledger.map((row) => ({ itemId: row.item_id, warehouseId: row.warehouse_id, serial: row.serial, quantity: -Number(row.quantity) })),
      true,
    );
  }

  /** Non-serialized lines: each item exists and is not serialized. */
  async plainLines(repository: InventoryRepository, companyId: number, lines: readonly StockLine[]): Promise<void> {
    for (const line of lines) {
      const item = await repository.findItem(companyId, line.itemId);
      if (!item) {
        throw notFound('inventory.item.missing');
      }
      if (item.serialized === 1) {
        throw validationError(`inventory.serialsForSerialized|${item.name}`);
      }
    }
  }

  /** The company's devices of `serials`, in the order given; 50001 naming a serial that is none. */
  async devicesOf(on: Db, companyId: number, serials: readonly string[]): Promise<StockDevice[]> {
    const found = new Map((await this.devices.findBySns(on, companyId, serials)).map((d) => [lower(d.sn), d]));
    return serials.map((serial) => {
      const device = found.get(lower(serial));
      if (!device) {
        throw validationError(`inventory.serial.unknown|${serial}`);
      }
      return device;
    });
  }

  /** Pushes the devices' new states to open pages (after the commit). */
  async devicesChanged(companyId: number, deviceIds: readonly number[]): Promise<void> {
    await this.devices.changed(companyId, deviceIds);
  }
}
