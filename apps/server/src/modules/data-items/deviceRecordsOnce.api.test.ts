import { randomBytes } from 'node:crypto';
import mqtt, { type MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Kysely, Migrator, SqliteDialect, sql } from 'kysely';
import Database from 'better-sqlite3';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { buildApp } from '@server/app';
import { testConfig } from '@server/config';
import { dropSchema, migrate, type Db } from '@server/platform/db/database';
import { migrations } from '@server/platform/db/migrations';
import { adminPassword, as, body, createCompanyUser, createTestApp, signIn, type TestApp } from '@server/test/testApp';

/**
 * Issue 22: at-least-once delivery means a device payload may come twice (a redelivery after an
 * instance died, two instances receiving it). A device record is named by its item and instant
 * (an item has one device): the second is stored nowhere — no record, no point, no count, no
 * counter (docs/telemetry.md "Duplicates").
 */
type Api = (options: InjectOptions) => Promise<LightMyRequestResponse>;

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
let t: TestApp;
let mqttPort: number;
beforeAll(async () => {
  t = await createTestApp({ mqttPort: 0 });
  mqttPort = t.app.platform.broker!.port!;
});
afterAll(async () => {
  await t?.close();
});

const post = (api: Api, url: string, payload: unknown) => api({ method: 'POST', url: `/general/${url}`, payload: payload as object });
const get = (api: Api, url: string, query: Record<string, unknown>) =>
  api({ method: 'GET', url: `/general/${url}?${new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)])).toString()}` });
const fields = [
  { name: '温度', fieldName: 'temperature', type: 1, unit: '℃', priority: 1 },
  { name: '湿度', fieldName: 'humidity', type: 1, unit: '%', priority: 2 },
];

let seq = 0;
/** A company, an IoT data list bound to a device of it: its API, ids and the device's credentials. */
async function boundItem(app: FastifyInstance): Promise<{ api: Api; companyId: number; itemId: number; sn: string; secret: string; directoryId: number }> {
  seq += 1;
  const user = await createCompanyUser(app, { codes: ['sd_capsule', 'cd_device'], companyName: `Once ${seq} ${randomBytes(3).toString('hex')}` });
  const api = as(app, await signIn(app, user.userName, user.password));
  const dir = body(await post(api, 'cabin/addDirectory', { parentId: null, name: `Plant ${seq}` }));
  const item = body(await post(api, 'dataItem/addDataItem', { directoryId: dir.data.id, name: `Line ${seq}`, kind: 13, fields }));
  expect(item.code, JSON.stringify(item)).toBe(0);
  const sn = `ONCE${Date.now().toString(36).toUpperCase()}${seq}`;
  const device = body(await post(api, 'device/addDevice', { name: `Gateway ${seq}`, sn, model: 'SD-G1' }));
  expect(device.code, JSON.stringify(device)).toBe(0);
  expect(body(await post(api, 'telemetry/bindItem', { itemId: item.data.id, deviceId: device.data.id })).code).toBe(0);
  return { api, companyId: user.companyId, itemId: item.data.id, sn, secret: device.data.secret, directoryId: dir.data.id };
}

async function recordsOf(api: Api, itemId: number): Promise<Array<{ values: Record<string, unknown>; createdAt: number }>> {
  const answer = body(await get(api, 'dataItem/getRecords', { itemId, pageNum: 1, pageSize: 100 }));
  expect(answer.code, JSON.stringify(answer)).toBe(0);
  return answer.data.list;
}
/** Points per field of an item's series. */
async function pointsOf(app: FastifyInstance, itemId: number): Promise<Record<string, number>> {
  const rows = await app.platform.db
    .selectFrom('series_point')
    .innerJoin('series', 'series.id', 'series_point.series_id')
    .select(['series.field', (eb) => eb.fn.countAll<number>().as('n')])
    .where('series.item_id', '=', itemId)
    .groupBy('series.field')
    .execute();
  return Object.fromEntries(rows.map((r) => [r.field, Number(r.n)]));
}
/** The acquisition page's counters of a company: values, records and unknown keys received. */
async function countersOf(app: FastifyInstance, companyId: number): Promise<{ values: number; records: number; unknown: number }> {
  const row = await app.platform.db
    .selectFrom('telemetry_count')
    .select([(eb) => eb.fn.sum<number>('value_count').as('values'), (eb) => eb.fn.sum<number>('record_count').as('records'), (eb) => eb.fn.sum<number>('unknown_count').as('unknown')])
    .where('company_id', '=', companyId)
    .executeTakeFirst();
  return { values: Number(row?.values ?? 0), records: Number(row?.records ?? 0), unknown: Number(row?.unknown ?? 0) };
}
async function itemCount(app: FastifyInstance, itemId: number): Promise<number> {
  const row = await app.platform.db.selectFrom('data_item').select('record_count').where('id', '=', itemId).executeTakeFirstOrThrow();
  return Number(row.record_count);
}

