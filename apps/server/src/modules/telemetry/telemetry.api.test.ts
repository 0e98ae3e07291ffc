import type { AddressInfo } from 'node:net';
import mqtt, { type MqttClient } from 'mqtt';
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { as, body, createCompanyUser, createTestApp, signIn, type TestApp } from '@server/test/testApp';

type Api = (options: InjectOptions) => Promise<LightMyRequestResponse>;

let t: TestApp;
let mqttPort: number;
let httpPort: number;
beforeAll(async () => {
  t = await createTestApp({ mqttPort: 0 });
  mqttPort = t.app.platform.broker!.port!;
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  httpPort = (t.app.server.address() as AddressInfo).port;
});
afterAll(async () => {
  await t?.close();
});

interface Person {
  api: Api;
  token: string;
  companyId: number;
}
async function person(app: FastifyInstance, companyId?: number, codes = ['sd_capsule', 'cd_device', 'um_role']): Promise<Person> {
  const user = await createCompanyUser(app, { codes, companyId });
  const token = await signIn(app, user.userName, user.password);
  return { api: as(app, token), token, companyId: user.companyId };
}
const en = { 'accept-language': 'en-US' };
const post = (api: Api, url: string, payload: unknown, headers: Record<string, string> = {}) => api({ method: 'POST', url: `/general/${url}`, payload: payload as object, headers });
const get = (api: Api, url: string, query: Record<string, unknown>, headers: Record<string, string> = {}) =>
  api({ method: 'GET', url: `/general/${url}?${new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)])).toString()}`, headers });

const fields = [
  { name: '温度', fieldName: 'temperature', type: 1, unit: '℃', priority: 1, decimalPlaces: 1 },
  { name: '计数', fieldName: 'count', type: 10, unit: '', priority: 2 },
  { name: '状态', fieldName: 'status', type: 5, unit: '', priority: 3 },
];

const directories = new Map<Api, number>();
async function addItem(api: Api, name: string, kind = 13): Promise<number> {
  let directoryId = directories.get(api);
  if (directoryId === undefined) {
    const dir = body(await post(api, 'cabin/addDirectory', { parentId: null, name: `Plant ${directories.size + 1}` }));
    expect(dir.code, JSON.stringify(dir)).toBe(0);
    directoryId = dir.data.id as number;
    directories.set(api, directoryId);
  }
  const answer = body(await post(api, 'dataItem/addDataItem', { directoryId, name, kind, fields }));
  expect(answer.code, JSON.stringify(answer)).toBe(0);
  return answer.data.id;
}
let snSeq = 0;
async function addDevice(api: Api): Promise<{ id: number; sn: string; secret: string }> {
  snSeq += 1;
  const sn = `TLM${Date.now().toString(36).toUpperCase()}${snSeq}`;
  const answer = body(await post(api, 'device/addDevice', { name: `Gateway ${snSeq}`, sn, model: 'SD-G1' }));
  expect(answer.code, JSON.stringify(answer)).toBe(0);
  return answer.data;
}

async function connect(device: { sn: string; secret: string }): Promise<MqttClient> {
  const client = mqtt.connect(`mqtt://127.0.0.1:${mqttPort}`, { username: device.sn, password: device.secret, clientId: `${device.sn}:${snSeq}`, reconnectPeriod: 0, connectTimeout: 5000 });
  await new Promise<void>((resolve, reject) => {
    client.once('connect', () => resolve());
    client.once('error', reject);
  });
  return client;
}
/** Publishes QoS 1 and resolves on the PUBACK. */
function publish(client: MqttClient, sn: string, payload: unknown): Promise<void> {
  return new Promise((resolve, reject) => client.publish(`sd/${sn}/up/telemetry`, JSON.stringify(payload), { qos: 1 }, (error) => (error ? reject(error) : resolve())));
}
async function records(api: Api, itemId: number): Promise<Array<{ values: Record<string, unknown>; source: string; createdAt: number }>> {
  const answer = body(await get(api, 'dataItem/getRecords', { itemId, pageNum: 1, pageSize: 100 }));
  expect(answer.code, JSON.stringify(answer)).toBe(0);
  return answer.data.list;
}

