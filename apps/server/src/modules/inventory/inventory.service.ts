import type {
  AddCategoryRequest,
  AddCustomerRequest,
  AddItemRequest,
  AddOutboundRequest,
  AddReturnRequest,
  AddStockInRequest,
  AddWarehouseRequest,
  CancelDocumentRequest,
  CategoryItem,
  CustomerItem,
  IdResponse,
  InventoryItem,
  InventorySettings,
  ItemListQuery,
  LedgerEntry,
  LedgerQuery,
  MasterListQuery,
  OutboundListQuery,
  OutboundOrderItem,
  Page,
  ShipRequest,
  StockDocumentKind,
  StockLine,
  StockQuery,
  StockAvailabilityRow,
  WarehouseItem,
  WarehouseKind,
} from '@smartdata/domain';
import type { Db } from '@server/platform/db/database';
import { isUniqueViolation } from '@server/platform/db/uniqueViolation';
import { conflict, notFound, validationError } from '@server/platform/errors';
import type { CabinCaller } from '../cabin/cabin.service';
import type { DeviceLifecycle, StockDevice } from '../devices/deviceLifecycle.port';
import { InventoryRepository, type CustomerRow, type ItemRow, type NewLedgerRow, type OutboundLineRow, type WarehouseRow } from './inventory.repository';
import type { StockMovements } from './stock.port';
import type { ReservationLine, SalesOutboundClosed, SalesStock, TakeFromOrder } from './salesStock.port';
import type { CylinderMove, GasStock } from './gasStock.port';

/** One movement of a document before it is written: a ledger row and its stock delta. */
interface Movement {
  itemId: number;
  warehouseId: number;
  serial: string | null;
  quantity: number;
}

const toItem = (row: ItemRow): InventoryItem => ({ id: row.id, name: row.name, categoryId: row.category_id, serialized: row.serialized === 1, unit: row.unit, createdAt: Number(row.created_at) });
const toWarehouse = (row: WarehouseRow): WarehouseItem => ({ id: row.id, name: row.name, kind: row.kind as WarehouseKind, createdAt: Number(row.created_at) });
const toCustomer = (row: CustomerRow): CustomerItem => ({ id: row.id, name: row.name, contact: row.contact, phone: row.phone, createdAt: Number(row.created_at) });
const lower = (text: string) => text.toLowerCase();

/** A unique name per company: 40900 instead of the constraint's failure. */
async function uniqueName<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isUniqueViolation(error)) {
      throw conflict('inventory.nameTaken');
    }
    throw error;
  }
}

/**
 * Inventory (issue 18, docs/inventory.md): master data and the stock documents. Every document
 * writes its ledger rows, the stock, the serials' places and its devices' lifecycle moves in one
 * transaction; on hand is the ledger's sum; a cancelled document adds reversing rows and nothing
 * is ever edited. Refusals of a move out of order are 50001 with the reason (naming the serial).
 */
export class InventoryService implements StockMovements, SalesStock, GasStock {
  private readonly salesOutboundHandlers: ((on: Db, caller: CabinCaller, event: SalesOutboundClosed) => Promise<void>)[] = [];

  constructor(
    private readonly db: Db,
    private readonly repository: InventoryRepository,
    private readonly devices: DeviceLifecycle,
  ) {}

  // ---- master data ----

  /** A category under `parentId` (a tree). */
  async addCategory(caller: CabinCaller, request: AddCategoryRequest): Promise<IdResponse> {
    const parentId = request.parentId ?? null;
    if (parentId !== null && !(await this.repository.findCategory(caller.companyId, parentId))) {
      throw notFound('inventory.category.missing');
    }
    return { id: await this.repository.insertCategory(caller.companyId, request.name, parentId) };
  }

  /** Categories matching the keyword, paged (the web builds the tree from parentId). */
  async listCategories(caller: CabinCaller, query: MasterListQuery): Promise<Page<CategoryItem>> {
    const rows = (await this.repository.categories(caller.companyId)).filter((row) => !query.keyword || lower(row.name).includes(lower(query.keyword)));
    return { list: rows.slice((query.pageNum - 1) * query.pageSize, query.pageNum * query.pageSize).map((row) => ({ id: row.id, name: row.name, parentId: row.parent_id })), total: rows.length };
  }