describe('a device payload delivered twice', () => {
  it('through the broker, with its ts: one record, one point per key, counters and count unchanged by the redelivery; another publish of that instant with other values is a record of its own', async () => {
    const { api, companyId, itemId, sn, secret } = await boundItem(t.app);
    const client: MqttClient = await mqtt.connectAsync(`mqtt://127.0.0.1:${mqttPort}`, { username: sn, password: secret, clientId: `${sn}:1`, reconnectPeriod: 0, connectTimeout: 5000 });
    try {
      const ts = Date.now() - 60_000;
      const payload = JSON.stringify({ ts, values: { temperature: 21.5, humidity: 40, nosuchkey: 1 } });
      await client.publishAsync(`sd/${sn}/up/telemetry`, payload, { qos: 1 });
      const once = { records: await recordsOf(api, itemId), points: await pointsOf(t.app, itemId), counters: await countersOf(t.app, companyId), count: await itemCount(t.app, itemId) };
      expect(once.records).toHaveLength(1);
      expect(once.points).toEqual({ temperature: 1, humidity: 1 });
      expect(once.counters).toEqual({ values: 2, records: 1, unknown: 1 });
      expect(once.count).toBe(1);

      // The broker's redelivery: the same payload again (acknowledged, nothing stored).
      await client.publishAsync(`sd/${sn}/up/telemetry`, payload, { qos: 1 });
      // Same instant, other values (a device sending a second reading in its own publish, stamped
      // with the same second): stored — and its own redelivery is not.
      const other = JSON.stringify({ ts, values: { humidity: 41 } });
      await client.publishAsync(`sd/${sn}/up/telemetry`, other, { qos: 1 });
      await client.publishAsync(`sd/${sn}/up/telemetry`, other, { qos: 1 });
      // A later instant is a new record.
      await client.publishAsync(`sd/${sn}/up/telemetry`, JSON.stringify({ ts: ts + 1, values: { temperature: 22 } }), { qos: 1 });
      const records = await recordsOf(api, itemId);
      const rows = records.map((r) => [r.createdAt, r.values.temperature ?? null, r.values.humidity ?? null] as const);
      expect([...rows].sort((a, b) => a[0] - b[0] || Number(a[2] ?? 0) - Number(b[2] ?? 0))).toEqual([
        [ts, 21.5, 40],
        [ts, null, 41],
        [ts + 1, 22, null],
      ]);
      expect(await pointsOf(t.app, itemId)).toEqual({ temperature: 2, humidity: 2 });
      expect(await countersOf(t.app, companyId)).toEqual({ values: 4, records: 3, unknown: 1 });
      expect(await itemCount(t.app, itemId)).toBe(3);
    } finally {
      await client.endAsync();
    }
  });

  it('the same batch written twice, and a batch holding one payload twice: each record stored once', async () => {
    const { api, companyId, itemId } = await boundItem(t.app);
    const ts = Date.now() - 120_000;
    const batch = Array.from({ length: 50 }, (_, i) => ({ companyId, itemId, ts: ts + i * 1000, values: { temperature: i, humidity: 100 - i } }));
    await t.app.telemetry.commit.submit(batch);
    await t.app.telemetry.commit.submit(batch);
    // One payload twice in one submit (two flushes' worth of the same batch), plus a new one.
    const extra = { companyId, itemId, ts: ts + 50_000, values: { temperature: 50, humidity: 50 } };
    await t.app.telemetry.commit.submit([batch[0]!, extra, batch[0]!, extra]);
    const records = await recordsOf(api, itemId);
    expect(records).toHaveLength(51);
    expect(new Set(records.map((r) => r.createdAt)).size).toBe(51);
    expect(await pointsOf(t.app, itemId)).toEqual({ temperature: 51, humidity: 51 });
    expect(await countersOf(t.app, companyId)).toEqual({ values: 102, records: 51, unknown: 0 });
    expect(await itemCount(t.app, itemId)).toBe(51);
  });

  it('an item with a forward condition: a redelivered payload is neither stored nor forwarded again', async () => {
    const { api, companyId, itemId, directoryId } = await boundItem(t.app);
    const targetAnswer = body(await post(api, 'dataItem/addDataItem', { directoryId, name: 'Hot', kind: 10, fields }));
    expect(targetAnswer.code, JSON.stringify(targetAnswer)).toBe(0);
    const targetId = targetAnswer.data.id as number;
    const forward = body(
      await post(api, 'dataItem/addForward', { itemId, name: 'hot', targetItemId: targetId, conditions: [{ field: 'temperature', op: 'gt', value: 50 }], mappings: [{ from: 'temperature', to: 'temperature' }] }),
    );
    expect(forward.code, JSON.stringify(forward)).toBe(0);
    const ts = Date.now() - 30_000;
    const batch = [
      { companyId, itemId, ts, values: { temperature: 80 } },
      { companyId, itemId, ts: ts + 1, values: { temperature: 20 } },
    ];
    await t.app.telemetry.commit.submit(batch);
    await t.app.telemetry.commit.submit(batch);
    await t.app.telemetry.commit.submit([batch[0]!, batch[0]!]);
    expect((await recordsOf(api, itemId)).map((r) => r.values.temperature).sort()).toEqual([20, 80]);
    expect((await recordsOf(api, targetId)).map((r) => r.values.temperature)).toEqual([80]);
    expect(await countersOf(t.app, companyId)).toEqual({ values: 2, records: 2, unknown: 0 });
  });

  it.skipIf(!onPostgres)('two instances on one PostgreSQL database writing the same device values at once store each once', async () => {
    const databaseUrl = process.env.TEST_DATABASE_URL!;
    const databaseSchema = `t_${randomBytes(6).toString('hex')}`;
    const config = testConfig({ databaseUrl, databaseSchema, adminPassword, mqttPort: null });
    const apps: FastifyInstance[] = [];
    try {
      apps.push(await buildApp({ ...config, instanceId: `once-a-${process.pid}` }));
      apps.push(await buildApp({ ...config, instanceId: `once-b-${process.pid}` }));
      const [a, b] = apps as [FastifyInstance, FastifyInstance];
      const { api, companyId, itemId } = await boundItem(a);
      const ts = Date.now() - 3_600_000;
      const batch = Array.from({ length: 300 }, (_, i) => ({ companyId, itemId, ts: ts + i * 1000, values: { temperature: i, humidity: i / 2 } }));
      // Both instances receive every value (a redelivery racing the original), in slices.
      const slices = (app: FastifyInstance) => Array.from({ length: 6 }, (_, k) => app.telemetry.commit.submit(batch.slice(k * 50, k * 50 + 50)));
      await Promise.all([...slices(a), ...slices(b)]);
      const stored = await a.platform.db.selectFrom('data_record').select(['created_at']).where('item_id', '=', itemId).execute();
      expect(stored).toHaveLength(300);
      expect(new Set(stored.map((r) => Number(r.created_at))).size).toBe(300);
      expect(await pointsOf(b, itemId)).toEqual({ temperature: 300, humidity: 300 });
      expect(await countersOf(a, companyId)).toEqual({ values: 600, records: 300, unknown: 0 });
      expect(await itemCount(b, itemId)).toBe(300);
      expect((await recordsOf(api, itemId)).length).toBe(100); // a page
    } finally {
      for (const app of apps) {
        await app.close();
      }
      await dropSchema(databaseUrl, databaseSchema);
    }
  }, 60_000);
});

