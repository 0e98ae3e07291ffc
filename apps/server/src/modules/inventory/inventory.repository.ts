import { sql, type Selectable } from 'kysely';
import type { Db } from '@server/platform/db/database';
import type {
  InvCategoryTable,
  InvCustomerTable,
  InvItemTable,
  InvLedgerTable,
  InvOutboundLineTable,
  InvOutboundTable,
  InvReservationTable,
  InvSerialTable,
  InvShipmentTable,
  InvStockInTable,
  InvWarehouseTable,
} from '@server/platform/db/schema.inventory';
import { escapeLike } from '@server/platform/db/like';
import { scopedToCompany } from '@server/platform/db/tenancy';

export type CategoryRow = Selectable<InvCategoryTable>;
export type ItemRow = Selectable<InvItemTable>;
export type WarehouseRow = Selectable<InvWarehouseTable>;
export type CustomerRow = Selectable<InvCustomerTable>;
export type StockInRow = Selectable<InvStockInTable>;
export type OutboundRow = Selectable<InvOutboundTable>;
export type OutboundLineRow = Selectable<InvOutboundLineTable>;
export type ShipmentRow = Selectable<InvShipmentTable>;
export type LedgerRow = Selectable<InvLedgerTable>;
export type SerialRow = Selectable<InvSerialTable>;
export type NewLedgerRow = Omit<LedgerRow, 'id'>;
export type NewReservationRow = Omit<Selectable<InvReservationTable>, 'id'>;

type Page = { pageNum: number; pageSize: number };
const pageOf = (page: Page) => ({ limit: page.pageSize, offset: (page.pageNum - 1) * page.pageSize });
const likeOf = (keyword: string) => sql<boolean>`lower(name) like ${`%${escapeLike(keyword.toLowerCase())}%`} escape '\\'`;

/**
 * Every query of the inventory module's tables (master data, stock documents, the ledger, the
 * stock, the serials' places), scoped to the company. The ledger is only ever inserted into.
 */
export class InventoryRepository {
  constructor(private readonly db: Db) {}

  static in(trx: Db): InventoryRepository {
    return new InventoryRepository(trx);
  }

  // ---- master data ----

  findCategory(companyId: number, id: number): Promise<CategoryRow | undefined> {
    return this.db.selectFrom('inv_category').selectAll().where(scopedToCompany('inv_category', companyId)).where('id', '=', id).executeTakeFirst();
  }

  categories(companyId: number): Promise<CategoryRow[]> {
    return this.db.selectFrom('inv_category').selectAll().where(scopedToCompany('inv_category', companyId)).orderBy('id').execute();
  }

  async insertCategory(companyId: number, name: string, parentId: number | null): Promise<number> {
    return (await this.db.insertInto('inv_category').values({ company_id: companyId, name, parent_id: parentId, created_at: Date.now() }).returning('id').executeTakeFirstOrThrow()).id;
  }

  findItem(companyId: number, id: number): Promise<ItemRow | undefined> {
    return this.db.selectFrom('inv_item').selectAll().where(scopedToCompany('inv_item', companyId)).where('id', '=', id).executeTakeFirst();
  }

  itemsByIds(companyId: number, ids: readonly number[]): Promise<ItemRow[]> {
    if (ids.length === 0) {
      return Promise.resolve([]);
    }
    return this.db.selectFrom('inv_item').selectAll().where(scopedToCompany('inv_item', companyId)).where('id', 'in', [...ids]).execute();
  }

