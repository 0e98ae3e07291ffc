import { sql, type RawBuilder } from 'kysely';
import { emptyStats, mergeStats, type ValueStats } from '@smartdata/domain';
import type SQLite from 'better-sqlite3';
import { rawSqlite, type Db, type DbKind } from '@server/platform/db/database';
import { bucketRow, COARSEST, completeBefore, isValue, joinRows, rebuildRanges, rollupRowsOf, windowParts, type SeriesPoint, type SeriesRecord } from './series';
import { seriesWriteLock } from './deferredSeries.repository';
import { rollupGrains, type CategoryStatsRow, type RollupGrain, type RollupRow, type SeriesReads, type SeriesRef } from './series.port';

/**
 * The series repository (docs/charts.md): every query of `series`, `series_point` and
 * `series_rollup`. Numeric values of data-item records are laid out by (series, time) so a chart
 * reads one contiguous key range, with count/sum/min/max rollups per minute, 15 minutes, hour and
 * 6 hours so long windows and aggregates read a few thousand rollup rows instead of millions of
 * values.
 *
 * Every write method takes the caller's transaction: a record and its points are stored, changed
 * or removed together (the record writer, recordWriter.ts, is the one caller). A value's instant
 * is its record's `created_at`. Kysely on any database, and on the embedded database the hot chart
 * reads as statements prepared once on the raw handle. The device batch's and the roller's
 * statements, and the locks between them, are in deferredSeries.repository.ts.
 *
 * Deferred rollups (docs/charts.md, "Rollups after commit"): a series whose `rolled_until` W is
 * set has complete rollup rows only for buckets that end at or before W; its values from W on are
 * in points only (the device batch stores them so and the roller, seriesRoller.ts, folds them a
 * minute or two later). Reads therefore take rows of buckets that end by W from the rollups and
 * compute the rest from minute rows before W and points after it. W null: every row is complete
 * (single records keep rollups on every write).
 */

/** Rows of one multi-row statement: SQLite allows 32 766 parameters, PostgreSQL 65 535. */
const POINT_CHUNK = 2000;
const ROLLUP_CHUNK = 1000;

export class SeriesRepository {
  constructor(private readonly kind: DbKind) {}

  // ---- series ----

  /** Series ids of an item's fields that already have one (reads never create series). */
  async find(db: Db, companyId: number, itemId: number, fields: readonly string[]): Promise<Map<string, number>> {
    return new Map([...(await this.refs(db, companyId, itemId, fields))].map(([field, ref]) => [field, ref.id]));
  }

  /** An item's series as reads need them (id and rollup watermark), for the fields that have one. */
  async refs(db: Db, companyId: number, itemId: number, fields: readonly string[]): Promise<Map<string, SeriesRef>> {
    const found = new Map<string, SeriesRef>();
    if (fields.length === 0) {
      return found;
    }
    const rows = await db
      .selectFrom('series')
      .select(['id', 'field', 'rolled_until'])
      .where('company_id', '=', companyId)
      .where('item_id', '=', itemId)
      .where('field', 'in', [...fields])
      .execute();
    for (const row of rows) {
      found.set(row.field, { id: Number(row.id), rolledUntil: row.rolled_until === null ? null : Number(row.rolled_until) });
    }
    return found;
  }

  /** Series ids of an item's fields, made where missing. */
  async ensure(trx: Db, companyId: number, itemId: number, fields: readonly string[]): Promise<Map<string, number>> {
    const found = await this.find(trx, companyId, itemId, fields);
    const missing = fields.filter((f) => !found.has(f));
    if (missing.length > 0) {
      await trx
        .insertInto('series')
        .values(missing.map((field) => ({ company_id: companyId, item_id: itemId, field })))
        .onConflict((oc) => oc.columns(['item_id', 'field']).doNothing())
        .execute();
      for (const [field, id] of await this.find(trx, companyId, itemId, missing)) {
        found.set(field, id);
      }
    }
    return found;
  }

