import SQLite from 'better-sqlite3';
import { Kysely, Migrator, SqliteDialect } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import type { Db } from '@server/platform/db/database';
import { migrations } from '@server/platform/db/migrations';
import type { SeriesPoint } from './series';
import { rollupGrains } from './series.port';
import { SeriesRepository } from './series.repository';

/** The series store on an in-memory SQLite migrated up to (excluding) `before`, or fully. */
async function database(before?: string): Promise<Kysely<any>> {
  const db = new Kysely<any>({ dialect: new SqliteDialect({ database: new SQLite(':memory:') }) });
  const chosen = Object.fromEntries(Object.entries(migrations).filter(([name]) => before === undefined || name < before));
  const result = await new Migrator({ db, provider: { getMigrations: async () => chosen } }).migrateToLatest();
  if (result.error) {
    throw result.error as Error;
  }
  return db;
}

const opened: Kysely<any>[] = [];
afterEach(async () => {
  for (const db of opened.splice(0)) {
    await db.destroy();
  }
});

/** Rollup rows as the store keeps them, recomputed from scratch in JS. */
function expectedRollups(points: readonly SeriesPoint[]) {
  const rows = new Map<string, { series_id: number; grain: number; bucket_ts: number; cnt: number; sum: number; min: number; max: number }>();
  for (const p of points) {
    for (const grain of rollupGrains) {
      const bucket = Math.floor(p.ts / grain) * grain;
      const key = `${p.seriesId}|${grain}|${bucket}`;
      const row = rows.get(key) ?? { series_id: p.seriesId, grain, bucket_ts: bucket, cnt: 0, sum: 0, min: Infinity, max: -Infinity };
      row.cnt += 1;
      row.sum += p.value;
      row.min = Math.min(row.min, p.value);
      row.max = Math.max(row.max, p.value);
      rows.set(key, row);
    }
  }
  return [...rows.values()].sort((a, b) => a.series_id - b.series_id || a.grain - b.grain || a.bucket_ts - b.bucket_ts);
}

async function storedRollups(db: Kysely<any>) {
  const rows = await db.selectFrom('series_rollup').selectAll().orderBy('series_id').orderBy('grain').orderBy('bucket_ts').execute();
  return rows.map((r) => ({ ...r, sum: Math.round(Number(r.sum) * 1e6) / 1e6 }));
}
const rounded = <T extends { sum: number }>(rows: T[]) => rows.map((r) => ({ ...r, sum: Math.round(r.sum * 1e6) / 1e6 }));

describe('series store', () => {
  it('keeps rollups equal to a recomputation through batched appends, record removals and the purge', async () => {
    const db = await database();
    opened.push(db);
    const store = new SeriesRepository('sqlite');
    const start = Date.parse('2026-03-01T00:00:00Z');
    let seed = 7;
    const random = () => (seed = (seed * 48_271) % 2_147_483_647) / 2_147_483_647;
    const points: SeriesPoint[] = [];
    for (let i = 0; i < 5_000; i++) {
      points.push({ seriesId: 1 + (i % 2), ts: start + Math.floor(random() * 6 * 3_600_000), recordId: i + 1, value: Math.round(random() * 1000) / 10 });
    }
    // One batch of 3 000 (several statements), then 2 000 one by one in a transaction.
    await (db as Db).transaction().execute((trx) => store.append(trx, points.slice(0, 3_000)));
    await (db as Db).transaction().execute(async (trx) => {
      for (const point of points.slice(3_000)) {
        await store.append(trx, [point]);
      }
    });
    expect(await storedRollups(db)).toEqual(rounded(expectedRollups(points)));

    // Removing records rebuilds the hours they were in; the purge drops everything before a cut-off.
    await db.insertInto('series').values([{ id: 1, company_id: 1, item_id: 9, field: 'a' }, { id: 2, company_id: 1, item_id: 9, field: 'b' }]).execute();
    const gone = points.filter((p) => p.recordId % 7 === 0);
    await (db as Db).transaction().execute((trx) => store.removeRecords(trx, 1, gone.map((p) => ({ itemId: 9, recordId: p.recordId, ts: p.ts }))));
    let kept = points.filter((p) => p.recordId % 7 !== 0);
    expect(await storedRollups(db)).toEqual(rounded(expectedRollups(kept)));
    const cutoff = start + 2 * 3_600_000 + 1_234_567;
    await (db as Db).transaction().execute((trx) => store.removeBefore(trx, 1, 9, cutoff));
    kept = kept.filter((p) => p.ts >= cutoff);
    expect(await storedRollups(db)).toEqual(rounded(expectedRollups(kept)));
    expect(Number((await db.selectFrom('series_point').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n)).toBe(kept.length);

    // Stats over a window mixing whole hours and minutes agree with the values.
    const from = start + 3 * 3_600_000 - 17 * 60_000;
    const to = start + 5 * 3_600_000 + 23 * 60_000;
    const inside = kept.filter((p) => p.seriesId === 1 && p.ts >= from && p.ts < to).map((p) => p.value);
    const stats = await store.stats(db as Db, { id: 1, rolledUntil: null }, from, to);
    expect([stats.count, Math.round(stats.sum * 1e6) / 1e6, stats.min, stats.max]).toEqual([inside.length, Math.round(inside.reduce((a, b) => a + b, 0) * 1e6) / 1e6, Math.min(...inside), Math.max(...inside)]);
  });

  it('is back-filled by its migration from the records kept before it', async () => {
    const db = await database('2026-11-22-030-charts');
    opened.push(db);
    const fields = [
      { name: 'T', fieldName: 't', type: 1 },
      { name: 'N', fieldName: 'n', type: 10 },
      { name: 'Label', fieldName: 'label', type: 5 },
      { name: 'At', fieldName: 'at', type: 4 },
    ];
    await db.insertInto('data_item').values({ id: 5, company_id: 3, node_id: 1, name: 'Old', kind: 10, fields: JSON.stringify(fields), created_at: 0, updated_at: 0 }).execute();
    const values = [
      { t: 1.5, n: 2, label: 'a', at: 1000 },
      { t: 'oops', n: 3 },
      { label: 'only text' },
      { t: 4.5 },
    ];
    for (const [index, v] of values.entries()) {
      const at = Date.parse('2026-11-01T10:00:00Z') + index * 90_000;
      await db.insertInto('data_record').values({ id: 100 + index, company_id: 3, item_id: 5, parent_record_id: null, values_json: JSON.stringify(v), source: 'manual', created_by: null, created_at: at, updated_at: at }).execute();
    }
    const result = await new Migrator({ db, provider: { getMigrations: async () => migrations } }).migrateToLatest();
    expect(result.error).toBeUndefined();

    const series = await db.selectFrom('series').select(['id', 'field']).where('item_id', '=', 5).orderBy('field').execute();
    expect(series.map((s) => s.field)).toEqual(['n', 't']);
    const store = new SeriesRepository('sqlite');
    const t = series.find((s) => s.field === 't')!.id as number;
    const n = series.find((s) => s.field === 'n')!.id as number;
    const base = Date.parse('2026-11-01T10:00:00Z');
    expect(await store.points(db as Db, t, base, base + 3_600_000)).toEqual([
      [base, 1.5],
      [base + 270_000, 4.5],
    ]);
    expect(await store.points(db as Db, n, base, base + 3_600_000)).toEqual([
      [base, 2],
      [base + 90_000, 3],
    ]);
    expect(await store.rollups(db as Db, { id: t, rolledUntil: null }, 3_600_000, base, base + 3_600_000)).toEqual([{ at: base, count: 2, sum: 6, min: 1.5, max: 4.5 }]);
  });
});
