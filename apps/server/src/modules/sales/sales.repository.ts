import { sql, type Selectable } from 'kysely';
import type { Db } from '@server/platform/db/database';
import type { SlContractFileTable, SlContractTable, SlOrderLineTable, SlOrderTable } from '@server/platform/db/schema.sales';
import { escapeLike } from '@server/platform/db/like';
import { scopedToCompany } from '@server/platform/db/tenancy';

export type ContractRow = Selectable<SlContractTable>;
export type ContractFileRow = Selectable<SlContractFileTable>;
export type OrderRow = Selectable<SlOrderTable>;
export type OrderLineRow = Selectable<SlOrderLineTable>;

type Page = { pageNum: number; pageSize: number };
const pageOf = (page: Page) => ({ limit: page.pageSize, offset: (page.pageNum - 1) * page.pageSize });
const containing = (column: string, keyword: string) => sql<boolean>`lower(${sql.ref(column)}) like ${`%${escapeLike(keyword.toLowerCase())}%`} escape '\\'`;
const changed = (result: { numUpdatedRows: bigint }) => Number(result.numUpdatedRows) > 0;

export interface ContractValues {
  number: string;
  customerId: number;
  title: string;
  signedDate: string | null;
  startDate: string | null;
  endDate: string | null;
  amountCents: number;
  remarks: string;
}

export interface OrderValues {
  number: string;
  customerId: number;
  contractId: number | null;
  serviceEndDate: string | null;
  remarks: string;
}

export interface LineValues {
  itemId: number;
  warehouseId: number;
  quantity: number;
}

const contractColumns = (values: ContractValues) => ({
  number: values.number,
  customer_id: values.customerId,
  title: values.title,
  signed_date: values.signedDate,
  start_date: values.startDate,
  end_date: values.endDate,
  amount_cents: values.amountCents,
  remarks: values.remarks,
});

const orderColumns = (values: OrderValues) => ({ number: values.number, customer_id: values.customerId, contract_id: values.contractId, service_end_date: values.serviceEndDate, remarks: values.remarks });

/**
 * Every query of the sales tables (contracts, their files, orders, their lines), scoped to the
 * company. State changes are conditional on the state the caller read (`where state in …`), so
 * two requests at once move a document once.
 */
export class SalesRepository {
  constructor(private readonly db: Db) {}

  static in(trx: Db): SalesRepository {
    return new SalesRepository(trx);
  }