  async insertItem(values: { companyId: number; name: string; categoryId: number | null; serialized: boolean; unit: string }): Promise<number> {
    const row = await this.db
      .insertInto('inv_item')
      .values({ company_id: values.companyId, name: values.name, category_id: values.categoryId, serialized: values.serialized ? 1 : 0, unit: values.unit, created_at: Date.now() })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  async listItems(companyId: number, filter: { keyword?: string; categoryIds?: number[]; serialized?: boolean }, page: Page): Promise<{ rows: ItemRow[]; total: number }> {
    let query = this.db.selectFrom('inv_item').where(scopedToCompany('inv_item', companyId));
    if (filter.keyword) {
      query = query.where(likeOf(filter.keyword));
    }
    if (filter.categoryIds) {
      query = filter.categoryIds.length === 0 ? query.where(sql<boolean>`1 = 0`) : query.where('category_id', 'in', filter.categoryIds);
    }
    if (filter.serialized !== undefined) {
      query = query.where('serialized', '=', filter.serialized ? 1 : 0);
    }
    const { limit, offset } = pageOf(page);
    const [rows, total] = await Promise.all([query.selectAll().orderBy('id', 'desc').limit(limit).offset(offset).execute(), query.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()]);
    return { rows, total: Number(total.n) };
  }

  findWarehouse(companyId: number, id: number): Promise<WarehouseRow | undefined> {
    return this.db.selectFrom('inv_warehouse').selectAll().where(scopedToCompany('inv_warehouse', companyId)).where('id', '=', id).executeTakeFirst();
  }

  async insertWarehouse(companyId: number, name: string, kind: string): Promise<number> {
    return (await this.db.insertInto('inv_warehouse').values({ company_id: companyId, name, kind, created_at: Date.now() }).returning('id').executeTakeFirstOrThrow()).id;
  }

  async listWarehouses(companyId: number, filter: { keyword?: string }, page: Page): Promise<{ rows: WarehouseRow[]; total: number }> {
    let query = this.db.selectFrom('inv_warehouse').where(scopedToCompany('inv_warehouse', companyId));
    if (filter.keyword) {
      query = query.where(likeOf(filter.keyword));
    }
    const { limit, offset } = pageOf(page);
    const [rows, total] = await Promise.all([query.selectAll().orderBy('id', 'desc').limit(limit).offset(offset).execute(), query.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()]);
    return { rows, total: Number(total.n) };
  }

  findCustomer(companyId: number, id: number): Promise<CustomerRow | undefined> {
    return this.db.selectFrom('inv_customer').selectAll().where(scopedToCompany('inv_customer', companyId)).where('id', '=', id).executeTakeFirst();
  }

  customerNamed(companyId: number, name: string): Promise<CustomerRow | undefined> {
    return this.db.selectFrom('inv_customer').selectAll().where(scopedToCompany('inv_customer', companyId)).where('name', '=', name).executeTakeFirst();
  }

  async insertCustomer(values: { companyId: number; name: string; contact: string; phone: string }): Promise<number> {
    const row = await this.db
      .insertInto('inv_customer')
      .values({ company_id: values.companyId, name: values.name, contact: values.contact, phone: values.phone, created_at: Date.now() })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  /** The customer of that name, added when there is none (two documents naming a new customer at once get the same one). */
  async ensureCustomer(companyId: number, name: string): Promise<number> {
    await this.db
      .insertInto('inv_customer')
      .values({ company_id: companyId, name, contact: '', phone: '', created_at: Date.now() })
      .onConflict((oc) => oc.columns(['company_id', 'name']).doNothing())
      .execute();
    return (await this.customerNamed(companyId, name))!.id;
  }

  customersByIds(companyId: number, ids: readonly number[]): Promise<CustomerRow[]> {
    if (ids.length === 0) {
      return Promise.resolve([]);
    }
    return this.db.selectFrom('inv_customer').selectAll().where(scopedToCompany('inv_customer', companyId)).where('id', 'in', [...ids]).execute();
  }

  /** Ids of the company's customers whose name contains `keyword` (other modules search by customer name). */
  async customerIdsMatching(companyId: number, keyword: string): Promise<number[]> {
    const rows = await this.db.selectFrom('inv_customer').select('id').where(scopedToCompany('inv_customer', companyId)).where(likeOf(keyword)).limit(1000).execute();
    return rows.map((row) => row.id);
  }

  async listCustomers(companyId: number, filter: { keyword?: string }, page: Page): Promise<{ rows: CustomerRow[]; total: number }> {
    let query = this.db.selectFrom('inv_customer').where(scopedToCompany('inv_customer', companyId));
    if (filter.keyword) {
      query = query.where(likeOf(filter.keyword));
    }
    const { limit, offset } = pageOf(page);
    const [rows, total] = await Promise.all([query.selectAll().orderBy('id', 'desc').limit(limit).offset(offset).execute(), query.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()]);
    return { rows, total: Number(total.n) };
  }

  async allowNegativeStock(companyId: number): Promise<boolean> {
    const row = await this.db.selectFrom('inv_setting').select('allow_negative_stock').where(scopedToCompany('inv_setting', companyId)).executeTakeFirst();
    return row?.allow_negative_stock === 1;
  }

  async saveSettings(companyId: number, allowNegativeStock: boolean): Promise<void> {
    const value = allowNegativeStock ? 1 : 0;
    const now = Date.now();
    await this.db
      .insertInto('inv_setting')
      .values({ company_id: companyId, allow_negative_stock: value, updated_at: now })
      .onConflict((oc) => oc.column('company_id').doUpdateSet({ allow_negative_stock: value, updated_at: now }))
      .execute();
  }

  // ---- stock documents ----

  async insertStockIn(companyId: number, warehouseId: number, userId: number): Promise<number> {
    return (await this.db.insertInto('inv_stock_in').values({ company_id: companyId, warehouse_id: warehouseId, state: 'done', created_by: userId, created_at: Date.now(), cancelled_at: null }).returning('id').executeTakeFirstOrThrow()).id;
  }

  findStockIn(companyId: number, id: number): Promise<StockInRow | undefined> {
    return this.db.selectFrom('inv_stock_in').selectAll().where(scopedToCompany('inv_stock_in', companyId)).where('id', '=', id).executeTakeFirst();
  }

  /** Marks a document cancelled while it is still in `state`; answers whether it was. */
  async cancelStockIn(companyId: number, id: number): Promise<boolean> {
    const result = await this.db.updateTable('inv_stock_in').set({ state: 'cancelled', cancelled_at: Date.now() }).where(scopedToCompany('inv_stock_in', companyId)).where('id', '=', id).where('state', '=', 'done').executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  async insertOutbound(values: { companyId: number; warehouseId: number; customerId: number; remarks: string; userId: number; salesOrderId: number | null }): Promise<number> {
    const row = await this.db
      .insertInto('inv_outbound')
      .values({
        company_id: values.companyId,
        warehouse_id: values.warehouseId,
        customer_id: values.customerId,
        state: 'open',
        remarks: values.remarks,
        created_by: values.userId,
        created_at: Date.now(),
        shipped_at: null,
        cancelled_at: null,
        sales_order_id: values.salesOrderId,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  async insertOutboundLines(rows: readonly Omit<OutboundLineRow, 'id'>[]): Promise<void> {
    if (rows.length > 0) {
      await this.db.insertInto('inv_outbound_line').values([...rows]).execute();
    }
  }

  findOutbound(companyId: number, id: number): Promise<OutboundRow | undefined> {
    return this.db.selectFrom('inv_outbound').selectAll().where(scopedToCompany('inv_outbound', companyId)).where('id', '=', id).executeTakeFirst();
  }

  outboundLines(companyId: number, outboundIds: readonly number[]): Promise<OutboundLineRow[]> {
    if (outboundIds.length === 0) {
      return Promise.resolve([]);
    }
    return this.db.selectFrom('inv_outbound_line').selectAll().where(scopedToCompany('inv_outbound_line', companyId)).where('outbound_id', 'in', [...outboundIds]).orderBy('id').execute();
  }

  /** The outbound orders made for a sales order, oldest first. */
  outboundsOfSalesOrder(companyId: number, salesOrderId: number): Promise<{ id: number; state: string }[]> {
    return this.db.selectFrom('inv_outbound').select(['id', 'state']).where(scopedToCompany('inv_outbound', companyId)).where('sales_order_id', '=', salesOrderId).orderBy('id').execute();
  }

  /** Moves an outbound order from open to `state`; answers whether it was open. */
  async closeOutbound(companyId: number, id: number, state: 'shipped' | 'cancelled'): Promise<boolean> {
    const now = Date.now();
    const result = await this.db
      .updateTable('inv_outbound')
      .set(state === 'shipped' ? { state, shipped_at: now } : { state, cancelled_at: now })
      .where(scopedToCompany('inv_outbound', companyId))
      .where('id', '=', id)
      .where('state', '=', 'open')
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  async insertShipment(values: { companyId: number; outboundId: number; carrier: string; trackingNo: string; userId: number }): Promise<void> {
    await this.db
      .insertInto('inv_shipment')
      .values({ company_id: values.companyId, outbound_id: values.outboundId, carrier: values.carrier, tracking_no: values.trackingNo, created_by: values.userId, created_at: Date.now() })
      .execute();
  }

  shipments(companyId: number, outboundIds: readonly number[]): Promise<ShipmentRow[]> {
    if (outboundIds.length === 0) {
      return Promise.resolve([]);
    }
    return this.db.selectFrom('inv_shipment').selectAll().where(scopedToCompany('inv_shipment', companyId)).where('outbound_id', 'in', [...outboundIds]).execute();
  }

  /** Outbound orders with their customer's name, newest first; `keyword` searches the customer. */
  async listOutbound(companyId: number, filter: { keyword?: string; state?: string }, page: Page) {
    let query = this.db.selectFrom('inv_outbound as o').innerJoin('inv_customer as c', 'c.id', 'o.customer_id').where('o.company_id', '=', companyId);
    if (filter.keyword) {
      query = query.where(sql<boolean>`lower(c.name) like ${`%${escapeLike(filter.keyword.toLowerCase())}%`} escape '\\'`);
    }
    if (filter.state) {
      query = query.where('o.state', '=', filter.state);
    }
    const { limit, offset } = pageOf(page);
    const [rows, total] = await Promise.all([
      query.selectAll('o').select('c.name as customer_name').orderBy('o.id', 'desc').limit(limit).offset(offset).execute(),
      query.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    ]);
    return { rows, total: Number(total.n) };
  }

  async insertReturn(companyId: number, warehouseId: number, remarks: string, userId: number): Promise<number> {
    return (await this.db.insertInto('inv_return').values({ company_id: companyId, warehouse_id: warehouseId, remarks, created_by: userId, created_at: Date.now() }).returning('id').executeTakeFirstOrThrow()).id;
  }

  // ---- ledger, stock, serials ----

  async insertLedger(rows: readonly NewLedgerRow[]): Promise<void> {
    if (rows.length > 0) {
      await this.db.insertInto('inv_ledger').values([...rows]).execute();
    }
  }

  ledgerOf(companyId: number, documentKind: string, documentId: number): Promise<LedgerRow[]> {
    return this.db.selectFrom('inv_ledger').selectAll().where(scopedToCompany('inv_ledger', companyId)).where('document_kind', '=', documentKind).where('document_id', '=', documentId).orderBy('id').execute();
  }

  async listLedger(companyId: number, filter: { itemId?: number; warehouseId?: number; serial?: string; documentKind?: string }, page: Page): Promise<{ rows: LedgerRow[]; total: number }> {
    let query = this.db.selectFrom('inv_ledger').where(scopedToCompany('inv_ledger', companyId));
    if (filter.itemId !== undefined) {
      query = query.where('item_id', '=', filter.itemId);
    }
    if (filter.warehouseId !== undefined) {
      query = query.where('warehouse_id', '=', filter.warehouseId);
    }
    if (filter.serial) {
      query = query.where(sql<boolean>`lower(serial) = ${filter.serial.toLowerCase()}`);
    }
    if (filter.documentKind) {
      query = query.where('document_kind', '=', filter.documentKind);
    }
    const { limit, offset } = pageOf(page);
    const [rows, total] = await Promise.all([query.selectAll().orderBy('id', 'desc').limit(limit).offset(offset).execute(), query.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()]);
    return { rows, total: Number(total.n) };
  }

  /** Adds `delta` to the stock of an item in a warehouse (row locked until commit); answers the new quantity and what is reserved of it. */
  async addStock(companyId: number, itemId: number, warehouseId: number, delta: number): Promise<{ quantity: number; reserved: number }> {
    const row = await this.db
      .insertInto('inv_stock')
      .values({ company_id: companyId, item_id: itemId, warehouse_id: warehouseId, quantity: delta })
      .onConflict((oc) => oc.columns(['company_id', 'item_id', 'warehouse_id']).doUpdateSet({ quantity: sql<number>`inv_stock.quantity + ${delta}` }))
      .returning(['quantity', 'reserved'])
      .executeTakeFirstOrThrow();
    return { quantity: Number(row.quantity), reserved: Number(row.reserved) };
  }

  /**
   * Reserves `quantity` of an item in a warehouse while that much is available (on hand − reserved):
   * one conditional update, so two confirmations at once never hold more than is there.
   */
  async reserve(companyId: number, itemId: number, warehouseId: number, quantity: number): Promise<boolean> {
    const result = await this.db
      .updateTable('inv_stock')
      .set({ reserved: sql<number>`reserved + ${quantity}` })
      .where(scopedToCompany('inv_stock', companyId))
      .where('item_id', '=', itemId)
      .where('warehouse_id', '=', warehouseId)
      .where(sql<boolean>`quantity - reserved >= ${quantity}`)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  /** Gives back `quantity` of a reservation while at least that much is reserved; answers whether it was. */
  async unreserve(companyId: number, itemId: number, warehouseId: number, quantity: number): Promise<boolean> {
    const result = await this.db
      .updateTable('inv_stock')
      .set({ reserved: sql<number>`reserved - ${quantity}` })
      .where(scopedToCompany('inv_stock', companyId))
      .where('item_id', '=', itemId)
      .where('warehouse_id', '=', warehouseId)
      .where('reserved', '>=', quantity)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  /** Puts `quantity` back into a reservation (a cancelled outbound order of a sales order). */
  async addReserved(companyId: number, itemId: number, warehouseId: number, quantity: number): Promise<void> {
    await this.db
      .updateTable('inv_stock')
      .set({ reserved: sql<number>`reserved + ${quantity}` })
      .where(scopedToCompany('inv_stock', companyId))
      .where('item_id', '=', itemId)
      .where('warehouse_id', '=', warehouseId)
      .execute();
  }

  async insertReservations(rows: readonly NewReservationRow[]): Promise<void> {
    if (rows.length > 0) {
      await this.db.insertInto('inv_reservation').values([...rows]).execute();
    }
  }

  stockRow(companyId: number, itemId: number, warehouseId: number) {
    return this.db.selectFrom('inv_stock').select(['quantity', 'reserved']).where(scopedToCompany('inv_stock', companyId)).where('item_id', '=', itemId).where('warehouse_id', '=', warehouseId).executeTakeFirst();
  }

  stock(companyId: number, filter: { itemId?: number; warehouseId?: number }) {
    let query = this.db.selectFrom('inv_stock').select(['item_id', 'warehouse_id', 'quantity', 'reserved']).where(scopedToCompany('inv_stock', companyId));
    if (filter.itemId !== undefined) {
      query = query.where('item_id', '=', filter.itemId);
    }
    if (filter.warehouseId !== undefined) {
      query = query.where('warehouse_id', '=', filter.warehouseId);
    }
    return query.orderBy('item_id').orderBy('warehouse_id').execute();
  }

  /** The ledger summed per item and warehouse (checks and tests: it must equal the stock). */
  ledgerSums(companyId: number) {
    return this.db
      .selectFrom('inv_ledger')
      .select(['item_id', 'warehouse_id', (eb) => eb.fn.sum<number>('quantity').as('quantity')])
      .where(scopedToCompany('inv_ledger', companyId))
      .groupBy(['item_id', 'warehouse_id'])
      .execute();
  }

  serialsBySn(companyId: number, serials: readonly string[]): Promise<SerialRow[]> {
    if (serials.length === 0) {
      return Promise.resolve([]);
    }
    return this.db
      .selectFrom('inv_serial')
      .selectAll()
      .where(scopedToCompany('inv_serial', companyId))
      .where(sql<boolean>`lower(serial) in (${sql.join(serials.map((s) => s.toLowerCase()))})`)
      .execute();
  }

  serialsOfDevices(companyId: number, deviceIds: readonly number[]): Promise<SerialRow[]> {
    if (deviceIds.length === 0) {
      return Promise.resolve([]);
    }
    return this.db.selectFrom('inv_serial').selectAll().where(scopedToCompany('inv_serial', companyId)).where('device_id', 'in', [...deviceIds]).execute();
  }

  /** Puts serials in a place; the primary key refuses a serial that already has one. */
  async placeSerials(rows: readonly Omit<SerialRow, 'updated_at'>[]): Promise<void> {
    if (rows.length > 0) {
      const now = Date.now();
      await this.db.insertInto('inv_serial').values(rows.map((row) => ({ ...row, updated_at: now }))).execute();
    }
  }

  async moveSerials(companyId: number, serials: readonly string[], place: { warehouseId: number | null; outboundId: number | null }): Promise<void> {
    if (serials.length > 0) {
      await this.db
        .updateTable('inv_serial')
        .set({ warehouse_id: place.warehouseId, outbound_id: place.outboundId, updated_at: Date.now() })
        .where(scopedToCompany('inv_serial', companyId))
        .where('serial', 'in', [...serials])
        .execute();
    }
  }

  async removeSerials(companyId: number, serials: readonly string[]): Promise<void> {
    if (serials.length > 0) {
      await this.db.deleteFrom('inv_serial').where(scopedToCompany('inv_serial', companyId)).where('serial', 'in', [...serials]).execute();
    }
  }

  /** Every serial's place (tests: a serial is in at most one place, and each warehouse's count is its stock). */
  allSerials(companyId: number): Promise<SerialRow[]> {
    return this.db.selectFrom('inv_serial').selectAll().where(scopedToCompany('inv_serial', companyId)).execute();
  }
}
