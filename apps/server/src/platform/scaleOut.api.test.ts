import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import mqtt, { type MqttClient } from 'mqtt';
import WebSocket from 'ws';
import { dropSchema } from '@server/platform/db/database';
import { RealtimeClient } from '@server/test/realtimeClient';
import { seededRandom } from '@server/test/seededRandom';
import { findMosquitto, freePortIn, startThrowawayMosquitto, type ThrowawayMosquitto } from '../../../../scripts/mosquitto.mjs';
import { HTTP_PORTS, MQTT_PORTS, startInstance, type Instance } from '../../../../scripts/cluster.mjs';

/**
 * Issue 22, "Proof, here": the scale-out topology with real parts on loopback — two server
 * processes (scripts/cluster.mjs's startInstance) on one PostgreSQL schema, a Mosquitto 2 with
 * dynamic security (the platform writes the device accounts, MQTT_DYNSEC=1), 200 simulated devices
 * publishing a known sequence at QoS 1, a browser's WebSocket on instance A, and instance B killed
 * with SIGKILL mid-stream and started again with the same INSTANCE_ID.
 */
const installed = findMosquitto();
const databaseUrl = process.env.TEST_DATABASE_URL ?? '';
const onPostgres = /^postgres(ql)?:\/\//.test(databaseUrl);
if (!installed) {
  console.warn('scaleOut.api.test.ts SKIPPED: mosquitto with the dynamic-security plugin is not installed (apt-get install mosquitto)');
} else if (!onPostgres) {
  console.warn('scaleOut.api.test.ts SKIPPED: several instances need PostgreSQL (TEST_DATABASE_URL=postgres://…; npm test runs it in the PostgreSQL step)');
}

const DEVICES = 200;
/** Values per device: 0–2 with both instances up, 3–4 while B is killed, 5–7 while it is down. */
const VALUES = 8;
const CONCURRENCY = 8;

interface Envelope<T = any> {
  code: number;
  msg: string;
  data: T;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Runs `work` for 0…n-1, at most `limit` at a time. */
async function pool(n: number, limit: number, work: (i: number) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: limit }, async () => {
      while (next < n) {
        const i = next;
        next += 1;
        await work(i);
      }
    }),
  );
}

/** The API over HTTP, as the browser calls it (DESIGN.md §5). */
function client(base: string, token: string) {
  const headers = { authorization: `Bearer ${token}` };
  return {
    async get<T = any>(url: string, query: Record<string, string | number>): Promise<T> {
      const response = await fetch(`${base}/general/${url}?${new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)]))}`, { headers, signal: AbortSignal.timeout(20_000) });
      const answer = (await response.json()) as Envelope<T>;
      if (answer.code !== 0) {
        throw new Error(`GET ${url}: ${JSON.stringify(answer)}`);
      }
      return answer.data;
    },
    async post<T = any>(url: string, payload: unknown): Promise<T> {
      const response = await fetch(`${base}/general/${url}`, { method: 'POST', headers: { ...headers, 'content-type': 'application/json' }, body: JSON.stringify(payload), signal: AbortSignal.timeout(20_000) });
      const answer = (await response.json()) as Envelope<T>;
      if (answer.code !== 0) {
        throw new Error(`POST ${url}: ${JSON.stringify(answer)}`);
      }
      return answer.data;
    },
  };
}
type Api = ReturnType<typeof client>;

/** Signs in with user name and password (form-encoded, as the web does) and agrees to the user notice. */
async function signIn(base: string, username: string, password: string): Promise<{ token: string; api: Api }> {
  const response = await fetch(`${base}/general/user/access/getToken`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ username, password }).toString(),
  });
  const answer = (await response.json()) as Envelope<{ token: string }>;
  if (answer.code !== 0) {
    throw new Error(`sign-in of ${username} on ${base}: ${JSON.stringify(answer)}`);
  }
  const api = client(base, answer.data.token);
  const notice = await api.get<{ version: string; agreed: boolean }>('user/getNotice', {});
  if (!notice.agreed) {
    await api.post('user/agreeNotice', { version: notice.version });
  }
  return { token: answer.data.token, api };
}

interface Device {
  sn: string;
  secret: string;
  id: number;
  itemId: number;
  mqtt?: MqttClient;
}

let broker: ThrowawayMosquitto;
let dir: string;
const schema = `scale_${randomBytes(5).toString('hex')}`;
const adminPassword = `Sd${randomBytes(9).toString('base64url')}7`;
const settingsSecret = randomBytes(32).toString('base64url');
const instances: Instance[] = [];
let portA = 0;
let portB = 0;

