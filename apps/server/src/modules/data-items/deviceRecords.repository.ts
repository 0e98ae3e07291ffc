import { sql } from 'kysely';
import type { Db } from '@server/platform/db/database';

/**
 * The record statements of the device batch on PostgreSQL (recordWriter.ts): one statement per
 * table for a whole batch, an array parameter per column (`unnest`) instead of a multi-row VALUES
 * of 8 parameters a row (Kysely compiled those row by row, and the pg client bound each one).
 * SQLite's prepared statements for the same are `RawRecordWrites` (records.repository.ts).
 */
export const pgDeviceRecordWrites = {
  /**
   * Records of source `device` (no parent, no author, created and updated at their instant): their
   * ids, in the order given. Ids are drawn in the order of the ordered select, so sorted they are
   * the records' in order.
   */
  async insert(trx: Db, companyIds: number[], itemIds: number[], valuesJson: string[], instants: number[]): Promise<number[]> {
    const inserted = await sql<{ id: number | string }>`insert into data_record (company_id, item_id, parent_record_id, values_json, source, created_by, created_at, updated_at)
      select c, i, null, v, 'device', null, t, t from unnest(${companyIds}::int[], ${itemIds}::int[], ${valuesJson}::text[], ${instants}::bigint[]) with ordinality as r(c, i, v, t, o)
      order by o returning id`.execute(trx);
    return inserted.rows.map((r) => Number(r.id)).sort((a, b) => a - b);
  },

  /** Adds to items' record counts (one row per item, each of its company). */
  async addCounts(trx: Db, itemIds: number[], companyIds: number[], counts: number[]): Promise<void> {
    if (itemIds.length === 0) {
      return;
    }
    await sql`update data_item d set record_count = d.record_count + u.n
      from unnest(${itemIds}::int[], ${companyIds}::int[], ${counts}::int[]) as u(id, c, n)
      where d.id = u.id and d.company_id = u.c`.execute(trx);
  },
};