  // ---- writes ----

  /**
   * Appends points (any series, any order) and folds them into the rollups: multi-row inserts of
   * up to 2 000 points and one upsert per 1 000 rollup rows, whatever the batch size.
   */
  async append(trx: Db, points: readonly SeriesPoint[]): Promise<void> {
    if (points.length === 0) {
      return;
    }
    await seriesWriteLock(trx, this.kind);
    for (let i = 0; i < points.length; i += POINT_CHUNK) {
      await trx
        .insertInto('series_point')
        .values(points.slice(i, i + POINT_CHUNK).map((p) => ({ series_id: p.seriesId, ts: p.ts, record_id: p.recordId, value: p.value })))
        .execute();
    }
    const rows = rollupRowsOf(points);
    const least: RawBuilder<number> = this.kind === 'postgres' ? sql`least(series_rollup.min, excluded.min)` : sql`min(series_rollup.min, excluded.min)`;
    const greatest: RawBuilder<number> = this.kind === 'postgres' ? sql`greatest(series_rollup.max, excluded.max)` : sql`max(series_rollup.max, excluded.max)`;
    for (let i = 0; i < rows.length; i += ROLLUP_CHUNK) {
      await trx
        .insertInto('series_rollup')
        .values(rows.slice(i, i + ROLLUP_CHUNK))
        .onConflict((oc) =>
          oc.columns(['series_id', 'grain', 'bucket_ts']).doUpdateSet({
            cnt: sql`series_rollup.cnt + excluded.cnt`,
            sum: sql`series_rollup.sum + excluded.sum`,
            min: least,
            max: greatest,
          }),
        )
        .execute();
    }
  }

  /** The numeric values of new records of an item (fields: the item's numeric field names). */
  async appendRecords(trx: Db, companyId: number, itemId: number, records: readonly SeriesRecord[], fields: readonly string[]): Promise<void> {
    const present = fields.filter((f) => records.some((r) => isValue(r.values[f])));
    if (present.length === 0) {
      return;
    }
    const ids = await this.ensure(trx, companyId, itemId, present);
    const points: SeriesPoint[] = [];
    for (const record of records) {
      for (const [field, seriesId] of ids) {
        const value = record.values[field];
        if (isValue(value)) {
          points.push({ seriesId, ts: record.ts, recordId: record.recordId, value });
        }
      }
    }
    await this.append(trx, points);
  }

  /** A record's values changed: its points are replaced and the rollups of its hour rebuilt. */
  async replaceRecord(trx: Db, companyId: number, itemId: number, record: SeriesRecord, fields: readonly string[]): Promise<void> {
    await seriesWriteLock(trx, this.kind);
    const all = await this.itemSeries(trx, companyId, [itemId]);
    if (all.length > 0) {
      await trx.deleteFrom('series_point').where('series_id', 'in', all).where('ts', '=', record.ts).where('record_id', '=', record.recordId).execute();
    }
    const present = fields.filter((f) => isValue(record.values[f]));
    const ids = present.length > 0 ? await this.ensure(trx, companyId, itemId, present) : new Map<string, number>();
    const points = [...ids].map(([field, seriesId]) => ({ series_id: seriesId, ts: record.ts, record_id: record.recordId, value: record.values[field] as number }));
    if (points.length > 0) {
      await trx.insertInto('series_point').values(points).execute();
    }
    await this.rebuild(trx, [...new Set([...all, ...ids.values()])], [record.ts]);
  }

