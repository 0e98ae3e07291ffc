import { sql } from 'kysely';
import type SQLite from 'better-sqlite3';
import type { Db, DbKind } from '@server/platform/db/database';
import { rollupRowsOf, type SeriesPoint } from './series';
import { rollupGrains } from './series.port';

/**
 * The series statements of deferred rollups (docs/charts.md, "Rollups after commit"): what the
 * device batch writes (its series deferred, their values points only, late ones folded at once)
 * and what the roller (seriesRoller.ts) runs to fold them later — prepared statements on the
 * embedded database's raw handle, set-based `unnest()` statements on PostgreSQL — and the locks
 * that keep the two apart on PostgreSQL. The reads and the single-record writes of the same tables
 * are SeriesRepository's (series.repository.ts).
 */

/**
 * PostgreSQL advisory lock keys of the series store (docs/charts.md, "Rollups after commit").
 * SERIES_WRITE_LOCK: every transaction that writes series points or rollups takes it shared
 * (`pg_advisory_xact_lock_shared`), the roller exclusive for each of its slices — so a roll never
 * reads points while a writer's are uncommitted, and a writer reads every watermark after the last
 * roll committed (a value before it is folded at once, never left in points only).
 * SERIES_ROLL_LOCK: taken with `pg_try_advisory_xact_lock` by a roll slice, so that one instance rolls at a time.
 */
export const SERIES_WRITE_LOCK = 2_100_021;
export const SERIES_ROLL_LOCK = 2_100_022;

/** The series store's write lock on PostgreSQL (shared, to the end of the caller's transaction); nothing elsewhere. */
export async function seriesWriteLock(trx: Db, kind: DbKind): Promise<void> {
  if (kind === 'postgres') {
    await sql`select pg_advisory_xact_lock_shared(${sql.lit(SERIES_WRITE_LOCK)})`.execute(trx);
  }
}

/**
 * The series writes of the device batch on the embedded database (sqliteBatchWrites.ts): statements
 * prepared once on the raw handle, run synchronously inside the writer's transaction. Points and
 * late rollups go in key order, so neighbouring inserts and upserts touch the same pages.
 */
export class RawSeriesWrites {
  private readonly ensure: SQLite.Statement;
  private readonly find: SQLite.Statement;
  private readonly defer: SQLite.Statement;
  private readonly insertPoint: SQLite.Statement;
  private readonly upsertRollup: SQLite.Statement;

  constructor(raw: SQLite.Database) {
    this.ensure = raw.prepare('insert into series (company_id, item_id, field) values (?, ?, ?) on conflict (item_id, field) do nothing');
    this.find = raw.prepare('select id, rolled_until from series where item_id = ? and field = ?');
    this.defer = raw.prepare('update series set rolled_until = ? where id = ? and rolled_until is null');
    this.insertPoint = raw.prepare('insert into series_point (series_id, ts, record_id, value) values (?, ?, ?, ?)');
    this.upsertRollup = raw.prepare(
      `insert into series_rollup (series_id, grain, bucket_ts, cnt, sum, min, max) values (?, ?, ?, ?, ?, ?, ?)
       on conflict (series_id, grain, bucket_ts) do update set cnt = series_rollup.cnt + excluded.cnt, sum = series_rollup.sum + excluded.sum,
       min = min(series_rollup.min, excluded.min), max = max(series_rollup.max, excluded.max)`,
    );
  }

  /**
   * The series of an item's field, made where missing, with its watermark: a series that had
   * none is deferred from `target()` on (its rollups so far are complete; later values are rolled
   * after commit).
   */
  deferredSeries(companyId: number, itemId: number, field: string, target: () => number): { id: number; rolledUntil: number } {
    this.ensure.run(companyId, itemId, field);
    const row = this.find.get(itemId, field) as { id: number; rolled_until: number | null };
    let rolledUntil = row.rolled_until === null ? null : Number(row.rolled_until);
    if (rolledUntil === null) {
      rolledUntil = target();
      this.defer.run(rolledUntil, row.id);
    }
    return { id: Number(row.id), rolledUntil };
  }

  /**
   * Points given as columns (series ids, instants, record ids, values: one array each, no object
   * per value), inserted in key order: as given when they already are (a batch's records in
   * order, each record's series ascending), otherwise through a sorted index.
   */
  insertColumns(seriesIds: readonly number[], ts: readonly number[], recordIds: readonly number[], values: readonly number[]): void {
    const n = seriesIds.length;
    let sorted = true;
    for (let i = 1; i < n && sorted; i += 1) {
      const d = seriesIds[i] - seriesIds[i - 1] || ts[i] - ts[i - 1] || recordIds[i] - recordIds[i - 1];
      sorted = d > 0;
    }
    const insert = this.insertPoint;
    if (sorted) {
      for (let i = 0; i < n; i += 1) {
        insert.run(seriesIds[i], ts[i], recordIds[i], values[i]);
      }
      return;
    }
    const order = new Uint32Array(n);
    for (let i = 0; i < n; i += 1) {
      order[i] = i;
    }
    order.sort((a, b) => seriesIds[a] - seriesIds[b] || ts[a] - ts[b] || recordIds[a] - recordIds[b]);
    for (let k = 0; k < n; k += 1) {
      const i = order[k];
      insert.run(seriesIds[i], ts[i], recordIds[i], values[i]);
    }
  }

