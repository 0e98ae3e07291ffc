import { sql } from 'kysely';
import type { Db } from '@server/platform/db/database';

/** Taken (transaction-scoped) while a month's partition is made or dropped: one instance at a time. */
export const SERIES_PARTITION_LOCK = 2_100_023;

/** The first millisecond (UTC) of the month `offset` months after the one holding `ts`. */
export function monthStart(ts: number, offset = 0): number {
  const d = new Date(ts);
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + offset, 1);
}

/** A month's partition: `series_point_yYYYYmMM`. */
export function partitionName(start: number): string {
  const d = new Date(start);
  return `series_point_y${d.getUTCFullYear()}m${String(d.getUTCMonth() + 1).padStart(2, '0')}`;
}

export interface SeriesPartition {
  name: string;
  /** [from, to) in epoch ms; null for the default partition. */
  from: number | null;
  to: number | null;
}

/**
 * The monthly partitions of `series_point` on PostgreSQL (migration 320; docs/charts.md,
 * "Partitions and retention"). The hourly maintenance job makes the next months ahead, so values
 * land in their month; anything else (a month not made, an instant far away) lands in the default
 * partition and is moved into its month when that month is made. Retention drops whole months.
 * SQLite has one table: nothing here applies.
 */
export const seriesPartitions = {
  /** The partitions, ordered by their range (the default one last). */
  async list(db: Db): Promise<SeriesPartition[]> {
    const result = await sql<{ name: string; bound: string }>`select c.relname as name, pg_get_expr(c.relpartbound, c.oid) as bound
      from pg_inherits i join pg_class c on c.oid = i.inhrelid where i.inhparent = 'series_point'::regclass`.execute(db);
    return result.rows
      .map((row) => {
        const range = /FROM \('?(-?\d+)'?\) TO \('?(-?\d+)'?\)/.exec(row.bound);
        return { name: row.name, from: range ? Number(range[1]) : null, to: range ? Number(range[2]) : null };
      })
      .sort((a, b) => (a.from ?? Infinity) - (b.from ?? Infinity));
  },

  /**
   * Makes the partitions of the `months` months starting with the one holding `from` where
   * missing, each in a transaction of its own: values of that month waiting in the default
   * partition move into it. Answers the names made.
   */
  async ensureMonths(db: Db, from: number, months: number): Promise<string[]> {
    const made: string[] = [];
    for (let k = 0; k < months; k += 1) {
      const start = monthStart(from, k);
      const end = monthStart(start, 1);
      const name = partitionName(start);
      const createdNow = await db.transaction().execute(async (trx) => {
        await sql`select pg_advisory_xact_lock(${sql.lit(SERIES_PARTITION_LOCK)})`.execute(trx);
        const exists = await sql<{ r: string | null }>`select to_regclass(${name}) as r`.execute(trx);
        if (exists.rows[0]?.r) {
          return false;
        }
        // A table of its own first, filled from the default partition, then attached: a partition
        // made directly would be refused while the default one holds values of its range.
        await sql`create table ${sql.id(name)} (like series_point)`.execute(trx);
        await sql`with moved as (delete from series_point_default where ts >= ${sql.lit(start)} and ts < ${sql.lit(end)} returning series_id, ts, record_id, value)
          insert into ${sql.id(name)} (series_id, ts, record_id, value) select series_id, ts, record_id, value from moved`.execute(trx);
        await sql`alter table series_point attach partition ${sql.id(name)} for values from (${sql.lit(start)}) to (${sql.lit(end)})`.execute(trx);
        return true;
      });
      if (createdNow) {
        made.push(name);
      }
    }
    return made;
  },

  /**
   * Retention: drops every month's partition that ends at or before the month holding `before`
   * (whole months only: the month holding `before` is kept), and deletes the default partition's
   * values before that month. Answers the names dropped.
   */
  async dropBefore(db: Db, before: number): Promise<string[]> {
    const limit = monthStart(before);
    const dropped: string[] = [];
    for (const partition of await seriesPartitions.list(db)) {
      if (partition.to === null || partition.to > limit) {
        continue;
      }
      await db.transaction().execute(async (trx) => {
        await sql`select pg_advisory_xact_lock(${sql.lit(SERIES_PARTITION_LOCK)})`.execute(trx);
        await sql`drop table if exists ${sql.id(partition.name)}`.execute(trx);
      });
      dropped.push(partition.name);
    }
    await sql`delete from series_point_default where ts < ${sql.lit(limit)}`.execute(db);
    return dropped;
  },
};