describe('migrations 310 and 330 on a database holding duplicates', () => {
  it.skipIf(onPostgres)('keeps the old duplicate device records and refuses new ones (SQLite)', async () => {
    const db = new Kysely<any>({ dialect: new SqliteDialect({ database: new Database(':memory:') }) });
    const { '2026-11-28-310-device-record-once': _once, '2026-11-28-330-device-record-values-once': _valuesOnce, ...before } = migrations;
    const first = await new Migrator({ db, provider: { getMigrations: async () => before } }).migrateToLatest();
    expect(first.error).toBeUndefined();
    const row = (id: number) => ({ id, company_id: 1, item_id: 7, values_json: '{"t":1}', source: 'device', created_at: 1000, updated_at: 1000 });
    await db.insertInto('data_record').values([row(1), row(2)]).execute();
    await migrate(db as unknown as Db);
    expect((await db.selectFrom('data_record').select('id').execute()).map((r) => Number(r.id))).toEqual([1, 2]);
    // The index covers records written after it: a third of the old instant is stored (not
    // recognised as a redelivery: the upgrade's one blind spot, docs/telemetry.md); a new
    // instant twice is stored once.
    await sql`insert into data_record (company_id, item_id, values_json, source, created_at, updated_at) values (1, 7, '{}', 'device', 1000, 1000), (1, 7, '{}', 'device', 1001, 1001), (1, 7, '{}', 'device', 1001, 1001) on conflict do nothing`.execute(db);
    expect((await db.selectFrom('data_record').select('created_at').execute()).map((r) => Number(r.created_at))).toEqual([1000, 1000, 1000, 1001]);
    // Records of other sources may share an instant (a person may enter two at once).
    await sql`insert into data_record (company_id, item_id, values_json, source, created_at, updated_at) values (1, 7, '{}', 'manual', 1001, 1001), (1, 7, '{}', 'manual', 1001, 1001)`.execute(db);
    await db.destroy();
  });
});