function instanceEnv(name: 'a' | 'b', port: number): Record<string, string> {
  return {
    PORT: String(port),
    DATABASE_URL: databaseUrl,
    DATABASE_SCHEMA: schema,
    MQTT_URL: broker.url,
    MQTT_DYNSEC: '1',
    INSTANCE_ID: `scale-${process.pid}-${name}`,
    MQTT_CONSUMERS: '8',
    SETTINGS_SECRET: settingsSecret,
    SMARTDATA_ADMIN_PASSWORD: adminPassword,
    DATA_DIR: path.join(dir, 'data'),
    LOG_LEVEL: 'warn',
  };
}

const active = installed && onPostgres;

beforeAll(async () => {
  if (!active) {
    return;
  }
  dir = mkdtempSync(path.join(tmpdir(), 'smartdata-scale-'));
  const mqttPort = await freePortIn(MQTT_PORTS[0], MQTT_PORTS[1]);
  portA = (await freePortIn(HTTP_PORTS[0], HTTP_PORTS[1])) ?? 0;
  portB = (await freePortIn(portA + 1, HTTP_PORTS[1])) ?? 0;
  if (!mqttPort || !portA || !portB) {
    throw new Error(`no free ports (Mosquitto ${MQTT_PORTS.join('–')}, HTTP ${HTTP_PORTS.join('–')})`);
  }
  broker = await startThrowawayMosquitto({ port: mqttPort, log: () => undefined });
  // A first: it migrates the schema and creates the administrator; then B on the same schema.
  instances.push(await startInstance({ name: 'A', env: instanceEnv('a', portA), logFile: path.join(dir, 'a.log') }));
  instances.push(await startInstance({ name: 'B', env: instanceEnv('b', portB), logFile: path.join(dir, 'b.log') }));
}, 180_000);

afterAll(async () => {
  await Promise.all(instances.map((instance) => instance.stop()));
  await broker?.close();
  if (active) {
    await dropSchema(databaseUrl, schema);
  }
  if (dir) {
    rmSync(dir, { recursive: true, force: true });
  }
}, 60_000);

/** The PUBACK reason code of a QoS 1 publish (0 = accepted). */
async function pubackCode(device: MqttClient, topic: string, payload: string): Promise<number> {
  try {
    const packet = await device.publishAsync(topic, payload, { qos: 1 });
    return (packet as { reasonCode?: number } | undefined)?.reasonCode ?? 0;
  } catch (error) {
    return (error as { code?: number }).code ?? -1;
  }
}

/** The SUBACK code of a QoS 1 subscription (1 = granted QoS 1; 128 refused in MQTT 3.1.1, 135 in MQTT 5). */
async function subackCode(device: MqttClient, filter: string): Promise<number> {
  try {
    return (await device.subscribeAsync(filter, { qos: 1 }))[0]!.qos;
  } catch (error) {
    const granted = (error as { packet?: { granted?: (number | { qos: number })[] } }).packet?.granted?.[0];
    return typeof granted === 'number' ? granted : (granted?.qos ?? -1);
  }
}