  /** Removes the points of records (found by item and instant) and rebuilds the rollups they touched. */
  async removeRecords(trx: Db, companyId: number, records: ReadonlyArray<{ itemId: number; recordId: number; ts: number }>): Promise<void> {
    await seriesWriteLock(trx, this.kind);
    const byItem = new Map<number, Array<{ recordId: number; ts: number }>>();
    for (const r of records) {
      byItem.set(r.itemId, [...(byItem.get(r.itemId) ?? []), r]);
    }
    for (const [itemId, list] of byItem) {
      const series = await this.itemSeries(trx, companyId, [itemId]);
      if (series.length === 0) {
        continue;
      }
      for (let i = 0; i < list.length; i += 400) {
        const slice = list.slice(i, i + 400);
        await trx
          .deleteFrom('series_point')
          .where('series_id', 'in', series)
          .where('ts', 'in', [...new Set(slice.map((r) => r.ts))])
          .where('record_id', 'in', slice.map((r) => r.recordId))
          .execute();
      }
      await this.rebuild(trx, series, list.map((r) => r.ts));
    }
  }

  /** Value expiry and retention: an item's points before `before`. */
  async removeBefore(trx: Db, companyId: number, itemId: number, before: number): Promise<void> {
    await seriesWriteLock(trx, this.kind);
    const series = await this.itemSeries(trx, companyId, [itemId]);
    if (series.length === 0) {
      return;
    }
    await trx.deleteFrom('series_point').where('series_id', 'in', series).where('ts', '<', before).execute();
    await trx.deleteFrom('series_rollup').where('series_id', 'in', series).where('bucket_ts', '<', Math.floor(before / COARSEST) * COARSEST).execute();
    await this.rebuild(trx, series, [before]);
  }

  /** Deleted data items: their series, points and rollups. */
  async removeItems(trx: Db, companyId: number, itemIds: readonly number[]): Promise<void> {
    await seriesWriteLock(trx, this.kind);
    const series = await this.itemSeries(trx, companyId, itemIds);
    for (let i = 0; i < series.length; i += 500) {
      const slice = series.slice(i, i + 500);
      await trx.deleteFrom('series_point').where('series_id', 'in', slice).execute();
      await trx.deleteFrom('series_rollup').where('series_id', 'in', slice).execute();
      await trx.deleteFrom('series').where('id', 'in', slice).execute();
    }
  }

  private async itemSeries(db: Db, companyId: number, itemIds: readonly number[]): Promise<number[]> {
    if (itemIds.length === 0) {
      return [];
    }
    const rows = await db.selectFrom('series').select('id').where('company_id', '=', companyId).where('item_id', 'in', [...itemIds]).execute();
    return rows.map((r) => Number(r.id));
  }

  /** Recomputes every rollup of the series around the instants (whole coarsest-grain stretches), from their points. */
  async rebuild(trx: Db, seriesIds: readonly number[], instants: Iterable<number>): Promise<void> {
    if (seriesIds.length === 0) {
      return;
    }
    const list = [...seriesIds];
    for (const [from, to] of rebuildRanges(instants)) {
      await trx.deleteFrom('series_rollup').where('series_id', 'in', list).where('bucket_ts', '>=', from).where('bucket_ts', '<', to).execute();
      for (const grain of rollupGrains) {
        const g = sql.lit(grain);
        await sql`insert into series_rollup (series_id, grain, bucket_ts, cnt, sum, min, max)
          select series_id, ${g}, (ts / ${g}) * ${g}, count(*), sum(value), min(value), max(value)
          from series_point where series_id in (${sql.join(list)}) and ts >= ${from} and ts < ${to}
          group by series_id, (ts / ${g})`.execute(trx);
      }
    }
  }

  // ---- reads ----

  /** Raw values in [from, to), time order (at most `limit`). */
  async points(db: Db, seriesId: number, from: number, to: number, limit?: number): Promise<Array<[number, number]>> {
    const raw = this.kind === 'sqlite' ? rawSqlite(db) : null;
    if (raw && !raw.inTransaction) {
      // The embedded database's hot read (a day of values for a chart): one prepared statement
      // answering rows as [ts, value] arrays, the very shape of a point — no row objects, no
      // mapping (1 440 values: ~1.2 ms instead of ~2 ms through Kysely, docs/performance.md).
      return this.rawReads(raw).points.all(seriesId, from, to, limit ?? -1) as Array<[number, number]>;
    }
    const result = await sql<{ ts: number; value: number }>`select ts, value from series_point where series_id = ${seriesId} and ts >= ${from} and ts < ${to} order by ts, record_id${
      limit !== undefined ? sql` limit ${sql.lit(limit)}` : sql``
    }`.execute(db);
    return result.rows.map((r) => [Number(r.ts), Number(r.value)]);
  }

