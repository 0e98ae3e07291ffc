import type { AddReturnRequest, AddStockInRequest, IdResponse, InventoryItem, StockDocumentKind } from '@smartdata/domain';
import type { Db } from '@server/platform/db/database';
import { notFound, validationError } from '@server/platform/errors';
import type { CabinCaller } from '../cabin/cabin.service';
import type { DeviceLifecycle, StockDevice } from '../devices/deviceLifecycle.port';
import { InventoryRepository } from './inventory.repository';
import type { MasterDataService } from './masterData.service';
import { lower, type StockLedger } from './stockLedger';

/**
 * Documents that bring stock in (issue 18, docs/inventory.md): a stock-in (new serials registered
 * as devices at 0, as production registers them, and stored at 1 with the company's devices already
 * at 0; or plain lines), production's receipts (the StockMovements port) and returns of shipped
 * devices; a stock-in of plain lines is cancelled by reversing it.
 */
export class StockInService {
  constructor(
    private readonly db: Db,
    private readonly ledger: StockLedger,
    private readonly masterData: MasterDataService,
    private readonly devices: DeviceLifecycle,
  ) {}

  /** Production's path into stock (StockMovements): devices created at 0, stored at 1. */
  async receiveProduced(on: Db, caller: CabinCaller, document: { kind: StockDocumentKind; id: number }, item: InventoryItem, warehouseId: number, units: { serials: string[] } | { quantity: number }): Promise<number[]> {
    const repository = InventoryRepository.in(on);
    if ('quantity' in units) {
      await this.ledger.post(repository, caller, document, [{ itemId: item.id, warehouseId, serial: null, quantity: units.quantity }]);
      return [];
    }
    const created = await this.devices.create(on, caller, units.serials.map((sn) => ({ sn, model: item.name })), document);
    await this.receiveDevices(on, caller, document, item.id, warehouseId, created);
    return created.map((d) => d.id);
  }

  private async receiveDevices(on: Db, caller: CabinCaller, document: { kind: StockDocumentKind; id: number }, itemId: number, warehouseId: number, devices: readonly StockDevice[]): Promise<void> {
    const repository = InventoryRepository.in(on);
    await this.devices.move(on, caller, devices, document.kind === 'return' ? 'return' : 'stockIn', document);
    const placed = await repository.serialsBySn(caller.companyId, devices.map((d) => d.sn));
    if (placed.length > 0) {
      throw validationError(`inventory.serial.registered|${placed[0].serial}`);
    }
    await repository.placeSerials(devices.map((d) => ({ company_id: caller.companyId, serial: d.sn, item_id: itemId, device_id: d.id, warehouse_id: warehouseId, outbound_id: null })));
    await this.ledger.post(
      repository,
      caller,
      document,
      devices.map((d) => ({ itemId, warehouseId, serial: d.sn, quantity: 1 })),
    );
  }

  /**
   * A stock-in: serials of a serialized item — each a device of the company at status 0, or a new
   * serial registered as a device here (as the form says; issue 31.13) — stored at 1; or lines of
   * non-serialized items. A serial registered in another company is refused by the registration.
   */
  async addStockIn(caller: CabinCaller, request: AddStockInRequest): Promise<IdResponse> {
    await this.masterData.requireWarehouse(caller.companyId, request.warehouseId);
    const serials = request.serials ?? [];
    const lines = request.lines ?? [];
    let item: InventoryItem | undefined;
    if (serials.length > 0) {
      if (request.itemId === undefined) {
        throw validationError('validation.required');
      }
      item = await this.masterData.requireItem(caller.companyId, request.itemId);
      if (!item.serialized) {
        throw validationError(`inventory.quantityForPlain|${item.name}`);
      }
    }
    if (serials.length === 0 && lines.length === 0) {
      throw validationError('inventory.nothing');
    }
    let moved: StockDevice[] = [];
    const id = await this.db.transaction().execute(async (trx) => {
      const repository = InventoryRepository.in(trx);
      await this.ledger.plainLines(repository, caller.companyId, lines);
      const id = await repository.insertStockIn(caller.companyId, request.warehouseId, caller.userId);
      const document = { kind: 'stockIn' as const, id };
      if (item) {
        moved = await this.devicesOrRegistered(trx, caller, document, item, serials);
        await this.receiveDevices(trx, caller, document, item.id, request.warehouseId, moved);
      }
      await this.ledger.post(
        repository,
        caller,
        document,
        lines.map((l) => ({ itemId: l.itemId, warehouseId: request.warehouseId, serial: null, quantity: l.quantity })),
      );
      return id;
    });
    await this.ledger.devicesChanged(caller.companyId, moved.map((d) => d.id));
    return { id };
  }

