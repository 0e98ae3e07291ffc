import { sql, type Selectable } from 'kysely';
import type { Db } from '@server/platform/db/database';
import type { ProductionOrderTable } from '@server/platform/db/schema.inventory';
import { escapeLike } from '@server/platform/db/like';
import { scopedToCompany } from '@server/platform/db/tenancy';

export type ProductionOrderRow = Selectable<ProductionOrderTable>;

/** Every query of production orders, scoped to the company. */
export class ProductionRepository {
  constructor(private readonly db: Db) {}

  static in(trx: Db): ProductionRepository {
    return new ProductionRepository(trx);
  }

  find(companyId: number, id: number): Promise<ProductionOrderRow | undefined> {
    return this.db.selectFrom('production_order').selectAll().where(scopedToCompany('production_order', companyId)).where('id', '=', id).executeTakeFirst();
  }

  async insert(values: { companyId: number; itemId: number; warehouseId: number; quantity: number; userId: number }): Promise<number> {
    const row = await this.db
      .insertInto('production_order')
      .values({ company_id: values.companyId, item_id: values.itemId, warehouse_id: values.warehouseId, quantity: values.quantity, produced: 0, state: 'planned', created_by: values.userId, created_at: Date.now(), completed_at: null })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  /** Adds `count` produced units while the order is still planned or in progress and has room; answers whether it did. */
  async addProduced(companyId: number, id: number, count: number): Promise<boolean> {
    const now = Date.now();
    // Casts: PostgreSQL cannot type a bare parameter inside CASE.
    const added = sql<number>`cast(${count} as integer)`;
    const result = await this.db
      .updateTable('production_order')
      .set({
        produced: sql<number>`produced + ${added}`,
        state: sql<string>`case when produced + ${added} >= quantity then 'completed' else 'inProgress' end`,
        completed_at: sql<number | null>`case when produced + ${added} >= quantity then cast(${now} as bigint) else null end`,
      })
      .where(scopedToCompany('production_order', companyId))
      .where('id', '=', id)
      .where('state', 'in', ['planned', 'inProgress'])
      .where(sql<boolean>`produced + ${added} <= quantity`)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  /** Cancels an order that has produced nothing; answers whether it did. */
  async cancel(companyId: number, id: number): Promise<boolean> {
    const result = await this.db
      .updateTable('production_order')
      .set({ state: 'cancelled' })
      .where(scopedToCompany('production_order', companyId))
      .where('id', '=', id)
      .where('state', '=', 'planned')
      .where('produced', '=', 0)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  /** Orders with their item's name, newest first; `keyword` searches the item name. */
  async list(companyId: number, filter: { keyword?: string; state?: string }, page: { pageNum: number; pageSize: number }) {
    let query = this.db.selectFrom('production_order as o').innerJoin('inv_item as i', 'i.id', 'o.item_id').where('o.company_id', '=', companyId);
    if (filter.keyword) {
      query = query.where(sql<boolean>`lower(i.name) like ${`%${escapeLike(filter.keyword.toLowerCase())}%`} escape '\\'`);
    }
    if (filter.state) {
      query = query.where('o.state', '=', filter.state);
    }
    const [rows, total] = await Promise.all([
      query
        .selectAll('o')
        .select('i.name as item_name')
        .orderBy('o.id', 'desc')
        .limit(page.pageSize)
        .offset((page.pageNum - 1) * page.pageSize)
        .execute(),
      query.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    ]);
    return { rows, total: Number(total.n) };
  }
}