describe.skipIf(!active)('scale-out on loopback: two server processes, PostgreSQL, Mosquitto with dynamic security', () => {
  it('stores every value of 200 devices once, pushes B’s values to a browser on A, confines devices to their topics, and loses nothing the broker acknowledged when B is SIGKILLed mid-stream and restarted', async () => {
    const [a, b] = instances as [Instance, Instance];
    const random = seededRandom(22);
    const log = (line: string) => console.log(`[scale-out] ${line}`);

    // An operator's setup, over HTTP on both instances: a company, a role, a user.
    const admin = await signIn(a.url, 'admin', adminPassword);
    const company = await admin.api.post<{ id: number }>('company/addCompany', { displayName: 'Scale-out Works' });
    const role = await admin.api.post<{ id: number }>('role/addRole', { name: 'Operators', codes: ['cd_device', 'sd_capsule'], companyId: company.id });
    const userName = `scale${process.pid}`;
    await admin.api.post('user/addSysUser', { userName, password: 'Passw0rd2026', companyId: company.id, roleIds: [role.id], name: userName });
    const onA = await signIn(a.url, userName, 'Passw0rd2026');
    const onB = await signIn(b.url, userName, 'Passw0rd2026');
    const apis = [onA.api, onB.api];

    // 200 devices, each with its IoT data list, created half through A and half through B: each
    // addDevice writes the device's account to Mosquitto (MQTT_DYNSEC=1).
    let started = Date.now();
    const dirId = (await onA.api.post<{ id: number }>('cabin/addDirectory', { parentId: null, name: 'Plant' })).id;
    const devices: Device[] = [];
    await pool(DEVICES, CONCURRENCY, async (i) => {
      const api = apis[i % 2]!;
      const sn = `SCL${process.pid % 100000}D${i}`;
      const added = await api.post<{ id: number; secret: string }>('device/addDevice', { name: `Meter ${i}`, sn, model: 'SD-G1' });
      const item = await api.post<{ id: number }>('dataItem/addDataItem', { directoryId: dirId, name: `Line ${i}`, kind: 13, fields: [{ name: 'Value', fieldName: 'v', type: 1, unit: 'kWh', priority: 1, decimalPlaces: 0 }] });
      await api.post('telemetry/bindItem', { itemId: item.id, deviceId: added.id });
      devices[i] = { sn, secret: added.secret, id: added.id, itemId: item.id };
    });
    log(`200 devices, data lists and bindings created through A and B in ${Date.now() - started} ms`);

    // A browser session on A: subscribed to every device's data list (200 channels, the cap).
    const socket = new WebSocket(`ws://127.0.0.1:${a.port}/general/ws?token=${encodeURIComponent(onA.token)}&lang=en`);
    const browser = new RealtimeClient(socket);
    await new Promise<void>((resolve, reject) => {
      socket.once('open', () => resolve());
      socket.once('error', reject);
    });
    await browser.next((e) => e.msg === 'connected');
    const itemIds = new Set(devices.map((d) => d.itemId));
    const pushed: { key: string; at: number }[] = [];
    socket.on('message', (data) => {
      const e = JSON.parse(String(data)) as { msg: string; data: { channel: string; event: string; payload: { itemId?: number; createdAt: number } } };
      if (e.msg === 'push' && e.data.event === 'recordAdded') {
        pushed.push({ key: `${e.data.channel.slice('records:'.length)}@${e.data.payload.createdAt}`, at: Date.now() });
      }
    });
    for (const itemId of itemIds) {
      await browser.subscribe(`records:${itemId}`);
    }

    // The devices connect with their SN and secret, half MQTT 3.1.1 and half MQTT 5 (mqtt.js
    // resends an unacknowledged QoS 1 publish after a reconnect: "retry until PUBACK").
    started = Date.now();
    await pool(DEVICES, 20, async (i) => {
      const d = devices[i]!;
      d.mqtt = await mqtt.connectAsync(`mqtt://127.0.0.1:${broker.devicePort}`, {
        protocolVersion: i % 2 === 0 ? 4 : 5,
        username: d.sn,
        password: d.secret,
        clientId: d.sn,
        reconnectPeriod: 500,
        connectTimeout: 10_000,
      });
    });
    log(`200 devices connected in ${Date.now() - started} ms`);

    // Confinement: the broker refuses another device's topics.
    const [d0, d1] = devices as [Device, Device];
    expect(await subackCode(d0.mqtt!, `sd/${d1.sn}/down/#`)).toBe(128); // MQTT 3.1.1
    expect(await subackCode(d1.mqtt!, `sd/${d0.sn}/down/#`)).toBe(135); // MQTT 5, not authorized
    expect(await subackCode(d1.mqtt!, `sd/${d0.sn}/up/#`)).toBe(135);
    const base = Math.floor((Date.now() - 3_600_000) / 1000) * 1000;
    const forged = base + 500;
    expect(await pubackCode(d1.mqtt!, `sd/${d0.sn}/up/telemetry`, JSON.stringify({ ts: forged, values: { v: 999 } }))).toBe(135);
    // MQTT 3.1.1 has no refusal code: Mosquitto acknowledges and drops it (checked below: not stored).
    await d0.mqtt!.publishAsync(`sd/${d1.sn}/up/telemetry`, JSON.stringify({ ts: forged, values: { v: 999 } }), { qos: 1 });

    // The known sequence: value k of device i at base + k s, `v` = i * 100 + k.
    const acked = new Set<string>();
    const publish = (k: number) => {
      const order = devices.map((_, i) => i).sort(() => random() - 0.5);
      return Promise.all(
        order.map(async (i) => {
          const d = devices[i]!;
          await d.mqtt!.publishAsync(`sd/${d.sn}/up/telemetry`, JSON.stringify({ ts: base + k * 1000, values: { v: i * 100 + k } }), { qos: 1 });
          acked.add(`${d.itemId}@${base + k * 1000}`);
        }),
      );
    };
    /** Waits until no push came for `quietMs` (bounded); answers the pushes' count. */
    const settle = async (quietMs: number, timeoutMs: number) => {
      const deadline = Date.now() + timeoutMs;
      let count = pushed.length;
      let since = Date.now();
      while (Date.now() < deadline && Date.now() - since < quietMs) {
        await sleep(100);
        if (pushed.length !== count) {
          count = pushed.length;
          since = Date.now();
        }
      }
      return count;
    };

    started = Date.now();
    for (let k = 0; k < 3; k += 1) {
      await publish(k);
    }
    await settle(1_500, 30_000);
    log(`values 0–2: ${acked.size} acknowledged by Mosquitto, ${pushed.length} pushed to A's browser in ${Date.now() - started} ms`);

    // Mid-stream: value 3 goes out and B is killed while value 4 is on its way.
    await publish(3);
    const four = publish(4);
    await sleep(20);
    b.kill('SIGKILL');
    const killedAt = Date.now();
    await b.exit;
    await four;
    for (let k = 5; k < VALUES; k += 1) {
      await sleep(200);
      await publish(k);
    }
    expect(acked.size).toBe(DEVICES * VALUES);
    // A stores its share; B's share waits in B's sessions on the broker.
    const beforeRestart = await settle(3_000, 30_000);
    const storedWhileDown = new Set(pushed.map((p) => p.key));
    const missing = [...acked].filter((key) => !storedWhileDown.has(key)).length;
    log(`B killed; ${Date.now() - killedAt} ms later A's browser had ${beforeRestart} pushes, ${missing} acknowledged values not pushed to it yet`);
    expect(missing).toBeGreaterThan(0);

    // B comes back with the same INSTANCE_ID: its consumers resume their sessions.
    const restartAt = Date.now();
    const b2 = await startInstance({ name: 'B', env: instanceEnv('b', portB), logFile: path.join(dir, 'b.log') });
    instances[1] = b2;
    const readyAt = Date.now();
    // Until every acknowledged value was pushed, or no push came for 5 s (a value B stored just
    // before the kill may have lost its push with B: the lists below are the truth).
    const deadline = Date.now() + 60_000;
    let quietSince = Date.now();
    let seen = pushed.length;
    while (Date.now() < deadline && new Set(pushed.map((p) => p.key)).size < acked.size && Date.now() - quietSince < 5_000) {
      await sleep(100);
      if (pushed.length !== seen) {
        seen = pushed.length;
        quietSince = Date.now();
      }
    }
    const after = pushed.filter((p) => !storedWhileDown.has(p.key));
    expect(after.length, 'no value of B’s share reached the browser on A after B came back').toBeGreaterThan(0);
    const firstAfter = Math.min(...after.map((p) => p.at));
    const lastAfter = Math.max(...after.map((p) => p.at));
    log(
      `B's share while down: ${missing} acknowledged values not stored while B was down; B respawned ${restartAt - killedAt} ms after the kill, ` +
        `answered /general/health ${readyAt - restartAt} ms later; first value of its share pushed to A's browser ${firstAfter - killedAt} ms after the kill ` +
        `(${firstAfter - readyAt} ms after B answered), ${after.length} pushed by ${lastAfter - killedAt} ms after the kill; pushes in all ${pushed.length} for ${acked.size} values`,
    );
    // Values only B could store (held in its sessions while it was down) reached the browser
    // signed in on A: pushed through PostgreSQL's LISTEN/NOTIFY.
    expect(firstAfter).toBeGreaterThan(restartAt);
    expect(after.every((p) => acked.has(p.key))).toBe(true);

    // Exactly once: every value the broker acknowledged to a device is in its list, none twice,
    // nothing else (not the forged ones) — read through both instances.
    const problems: string[] = [];
    let stored = 0;
    await pool(DEVICES, CONCURRENCY, async (i) => {
      const d = devices[i]!;
      const page = await (i % 2 ? onB : onA).api.get<{ total: number; list: { values: { v: number }; createdAt: number }[] }>('dataItem/getRecords', { itemId: d.itemId, pageNum: 1, pageSize: 100 });
      stored += page.total;
      const got = page.list.map((r) => `${r.createdAt - base}:${r.values.v}`).sort();
      const expected = Array.from({ length: VALUES }, (_, k) => `${k * 1000}:${i * 100 + k}`).sort();
      if (page.total !== VALUES || JSON.stringify(got) !== JSON.stringify(expected)) {
        problems.push(`device ${i}: ${page.total} records [${got.join(' ')}]`);
      }
    });
    const pushedTwice = pushed.length - new Set(pushed.map((p) => p.key)).size;
    log(`stored ${stored} records for ${acked.size} acknowledged values; ${problems.length} devices differ; ${pushedTwice} records pushed twice`);
    expect(problems.slice(0, 10), `${problems.length} of ${DEVICES} devices differ from the sequence they published`).toEqual([]);
    expect(stored).toBe(DEVICES * VALUES);
    expect(pushedTwice, 'a value pushed twice was stored twice').toBe(0);

    for (const d of devices) {
      await d.mqtt?.endAsync(true);
    }
    browser.close();
  }, 240_000);
});
