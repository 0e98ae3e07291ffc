import { sql, type Selectable } from 'kysely';
import type { Db } from '@server/platform/db/database';
import type { ChartTable } from '@server/platform/db/schema.series';
import { escapeLike } from '@server/platform/db/like';
import { scopedToCompany } from '@server/platform/db/tenancy';

export type ChartRow = Selectable<ChartTable>;

export interface ChartValues {
  name: string;
  kind: string;
  series: string;
  bucket: string;
  timeRange: string;
  options: string;
}

const columns = ['id', 'company_id', 'item_id', 'name', 'kind', 'series', 'bucket', 'time_range', 'options', 'created_by', 'created_at', 'updated_at'] as const;

/** Chart configs of data items; every query scoped to the caller's company. */
export class ChartsRepository {
  constructor(private readonly db: Db) {}

  static in(trx: Db): ChartsRepository {
    return new ChartsRepository(trx);
  }

  find(companyId: number, id: number): Promise<ChartRow | undefined> {
    return this.db.selectFrom('chart').select(columns).where(scopedToCompany('chart', companyId)).where('id', '=', id).executeTakeFirst();
  }

  /** Charts by id (a board's saved-chart widgets); ids of other companies find nothing. */
  byIds(companyId: number, ids: readonly number[]): Promise<ChartRow[]> {
    if (ids.length === 0) {
      return Promise.resolve([]);
    }
    return this.db.selectFrom('chart').select(columns).where(scopedToCompany('chart', companyId)).where('id', 'in', [...ids]).execute();
  }

  /** The charts of these items (a board import re-maps saved-chart widgets by name). */
  ofItems(companyId: number, itemIds: readonly number[]): Promise<ChartRow[]> {
    if (itemIds.length === 0) {
      return Promise.resolve([]);
    }
    return this.db.selectFrom('chart').select(columns).where(scopedToCompany('chart', companyId)).where('item_id', 'in', [...itemIds]).orderBy('id', 'asc').execute();
  }

  async page(companyId: number, itemId: number, query: { pageNum: number; pageSize: number; keyword?: string }): Promise<{ total: number; rows: ChartRow[] }> {
    let base = this.db.selectFrom('chart').where(scopedToCompany('chart', companyId)).where('item_id', '=', itemId);
    if (query.keyword) {
      base = base.where(sql<boolean>`lower(chart.name) like ${`%${escapeLike(query.keyword.toLowerCase())}%`} escape '\\'`);
    }
    const [total, rows] = await Promise.all([
      base.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
      base
        .select(columns)
        .orderBy('id', 'asc')
        .limit(query.pageSize)
        .offset((query.pageNum - 1) * query.pageSize)
        .execute(),
    ]);
    return { total: Number(total.total), rows };
  }

  async nameTaken(companyId: number, itemId: number, name: string, exceptId?: number): Promise<boolean> {
    let query = this.db.selectFrom('chart').select('id').where(scopedToCompany('chart', companyId)).where('item_id', '=', itemId).where('name', '=', name);
    if (exceptId !== undefined) {
      query = query.where('id', '<>', exceptId);
    }
    return (await query.executeTakeFirst()) !== undefined;
  }

  async insert(companyId: number, itemId: number, values: ChartValues, userId: number, at: number): Promise<number> {
    const row = await this.db
      .insertInto('chart')
      .values({
        company_id: companyId,
        item_id: itemId,
        name: values.name,
        kind: values.kind,
        series: values.series,
        bucket: values.bucket,
        time_range: values.timeRange,
        options: values.options,
        created_by: userId,
        created_at: at,
        updated_at: at,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return Number(row.id);
  }

  async update(companyId: number, id: number, values: ChartValues, at: number): Promise<void> {
    await this.db
      .updateTable('chart')
      .set({ name: values.name, kind: values.kind, series: values.series, bucket: values.bucket, time_range: values.timeRange, options: values.options, updated_at: at })
      .where(scopedToCompany('chart', companyId))
      .where('id', '=', id)
      .execute();
  }

  async delete(companyId: number, id: number): Promise<void> {
    await this.db.deleteFrom('chart').where(scopedToCompany('chart', companyId)).where('id', '=', id).execute();
  }

  /** The charts of data items being deleted (inside the cabin's delete transaction). */
  async deleteOfItems(companyId: number, itemIds: readonly number[]): Promise<void> {
    await this.db.deleteFrom('chart').where(scopedToCompany('chart', companyId)).where('item_id', 'in', [...itemIds]).execute();
  }
}