  /** The raw reads of the embedded database, prepared once per handle. */
  private readonly rawStatements = new WeakMap<SQLite.Database, { points: SQLite.Statement; json: SQLite.Statement }>();

  private rawReads(raw: SQLite.Database): { points: SQLite.Statement; json: SQLite.Statement } {
    let statements = this.rawStatements.get(raw);
    if (!statements) {
      statements = {
        points: raw.prepare('select ts, value from series_point where series_id = ? and ts >= ? and ts < ? order by ts, record_id limit ?').raw(true),
        // The ordered, limited subquery runs as a co-routine feeding the aggregate in its order
        // (SQLite does not flatten a LIMIT subquery under an aggregate); an ORDER BY inside
        // json_group_array would sort the rows again and double the cost. The API tests check the order.
        json: raw
          .prepare(
            `select json_group_array(json_array(ts, value)) as json, count(*) as n, sum(value) as s, min(value) as lo, max(value) as hi
             from (select ts, value from series_point where series_id = ? and ts >= ? and ts < ? order by ts, record_id limit ?)`,
          )
          .raw(true),
      };
      this.rawStatements.set(raw, statements);
    }
    return statements;
  }

  /**
   * SQLite only (null elsewhere, or inside a transaction): at most `limit` values of [from, to)
   * as one JSON text `[[ts,value],…]` in time order, with their count, sum, min, max and the last
   * one — what a chart answers for a window that fits, without a JavaScript value per point.
   */
  pointsJson(db: Db, seriesId: number, from: number, to: number, limit: number): { json: string; stats: ValueStats; last: [number, number] | null } | null {
    const raw = this.kind === 'sqlite' ? rawSqlite(db) : null;
    if (!raw || raw.inTransaction) {
      return null;
    }
    const [json, n, sum, min, max] = this.rawReads(raw).json.get(seriesId, from, to, limit) as [string, number, number | null, number | null, number | null];
    if (n === 0) {
      return { json: '[]', stats: emptyStats(), last: null };
    }
    // The last pair is the text after the last '[' (values are numbers: no bracket inside them).
    const last = JSON.parse(json.slice(json.lastIndexOf('['), -1)) as [number, number];
    return { json, stats: { count: n, sum: sum!, min: min!, max: max! }, last };
  }

  /** Rollup rows of one grain in [from, to), time order (rows past the watermark computed, see the class notes). */
  async rollups(db: Db, series: SeriesRef, grain: RollupGrain, from: number, to: number): Promise<RollupRow[]> {
    const cut = completeBefore(series, grain, from, to);
    const head = cut > from ? await this.storedRollups(db, series.id, grain, from, cut) : [];
    return cut < to ? joinRows(head, await this.computed(db, series, grain, 0, cut, to)) : head;
  }

  private async storedRollups(db: Db, seriesId: number, grain: RollupGrain, from: number, to: number): Promise<RollupRow[]> {
    const result = await sql<{ bucket_ts: number; cnt: number; sum: number; min: number; max: number }>`select bucket_ts, cnt, sum, min, max from series_rollup
      where series_id = ${seriesId} and grain = ${sql.lit(grain)} and bucket_ts >= ${from} and bucket_ts < ${to} order by bucket_ts`.execute(db);
    return result.rows.map((r) => ({ at: Number(r.bucket_ts), count: Number(r.cnt), sum: Number(r.sum), min: Number(r.min), max: Number(r.max) }));
  }