  /** Points as columns whose records, taken in `order`, are in key order: record r's are [starts[r], starts[r + 1]). */
  insertRecordsInOrder(order: Uint32Array, starts: Uint32Array, seriesIds: readonly number[], ts: readonly number[], recordIds: readonly number[], values: readonly number[]): void {
    const insert = this.insertPoint;
    for (let k = 0; k < order.length; k += 1) {
      const r = order[k];
      for (let i = starts[r], end = starts[r + 1]; i < end; i += 1) {
        insert.run(seriesIds[i], ts[i], recordIds[i], values[i]);
      }
    }
  }

  /** Folds points into the rollups at once (values before their series' watermark: the roller has passed them). */
  foldIntoRollups(points: readonly SeriesPoint[]): void {
    for (const row of rollupRowsOf(points).sort((a, b) => a.series_id - b.series_id || a.grain - b.grain || a.bucket_ts - b.bucket_ts)) {
      this.upsertRollup.run(row.series_id, row.grain, row.bucket_ts, row.cnt, row.sum, row.min, row.max);
    }
  }
}

/** Points per `unnest` insert on PostgreSQL (four array parameters each). */
const PG_POINT_CHUNK = 50_000;

/**
 * The series statements of the device batch and the roller on PostgreSQL (pgBatchStore.ts,
 * seriesRoller.ts): set-based, an array parameter per column (`unnest`), so a batch of 100 000
 * values is a handful of statements with a handful of parameters.
 */