describe('bindings', () => {
  it('binds an IoT data list to a device of the company, answers it by item and by device, unbinds', async () => {
    const admin = await person(t.app);
    const itemId = await addItem(admin.api, 'Line 1 readings');
    const device = await addDevice(admin.api);
    const bound = body(await post(admin.api, 'telemetry/bindItem', { itemId, deviceId: device.id }));
    expect(bound.code, JSON.stringify(bound)).toBe(0);
    expect(bound.data).toMatchObject({ itemId, deviceId: device.id, deviceSn: device.sn, itemName: 'Line 1 readings', keys: ['temperature', 'count', 'status'] });
    // Binding again to the same device changes nothing.
    expect(body(await post(admin.api, 'telemetry/bindItem', { itemId, deviceId: device.id })).code).toBe(0);
    expect(body(await get(admin.api, 'telemetry/getBindings', { itemId })).data).toHaveLength(1);
    expect(body(await get(admin.api, 'telemetry/getBindings', { deviceId: device.id })).data.map((b: { itemId: number }) => b.itemId)).toEqual([itemId]);

    // An item has one device: another device is refused with a readable reason.
    const other = await addDevice(admin.api);
    const refused = body(await post(admin.api, 'telemetry/bindItem', { itemId, deviceId: other.id }, en));
    expect(refused.code).toBe(50001);
    expect(refused.data).toBe(`This data item is already bound to device Gateway ${snSeq - 1}; unbind it first`);
    expect(body(await get(admin.api, 'telemetry/getBindings', { itemId })).data[0].deviceId).toBe(device.id);

    expect(body(await post(admin.api, 'telemetry/unbindItem', { itemId })).code).toBe(0);
    expect(body(await get(admin.api, 'telemetry/getBindings', { itemId })).data).toEqual([]);
    const again = body(await post(admin.api, 'telemetry/unbindItem', { itemId }, en));
    expect(again).toMatchObject({ code: 50001, data: 'This data item is not bound to a device' });
    // Now the other device may take it.
    expect(body(await post(admin.api, 'telemetry/bindItem', { itemId, deviceId: other.id })).code).toBe(0);

    // A deleted device takes its bindings along: the item is free for another device.
    expect(body(await post(admin.api, 'device/deleteDevice', { id: other.id })).code).toBe(0);
    expect(body(await get(admin.api, 'telemetry/getBindings', { itemId })).data).toEqual([]);
    expect(body(await post(admin.api, 'telemetry/bindItem', { itemId, deviceId: device.id })).code).toBe(0);
    // A deleted item too: the device has no bindings left.
    expect(body(await post(admin.api, 'dataItem/deleteDataItem', { id: itemId })).code).toBe(0);
    expect(body(await get(admin.api, 'telemetry/getBindings', { deviceId: device.id })).data).toEqual([]);
    const rows = await t.app.platform.db.selectFrom('telemetry_binding').select('item_id').where('item_id', '=', itemId).execute();
    expect(rows).toEqual([]);
  });

  it('only IoT data lists (kind 13) can be bound', async () => {
    const admin = await person(t.app);
    const manual = await addItem(admin.api, 'Manual list', 10);
    const device = await addDevice(admin.api);
    const zh = body(await post(admin.api, 'telemetry/bindItem', { itemId: manual, deviceId: device.id }));
    expect(zh).toMatchObject({ code: 50001, data: '只有物联网数据列表可以绑定设备' });
    const enAnswer = body(await post(admin.api, 'telemetry/bindItem', { itemId: manual, deviceId: device.id }, en));
    expect(enAnswer.data).toBe('Only an IoT data list can be bound to a device');
    expect(body(await get(admin.api, 'telemetry/getBindings', { deviceId: device.id })).data).toEqual([]);
  });

  it("another company's item or device is 40400, and its bindings are not visible", async () => {
    const a = await person(t.app);
    const b = await person(t.app);
    const itemA = await addItem(a.api, 'A readings');
    const deviceA = await addDevice(a.api);
    const itemB = await addItem(b.api, 'B readings');
    const deviceB = await addDevice(b.api);
    expect(body(await post(a.api, 'telemetry/bindItem', { itemId: itemA, deviceId: deviceB.id })).code).toBe(40400);
    expect(body(await post(a.api, 'telemetry/bindItem', { itemId: itemB, deviceId: deviceA.id })).code).toBe(40400);
    expect(body(await post(b.api, 'telemetry/bindItem', { itemId: itemB, deviceId: deviceB.id })).code).toBe(0);
    expect(body(await get(a.api, 'telemetry/getBindings', { itemId: itemB })).code).toBe(40400);
    expect(body(await get(a.api, 'telemetry/getBindings', { deviceId: deviceB.id })).code).toBe(40400);
    expect(body(await post(a.api, 'telemetry/unbindItem', { itemId: itemB })).code).toBe(40400);
    expect(body(await get(b.api, 'telemetry/getBindings', { itemId: itemB })).data).toHaveLength(1);
  });

  it('needs read-write on the item, and checks its input', async () => {
    const admin = await person(t.app);
    const itemId = await addItem(admin.api, 'Guarded');
    const device = await addDevice(admin.api);
    const reader = await person(t.app, admin.companyId, ['cd_device']);
    expect(body(await post(reader.api, 'telemetry/bindItem', { itemId, deviceId: device.id })).code).toBe(40300);
    expect(body(await post(admin.api, 'telemetry/bindItem', { itemId: 'x', deviceId: device.id })).code).toBe(50001);
    expect(body(await get(admin.api, 'telemetry/getBindings', {})).code).toBe(50001);
    expect(body(await get(admin.api, 'telemetry/bindItem', { itemId: 999999 })).code).not.toBe(0);
    expect(body(await post(admin.api, 'telemetry/bindItem', { itemId: 999999, deviceId: device.id })).code).toBe(40400);
  });
});

