import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import mqtt, { type MqttClient } from 'mqtt';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '@server/app';
import { testConfig } from '@server/config';
import { dropSchema } from '@server/platform/db/database';
import { adminPassword, as, body, createCompanyUser, createTestApp, signIn, type TestApp } from '@server/test/testApp';
import { findMosquitto, startThrowawayMosquitto, type ThrowawayMosquitto } from '../../../../scripts/mosquitto.mjs';

/**
 * MQTT_URL: the console consumes device traffic from a real Mosquitto 2 (scripts/mosquitto.mjs,
 * dynamic security on, the platform its admin) through the shared subscription. Devices get their
 * broker accounts here through the dynamic-security control topic, as the test's own fixture.
 */
const installed = findMosquitto();
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
if (!installed) {
  console.warn('mqttClient.api.test.ts SKIPPED: mosquitto with the dynamic-security plugin is not installed (apt-get install mosquitto)');
}

type Api = ReturnType<typeof as>;
let broker: ThrowawayMosquitto;
let admin: MqttClient;
let t: TestApp;
let alice: Api;

/** 19750–19799: this file's Mosquitto ports (by process, so a SQLite and a PostgreSQL run can overlap). */
const brokerPort = 19750 + (process.pid % 25) * 2;

beforeAll(async () => {
  if (!installed) {
    return;
  }
  broker = await startThrowawayMosquitto({ port: brokerPort });
  admin = await mqtt.connectAsync(broker.url, { protocolVersion: 5, clientId: `test-admin-${process.pid}`, reconnectPeriod: 0 });
  await admin.subscribeAsync('$CONTROL/dynamic-security/v1/response', { qos: 1 });
  t = await createTestApp({ mqttPort: null, mqttUrl: broker.url, instanceId: `a-${process.pid}`, mqttConsumers: 4 });
  const a = await createCompanyUser(t.app, { codes: ['cd_device', 'sd_capsule'], companyName: 'Alpha Plant' });
  alice = as(t.app, await signIn(t.app, a.userName, a.password));
}, 60_000);

afterAll(async () => {
  await t?.close();
  await admin?.endAsync(true);
  await broker?.close();
});

const post = (api: Api, url: string, payload: unknown) => api({ method: 'POST', url: `/general/${url}`, payload: payload as object });
const get = (api: Api, url: string, query: Record<string, string | number>) => api({ method: 'GET', url: `/general/${url}?${new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)]))}` });

/** Sends one dynamic-security command batch as the platform's admin and waits for its answer. */
async function dynsec(commands: object[], control: MqttClient): Promise<void> {
  const answer = new Promise<{ responses: { command: string; error?: string }[] }>((resolve) => {
    control.once('message', (_topic, payload) => resolve(JSON.parse(payload.toString()) as { responses: { command: string; error?: string }[] }));
  });
  await control.publishAsync('$CONTROL/dynamic-security/v1', JSON.stringify({ commands }), { qos: 1 });
  const { responses } = await answer;
  expect(responses.filter((r) => r.error)).toEqual([]);
}

let snSeq = 0;
/** A device registered through the API, its data list bound, and its account on the broker. */
async function boundDevice(api: Api, control: MqttClient = admin): Promise<{ id: number; sn: string; secret: string; itemId: number }> {
  snSeq += 1;
  const sn = `EXT${process.pid}${snSeq}`;
  const added = body(await post(api, 'device/addDevice', { name: `Gateway ${snSeq}`, sn, model: 'SD-G1' }));
  expect(added.code, JSON.stringify(added)).toBe(0);
  const dir = body(await post(api, 'cabin/addDirectory', { parentId: null, name: `Plant ${snSeq}` }));
  const item = body(await post(api, 'dataItem/addDataItem', { directoryId: dir.data.id, name: `Line ${snSeq}`, kind: 13, fields: [{ name: '温度', fieldName: 'temperature', type: 1, unit: '℃', priority: 1, decimalPlaces: 1 }] }));
  expect(item.code, JSON.stringify(item)).toBe(0);
  expect(body(await post(api, 'telemetry/bindItem', { itemId: item.data.id, deviceId: added.data.id })).code).toBe(0);
  await dynsec([
    {
      command: 'createRole',
      rolename: `device-${sn}`,
      acls: [
        { acltype: 'publishClientSend', topic: `sd/${sn}/up/#`, allow: true },
        { acltype: 'subscribePattern', topic: `sd/${sn}/down/#`, allow: true },
      ],
    },
    { command: 'createClient', username: sn, password: added.data.secret, roles: [{ rolename: `device-${sn}` }] },
  ], control);
  return { id: added.data.id, sn, secret: added.data.secret, itemId: item.data.id };
}