export const pgSeriesWrites = {
  /** Series of items' fields (company, item and field in three columns), made where missing: `item:field` → id. */
  async ensure(trx: Db, companyIds: number[], itemIds: number[], fields: string[]): Promise<Map<string, number>> {
    await sql`insert into series (company_id, item_id, field) select * from unnest(${companyIds}::int[], ${itemIds}::int[], ${fields}::text[])
      on conflict (item_id, field) do nothing`.execute(trx);
    const result = await sql<{ id: number; item_id: number; field: string }>`select s.id, s.item_id, s.field
      from unnest(${companyIds}::int[], ${itemIds}::int[], ${fields}::text[]) as u(c, i, f) join series s on s.item_id = u.i and s.field = u.f and s.company_id = u.c`.execute(trx);
    return new Map(result.rows.map((r) => [`${Number(r.item_id)}:${r.field}`, Number(r.id)]));
  },

  /** Series that had no watermark are deferred from `target` on (their rollups so far are complete). */
  async defer(trx: Db, seriesIds: readonly number[], target: number): Promise<void> {
    await sql`update series set rolled_until = ${target}::bigint where id = any(${[...seriesIds]}::int[]) and rolled_until is null`.execute(trx);
  },

  /** Points as columns. */
  async insertPoints(trx: Db, seriesIds: number[], ts: number[], recordIds: number[], values: number[]): Promise<void> {
    for (let i = 0; i < seriesIds.length; i += PG_POINT_CHUNK) {
      const end = Math.min(seriesIds.length, i + PG_POINT_CHUNK);
      const whole = i === 0 && end === seriesIds.length;
      const part = (a: number[]) => (whole ? a : a.slice(i, end));
      await sql`insert into series_point (series_id, ts, record_id, value)
        select * from unnest(${part(seriesIds)}::int[], ${part(ts)}::bigint[], ${part(recordIds)}::bigint[], ${part(values)}::float8[])`.execute(trx);
    }
  },

  /** Of these points, those before their series' watermark (as committed: call under the write lock) are folded into every grain's rollups. */
  async foldLate(trx: Db, seriesIds: number[], ts: number[], values: number[]): Promise<void> {
    await sql`insert into series_rollup (series_id, grain, bucket_ts, cnt, sum, min, max)
      select p.sid, g.grain, (p.ts / g.grain) * g.grain, count(*), sum(p.v), min(p.v), max(p.v)
      from unnest(${seriesIds}::int[], ${ts}::bigint[], ${values}::float8[]) as p(sid, ts, v)
      join series s on s.id = p.sid and p.ts < s.rolled_until
      cross join unnest(${[...rollupGrains]}::bigint[]) as g(grain)
      group by p.sid, g.grain, (p.ts / g.grain) * g.grain
      on conflict (series_id, grain, bucket_ts) do update set cnt = series_rollup.cnt + excluded.cnt, sum = series_rollup.sum + excluded.sum,
        min = least(series_rollup.min, excluded.min), max = greatest(series_rollup.max, excluded.max)`.execute(trx);
  },

  /** Deferred series whose watermark is at or before `bound`, by id. */
  async due(db: Db, bound: number): Promise<Array<{ id: number; rolledUntil: number }>> {
    const result = await sql<{ id: number; rolled_until: number }>`select id, rolled_until from series where rolled_until is not null and rolled_until <= ${bound} order by id`.execute(db);
    return result.rows.map((r) => ({ id: Number(r.id), rolledUntil: Number(r.rolled_until) }));
  },

  /**
   * The roller's locks for the rest of `trx`: false (nothing taken) when another instance holds
   * the roll lock; otherwise the write lock exclusive, once the writers that hold it committed.
   */
  async lockForRoll(trx: Db): Promise<boolean> {
    const got = await sql<{ ok: boolean }>`select pg_try_advisory_xact_lock(${sql.lit(SERIES_ROLL_LOCK)}) as ok`.execute(trx);
    if (!got.rows[0]?.ok) {
      return false;
    }
    await sql`select pg_advisory_xact_lock(${sql.lit(SERIES_WRITE_LOCK)})`.execute(trx);
    return true;
  },

  /** Of these series, those whose watermark is before `until`, with it (as committed now). */
  async behind(trx: Db, seriesIds: readonly number[], until: number): Promise<Array<{ id: number; rolledUntil: number }>> {
    const result = await sql<{ id: number; rolled_until: number }>`select id, rolled_until from series
      where id = any(${[...seriesIds]}::int[]) and rolled_until < ${until}::bigint order by id`.execute(trx);
    return result.rows.map((r) => ({ id: Number(r.id), rolledUntil: Number(r.rolled_until) }));
  },

  /**
   * The roll of series over [their W, until) (seriesRoller.ts): minute rows from points, then for
   * each coarser grain the rows of buckets ending in (W, until] from the next finer grain, then W = until.
   */
  async roll(trx: Db, series: ReadonlyArray<{ id: number; rolledUntil: number }>, until: number): Promise<void> {
    const ids = series.map((s) => s.id);
    const slice = sql`unnest(${ids}::int[], ${series.map((s) => s.rolledUntil)}::bigint[]) as s(id, w)`;
    const u = sql`${until}::bigint`;
    const minute = sql.lit(rollupGrains[0]);
    await sql`insert into series_rollup (series_id, grain, bucket_ts, cnt, sum, min, max)
      select p.series_id, ${minute}, (p.ts / ${minute}) * ${minute}, count(*), sum(p.value), min(p.value), max(p.value)
      from ${slice} join series_point p on p.series_id = s.id and p.ts >= s.w and p.ts < ${u}
      group by p.series_id, p.ts / ${minute}
      on conflict (series_id, grain, bucket_ts) do update set cnt = excluded.cnt, sum = excluded.sum, min = excluded.min, max = excluded.max`.execute(trx);
    for (let i = 1; i < rollupGrains.length; i += 1) {
      const g = sql.lit(rollupGrains[i]);
      const finer = sql.lit(rollupGrains[i - 1]);
      // Buckets of this grain that end in (W, until]: starts in [floor(W / g) * g, floor(until / g) * g).
      await sql`delete from series_rollup r using ${slice}
        where r.series_id = s.id and r.grain = ${g} and r.bucket_ts >= (s.w / ${g}) * ${g} and r.bucket_ts < (${u} / ${g}) * ${g}`.execute(trx);
      await sql`insert into series_rollup (series_id, grain, bucket_ts, cnt, sum, min, max)
        select r.series_id, ${g}, (r.bucket_ts / ${g}) * ${g}, sum(r.cnt), sum(r.sum), min(r.min), max(r.max)
        from ${slice} join series_rollup r on r.series_id = s.id and r.grain = ${finer} and r.bucket_ts >= (s.w / ${g}) * ${g} and r.bucket_ts < (${u} / ${g}) * ${g}
        group by r.series_id, r.bucket_ts / ${g}`.execute(trx);
    }
    await sql`update series set rolled_until = ${u} where id = any(${ids}::int[])`.execute(trx);
  },
};

/** The roller's statements on the raw handle (seriesRoller.ts): due series, minute rows from points, coarser rows from finer ones, the watermark. */
export function rollerStatements(raw: SQLite.Database) {
  const minute = rollupGrains[0];
  return {
    due: raw.prepare('select id, rolled_until from series where rolled_until is not null and rolled_until <= ?'),
    minutes: raw.prepare(
      `insert or replace into series_rollup (series_id, grain, bucket_ts, cnt, sum, min, max)
       select series_id, ${minute}, (ts / ${minute}) * ${minute}, count(*), sum(value), min(value), max(value)
       from series_point where series_id = ? and ts >= ? and ts < ? group by ts / ${minute}`,
    ),
    coarse: rollupGrains.slice(1).map((grain, i) => {
      const finer = rollupGrains[i];
      return {
        grain,
        clear: raw.prepare(`delete from series_rollup where series_id = ? and grain = ${grain} and bucket_ts >= ? and bucket_ts < ?`),
        fold: raw.prepare(
          `insert into series_rollup (series_id, grain, bucket_ts, cnt, sum, min, max)
           select series_id, ${grain}, (bucket_ts / ${grain}) * ${grain}, sum(cnt), sum(sum), min(min), max(max)
           from series_rollup where series_id = ? and grain = ${finer} and bucket_ts >= ? and bucket_ts < ? group by bucket_ts / ${grain}`,
        ),
      };
    }),
    advance: raw.prepare('update series set rolled_until = ? where id in (select value from json_each(?))'),
  };
}
