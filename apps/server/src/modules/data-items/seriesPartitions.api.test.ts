import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import * as partitionsMigration from '@server/platform/db/migrations/2026-11-28-320-series-point-partitions';
import { as, body, createCompanyUser, createTestApp, signIn, type TestApp } from '@server/test/testApp';
import { DataItemsRepository } from './dataItems.repository';
import { DataItemsMaintenance } from './maintenance.service';
import { RecordsRepository } from './records.repository';
import { RecordWriter } from './recordWriter';
import { SeriesRepository } from './series.repository';
import { monthStart, partitionName, seriesPartitions } from './seriesPartitions.repository';

/**
 * Issue 22: on PostgreSQL `series_point` is range-partitioned by month (migration 320), months are
 * made ahead by the hourly job, a value of a month not made (or far away) lands in the default
 * partition, and retention drops whole months; charts answer as before. SQLite keeps one table.
 */
type Api = (options: InjectOptions) => Promise<LightMyRequestResponse>;

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const post = (api: Api, url: string, payload: unknown) => api({ method: 'POST', url: `/general/${url}`, payload: payload as object });
const get = (api: Api, url: string, query: Record<string, unknown>) =>
  api({ method: 'GET', url: `/general/${url}?${new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)])).toString()}` });

async function boundItem(app: FastifyInstance): Promise<{ api: Api; companyId: number; itemId: number }> {
  const user = await createCompanyUser(app, { codes: ['sd_capsule', 'cd_device'], companyName: `Parts ${randomBytes(3).toString('hex')}` });
  const api = as(app, await signIn(app, user.userName, user.password));
  const dir = body(await post(api, 'cabin/addDirectory', { parentId: null, name: 'Plant' }));
  const item = body(await post(api, 'dataItem/addDataItem', { directoryId: dir.data.id, name: 'Line', kind: 13, fields: [{ name: '温度', fieldName: 'temperature', type: 1, unit: '℃', priority: 1 }] }));
  expect(item.code, JSON.stringify(item)).toBe(0);
  return { api, companyId: user.companyId, itemId: item.data.id };
}

/** Where each point of an item lives: [ts, partition]. */
async function placed(app: FastifyInstance, itemId: number): Promise<Array<[number, string]>> {
  const rows = await sql<{ ts: string; part: string }>`select p.ts, p.tableoid::regclass::text as part from series_point p join series s on s.id = p.series_id where s.item_id = ${itemId} order by p.ts`.execute(app.platform.db);
  return rows.rows.map((r) => [Number(r.ts), r.part]);
}

/** A chart's daily MAX over [from, to): the values. */
async function dailyMax(api: Api, itemId: number, from: number, to: number): Promise<number[]> {
  const answer = body(await post(api, 'chart/query', { itemId, bucket: 'day', range: { from, to }, series: [{ field: 'temperature', aggregate: 'MAX' }] }));
  expect(answer.code, JSON.stringify(answer)).toBe(0);
  return answer.data.series[0].points.map((p: [number, number]) => p[1]);
}