  /** The company's devices of `serials`, the serials that are none registered as new devices of `item` (in the order given). */
  private async devicesOrRegistered(on: Db, caller: CabinCaller, document: { kind: StockDocumentKind; id: number }, item: InventoryItem, serials: readonly string[]): Promise<StockDevice[]> {
    const known = new Map((await this.devices.findBySns(on, caller.companyId, serials)).map((d) => [lower(d.sn), d]));
    const fresh = serials.filter((sn) => !known.has(lower(sn)));
    const created = fresh.length === 0 ? [] : await this.devices.create(on, caller, fresh.map((sn) => ({ sn, model: item.name })), document);
    for (const device of created) {
      known.set(lower(device.sn), device);
    }
    return serials.map((sn) => known.get(lower(sn))!);
  }

  /** Cancels a stock-in of non-serialized lines by taking its quantities out again (devices cannot go back to 0). */
  async cancelStockIn(caller: CabinCaller, id: number): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      const repository = InventoryRepository.in(trx);
      const ledger = await repository.ledgerOf(caller.companyId, 'stockIn', id);
      const stockIn = await repository.findStockIn(caller.companyId, id);
      if (!stockIn) {
        throw notFound();
      }
      if (ledger.some((row) => row.serial !== null)) {
        throw validationError('inventory.stockIn.serialized');
      }
      if (!(await repository.cancelStockIn(caller.companyId, id))) {
        throw validationError('inventory.stockIn.state');
      }
      await this.ledger.reverse(repository, caller, { kind: 'stockIn', id }, ledger);
    });
  }

  /**
   * A return: shipped devices (3 → 1) come back into a returns warehouse, as the item they left
   * as (the ledger's last row of the serial).
   */
  async addReturn(caller: CabinCaller, request: AddReturnRequest): Promise<IdResponse> {
    const warehouse = await this.masterData.requireWarehouse(caller.companyId, request.warehouseId);
    if (warehouse.kind !== 'returns') {
      throw validationError('inventory.returns.kind');
    }
    let devices: StockDevice[] = [];
    const id = await this.db.transaction().execute(async (trx) => {
      const repository = InventoryRepository.in(trx);
      devices = await this.ledger.devicesOf(trx, caller.companyId, request.serials);
      const id = await repository.insertReturn(caller.companyId, request.warehouseId, request.remarks ?? '', caller.userId);
      const document = { kind: 'return' as const, id };
      await this.devices.move(trx, caller, devices, 'return', document);
      const byItem = new Map<number, StockDevice[]>();
      for (const device of devices) {
        const shipped = (await repository.listLedger(caller.companyId, { serial: device.sn, documentKind: 'outbound' }, { pageNum: 1, pageSize: 1 })).rows[0];
        if (!shipped) {
          throw validationError(`inventory.serial.notShipped|${device.sn}`);
        }
        byItem.set(shipped.item_id, [...(byItem.get(shipped.item_id) ?? []), { ...device, status: 3 }]);
      }
      for (const [itemId, group] of byItem) {
        // The lifecycle move is made above; here the serials get their place and ledger rows.
        const place = InventoryRepository.in(trx);
        await place.placeSerials(group.map((d) => ({ company_id: caller.companyId, serial: d.sn, item_id: itemId, device_id: d.id, warehouse_id: request.warehouseId, outbound_id: null })));
        await this.ledger.post(
          place,
          caller,
          document,
          group.map((d) => ({ itemId, warehouseId: request.warehouseId, serial: d.sn, quantity: 1 })),
        );
      }
      return id;
    });
    await this.ledger.devicesChanged(caller.companyId, devices.map((d) => d.id));
    return { id };
  }
}
