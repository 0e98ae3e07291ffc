import SQLite from 'better-sqlite3';
import { Kysely, Migrator, SqliteDialect } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import type { Db } from '@server/platform/db/database';
import { migrations } from '@server/platform/db/migrations';
import type { SeriesPoint } from './series';
import { rollupGrains, type RollupGrain, type RollupRow, type SeriesRef } from './series.port';
import { SeriesRepository } from './series.repository';
import { createTestApp } from '@server/test/testApp';
import { PgSeriesRoller, SeriesRoller, type RollerOptions } from './seriesRoller';

const opened: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const close of opened.splice(0)) {
    await close();
  }
});

/**
 * The roller of the database the API tests run on (TEST_DATABASE_URL: PostgreSQL, in a schema of
 * its own; otherwise SQLite in memory): `roll` moves the due series' watermark to the target at
 * `now` (answers whether any moved), `reroll` rolls [from, until) of one series again.
 */
async function database(options: RollerOptions): Promise<{
  db: Db;
  kind: 'sqlite' | 'postgres';
  roll: (now: number) => Promise<boolean>;
  reroll: (seriesId: number, from: number, until: number) => Promise<void>;
  target: (now: number) => number;
}> {
  if (process.env.TEST_DATABASE_URL) {
    const t = await createTestApp();
    opened.push(() => t.close());
    const db = t.app.platform.db;
    const roller = new PgSeriesRoller(options);
    return {
      db,
      kind: 'postgres',
      target: (now) => roller.target(now),
      roll: async (now) => {
        const due = await roller.due(db, now);
        const ids = await db.transaction().execute((trx) => roller.rollAll(trx, due.map((d) => d.id), roller.target(now)));
        return ids !== null && ids.length > 0;
      },
      reroll: async (seriesId, from, until) => {
        await db.updateTable('series').set({ rolled_until: from }).where('id', '=', seriesId).execute();
        await db.transaction().execute((trx) => roller.rollAll(trx, [seriesId], until));
      },
    };
  }
  const { db, raw } = await sqliteDatabase();
  const roller = new SeriesRoller(raw, options);
  return {
    db,
    kind: 'sqlite',
    target: (now) => roller.target(now),
    roll: (now) => {
      const due = roller.due(now);
      raw.transaction(() => roller.rollAll(due, roller.target(now)))();
      return Promise.resolve(due.length > 0);
    },
    reroll: (seriesId, from, until) => {
      raw.transaction(() => roller.rollAll([{ id: seriesId, rolledUntil: from }], until))();
      return Promise.resolve();
    },
  };
}

async function sqliteDatabase(): Promise<{ db: Db; raw: SQLite.Database }> {
  const raw = new SQLite(':memory:');
  const db = new Kysely<any>({ dialect: new SqliteDialect({ database: raw }) });
  opened.push(() => db.destroy());
  const result = await new Migrator({ db, provider: { getMigrations: async () => migrations } }).migrateToLatest();
  if (result.error) {
    throw result.error as Error;
  }
  return { db: db as Db, raw };
}

const MINUTE = 60_000;
const HOUR = 3_600_000;
const round = (rows: RollupRow[]) => rows.map((r) => ({ ...r, sum: Math.round(r.sum * 1e6) / 1e6 }));

/**
 * Two series get the same values: series 1 the way the data-items path writes them (rollups on
 * every write), series 2 the way telemetry ingest does (points only from its watermark on, late
 * values folded at once) with the roller moving the watermark. At every step every read of series
 * 2 must answer exactly what the same read of series 1 answers.
 */