  /**
   * Rollups of one grain grouped into fixed buckets of `size` laid on local time with a constant
   * `offset` (a stretch of the window without offset change): rows keyed by bucket start.
   */
  async grouped(db: Db, series: SeriesRef, grain: RollupGrain, size: number, offset: number, from: number, to: number): Promise<RollupRow[]> {
    const cut = completeBefore(series, grain, from, to);
    const head = cut > from ? await this.storedGrouped(db, series.id, grain, size, offset, from, cut) : [];
    return cut < to ? joinRows(head, await this.computed(db, series, size, offset, cut, to)) : head;
  }

  private async storedGrouped(db: Db, seriesId: number, grain: RollupGrain, size: number, offset: number, from: number, to: number): Promise<RollupRow[]> {
    const shift = sql.lit(offset + size * 1_000_000);
    const s = sql.lit(size);
    // The shift keeps the dividend positive so integer division floors on both databases.
    const result = await sql<{ k: number; cnt: number; sum: number; min: number; max: number }>`select (bucket_ts + ${shift}) / ${s} as k, sum(cnt) as cnt, sum(sum) as sum, min(min) as min, max(max) as max
      from series_rollup where series_id = ${seriesId} and grain = ${sql.lit(grain)} and bucket_ts >= ${from} and bucket_ts < ${to}
      group by (bucket_ts + ${shift}) / ${s} order by k`.execute(db);
    return result.rows.map(bucketRow(size, offset));
  }

  /**
   * Buckets of `size` (laid with `offset`) over [from, to) past a series' complete rollups: its
   * minute rows before the watermark and its points from it on, grouped in one statement.
   */
  private async computed(db: Db, series: SeriesRef, size: number, offset: number, from: number, to: number): Promise<RollupRow[]> {
    const w = Math.min(to, Math.max(from, series.rolledUntil ?? to));
    const shift = sql.lit(offset + size * 1_000_000);
    const s = sql.lit(size);
    const result = await sql<{ k: number; cnt: number; sum: number; min: number; max: number }>`select (t + ${shift}) / ${s} as k, sum(c) as cnt, sum(v) as sum, min(lo) as min, max(hi) as max from (
        select bucket_ts as t, cnt as c, sum as v, min as lo, max as hi from series_rollup where series_id = ${series.id} and grain = ${sql.lit(rollupGrains[0])} and bucket_ts >= ${from} and bucket_ts < ${w}
        union all
        select ts as t, 1 as c, value as v, value as lo, value as hi from series_point where series_id = ${series.id} and ts >= ${w} and ts < ${to}
      ) parts group by (t + ${shift}) / ${s} order by k`.execute(db);
    return result.rows.map(bucketRow(size, offset));
  }

  /**
   * count/sum/min/max over [from, to) (minute-aligned), in one statement: whole 6-hour stretches
   * from their rollups, the edges from finer ones (`windowParts`), values past the watermark from points.
   */
  async stats(db: Db, series: SeriesRef, from: number, to: number): Promise<ValueStats> {
    const w = Math.min(to, Math.max(from, series.rolledUntil ?? to));
    const parts = windowParts(from, w);
    const reads: RawBuilder<unknown>[] = [];
    if (parts.length > 0) {
      const where = sql.join(
        parts.map((p) => sql`(grain = ${sql.lit(p.grain)} and bucket_ts >= ${p.from} and bucket_ts < ${p.to})`),
        sql` or `,
      );
      reads.push(sql`select sum(cnt) as cnt, sum(sum) as sum, min(min) as min, max(max) as max from series_rollup where series_id = ${series.id} and (${where})`);
    }
    if (w < to) {
      reads.push(sql`select count(*) as cnt, sum(value) as sum, min(value) as min, max(value) as max from series_point where series_id = ${series.id} and ts >= ${w} and ts < ${to}`);
    }
    const total = emptyStats();
    if (reads.length === 0) {
      return total;
    }
    const result = await sql<{ cnt: number | null; sum: number | null; min: number | null; max: number | null }>`${sql.join(reads, sql` union all `)}`.execute(db);
    for (const row of result.rows) {
      if (row.cnt !== null && Number(row.cnt) > 0) {
        mergeStats(total, { count: Number(row.cnt), sum: Number(row.sum), min: Number(row.min), max: Number(row.max) });
      }
    }
    return total;
  }