describe('ingest', () => {
  it('values become records of the bound item (key → fieldName), unknown keys are ignored and counted, PUBACK after commit', async () => {
    const admin = await person(t.app);
    const itemId = await addItem(admin.api, 'Boiler');
    const device = await addDevice(admin.api);
    expect(body(await post(admin.api, 'telemetry/bindItem', { itemId, deviceId: device.id })).code).toBe(0);
    const client = await connect(device);
    const before = { ...t.app.telemetry.stats };
    const ts = Date.now() - 60_000;
    await publish(client, device.sn, { ts, values: { temperature: 21.46, count: 7, status: 'running', humidity: 40 } });
    // Acknowledged means stored: the record is there at once.
    let list = await records(admin.api, itemId);
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({ values: { temperature: 21.5, count: 7, status: 'running' }, source: 'device', createdAt: ts });
    expect(list[0]!.values).not.toHaveProperty('humidity');
    expect(t.app.telemetry.stats.unknownKeys - before.unknownKeys).toBe(1);
    expect(t.app.telemetry.stats.values - before.values).toBe(3);

    // The flat shape and a 10-digit second stamp; a wrong type is dropped, the rest is kept.
    await publish(client, device.sn, { ts: Math.floor(ts / 1000) + 30, temperature: 19, count: 1.5 });
    list = await records(admin.api, itemId);
    expect(list).toHaveLength(2);
    expect(list[0]).toMatchObject({ values: { temperature: 19 }, createdAt: (Math.floor(ts / 1000) + 30) * 1000 });
    expect(list[0]!.values).not.toHaveProperty('count');

    // The series store has the numeric values and their rollups (charts read them).
    const db = t.app.platform.db;
    const series = await db.selectFrom('series').select(['id', 'field']).where('item_id', '=', itemId).orderBy('field').execute();
    expect(series.map((s) => s.field)).toEqual(['count', 'temperature']);
    const temperature = series.find((s) => s.field === 'temperature')!.id;
    const points = await db.selectFrom('series_point').select(['ts', 'value']).where('series_id', '=', temperature).orderBy('ts').execute();
    expect(points.map((p) => [Number(p.ts), p.value])).toEqual([
      [ts, 21.5],
      [(Math.floor(ts / 1000) + 30) * 1000, 19],
    ]);
    // Charts see them at once: an hourly MAX and a SUM of counts over the values' hours (computed
    // from the points until the roller folds them, on both databases).
    const chart = async (aggregate: string, field: string) => {
      const answer = body(await post(admin.api, 'chart/query', { itemId, bucket: 'day', range: { from: ts - 3_600_000, to: Date.now() + 3_600_000 }, series: [{ field, aggregate }] }));
      expect(answer.code, JSON.stringify(answer)).toBe(0);
      return answer.data.series[0].points.map((p: [number, number]) => p[1]);
    };
    expect(await chart('MAX', 'temperature')).toContain(21.5);
    expect((await chart('SUM', 'count')).reduce((a: number, b: number) => a + b, 0)).toBe(7);
    const hourRows = async () =>
      db.selectFrom('series_rollup').select((eb) => [eb.fn.sum<number>('cnt').as('cnt'), eb.fn.max('max').as('max')]).where('series_id', '=', temperature).where('grain', '=', 3_600_000).executeTakeFirst();
    const rolled = async () => (await db.selectFrom('series').select('rolled_until').where('id', '=', temperature).executeTakeFirstOrThrow()).rolled_until;
    // Deferred: points only past the watermark, no rollup rows yet; the roller folds them.
    expect(Number(await rolled())).toBeLessThanOrEqual(ts);
    expect(Number((await hourRows())?.cnt ?? 0)).toBe(0);
    // A roll ten minutes on makes the minute rows; the hour row once its hour has passed.
    expect(await t.app.telemetry.rollDue(Date.now() + 10 * 60_000)).toBeGreaterThanOrEqual(2);
    expect(Number(await rolled())).toBeGreaterThan(ts + 30_000);
    const minutes = await db.selectFrom('series_rollup').select(['bucket_ts', 'max']).where('series_id', '=', temperature).where('grain', '=', 60_000).orderBy('bucket_ts').execute();
    expect(minutes.map((m) => Number(m.max))).toEqual(Math.floor(ts / 60_000) === Math.floor(((Math.floor(ts / 1000) + 30) * 1000) / 60_000) ? [21.5] : [21.5, 19]);
    expect(await chart('MAX', 'temperature')).toContain(21.5);
    await t.app.telemetry.rollDue(Date.now() + 2 * 3_600_000);
    const hour = await hourRows();
    expect(Number(hour!.cnt)).toBe(2);
    expect(Number(hour!.max)).toBe(21.5);
    expect(await chart('MAX', 'temperature')).toContain(21.5);
    // A late value (before the watermark the roller set): its rollups are written at once.
    await publish(client, device.sn, { ts: ts + 10_000, values: { temperature: 25 } });
    expect(Number((await hourRows())!.cnt)).toBe(3);
    expect(await chart('MAX', 'temperature')).toContain(25);
    const item = body(await get(admin.api, 'dataItem/getDataItem', { id: itemId })).data;
    expect(item.recordCount).toBe(3);
    client.end(true);
  });

  it("an unbound device's values are not stored (but acknowledged); after unbind nothing more is stored", async () => {
    const admin = await person(t.app);
    const itemId = await addItem(admin.api, 'Unbound');
    const device = await addDevice(admin.api);
    const client = await connect(device);
    const before = t.app.telemetry.stats.unbound;
    await publish(client, device.sn, { ts: Date.now(), values: { temperature: 1 } });
    expect(t.app.telemetry.stats.unbound).toBe(before + 1);
    expect(await records(admin.api, itemId)).toHaveLength(0);

    expect(body(await post(admin.api, 'telemetry/bindItem', { itemId, deviceId: device.id })).code).toBe(0);
    await publish(client, device.sn, { ts: Date.now(), values: { temperature: 2 } });
    expect(await records(admin.api, itemId)).toHaveLength(1);
    expect(body(await post(admin.api, 'telemetry/unbindItem', { itemId })).code).toBe(0);
    await publish(client, device.sn, { ts: Date.now(), values: { temperature: 3 } });
    const list = await records(admin.api, itemId);
    expect(list.map((r) => r.values.temperature)).toEqual([2]);
    client.end(true);
  });

  it('a device cannot publish telemetry for another SN (connection closed, nothing stored)', async () => {
    const admin = await person(t.app);
    const itemId = await addItem(admin.api, 'Victim');
    const victim = await addDevice(admin.api);
    const other = await addDevice(admin.api);
    expect(body(await post(admin.api, 'telemetry/bindItem', { itemId, deviceId: victim.id })).code).toBe(0);
    const client = await connect(other);
    const closed = new Promise<void>((resolve) => client.once('close', () => resolve()));
    client.publish(`sd/${victim.sn}/up/telemetry`, JSON.stringify({ ts: Date.now(), values: { temperature: 99 } }), { qos: 1 });
    await closed;
    expect(await records(admin.api, itemId)).toHaveLength(0);
    client.end(true);
  });

  it('new records reach a subscribed browser on records:<itemId>', async () => {
    const admin = await person(t.app);
    const itemId = await addItem(admin.api, 'Live');
    const device = await addDevice(admin.api);
    expect(body(await post(admin.api, 'telemetry/bindItem', { itemId, deviceId: device.id })).code).toBe(0);
    const socket = new WebSocket(`ws://127.0.0.1:${httpPort}/general/ws?token=${encodeURIComponent(admin.token)}`);
    const messages: any[] = [];
    socket.on('message', (data) => messages.push(JSON.parse(String(data))));
    await new Promise<void>((resolve, reject) => {
      socket.once('open', () => resolve());
      socket.once('error', reject);
    });
    socket.send(JSON.stringify({ type: 'subscribe', channel: `records:${itemId}` }));
    const until = async (match: (m: any) => boolean) => {
      for (let i = 0; i < 100 && !messages.some(match); i += 1) {
        await new Promise((r) => setTimeout(r, 50));
      }
      return messages.find(match);
    };
    expect(await until((m) => m.msg === 'subscribed')).toBeTruthy();
    const client = await connect(device);
    const ts = Date.now();
    await publish(client, device.sn, { ts, values: { temperature: 23.4, status: 'ok' } });
    const push = await until((m) => m.msg === 'push' && m.data.event === 'recordAdded');
    expect(push.data.channel).toBe(`records:${itemId}`);
    expect(push.data.payload).toMatchObject({ itemId, values: { temperature: 23.4, status: 'ok' }, source: 'device', createdAt: ts });

    // A burst is one push.
    await Promise.all(Array.from({ length: 40 }, (_, i) => publish(client, device.sn, { ts: ts + 1 + i, values: { count: i } })));
    const burst = await until((m) => m.msg === 'push' && m.data.event === 'recordsImported');
    const pushes = messages.filter((m) => m.msg === 'push');
    expect(pushes.length).toBeLessThan(20);
    const seen = pushes.reduce((n, m) => n + (m.data.event === 'recordsImported' ? m.data.payload.count : 1), 0);
    expect(seen).toBe(41);
    expect(burst.data.payload.source).toBe('device');
    socket.close();
    client.end(true);
  });

  it('values count on the acquisition page of the company', async () => {
    const admin = await person(t.app);
    const itemId = await addItem(admin.api, 'Counted');
    const device = await addDevice(admin.api);
    expect(body(await post(admin.api, 'telemetry/bindItem', { itemId, deviceId: device.id })).code).toBe(0);
    const client = await connect(device);
    await publish(client, device.sn, { ts: Date.now(), values: { temperature: 1, count: 2, status: 'a' } });
    await publish(client, device.sn, { ts: Date.now(), values: { temperature: 3 } });
    client.end(true);
    const platformAdmin = as(t.app, await signIn(t.app, 'admin', 'Admin12345'));
    const status = body(await platformAdmin({ url: '/general/system/getAcquisitionStatus' })).data;
    const row = (Array.isArray(status) ? status : status.list).find((r: { companyId: number }) => r.companyId === admin.companyId);
    expect(row.valuesToday).toBe(4);
  });

  it('an item with a forward condition: device values are forwarded like any record', async () => {
    const admin = await person(t.app);
    const itemId = await addItem(admin.api, 'Source');
    const targetId = await addItem(admin.api, 'Hot readings', 10);
    const forward = body(
      await post(admin.api, 'dataItem/addForward', {
        itemId,
        name: 'hot',
        targetItemId: targetId,
        conditions: [{ field: 'temperature', op: 'gt', value: 50 }],
        mappings: [{ from: 'temperature', to: 'temperature' }],
      }),
    );
    expect(forward.code, JSON.stringify(forward)).toBe(0);
    const device = await addDevice(admin.api);
    expect(body(await post(admin.api, 'telemetry/bindItem', { itemId, deviceId: device.id })).code).toBe(0);
    const client = await connect(device);
    await publish(client, device.sn, { ts: Date.now(), values: { temperature: 20 } });
    await publish(client, device.sn, { ts: Date.now() + 1, values: { temperature: 80 } });
    client.end(true);
    expect((await records(admin.api, itemId)).map((r) => r.values.temperature).sort()).toEqual([20, 80]);
    const copies = await records(admin.api, targetId);
    expect(copies.map((r) => [r.values.temperature, r.source])).toEqual([[80, 'forward']]);
  });
});