describe('deferred rollups', () => {
  it('answer every read like rollups kept on write, before, during and after rolls, with late values and data-items writes', async () => {
    const { db, kind, roll: rollAt, reroll, target } = await database({ lagMs: MINUTE, everyMs: MINUTE });
    const store = new SeriesRepository(kind);
    await db.insertInto('series').values([
      { id: 1, company_id: 1, item_id: 1, field: 'synced', rolled_until: null },
      { id: 2, company_id: 1, item_id: 1, field: 'deferred', rolled_until: null },
    ]).execute();
    const start = Date.parse('2026-03-01T05:00:00Z');
    let seed = 11;
    const random = () => (seed = (seed * 48_271) % 2_147_483_647) / 2_147_483_647;
    let recordId = 0;
    const all: SeriesPoint[] = [];
    // Series 2 switches to deferred at `start + 7 min` (as the ingest does on its first value).
    const w = start + 7 * MINUTE;
    await db.updateTable('series').set({ rolled_until: w }).where('id', '=', 2).execute();
    const deferred: SeriesRef = { id: 2, rolledUntil: w };
    const synced: SeriesRef = { id: 1, rolledUntil: null };

    /** Telemetry's write: points of series 2 only, rollups only for values before the watermark. */
    const ingest = async (values: Array<{ ts: number; value: number }>) => {
      const late: SeriesPoint[] = [];
      await db.transaction().execute(async (trx) => {
        for (const { ts, value } of values) {
          recordId += 1;
          all.push({ seriesId: 1, ts, recordId, value });
          await store.append(trx, [{ seriesId: 1, ts, recordId, value }]);
          await trx.insertInto('series_point').values({ series_id: 2, ts, record_id: recordId, value }).execute();
          if (ts < deferred.rolledUntil!) {
            late.push({ seriesId: 2, ts, recordId, value });
          }
        }
        // The late values' rollups, exactly as the data-items path folds them.
        if (late.length > 0) {
          for (const p of late) {
            await trx
              .insertInto('series_rollup')
              .values(rollupGrains.map((grain) => ({ series_id: 2, grain, bucket_ts: Math.floor(p.ts / grain) * grain, cnt: 1, sum: p.value, min: p.value, max: p.value })))
              .onConflict((oc) =>
                oc.columns(['series_id', 'grain', 'bucket_ts']).doUpdateSet((eb) => ({
                  cnt: eb('series_rollup.cnt', '+', eb.ref('excluded.cnt')),
                  sum: eb('series_rollup.sum', '+', eb.ref('excluded.sum')),
                  min: eb.fn(kind === 'postgres' ? 'least' : 'min', ['series_rollup.min', 'excluded.min']),
                  max: eb.fn(kind === 'postgres' ? 'greatest' : 'max', ['series_rollup.max', 'excluded.max']),
                })),
              )
              .execute();
          }
        }
      });
    };
    /** A record written through the data-items path on both series (rollups on write, whatever the watermark). */
    const dataItemsWrite = async (ts: number, value: number) => {
      recordId += 1;
      all.push({ seriesId: 1, ts, recordId, value });
      await db.transaction().execute((trx) => store.append(trx, [{ seriesId: 1, ts, recordId, value }, { seriesId: 2, ts, recordId, value }]));
    };
    const roll = async (now: number) => {
      if (await rollAt(now)) {
        deferred.rolledUntil = target(now);
      }
    };

    const windows: Array<[number, number]> = [];
    for (let k = 0; k < 12; k++) {
      const from = start + Math.floor(random() * 16 * 60) * MINUTE;
      windows.push([from, from + (1 + Math.floor(random() * 10 * 60)) * MINUTE]);
    }
    windows.push([start, start + 12 * HOUR], [start - 6 * HOUR, start + 24 * HOUR]);
    const compare = async (label: string) => {
      expect(deferred.rolledUntil).toBe(Number((await db.selectFrom('series').select('rolled_until').where('id', '=', 2).executeTakeFirstOrThrow()).rolled_until));
      for (const [from, to] of windows) {
        const context = `${label}: [${new Date(from).toISOString()}, ${new Date(to).toISOString()}) W=${new Date(deferred.rolledUntil!).toISOString()}`;
        const a = await store.stats(db, synced, from, to);
        const b = await store.stats(db, deferred, from, to);
        expect([b.count, Math.round(b.sum * 1e6) / 1e6, b.min, b.max], context).toEqual([a.count, Math.round(a.sum * 1e6) / 1e6, a.min, a.max]);
        for (const grain of rollupGrains) {
          const f = Math.floor(from / grain) * grain;
          const t = Math.ceil(to / grain) * grain;
          expect(round(await store.rollups(db, deferred, grain as RollupGrain, f, t)), `${context} rollups ${grain}`).toEqual(round(await store.rollups(db, synced, grain as RollupGrain, f, t)));
        }
        // Buckets of 5 minutes, 2 hours and a day (offset +8 h) grouped from a grain dividing them.
        for (const [grain, size, offset] of [[MINUTE, 5 * MINUTE, 0], [900_000, 2 * HOUR, 0], [HOUR, 24 * HOUR, 8 * HOUR]] as const) {
          const f = Math.floor(from / grain) * grain;
          const t = Math.ceil(to / grain) * grain;
          expect(round(await store.grouped(db, deferred, grain, size, offset, f, t)), `${context} grouped ${size}`).toEqual(round(await store.grouped(db, synced, grain, size, offset, f, t)));
        }
      }
    };

    // Values over five hours in bursts; rolls as the clock goes; late values; data-items writes.
    let clock = start;
    for (let step = 0; step < 30; step++) {
      const burst: Array<{ ts: number; value: number }> = [];
      for (let i = 0; i < 25; i++) {
        burst.push({ ts: clock + Math.floor(random() * 10 * MINUTE), value: Math.round(random() * 1000) / 10 });
      }
      if (step % 4 === 3) {
        // A device that was offline sends values from before the watermark.
        burst.push({ ts: deferred.rolledUntil! - Math.floor(random() * 2 * HOUR) - 1, value: 999 });
      }
      await ingest(burst);
      if (step % 5 === 2) {
        await dataItemsWrite(clock + Math.floor(random() * 12 * MINUTE), -5);
        await dataItemsWrite(deferred.rolledUntil! - 3 * MINUTE, 7.5);
      }
      if (step % 3 === 0) {
        await compare(`step ${step} before roll`);
      }
      clock += 10 * MINUTE;
      await roll(clock);
      if (step % 3 === 0) {
        await compare(`step ${step} after roll`);
      }
    }
    expect(deferred.rolledUntil).toBeGreaterThan(start + 4 * HOUR);
    // Rolling again at the same clock changes nothing; neither does a repeated roll of a span.
    await roll(clock);
    // (Sums to 1e-6: PostgreSQL adds a bucket's values in no fixed order.)
    const stored = async () =>
      (await db.selectFrom('series_rollup').selectAll().where('series_id', '=', 2).orderBy('grain').orderBy('bucket_ts').execute()).map((r) => ({ ...r, sum: Math.round(Number(r.sum) * 1e6) / 1e6 }));
    const before = await stored();
    await reroll(2, deferred.rolledUntil! - 2 * HOUR, deferred.rolledUntil!);
    expect(await stored()).toEqual(before);
    await compare('end');
    // Fully rolled (the watermark past every value): the stored rows of both series are the same.
    await roll(clock + 24 * HOUR);
    const rowsOf = async (id: number) =>
      (await db.selectFrom('series_rollup').select(['grain', 'bucket_ts', 'cnt', 'sum', 'min', 'max']).where('series_id', '=', id).orderBy('grain').orderBy('bucket_ts').execute()).map((r) => ({
        ...r,
        sum: Math.round(Number(r.sum) * 1e6) / 1e6,
      }));
    expect(await rowsOf(2)).toEqual(await rowsOf(1));
    expect(all.length).toBeGreaterThan(700);
  });
});