  /** The last value in [from, to), or null. */
  async last(db: Db, seriesId: number, from: number, to: number): Promise<[number, number] | null> {
    const result = await sql<{ ts: number; value: number }>`select ts, value from series_point where series_id = ${seriesId} and ts >= ${from} and ts < ${to} order by ts desc, record_id desc limit 1`.execute(db);
    const row = result.rows[0];
    return row ? [Number(row.ts), Number(row.value)] : null;
  }

  /** The first instant of any of the series, or null (an open window's start). */
  async firstInstant(db: Db, seriesIds: readonly number[]): Promise<number | null> {
    let first: number | null = null;
    for (const id of seriesIds) {
      const result = await sql<{ ts: number }>`select ts from series_point where series_id = ${id} order by ts limit 1`.execute(db);
      const ts = result.rows[0] ? Number(result.rows[0].ts) : null;
      if (ts !== null && (first === null || ts < first)) {
        first = ts;
      }
    }
    return first;
  }

  /**
   * Values of the series in [from, to) grouped by the text value of a field of their records (a
   * category axis): one scan of the series' points in the window joined to their records.
   */
  async categoryStats(db: Db, companyId: number, seriesIds: readonly number[], categoryField: string, from: number, to: number): Promise<CategoryStatsRow[]> {
    if (seriesIds.length === 0) {
      return [];
    }
    const category = this.kind === 'postgres' ? sql<string>`(r.values_json::jsonb ->> ${categoryField})` : sql<string>`json_extract(r.values_json, ${`$."${categoryField.replace(/"/g, '')}"`})`;
    const result = await sql<{ sid: number; category: string | number | null; cnt: number; sum: number; min: number; max: number }>`
      select p.series_id as sid, ${category} as category, count(*) as cnt, sum(p.value) as sum, min(p.value) as min, max(p.value) as max
      from series_point p join data_record r on r.id = p.record_id
      where p.series_id in (${sql.join(seriesIds.map((id) => sql`${id}`))}) and p.ts >= ${from} and p.ts < ${to} and r.company_id = ${companyId}
      group by 1, 2`.execute(db);
    return result.rows.flatMap((row) => {
      const name = row.category === null ? '' : String(row.category).trim();
      return name === '' ? [] : [{ seriesId: Number(row.sid), category: name, count: Number(row.cnt), sum: Number(row.sum), min: Number(row.min), max: Number(row.max) }];
    });
  }

  /** The reads of a chart on `db` (the charts module's port). */
  reader(db: Db): SeriesReads {
    return {
      refs: (companyId, itemId, fields) => this.refs(db, companyId, itemId, fields),
      points: (seriesId, from, to, limit) => this.points(db, seriesId, from, to, limit),
      pointsJson: (seriesId, from, to, limit) => this.pointsJson(db, seriesId, from, to, limit),
      rollups: (series, grain, from, to) => this.rollups(db, series, grain, from, to),
      grouped: (series, grain, size, offset, from, to) => this.grouped(db, series, grain, size, offset, from, to),
      stats: (series, from, to) => this.stats(db, series, from, to),
      last: (seriesId, from, to) => this.last(db, seriesId, from, to),
      firstInstant: (seriesIds) => this.firstInstant(db, seriesIds),
      categoryStats: (companyId, seriesIds, categoryField, from, to) => this.categoryStats(db, companyId, seriesIds, categoryField, from, to),
    };
  }
}