describe('overload', () => {
  it('a full queue refuses a QoS 1 publish (no PUBACK, the connection closes) and drops a QoS 0 one, instead of growing', async () => {
    const { TelemetryIngest } = await import('./ingest');
    const { TelemetryRepository } = await import('./telemetry.repository');
    const { GroupCommitOverloaded } = await import('@server/platform/groupCommit');
    const admin = await person(t.app);
    const itemId = await addItem(admin.api, 'Overloaded');
    const device = await addDevice(admin.api);
    expect(body(await post(admin.api, 'telemetry/bindItem', { itemId, deviceId: device.id })).code).toBe(0);
    const ingest = new TelemetryIngest(new TelemetryRepository(t.app.platform.db, t.app.platform.dbKind), undefined as never, { maxBatch: 1, maxQueued: 2, maxDelayMs: 0 });
    // The database is stuck: the first flush never ends, so publishes wait in the queue.
    (ingest as unknown as { flush: () => Promise<void> }).flush = () => new Promise<void>(() => undefined);
    const topic = `sd/${device.sn}/up/telemetry`;
    const payload = (n: number) => Buffer.from(JSON.stringify({ ts: Date.now(), values: { count: n } }));
    const client = {} as never;
    const first = ingest.onPublish(client, topic, payload(1), 1)!;
    await new Promise((r) => setTimeout(r, 100));
    const second = ingest.onPublish(client, topic, payload(2), 1)!;
    const third = ingest.onPublish(client, topic, payload(3), 1)!;
    await new Promise((r) => setTimeout(r, 100));
    expect(ingest.commit.queued).toBe(2);
    const fourth = ingest.onPublish(client, topic, payload(4), 1)!;
    await expect(fourth).rejects.toBeInstanceOf(GroupCommitOverloaded);
    await expect(ingest.onPublish(client, topic, payload(5), 0)!).resolves.toBeUndefined();
    expect(ingest.stats.refused).toBe(2);
    expect(ingest.commit.queued).toBe(2);
    void first;
    void second;
    void third;
  });
});