  async addItem(caller: CabinCaller, request: AddItemRequest): Promise<IdResponse> {
    const categoryId = request.categoryId ?? null;
    if (categoryId !== null && !(await this.repository.findCategory(caller.companyId, categoryId))) {
      throw notFound('inventory.category.missing');
    }
    const id = await uniqueName(() => this.repository.insertItem({ companyId: caller.companyId, name: request.name, categoryId, serialized: request.serialized, unit: request.unit ?? (request.serialized ? '台' : '个') }));
    return { id };
  }

  /** Items by name; a category filter takes its whole subtree. */
  async listItems(caller: CabinCaller, query: ItemListQuery): Promise<Page<InventoryItem>> {
    let categoryIds: number[] | undefined;
    if (query.categoryId !== undefined) {
      const all = await this.repository.categories(caller.companyId);
      categoryIds = [query.categoryId];
      for (let i = 0; i < categoryIds.length; i++) {
        categoryIds.push(...all.filter((c) => c.parent_id === categoryIds![i]).map((c) => c.id));
      }
    }
    const serialized = query.serialized === undefined ? undefined : query.serialized === '1';
    const { rows, total } = await this.repository.listItems(caller.companyId, { keyword: query.keyword, categoryIds, serialized }, query);
    return { list: rows.map(toItem), total };
  }

  async addWarehouse(caller: CabinCaller, request: AddWarehouseRequest): Promise<IdResponse> {
    return { id: await uniqueName(() => this.repository.insertWarehouse(caller.companyId, request.name, request.kind ?? 'finished')) };
  }

  async listWarehouses(caller: CabinCaller, query: MasterListQuery): Promise<Page<WarehouseItem>> {
    const { rows, total } = await this.repository.listWarehouses(caller.companyId, query, query);
    return { list: rows.map(toWarehouse), total };
  }

  async addCustomer(caller: CabinCaller, request: AddCustomerRequest): Promise<IdResponse> {
    return { id: await uniqueName(() => this.repository.insertCustomer({ companyId: caller.companyId, name: request.name, contact: request.contact ?? '', phone: request.phone ?? '' })) };
  }

  async listCustomers(caller: CabinCaller, query: MasterListQuery): Promise<Page<CustomerItem>> {
    const { rows, total } = await this.repository.listCustomers(caller.companyId, query, query);
    return { list: rows.map(toCustomer), total };
  }

  async settings(companyId: number): Promise<InventorySettings> {
    return { allowNegativeStock: await this.repository.allowNegativeStock(companyId) };
  }

  async updateSettings(companyId: number, settings: InventorySettings): Promise<void> {
    await this.repository.saveSettings(companyId, settings.allowNegativeStock);
  }

  async requireItem(companyId: number, id: number): Promise<InventoryItem> {
    const row = await this.repository.findItem(companyId, id);
    if (!row) {
      throw notFound('inventory.item.missing');
    }
    return toItem(row);
  }

  async requireWarehouse(companyId: number, id: number): Promise<WarehouseItem> {
    const row = await this.repository.findWarehouse(companyId, id);
    if (!row) {
      throw notFound('inventory.warehouse.missing');
    }
    return toWarehouse(row);
  }

  // ---- stock ----

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