function connectDevice(d: { sn: string; secret: string }, port = broker.devicePort): Promise<MqttClient> {
  return mqtt.connectAsync(`mqtt://127.0.0.1:${port}`, {
    protocolVersion: 5,
    username: d.sn,
    password: d.secret,
    clientId: d.sn,
    reconnectPeriod: 0,
    will: { topic: `sd/${d.sn}/up/online`, payload: Buffer.from('{"online":false}'), qos: 1, retain: true },
  });
}

async function recordsOf(api: Api, itemId: number): Promise<{ values: Record<string, unknown>; createdAt: number }[]> {
  const answer = body(await get(api, 'dataItem/getRecords', { itemId, pageNum: 1, pageSize: 500 }));
  expect(answer.code, JSON.stringify(answer)).toBe(0);
  return answer.data.list;
}

async function deviceOf(api: Api, id: number): Promise<{ online: boolean; bindState: string }> {
  const answer = body(await get(api, 'device/getDevice', { id }));
  expect(answer.code, JSON.stringify(answer)).toBe(0);
  return answer.data;
}

/** Polls until `test` holds; bounded. */
async function until<T>(read: () => Promise<T>, test: (value: T) => boolean, timeoutMs = 10_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let last = await read();
  while (!test(last)) {
    if (Date.now() > deadline) {
      throw new Error(`not reached in ${timeoutMs} ms: ${JSON.stringify(last)}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
    last = await read();
  }
  return last;
}

describe.skipIf(!installed)('an external broker (MQTT_URL, Mosquitto 2)', () => {
  it('the public health answer shows the consumer connections that are up, never the broker’s address or the platform’s account', async () => {
    const answer = await t.app.inject({ url: '/general/health' });
    expect(body(answer).data).toMatchObject({ status: 'up', mqtt: null, externalMqtt: { consumers: 4, connected: 4, watcher: true } });
    expect(answer.body).not.toContain(broker.adminPassword);
    expect(answer.body).not.toContain(broker.adminUser);
    expect(answer.body).not.toContain(String(broker.port));
  });

  it('stores a device’s QoS 1 telemetry, acknowledging it to the broker only after the commit (a failed commit comes again, stored once), follows online and offline, delivers a command sent through the API', async () => {
    const d = await boundDevice(alice);
    const device = await connectDevice(d);
    try {
      const commands: { type: string; code?: string }[] = [];
      device.on('message', (_topic, payload) => commands.push(JSON.parse(payload.toString()) as { type: string; code?: string }));
      await device.subscribeAsync(`sd/${d.sn}/down/cmd`, { qos: 1 });
      await device.publishAsync(`sd/${d.sn}/up/online`, JSON.stringify({ online: true, firmware: '1.3.4' }), { qos: 1, retain: true });
      await until(() => deviceOf(alice, d.id), (x) => x.online);

      // The device's PUBACK is Mosquitto's; the platform's PUBACK to Mosquitto waits for the commit.
      const ts = Date.now() - 60_000;
      for (let i = 0; i < 3; i += 1) {
        await device.publishAsync(`sd/${d.sn}/up/telemetry`, JSON.stringify({ ts: ts + i * 1000, values: { temperature: 20 + i } }), { qos: 1 });
      }
      const three = await until(() => recordsOf(alice, d.itemId), (list) => list.length >= 3);
      expect(three.map((r) => r.values.temperature).sort()).toEqual([20, 21, 22]);

      // A commit that fails is not acknowledged: the consumer drops its connection, the resumed
      // session gets the publish again, and it is stored then — once.
      const ingest = t.app.telemetry;
      const submit = ingest.commit.submit.bind(ingest.commit);
      let failures = 0;
      ingest.commit.submit = (writes) => {
        if (failures === 0) {
          failures += 1;
          return Promise.reject(new Error('the disk is full'));
        }
        return submit(writes);
      };
      const before = ingest.stats.publishes;
      try {
        await device.publishAsync(`sd/${d.sn}/up/telemetry`, JSON.stringify({ ts: ts + 10_000, values: { temperature: 30 } }), { qos: 1 });
        const four = await until(() => recordsOf(alice, d.itemId), (list) => list.length >= 4);
        expect(four.map((r) => r.values.temperature).sort()).toEqual([20, 21, 22, 30]);
      } finally {
        ingest.commit.submit = submit;
      }
      expect(failures).toBe(1);
      expect(ingest.stats.publishes - before).toBe(2);

      // A command from the API reaches the device's subscription through the broker.
      const bind = body(await post(alice, 'device/bind', { id: d.id }));
      expect(bind.code, JSON.stringify(bind)).toBe(0);
      const shown = await until(
        () => Promise.resolve(commands.find((c) => c.type === 'bind')),
        (c) => c !== undefined,
      );
      expect(shown).toMatchObject({ type: 'bind', code: bind.data.code, companyName: 'Alpha Plant' });

      // The device's answer (an event) comes back the same way.
      const cmd = shown as unknown as { cmdId: string; code: string };
      await device.publishAsync(`sd/${d.sn}/up/event`, JSON.stringify({ type: 'bindConfirm', cmdId: cmd.cmdId, code: cmd.code }), { qos: 1 });
      await until(() => deviceOf(alice, d.id), (x) => x.bindState === 'bound');
    } finally {
      // Gone without a goodbye: Mosquitto publishes the last-will, the device is shown offline.
      device.stream.destroy();
    }
    await until(() => deviceOf(alice, d.id), (x) => !x.online);
  }, 60_000);

  it.skipIf(!onPostgres)('two instances on one PostgreSQL database split the publishes and store each value once; a stopped one leaves its share to the other (two instances on one SQLite file is not a supported topology: PostgreSQL only)', async () => {
    const databaseUrl = process.env.TEST_DATABASE_URL!;
    const databaseSchema = `t_${randomBytes(6).toString('hex')}`;
    // A broker of its own: every instance on a broker is in the share group, the first test's too.
    const shared = await startThrowawayMosquitto({ port: brokerPort + 1 });
    const sharedAdmin = await mqtt.connectAsync(shared.url, { protocolVersion: 5, clientId: `test-admin-${process.pid}`, reconnectPeriod: 0 });
    await sharedAdmin.subscribeAsync('$CONTROL/dynamic-security/v1/response', { qos: 1 });
    const config = testConfig({ databaseUrl, databaseSchema, adminPassword, mqttPort: null, mqttUrl: shared.url, mqttConsumers: 4 });
    const apps: FastifyInstance[] = [];
    try {
      apps.push(await buildApp({ ...config, instanceId: `b1-${process.pid}` }));
      apps.push(await buildApp({ ...config, instanceId: `b2-${process.pid}` }));
      const [a, b] = apps as [FastifyInstance, FastifyInstance];
      const user = await createCompanyUser(a, { codes: ['cd_device', 'sd_capsule'], companyName: 'Gamma Mills' });
      const apiA = as(a, await signIn(a, user.userName, user.password));
      const apiB = as(b, await signIn(b, user.userName, user.password));
      const d = await boundDevice(apiA, sharedAdmin);
      const device = await connectDevice(d, shared.devicePort);
      try {
        await device.publishAsync(`sd/${d.sn}/up/online`, JSON.stringify({ online: true }), { qos: 1, retain: true });
        // Online for every instance: B answers from the stored state.
        await until(() => deviceOf(apiB, d.id), (x) => x.online);

        const n = 200;
        const ts = Date.now() - 3_600_000;
        await Promise.all(Array.from({ length: n }, (_, i) => device.publishAsync(`sd/${d.sn}/up/telemetry`, JSON.stringify({ ts: ts + i * 1000, values: { temperature: i } }), { qos: 1 })));
        // Mosquitto acknowledged them all; the instances store them as their shares come.
        await until(() => Promise.resolve(apps.reduce((sum, app) => sum + app.telemetry.stats.values, 0)), (values) => values >= n, 20_000);
        const stored = await recordsOf(apiB, d.itemId);
        expect(stored).toHaveLength(n);
        expect(new Set(stored.map((r) => r.values.temperature)).size).toBe(n);
        // Both instances took a share of the publishes, none twice.
        const taken = apps.map((app) => app.telemetry.stats.publishes);
        expect(taken.every((count) => count > 0), JSON.stringify(taken)).toBe(true);
        expect(taken[0]! + taken[1]!).toBe(n);

        // A command requested on B reaches the device.
        const commands: string[] = [];
        device.on('message', (_topic, payload) => commands.push((JSON.parse(payload.toString()) as { type: string }).type));
        await device.subscribeAsync(`sd/${d.sn}/down/cmd`, { qos: 1 });
        expect(body(await post(apiB, 'device/bind', { id: d.id })).code).toBe(0);
        await until(() => Promise.resolve(commands), (c) => c.includes('bind'));

        // B stops: its consumers leave the share group, so A gets every later publish (none waits
        // in B's sessions on the broker).
        apps.pop();
        await b.close();
        await Promise.all(Array.from({ length: 50 }, (_, i) => device.publishAsync(`sd/${d.sn}/up/telemetry`, JSON.stringify({ ts: ts + (n + i) * 1000, values: { temperature: n + i } }), { qos: 1 })));
        await until(() => Promise.resolve(a.telemetry.stats.values), (values) => values >= taken[0]! + 50, 20_000);
        expect(await recordsOf(apiA, d.itemId)).toHaveLength(n + 50);
      } finally {
        await device.endAsync(true);
      }
    } finally {
      for (const app of apps) {
        await app.close();
      }
      await dropSchema(databaseUrl, databaseSchema);
      await sharedAdmin.endAsync(true);
      await shared.close();
    }
  }, 90_000);
});
