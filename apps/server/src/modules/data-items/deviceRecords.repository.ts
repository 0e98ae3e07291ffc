import { sql } from 'kysely';
import type SQLite from 'better-sqlite3';
import type { Db } from '@server/platform/db/database';

/**
 * The record statements of the device batch on PostgreSQL (pgBatchStore.ts): one statement per
 * table for a whole batch, an array parameter per column (`unnest`) instead of a multi-row VALUES
 * of 8 parameters a row (Kysely compiled those row by row, and the pg client bound each one).
 * SQLite's prepared statements for the same are `RawRecordWrites` (below).
 */
export const pgDeviceRecordWrites = {
  /**
   * Records of source `device` (no parent, no author, created and updated at their instant): the
   * id of each, in the order given, or 0 for one whose item already has a device record of that
   * instant with the same values (a redelivery: not stored; the unique index of migration 330).
   * The batch holds one record per item, instant and values (DeviceRecords dedupes it), so those
   * three name its row.
   */
  async insert(trx: Db, companyIds: number[], itemIds: number[], valuesJson: string[], instants: number[]): Promise<number[]> {
    const inserted = await sql<{ id: number | string; item_id: number; created_at: number | string; values_json: string }>`insert into data_record (company_id, item_id, parent_record_id, values_json, source, created_by, created_at, updated_at)
      select c, i, null, v, 'device', null, t, t from unnest(${companyIds}::int[], ${itemIds}::int[], ${valuesJson}::text[], ${instants}::bigint[]) with ordinality as r(c, i, v, t, o)
      order by o on conflict do nothing returning id, item_id, created_at, values_json`.execute(trx);
    const ids = new Map<string, number>();
    for (const row of inserted.rows) {
      ids.set(`${row.item_id}:${row.created_at}:${row.values_json}`, Number(row.id));
    }
    return itemIds.map((itemId, i) => ids.get(`${itemId}:${instants[i]}:${valuesJson[i]}`) ?? 0);
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

/**
 * The record writes of the device batch on the embedded database (sqliteBatchWrites.ts): statements
 * prepared once on the raw handle, run synchronously inside the writer's transaction.
 */
export class RawRecordWrites {
  private readonly insert: SQLite.Statement;
  private readonly addCount: SQLite.Statement;

  constructor(raw: SQLite.Database) {
    this.insert = raw.prepare(
      "insert into data_record (company_id, item_id, parent_record_id, values_json, source, created_by, created_at, updated_at) values (?, ?, null, ?, 'device', null, ?, ?) on conflict do nothing",
    );
    this.addCount = raw.prepare('update data_item set record_count = record_count + ? where company_id = ? and id = ?');
  }

  /**
   * A device record (no parent, no author, created at the device's instant): its id, or 0 when
   * the item already has a device record of that instant (a redelivery: nothing stored).
   */
  insertDeviceRecord(companyId: number, itemId: number, valuesJson: string, at: number): number {
    const result = this.insert.run(companyId, itemId, valuesJson, at, at);
    return result.changes === 0 ? 0 : Number(result.lastInsertRowid);
  }

  /** Keeps data_item.record_count (the unfiltered total). */
  adjustCount(companyId: number, itemId: number, delta: number): void {
    this.addCount.run(delta, companyId, itemId);
  }
}

/** Which of these (company, item, instant, values) already have a device record: `${itemId}:${ts}:${valuesJson}` keys (either database). */
export async function deviceRecordsStored(db: Db, records: ReadonlyArray<{ companyId: number; itemId: number; ts: number }>): Promise<Set<string>> {
  const found = await db
    .selectFrom('data_record')
    .select(['item_id', 'created_at', 'values_json'])
    .where('source', '=', 'device')
    .where((eb) => eb.or(records.map((r) => eb.and([eb('company_id', '=', r.companyId), eb('item_id', '=', r.itemId), eb('created_at', '=', r.ts)]))))
    .execute();
  return new Set(found.map((row) => `${row.item_id}:${row.created_at}:${row.values_json}`));
}
