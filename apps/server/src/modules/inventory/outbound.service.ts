import type { AddOutboundRequest, IdResponse, OutboundListQuery, OutboundOrderItem, Page, ShipRequest, StockLine } from '@smartdata/domain';
import type { Db } from '@server/platform/db/database';
import { notFound, validationError } from '@server/platform/errors';
import type { CabinCaller } from '../cabin/cabin.service';
import type { DeviceLifecycle, StockDevice } from '../devices/deviceLifecycle.port';
import { InventoryRepository, type OutboundLineRow } from './inventory.repository';
import type { MasterDataService } from './masterData.service';
import type { ReservationsService } from './reservations.service';
import type { ReservationLine, SalesOutboundClosed, TakeFromOrder } from './salesStock.port';
import { lower, perItem, type StockLedger } from './stockLedger';

/**
 * Outbound orders (issue 18, docs/inventory.md): devices stored in a warehouse go on an order
 * (1 → 2) and, with its plain lines, leave the stock; shipping sends them out (2 → 3); cancelling
 * an open order puts them back (2 → 1). An order made for a sales order consumes that order's
 * reservation, and sales hears (in the same transaction) when it ships or is cancelled.
 */
export class OutboundService {
  private readonly salesOutboundHandlers: ((on: Db, caller: CabinCaller, event: SalesOutboundClosed) => Promise<void>)[] = [];

  constructor(
    private readonly db: Db,
    private readonly repository: InventoryRepository,
    private readonly ledger: StockLedger,
    private readonly masterData: MasterDataService,
    private readonly reservations: ReservationsService,
    private readonly devices: DeviceLifecycle,
  ) {}

  /**
   * An outbound order: its devices (each in that warehouse) go from stored to on the order (1 → 2)
   * and, with its non-serialized lines, leave the warehouse's stock. Stock reserved for sales
   * orders cannot be taken (an order's own outbound goes through `addOutboundForOrder`).
   */
  async addOutbound(caller: CabinCaller, request: AddOutboundRequest): Promise<IdResponse> {
    await this.masterData.requireWarehouse(caller.companyId, request.warehouseId);
    const { id, deviceIds } = await this.db.transaction().execute(async (trx) => {
      const customerId = await this.masterData.customerOf(trx, caller.companyId, request.customer);
      return this.writeOutbound(trx, caller, { warehouseId: request.warehouseId, customerId, serials: request.serials, lines: request.lines ?? [], remarks: request.remarks ?? '' }, null);
    });
    await this.ledger.devicesChanged(caller.companyId, deviceIds);
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
    await this.ledger.plainLines(repository, caller.companyId, lines);
    const places = new Map((await repository.serialsBySn(caller.companyId, request.serials)).map((row) => [lower(row.serial), row]));
    const devices = await this.ledger.devicesOf(trx, caller.companyId, request.serials);
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
      await this.reservations.record(repository, caller, sales.salesOrderId, id, 'outbound', taken.map((line) => ({ ...line, quantity: -line.quantity })));
    }
    await this.ledger.post(repository, caller, document, [
      ...serialRows.map((row) => ({ itemId: row.item_id, warehouseId: request.warehouseId, serial: row.serial, quantity: -1 })),
      ...lines.map((l) => ({ itemId: l.itemId, warehouseId: request.warehouseId, serial: null, quantity: -l.quantity })),
    ]);
    return { id, deviceIds: devices.map((d) => d.id) };
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
      devices = await this.ledger.devicesOf(trx, caller.companyId, serials);
      await this.devices.move(trx, caller, devices, 'shipment', { kind: 'outbound', id: request.id });
      if (!(await repository.closeOutbound(caller.companyId, request.id, 'shipped'))) {
        throw validationError('inventory.outbound.state');
      }
      await repository.insertShipment({ companyId: caller.companyId, outboundId: request.id, carrier: request.carrier, trackingNo: request.trackingNo, userId: caller.userId });
      await repository.removeSerials(caller.companyId, serials);
      await this.salesOutboundClosed(trx, caller, order, lines, 'shipped');
    });
    await this.ledger.devicesChanged(caller.companyId, devices.map((d) => d.id));
  }

  /**
   * Cancels an open outbound order by reversing it (never by editing): its devices go back on the
   * shelf (2 → 1) and its stock back; an order of a sales order gives its quantities back to the
   * order's reservation.
   */
  async cancelOutbound(caller: CabinCaller, id: number): Promise<void> {
    let devices: StockDevice[] = [];
    await this.db.transaction().execute(async (trx) => {
      const repository = InventoryRepository.in(trx);
      const ledger = await repository.ledgerOf(caller.companyId, 'outbound', id);
      const document = { kind: 'outbound' as const, id };
      const order = await this.openOutbound(repository, caller.companyId, id);
      const lines: OutboundLineRow[] = await repository.outboundLines(caller.companyId, [id]);
      const serials = lines.flatMap((line) => (line.serial ? [line.serial] : []));
      devices = await this.ledger.devicesOf(trx, caller.companyId, serials);
      await this.devices.move(trx, caller, devices, 'outboundCancel', document);
      await repository.closeOutbound(caller.companyId, id, 'cancelled');
      await repository.moveSerials(caller.companyId, serials, { warehouseId: order.warehouse_id, outboundId: null });
      const taken = await this.salesOutboundClosed(trx, caller, order, lines, 'cancelled');
      await this.ledger.reverse(repository, caller, document, ledger);
      if (order.sales_order_id !== null) {
        for (const line of taken) {
          await repository.addReserved(caller.companyId, line.itemId, line.warehouseId, line.quantity);
        }
        await this.reservations.record(repository, caller, order.sales_order_id, id, 'outboundCancel', taken);
      }
    });
    await this.ledger.devicesChanged(caller.companyId, devices.map((d) => d.id));
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
