import type { AddProductionOrderRequest, CompleteProductionRequest, IdResponse, Page, ProductionListQuery, ProductionOrderItem, ProductionState } from '@smartdata/domain';
import type { Db } from '@server/platform/db/database';
import { notFound, validationError } from '@server/platform/errors';
import type { CabinCaller } from '../cabin/cabin.service';
import type { StockMovements } from '../inventory/stock.port';
import { ProductionRepository } from './production.repository';

/**
 * Production orders (issue 18, docs/inventory.md): planned → in progress → completed (or
 * cancelled while nothing is produced). Completing produces units: serials of a serialized item
 * become devices (status 0) received into the order's warehouse (status 1), in one transaction
 * with the order and the ledger.
 */
export class ProductionService {
  constructor(
    private readonly db: Db,
    private readonly repository: ProductionRepository,
    private readonly stock: StockMovements,
  ) {}

  async addOrder(caller: CabinCaller, request: AddProductionOrderRequest): Promise<IdResponse> {
    await this.stock.requireItem(caller.companyId, request.itemId);
    await this.stock.requireWarehouse(caller.companyId, request.warehouseId);
    return { id: await this.repository.insert({ companyId: caller.companyId, itemId: request.itemId, warehouseId: request.warehouseId, quantity: request.quantity, userId: caller.userId }) };
  }

  /** Produces units of the order (partial completions add up; more than the order needs is refused). */
  async complete(caller: CabinCaller, request: CompleteProductionRequest): Promise<ProductionOrderItem> {
    const order = await this.repository.find(caller.companyId, request.id);
    if (!order) {
      throw notFound();
    }
    if (order.state !== 'planned' && order.state !== 'inProgress') {
      throw validationError('inventory.production.state');
    }
    const item = await this.stock.requireItem(caller.companyId, order.item_id);
    const serials = request.serials ?? [];
    if (item.serialized && serials.length === 0) {
      throw validationError(`inventory.serialsForSerialized|${item.name}`);
    }
    if (!item.serialized && (serials.length > 0 || request.quantity === undefined)) {
      throw validationError(`inventory.quantityForPlain|${item.name}`);
    }
    const count = item.serialized ? serials.length : (request.quantity ?? 0);
    const units = item.serialized ? { serials } : { quantity: count };
    const deviceIds = await this.db.transaction().execute(async (trx) => {
      if (!(await ProductionRepository.in(trx).addProduced(caller.companyId, order.id, count))) {
        throw validationError(`inventory.production.tooMany|${order.quantity - order.produced}`);
      }
      return this.stock.receiveProduced(trx, caller, { kind: 'production', id: order.id }, item, order.warehouse_id, units);
    });
    await this.stock.devicesChanged(caller.companyId, deviceIds);
    return this.get(caller, order.id);
  }

  async cancel(caller: CabinCaller, id: number): Promise<void> {
    const order = await this.repository.find(caller.companyId, id);
    if (!order) {
      throw notFound();
    }
    if (!(await this.repository.cancel(caller.companyId, id))) {
      throw validationError(order.produced > 0 ? 'inventory.production.started' : 'inventory.production.state');
    }
  }

  async get(caller: CabinCaller, id: number): Promise<ProductionOrderItem> {
    const order = await this.repository.find(caller.companyId, id);
    if (!order) {
      throw notFound();
    }
    const item = await this.stock.requireItem(caller.companyId, order.item_id);
    return toOrderItem({ ...order, item_name: item.name });
  }

  async list(caller: CabinCaller, query: ProductionListQuery): Promise<Page<ProductionOrderItem>> {
    const { rows, total } = await this.repository.list(caller.companyId, query, query);
    return { list: rows.map(toOrderItem), total };
  }
}

function toOrderItem(row: { id: number; item_id: number; item_name: string; warehouse_id: number; quantity: number; produced: number; state: string; created_at: number; completed_at: number | null }): ProductionOrderItem {
  return {
    id: row.id,
    itemId: row.item_id,
    itemName: row.item_name,
    warehouseId: row.warehouse_id,
    quantity: row.quantity,
    produced: row.produced,
    state: row.state as ProductionState,
    createdAt: Number(row.created_at),
    completedAt: row.completed_at === null ? null : Number(row.completed_at),
  };
}
