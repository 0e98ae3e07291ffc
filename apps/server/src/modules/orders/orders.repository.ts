import type { Db } from '@server/platform/db/database';
import { scopedToCompany } from '@server/platform/db/tenancy';

const orderColumns = ['product_order.id', 'product_order.company_id', 'product_order.sw_product_id', 'product_order.sub_type_id', 'product_order.start_at', 'product_order.expire_at', 'product_order.created_at'] as const;

export class OrdersRepository {
  constructor(private readonly db: Db) {}

  ofCompany(companyId: number) {
    return this.db
      .selectFrom('product_order')
      .innerJoin('company', 'company.id', 'product_order.company_id')
      .select([...orderColumns, 'company.display_name', 'company.builtin_key'])
      .where(scopedToCompany('product_order', companyId))
      .orderBy('product_order.expire_at', 'desc')
      .execute();
  }

  async page(pageNum: number, pageSize: number, companyId?: number) {
    let query = this.db.selectFrom('product_order').innerJoin('company', 'company.id', 'product_order.company_id').where('company.status', '=', 'active');
    if (companyId !== undefined) {
      query = query.where('product_order.company_id', '=', companyId);
    }
    const [{ total }, rows] = await Promise.all([
      query.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
      query.select([...orderColumns, 'company.display_name', 'company.builtin_key']).orderBy('product_order.id', 'desc').limit(pageSize).offset((pageNum - 1) * pageSize).execute(),
    ]);
    return { total: Number(total), rows };
  }

  /** The order that is current for each company: the one that expires last. */
  async currentOrders(companyIds: number[]) {
    const result = new Map<number, { sw_product_id: string; sub_type_id: string; expire_at: number }>();
    if (companyIds.length === 0) {
      return result;
    }
    const rows = await this.db
      .selectFrom('product_order')
      .select(['company_id', 'sw_product_id', 'sub_type_id', 'expire_at'])
      .where('company_id', 'in', companyIds)
      .orderBy('expire_at', 'asc')
      .execute();
    for (const row of rows) {
      result.set(row.company_id, row);
    }
    return result;
  }

  find(id: number) {
    return this.db.selectFrom('product_order').select(['id', 'company_id', 'expire_at', 'start_at']).where('id', '=', id).executeTakeFirst();
  }

  async insert(values: { companyId: number; swProductId: string; subTypeId: string; startAt: number; expireAt: number }): Promise<number> {
    const now = Date.now();
    const row = await this.db
      .insertInto('product_order')
      .values({ company_id: values.companyId, sw_product_id: values.swProductId, sub_type_id: values.subTypeId, start_at: values.startAt, expire_at: values.expireAt, created_at: now, updated_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  async renew(id: number, expireAt: number): Promise<void> {
    await this.db.updateTable('product_order').set({ expire_at: expireAt, updated_at: Date.now() }).where('id', '=', id).execute();
  }
}