describe('series point partitions', () => {
  it.skipIf(onPostgres)('SQLite: one table, no partitions', async () => {
    const tables = await sql<{ name: string }>`select name from sqlite_master where type = 'table' and name like 'series_point%'`.execute(t.app.platform.db);
    expect(tables.rows.map((r) => r.name)).toEqual(['series_point']);
  });

  it.skipIf(!onPostgres)('values land in their month or the default partition; a month made later takes its values from the default; retention drops whole months and the charts still answer', async () => {
    const db = t.app.platform.db;
    const now = Date.now();
    // The migration made the current month and the next two, and the default partition.
    const names = (await seriesPartitions.list(db)).map((p) => p.name);
    expect(names).toEqual([partitionName(monthStart(now)), partitionName(monthStart(now, 1)), partitionName(monthStart(now, 2)), 'series_point_default']);

    const { api, companyId, itemId } = await boundItem(t.app);
    const recent = now - 120_000;
    const old = monthStart(now, -3) + 5 * 86_400_000 + 3_600_000; // the 6th of three months ago, 01:00 UTC
    const past = Date.UTC(1990, 0, 1);
    const future = Date.UTC(2090, 0, 1);
    const write = (ts: number, temperature: number) => ({ companyId, itemId, ts, values: { temperature } });
    await t.app.telemetry.commit.submit([write(recent, 20), write(old, 7), write(old + 60_000, 9), write(past, 1), write(future, 2)]);
    expect(await placed(t.app, itemId)).toEqual([
      [past, 'series_point_default'],
      [old, 'series_point_default'],
      [old + 60_000, 'series_point_default'],
      [recent, partitionName(monthStart(now))],
      [future, 'series_point_default'],
    ]);
    const oldDay = [old - 3_600_000, old + 86_400_000 - 3_600_000];
    expect(await dailyMax(api, itemId, oldDay[0]!, oldDay[1]!)).toEqual([9]);

    // The month is made (as the hourly job does for months ahead): its values move into it.
    expect(await seriesPartitions.ensureMonths(db, old, 1)).toEqual([partitionName(monthStart(old))]);
    expect(await seriesPartitions.ensureMonths(db, old, 1)).toEqual([]);
    expect((await placed(t.app, itemId)).filter(([ts]) => ts === old || ts === old + 60_000).map(([, part]) => part)).toEqual([partitionName(monthStart(old)), partitionName(monthStart(old))]);
    expect(await dailyMax(api, itemId, oldDay[0]!, oldDay[1]!)).toEqual([9]);

    // Retention of two whole months before the current one (the operator's setting, run by the
    // hourly job): the month of three months ago goes, and the default partition's older values.
    const writer = new RecordWriter(db, 'postgres', new SeriesRepository('postgres'));
    const maintenance = new DataItemsMaintenance(db, new DataItemsRepository(db), new RecordsRepository(db, 'postgres'), writer, 'postgres', 2);
    const upkeep = await maintenance.upkeepPartitions(now);
    expect(upkeep).toEqual({ made: [], dropped: [partitionName(monthStart(old))] });
    expect((await seriesPartitions.list(db)).map((p) => p.name)).not.toContain(partitionName(monthStart(old)));
    expect(await placed(t.app, itemId)).toEqual([
      [recent, partitionName(monthStart(now))],
      [future, 'series_point_default'],
    ]);
    // The charts still answer: the recent value as before; the dropped month from its rollups
    // (values that late were folded at once, and rollups are not partitioned).
    expect(await dailyMax(api, itemId, recent - 3_600_000, now + 3_600_000)).toContain(20);
    const afterDrop = body(await post(api, 'chart/query', { itemId, bucket: 'raw', range: { from: oldDay[0], to: oldDay[1] }, series: [{ field: 'temperature', aggregate: 'none' }] }));
    expect(afterDrop.code, JSON.stringify(afterDrop)).toBe(0);
    expect(afterDrop.data.series[0].points).toEqual([]);
    // Records are not partitioned: the list still holds all five.
    expect(body(await get(api, 'dataItem/getRecords', { itemId, pageNum: 1, pageSize: 10 })).data.list).toHaveLength(5);
  });

  it.skipIf(!onPostgres)('migration 320 converts a plain table holding values: every value kept, months made where values are', async () => {
    const db = t.app.platform.db;
    const { api, companyId, itemId } = await boundItem(t.app);
    const now = Date.now();
    const old = monthStart(now, -5) + 10 * 86_400_000;
    const write = (ts: number, temperature: number) => ({ companyId, itemId, ts, values: { temperature } });
    await t.app.telemetry.commit.submit([write(now - 60_000, 30), write(old, 31), write(Date.UTC(1995, 5, 1), 32)]);
    // Back to the plain table of before (down), holding every row of every test so far.
    await partitionsMigration.down(db);
    const before = await sql<{ series_id: number; ts: string; record_id: string; value: number }>`select * from series_point order by series_id, ts, record_id`.execute(db);
    const kind = async () => (await sql<{ k: string }>`select relkind::text as k from pg_class where oid = 'series_point'::regclass`.execute(db)).rows[0]!.k;
    expect(await kind()).toBe('r');
    expect(before.rows.length).toBeGreaterThanOrEqual(3);

    await partitionsMigration.up(db);
    expect(await kind()).toBe('p');
    const after = await sql<{ series_id: number; ts: string; record_id: string; value: number }>`select * from series_point order by series_id, ts, record_id`.execute(db);
    expect(after.rows).toEqual(before.rows);
    const names = (await seriesPartitions.list(db)).map((p) => p.name);
    expect(names).toEqual(expect.arrayContaining([partitionName(monthStart(old)), partitionName(monthStart(now)), partitionName(monthStart(now, 2)), 'series_point_default']));
    expect((await placed(t.app, itemId)).map(([, part]) => part)).toEqual(['series_point_default', partitionName(monthStart(old)), partitionName(monthStart(now))]);
    expect(await dailyMax(api, itemId, old - 86_400_000, old + 86_400_000)).toContain(31);
    // New values still go in after the conversion.
    await t.app.telemetry.commit.submit([write(now - 30_000, 33)]);
    expect((await placed(t.app, itemId)).length).toBe(4);
  });
});