  /**
   * Writes a document's movements: ledger rows, then the stock of each item and warehouse; stock
   * below zero is refused for serialized items always and for others unless the company allows it.
   */
  private async post(repository: InventoryRepository, caller: CabinCaller, document: { kind: StockDocumentKind; id: number }, movements: readonly Movement[], reversal = false): Promise<void> {
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

  /** Non-serialized lines: each item exists and is not serialized. */
  private async plainLines(repository: InventoryRepository, companyId: number, lines: readonly StockLine[]): Promise<void> {
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
  private async devicesOf(on: Db, companyId: number, serials: readonly string[]): Promise<StockDevice[]> {
    const found = new Map((await this.devices.findBySns(on, companyId, serials)).map((d) => [lower(d.sn), d]));
    return serials.map((serial) => {
      const device = found.get(lower(serial));
      if (!device) {
        throw validationError(`inventory.serial.unknown|${serial}`);
      }
      return device;
    });
  }

  /** Production's path into stock (StockMovements): devices created at 0, stored at 1. */
  async receiveProduced(on: Db, caller: CabinCaller, document: { kind: StockDocumentKind; id: number }, item: InventoryItem, warehouseId: number, units: { serials: string[] } | { quantity: number }): Promise<number[]> {
    const repository = InventoryRepository.in(on);
    if ('quantity' in units) {
      await this.post(repository, caller, document, [{ itemId: item.id, warehouseId, serial: null, quantity: units.quantity }]);
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
    await this.post(
      repository,
      caller,
      document,
      devices.map((d) => ({ itemId, warehouseId, serial: d.sn, quantity: 1 })),
    );
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
    await this.post(repository, caller, { kind: 'gasBlend', id: blendOrderId }, moves.map((m) => ({ itemId: m.itemId, warehouseId: m.warehouseId, serial: null, quantity: m.quantity })));
  }

  async devicesChanged(companyId: number, deviceIds: readonly number[]): Promise<void> {
    await this.devices.changed(companyId, deviceIds);
  }

  /**
   * A stock-in: devices registered at status 0 (serials of a serialized item, stored at 1), or
   * lines of non-serialized items.
   */
  async addStockIn(caller: CabinCaller, request: AddStockInRequest): Promise<IdResponse> {
    await this.requireWarehouse(caller.companyId, request.warehouseId);
    const serials = request.serials ?? [];
    const lines = request.lines ?? [];
    let item: InventoryItem | undefined;
    if (serials.length > 0) {
      if (request.itemId === undefined) {
        throw validationError('validation.required');
      }
      item = await this.requireItem(caller.companyId, request.itemId);
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
      await this.plainLines(repository, caller.companyId, lines);
      const id = await repository.insertStockIn(caller.companyId, request.warehouseId, caller.userId);
      const document = { kind: 'stockIn' as const, id };
      if (item) {
        moved = await this.devicesOf(trx, caller.companyId, serials);
        await this.receiveDevices(trx, caller, document, item.id, request.warehouseId, moved);
      }
      await this.post(
        repository,
        caller,
        document,
        lines.map((l) => ({ itemId: l.itemId, warehouseId: request.warehouseId, serial: null, quantity: l.quantity })),
      );
      return id;
    });
    await this.devicesChanged(caller.companyId, moved.map((d) => d.id));
    return { id };
  }

  /** The customer of an outbound or sales order: an id of the company, or a name (a new name becomes a customer). */
  async customerOf(on: Db, companyId: number, customer: number | string): Promise<number> {
    const repository = InventoryRepository.in(on);
    if (typeof customer === 'number') {
      if (!(await repository.findCustomer(companyId, customer))) {
        throw notFound('inventory.customer.missing');
      }
      return customer;
    }
    return repository.ensureCustomer(companyId, customer);
  }

  /**
   * An outbound order: its devices (each in that warehouse) go from stored to on the order (1 → 2)
   * and, with its non-serialized lines, leave the warehouse's stock. Stock reserved for sales
   * orders cannot be taken (an order's own outbound goes through `addOutboundForOrder`).
   */
  async addOutbound(caller: CabinCaller, request: AddOutboundRequest): Promise<IdResponse> {
    await this.requireWarehouse(caller.companyId, request.warehouseId);
    const { id, deviceIds } = await this.db.transaction().execute(async (trx) => {
      const customerId = await this.customerOf(trx, caller.companyId, request.customer);
      return this.writeOutbound(trx, caller, { warehouseId: request.warehouseId, customerId, serials: request.serials, lines: request.lines ?? [], remarks: request.remarks ?? '' }, null);
    });
    await this.devicesChanged(caller.companyId, deviceIds);
    return { id };
  }

  /** An outbound order for a sales order (SalesStock): `take` books it on the order; it consumes the order's reservation. */
  async addOutboundForOrder(
    on: Db,
    caller: CabinCaller,
    order: { salesOrderId: number; customerId: number },
    request: { warehouseId: number; serials: readonly string[]; lines: readonly StockLine[]; remarks: string },
    take: TakeFromOrder,
  ): Promise<{ id: number; deviceIds: number[] }> {
    return this.writeOutbound(on, caller, { ...request, customerId: order.customerId }, { salesOrderId: order.salesOrderId, take });
  }

  private async writeOutbound(
    trx: Db,
    caller: CabinCaller,
    request: { warehouseId: number; customerId: number; serials: readonly string[]; lines: readonly StockLine[]; remarks: string },
    sales: { salesOrderId: number; take: TakeFromOrder } | null,
  ): Promise<{ id: number; deviceIds: number[] }> {
    const lines = request.lines;
    if (request.serials.length === 0 && lines.length === 0) {
      throw validationError('inventory.nothing');
    }
    const repository = InventoryRepository.in(trx);
    await this.plainLines(repository, caller.companyId, lines);
    const places = new Map((await repository.serialsBySn(caller.companyId, request.serials)).map((row) => [lower(row.serial), row]));
    const devices = await this.devicesOf(trx, caller.companyId, request.serials);
    for (const serial of request.serials) {
      const place = places.get(lower(serial));
      if (place?.warehouse_id !== request.warehouseId) {
        const device = devices.find((d) => lower(d.sn) === lower(serial));
        // A device that is not stored at all says so by its status; one stored elsewhere by the warehouse.
        if (device && device.status !== 1) {
          await this.devices.move(trx, caller, [device], 'outbound', null);
        }
        throw validationError(`inventory.serial.notInWarehouse|${serial}`);
      }
    }
    const id = await repository.insertOutbound({ companyId: caller.companyId, warehouseId: request.warehouseId, customerId: request.customerId, remarks: request.remarks, userId: caller.userId, salesOrderId: sales?.salesOrderId ?? null });
    const document = { kind: 'outbound' as const, id };
    await this.devices.move(trx, caller, devices, 'outbound', document);
    const serialRows = request.serials.map((serial) => places.get(lower(serial))!);
    await repository.insertOutboundLines([
      ...serialRows.map((row) => ({ company_id: caller.companyId, outbound_id: id, item_id: row.item_id, serial: row.serial, quantity: 1 })),
      ...lines.map((l) => ({ company_id: caller.companyId, outbound_id: id, item_id: l.itemId, serial: null, quantity: l.quantity })),
    ]);
    await repository.moveSerials(
      caller.companyId,
      serialRows.map((row) => row.serial),
      { warehouseId: null, outboundId: id },
    );
    if (sales) {
      const taken = perItem(request.warehouseId, [...serialRows.map((row) => ({ itemId: row.item_id, quantity: 1 })), ...lines]);
      await sales.take(trx, taken);
      // The order's reservation turns into the outbound order's stock movement.
      for (const line of taken) {
        if (!(await repository.unreserve(caller.companyId, line.itemId, line.warehouseId, line.quantity))) {
          throw validationError(`sales.outbound.tooMany|${line.itemId}|0`);
        }
      }
      await this.writeReservations(repository, caller, sales.salesOrderId, id, 'outbound', taken.map((line) => ({ ...line, quantity: -line.quantity })));
    }
    await this.post(repository, caller, document, [
      ...serialRows.map((row) => ({ itemId: row.item_id, warehouseId: request.warehouseId, serial: row.serial, quantity: -1 })),
      ...lines.map((l) => ({ itemId: l.itemId, warehouseId: request.warehouseId, serial: null, quantity: -l.quantity })),
    ]);
    return { id, deviceIds: devices.map((d) => d.id) };
  }

  // ---- reservations (SalesStock) ----

  private async writeReservations(repository: InventoryRepository, caller: CabinCaller, salesOrderId: number, outboundId: number | null, reason: string, lines: readonly ReservationLine[]): Promise<void> {
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
    await this.writeReservations(repository, caller, salesOrderId, null, 'confirm', lines);
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
    await this.writeReservations(
      repository,
      caller,
      salesOrderId,
      null,
      reason,
      held.map((line) => ({ ...line, quantity: -line.quantity })),
    );
  }

  async customerNames(companyId: number, ids: readonly number[]): Promise<Map<number, string>> {
    return new Map((await this.repository.customersByIds(companyId, [...new Set(ids)])).map((row) => [row.id, row.name]));
  }

  customerIdsMatching(companyId: number, keyword: string): Promise<number[]> {
    return this.repository.customerIdsMatching(companyId, keyword);
  }

  async itemNames(on: Db, companyId: number, ids: readonly number[]): Promise<Map<number, string>> {
    return new Map((await InventoryRepository.in(on).itemsByIds(companyId, [...new Set(ids)])).map((row) => [row.id, row.name]));
  }

  outboundsOf(on: Db, companyId: number, salesOrderId: number): Promise<{ id: number; state: string }[]> {
    return InventoryRepository.in(on).outboundsOfSalesOrder(companyId, salesOrderId);
  }

  onSalesOutboundClosed(handler: (on: Db, caller: CabinCaller, event: SalesOutboundClosed) => Promise<void>): void {
    this.salesOutboundHandlers.push(handler);
  }

  /** Tells sales (in the same transaction) that an outbound order of a sales order shipped or was cancelled. */
  private async salesOutboundClosed(on: Db, caller: CabinCaller, order: { id: number; warehouse_id: number; sales_order_id: number | null }, lines: readonly OutboundLineRow[], state: 'shipped' | 'cancelled'): Promise<ReservationLine[]> {
    if (order.sales_order_id === null) {
      return [];
    }
    const taken = perItem(order.warehouse_id, lines.map((line) => ({ itemId: line.item_id, quantity: line.quantity })));
    for (const handler of this.salesOutboundHandlers) {
      await handler(on, caller, { outboundId: order.id, salesOrderId: order.sales_order_id, state, lines: taken });
    }
    return taken;
  }

  private async openOutbound(repository: InventoryRepository, companyId: number, id: number) {
    const order = await repository.findOutbound(companyId, id);
    if (!order) {
      throw notFound();
    }
    if (order.state !== 'open') {
      throw validationError('inventory.outbound.state');
    }
    return order;
  }

  /** Ships an open outbound order: its devices go out (2 → 3) and leave the company's stock places. */
  async ship(caller: CabinCaller, request: ShipRequest): Promise<void> {
    let devices: StockDevice[] = [];
    await this.db.transaction().execute(async (trx) => {
      const repository = InventoryRepository.in(trx);
      const order = await this.openOutbound(repository, caller.companyId, request.id);
      const lines = await repository.outboundLines(caller.companyId, [request.id]);
      const serials = lines.flatMap((line) => (line.serial ? [line.serial] : []));
      devices = await this.devicesOf(trx, caller.companyId, serials);
      await this.devices.move(trx, caller, devices, 'shipment', { kind: 'outbound', id: request.id });
      if (!(await repository.closeOutbound(caller.companyId, request.id, 'shipped'))) {
        throw validationError('inventory.outbound.state');
      }
      await repository.insertShipment({ companyId: caller.companyId, outboundId: request.id, carrier: request.carrier, trackingNo: request.trackingNo, userId: caller.userId });
      await repository.removeSerials(caller.companyId, serials);
      await this.salesOutboundClosed(trx, caller, order, lines, 'shipped');
    });
    await this.devicesChanged(caller.companyId, devices.map((d) => d.id));
  }

  /**
   * A return: shipped devices (3 → 1) come back into a returns warehouse, as the item they left
   * as (the ledger's last row of the serial).
   */
  async addReturn(caller: CabinCaller, request: AddReturnRequest): Promise<IdResponse> {
    const warehouse = await this.requireWarehouse(caller.companyId, request.warehouseId);
    if (warehouse.kind !== 'returns') {
      throw validationError('inventory.returns.kind');
    }
    let devices: StockDevice[] = [];
    const id = await this.db.transaction().execute(async (trx) => {
      const repository = InventoryRepository.in(trx);
      devices = await this.devicesOf(trx, caller.companyId, request.serials);
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
        await this.post(
          place,
          caller,
          document,
          group.map((d) => ({ itemId, warehouseId: request.warehouseId, serial: d.sn, quantity: 1 })),
        );
      }
      return id;
    });
    await this.devicesChanged(caller.companyId, devices.map((d) => d.id));
    return { id };
  }

  /**
   * Cancels a document by reversing it (never by editing): an open outbound order puts its devices
   * back on the shelf (2 → 1) and its stock back; a stock-in of non-serialized lines takes its
   * quantities out again (a stock-in of devices cannot be cancelled: they cannot go back to 0).
   */
  async cancel(caller: CabinCaller, request: CancelDocumentRequest): Promise<void> {
    let devices: StockDevice[] = [];
    await this.db.transaction().execute(async (trx) => {
      const repository = InventoryRepository.in(trx);
      const ledger = await repository.ledgerOf(caller.companyId, request.kind, request.id);
      const document = { kind: request.kind, id: request.id };
      let givenBack: { salesOrderId: number; lines: ReservationLine[] } | null = null;
      if (request.kind === 'outbound') {
        const order = await this.openOutbound(repository, caller.companyId, request.id);
        const lines: OutboundLineRow[] = await repository.outboundLines(caller.companyId, [request.id]);
        const serials = lines.flatMap((line) => (line.serial ? [line.serial] : []));
        devices = await this.devicesOf(trx, caller.companyId, serials);
        await this.devices.move(trx, caller, devices, 'outboundCancel', document);
        await repository.closeOutbound(caller.companyId, request.id, 'cancelled');
        await repository.moveSerials(caller.companyId, serials, { warehouseId: order.warehouse_id, outboundId: null });
        const taken = await this.salesOutboundClosed(trx, caller, order, lines, 'cancelled');
        givenBack = order.sales_order_id === null ? null : { salesOrderId: order.sales_order_id, lines: taken };
      } else {
        const stockIn = await repository.findStockIn(caller.companyId, request.id);
        if (!stockIn) {
          throw notFound();
        }
        if (ledger.some((row) => row.serial !== null)) {
          throw validationError('inventory.stockIn.serialized');
        }
        if (!(await repository.cancelStockIn(caller.companyId, request.id))) {
          throw validationError('inventory.stockIn.state');
        }
      }
      await this.post(
        repository,
        caller,
        document,
        ledger.map((row) => ({ itemId: row.item_id, warehouseId: row.warehouse_id, serial: row.serial, quantity: -Number(row.quantity) })),
        true,
      );
      // A cancelled outbound order of a sales order gives its quantities back to the order's reservation.
      if (givenBack) {
        for (const line of givenBack.lines) {
          await repository.addReserved(caller.companyId, line.itemId, line.warehouseId, line.quantity);
        }
        await this.writeReservations(repository, caller, givenBack.salesOrderId, request.id, 'outboundCancel', givenBack.lines);
      }
    });
    await this.devicesChanged(caller.companyId, devices.map((d) => d.id));
  }

  async listOutbound(caller: CabinCaller, query: OutboundListQuery): Promise<Page<OutboundOrderItem>> {
    const { rows, total } = await this.repository.listOutbound(caller.companyId, query, query);
    const ids = rows.map((row) => row.id);
    const [lines, shipments] = await Promise.all([this.repository.outboundLines(caller.companyId, ids), this.repository.shipments(caller.companyId, ids)]);
    return {
      list: rows.map((row) => {
        const own = lines.filter((line) => line.outbound_id === row.id);
        const shipment = shipments.find((s) => s.outbound_id === row.id);
        return {
          id: row.id,
          warehouseId: row.warehouse_id,
          customerId: row.customer_id,
          customerName: row.customer_name,
          state: row.state as OutboundOrderItem['state'],
          serials: own.flatMap((line) => (line.serial ? [line.serial] : [])),
          lines: own.filter((line) => line.serial === null).map((line) => ({ itemId: line.item_id, quantity: line.quantity })),
          carrier: shipment?.carrier ?? null,
          trackingNo: shipment?.tracking_no ?? null,
          remarks: row.remarks,
          createdAt: Number(row.created_at),
          shippedAt: row.shipped_at === null ? null : Number(row.shipped_at),
        };
      }),
      total,
    };
  }

  /** One outbound order (the print view of an outbound note reads it). */
  async getOutbound(caller: CabinCaller, id: number): Promise<OutboundOrderItem> {
    const order = await this.repository.findOutbound(caller.companyId, id);
    if (!order) {
      throw notFound();
    }
    const lines = await this.repository.outboundLines(caller.companyId, [id]);
    const [shipment] = await this.repository.shipments(caller.companyId, [id]);
    const customer = await this.repository.findCustomer(caller.companyId, order.customer_id);
    return {
      id: order.id,
      warehouseId: order.warehouse_id,
      customerId: order.customer_id,
      customerName: customer?.name ?? '',
      state: order.state as OutboundOrderItem['state'],
      serials: lines.flatMap((line) => (line.serial ? [line.serial] : [])),
      lines: lines.filter((line) => line.serial === null).map((line) => ({ itemId: line.item_id, quantity: line.quantity })),
      carrier: shipment?.carrier ?? null,
      trackingNo: shipment?.tracking_no ?? null,
      remarks: order.remarks,
      createdAt: Number(order.created_at),
      shippedAt: order.shipped_at === null ? null : Number(order.shipped_at),
    };
  }
}

/** Quantities summed per item, all in one warehouse. */
function perItem(warehouseId: number, lines: readonly { itemId: number; quantity: number }[]): ReservationLine[] {
  const sums = new Map<number, number>();
  for (const line of lines) {
    sums.set(line.itemId, (sums.get(line.itemId) ?? 0) + line.quantity);
  }
  return [...sums].map(([itemId, quantity]) => ({ itemId, warehouseId, quantity }));
}