  /** How many numbers of the company start with `prefix` (the next automatic number counts on). */
  async countNumbers(table: 'sl_contract' | 'sl_order', companyId: number, prefix: string): Promise<number> {
    const row = await this.db
      .selectFrom(table)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where(scopedToCompany(table, companyId))
      .where(sql<boolean>`number like ${`${escapeLike(prefix)}%`} escape '\\'`)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  // ---- contracts ----

  async insertContract(companyId: number, userId: number, values: ContractValues): Promise<number> {
    const now = Date.now();
    const row = await this.db
      .insertInto('sl_contract')
      .values({ company_id: companyId, ...contractColumns(values), state: 'draft', created_by: userId, created_at: now, updated_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  findContract(companyId: number, id: number): Promise<ContractRow | undefined> {
    return this.db.selectFrom('sl_contract').selectAll().where(scopedToCompany('sl_contract', companyId)).where('id', '=', id).executeTakeFirst();
  }

  /** Rewrites a draft contract; answers whether it was still a draft. */
  async updateDraftContract(companyId: number, id: number, values: ContractValues): Promise<boolean> {
    const result = await this.db
      .updateTable('sl_contract')
      .set({ ...contractColumns(values), updated_at: Date.now() })
      .where(scopedToCompany('sl_contract', companyId))
      .where('id', '=', id)
      .where('state', '=', 'draft')
      .executeTakeFirst();
    return changed(result);
  }

  async setContractEnd(companyId: number, id: number, from: readonly string[], endDate: string): Promise<boolean> {
    const result = await this.db
      .updateTable('sl_contract')
      .set({ end_date: endDate, updated_at: Date.now() })
      .where(scopedToCompany('sl_contract', companyId))
      .where('id', '=', id)
      .where('state', 'in', [...from])
      .executeTakeFirst();
    return changed(result);
  }

  /** Moves a contract from one of `from` to `to` (with `set`); answers whether it did. */
  async moveContract(companyId: number, id: number, from: readonly string[], to: string, set: { signed_date?: string } = {}): Promise<boolean> {
    const result = await this.db
      .updateTable('sl_contract')
      .set({ ...set, state: to, updated_at: Date.now() })
      .where(scopedToCompany('sl_contract', companyId))
      .where('id', '=', id)
      .where('state', 'in', [...from])
      .executeTakeFirst();
    return changed(result);
  }

  async listContracts(companyId: number, filter: { keyword?: string; customerIds?: number[]; state?: string; customerId?: number }, page: Page): Promise<{ rows: ContractRow[]; total: number }> {
    let query = this.db.selectFrom('sl_contract').where(scopedToCompany('sl_contract', companyId));
    if (filter.keyword) {
      const keyword = filter.keyword;
      const customers = filter.customerIds ?? [];
      query = query.where((eb) => eb.or([containing('number', keyword), containing('title', keyword), ...(customers.length > 0 ? [eb('customer_id', 'in', customers)] : [])]));
    }
    if (filter.state) {
      query = query.where('state', '=', filter.state);
    }
    if (filter.customerId !== undefined) {
      query = query.where('customer_id', '=', filter.customerId);
    }
    const { limit, offset } = pageOf(page);
    const [rows, total] = await Promise.all([query.selectAll().orderBy('id', 'desc').limit(limit).offset(offset).execute(), query.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()]);
    return { rows, total: Number(total.n) };
  }

  contractFiles(companyId: number, contractIds: readonly number[]): Promise<ContractFileRow[]> {
    if (contractIds.length === 0) {
      return Promise.resolve([]);
    }
    return this.db.selectFrom('sl_contract_file').selectAll().where(scopedToCompany('sl_contract_file', companyId)).where('contract_id', 'in', [...contractIds]).orderBy('id').execute();
  }

  fileByKey(objectKey: string): Promise<ContractFileRow | undefined> {
    return this.db.selectFrom('sl_contract_file').selectAll().where('object_key', '=', objectKey).executeTakeFirst();
  }

  async insertContractFile(values: Omit<ContractFileRow, 'id'>): Promise<void> {
    await this.db.insertInto('sl_contract_file').values(values).execute();
  }

  async deleteContractFile(companyId: number, contractId: number, objectKey: string): Promise<boolean> {
    const result = await this.db.deleteFrom('sl_contract_file').where(scopedToCompany('sl_contract_file', companyId)).where('contract_id', '=', contractId).where('object_key', '=', objectKey).executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }

  /** Orders of a contract that are still open (not closed or cancelled). */
  openOrdersOfContract(companyId: number, contractId: number): Promise<{ id: number; number: string }[]> {
    return this.db
      .selectFrom('sl_order')
      .select(['id', 'number'])
      .where(scopedToCompany('sl_order', companyId))
      .where('contract_id', '=', contractId)
      .where('state', 'not in', ['closed', 'cancelled'])
      .orderBy('id')
      .execute();
  }

  // ---- orders ----

  async insertOrder(companyId: number, userId: number, values: OrderValues, lines: readonly LineValues[]): Promise<number> {
    const now = Date.now();
    const row = await this.db
      .insertInto('sl_order')
      .values({ company_id: companyId, ...orderColumns(values), state: 'draft', created_by: userId, created_at: now, updated_at: now, confirmed_at: null, closed_at: null })
      .returning('id')
      .executeTakeFirstOrThrow();
    await this.insertLines(companyId, row.id, lines);
    return row.id;
  }

  private async insertLines(companyId: number, orderId: number, lines: readonly LineValues[]): Promise<void> {
    if (lines.length > 0) {
      await this.db
        .insertInto('sl_order_line')
        .values(lines.map((line) => ({ company_id: companyId, order_id: orderId, item_id: line.itemId, warehouse_id: line.warehouseId, quantity: line.quantity, reserved: 0, on_outbound: 0, shipped: 0 })))
        .execute();
    }
  }

  /** Rewrites a draft order and replaces its lines; answers whether it was still a draft. */
  async updateDraftOrder(companyId: number, id: number, values: OrderValues, lines: readonly LineValues[]): Promise<boolean> {
    const result = await this.db
      .updateTable('sl_order')
      .set({ ...orderColumns(values), updated_at: Date.now() })
      .where(scopedToCompany('sl_order', companyId))
      .where('id', '=', id)
      .where('state', '=', 'draft')
      .executeTakeFirst();
    if (!changed(result)) {
      return false;
    }
    await this.db.deleteFrom('sl_order_line').where(scopedToCompany('sl_order_line', companyId)).where('order_id', '=', id).execute();
    await this.insertLines(companyId, id, lines);
    return true;
  }

  findOrder(companyId: number, id: number): Promise<OrderRow | undefined> {
    return this.db.selectFrom('sl_order').selectAll().where(scopedToCompany('sl_order', companyId)).where('id', '=', id).executeTakeFirst();
  }

  orderLines(companyId: number, orderIds: readonly number[]): Promise<OrderLineRow[]> {
    if (orderIds.length === 0) {
      return Promise.resolve([]);
    }
    return this.db.selectFrom('sl_order_line').selectAll().where(scopedToCompany('sl_order_line', companyId)).where('order_id', 'in', [...orderIds]).orderBy('id').execute();
  }

  /**
   * Moves an order from one of `from` to `to`; answers whether it did. Also the lock of an order
   * (to = its own state): on PostgreSQL the row stays locked until the transaction ends.
   */
  async moveOrder(companyId: number, id: number, from: readonly string[], to: string | null, stamp: { confirmed_at?: number; closed_at?: number } = {}): Promise<boolean> {
    const result = await this.db
      .updateTable('sl_order')
      .set(to === null ? { ...stamp, updated_at: Date.now() } : { ...stamp, state: to, updated_at: Date.now() })
      .where(scopedToCompany('sl_order', companyId))
      .where('id', '=', id)
      .where('state', 'in', [...from])
      .executeTakeFirst();
    return changed(result);
  }

  async setServiceEnd(companyId: number, id: number, from: readonly string[], serviceEndDate: string): Promise<boolean> {
    const result = await this.db
      .updateTable('sl_order')
      .set({ service_end_date: serviceEndDate, updated_at: Date.now() })
      .where(scopedToCompany('sl_order', companyId))
      .where('id', '=', id)
      .where('state', 'in', [...from])
      .executeTakeFirst();
    return changed(result);
  }

  /** Every line of a just-confirmed order holds its whole quantity. */
  async reserveAllLines(companyId: number, orderId: number): Promise<void> {
    await this.db
      .updateTable('sl_order_line')
      .set({ reserved: sql<number>`quantity` })
      .where(scopedToCompany('sl_order_line', companyId))
      .where('order_id', '=', orderId)
      .execute();
  }

  async releaseAllLines(companyId: number, orderId: number): Promise<void> {
    await this.db.updateTable('sl_order_line').set({ reserved: 0 }).where(scopedToCompany('sl_order_line', companyId)).where('order_id', '=', orderId).execute();
  }

  /** Moves `quantity` of a line from reserved to on an outbound order while that much is reserved. */
  async takeForOutbound(companyId: number, lineId: number, quantity: number): Promise<boolean> {
    const result = await this.db
      .updateTable('sl_order_line')
      .set({ reserved: sql<number>`reserved - ${quantity}`, on_outbound: sql<number>`on_outbound + ${quantity}` })
      .where(scopedToCompany('sl_order_line', companyId))
      .where('id', '=', lineId)
      .where('reserved', '>=', quantity)
      .executeTakeFirst();
    return changed(result);
  }

  /** An outbound order of the line shipped (`shipped`) or was cancelled (back to reserved). */
  async outboundClosed(companyId: number, orderId: number, line: LineValues, state: 'shipped' | 'cancelled'): Promise<boolean> {
    const back = state === 'shipped' ? { shipped: sql<number>`shipped + ${line.quantity}` } : { reserved: sql<number>`reserved + ${line.quantity}` };
    const result = await this.db
      .updateTable('sl_order_line')
      .set({ ...back, on_outbound: sql<number>`on_outbound - ${line.quantity}` })
      .where(scopedToCompany('sl_order_line', companyId))
      .where('order_id', '=', orderId)
      .where('item_id', '=', line.itemId)
      .where('warehouse_id', '=', line.warehouseId)
      .where('on_outbound', '>=', line.quantity)
      .executeTakeFirst();
    return changed(result);
  }

  async listOrders(companyId: number, filter: { keyword?: string; customerIds?: number[]; state?: string; customerId?: number; contractId?: number }, page: Page): Promise<{ rows: OrderRow[]; total: number }> {
    let query = this.db.selectFrom('sl_order').where(scopedToCompany('sl_order', companyId));
    if (filter.keyword) {
      const keyword = filter.keyword;
      const customers = filter.customerIds ?? [];
      query = query.where((eb) => eb.or([containing('number', keyword), containing('remarks', keyword), ...(customers.length > 0 ? [eb('customer_id', 'in', customers)] : [])]));
    }
    if (filter.state) {
      query = query.where('state', '=', filter.state);
    }
    if (filter.customerId !== undefined) {
      query = query.where('customer_id', '=', filter.customerId);
    }
    if (filter.contractId !== undefined) {
      query = query.where('contract_id', '=', filter.contractId);
    }
    const { limit, offset } = pageOf(page);
    const [rows, total] = await Promise.all([query.selectAll().orderBy('id', 'desc').limit(limit).offset(offset).execute(), query.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()]);
    return { rows, total: Number(total.n) };
  }

  // ---- renewals ----

  /** Orders in `states` whose service ends between `from` and `to` (dates, inclusive), soonest first. */
  ordersEnding(companyId: number, states: readonly string[], from: string, to: string, max: number): Promise<OrderRow[]> {
    return this.db
      .selectFrom('sl_order')
      .selectAll()
      .where(scopedToCompany('sl_order', companyId))
      .where('state', 'in', [...states])
      .where('service_end_date', '>=', from)
      .where('service_end_date', '<=', to)
      .orderBy('service_end_date')
      .orderBy('id')
      .limit(max)
      .execute();
  }

  contractsEnding(companyId: number, states: readonly string[], from: string, to: string, max: number): Promise<ContractRow[]> {
    return this.db
      .selectFrom('sl_contract')
      .selectAll()
      .where(scopedToCompany('sl_contract', companyId))
      .where('state', 'in', [...states])
      .where('end_date', '>=', from)
      .where('end_date', '<=', to)
      .orderBy('end_date')
      .orderBy('id')
      .limit(max)
      .execute();
  }
}
