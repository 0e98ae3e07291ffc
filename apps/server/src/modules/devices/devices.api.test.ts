import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import mqtt from 'mqtt';
import { startSimulatedGateway, type SimulatedGateway } from '@smartdata/gateway-sim';
import { adminPassword, as, body, createCompanyUser, createTestApp, signIn, type TestApp } from '@server/test/testApp';
import { connectRealtime } from '@server/test/realtimeClient';

/**
 * Devices end to end: the API through app.inject, the embedded broker on a random 127.0.0.1
 * port, and the simulated gateway in-process as the device.
 */
let t: TestApp;
let port: number;
let dataDir: string;
type Api = ReturnType<typeof as>;
let alice: { api: Api; companyId: number };
let bob: { api: Api; companyId: number };
/** A company administrator of alice's company (admin level on every node: delete, rotate). */
let carol: { api: Api };
const sims: SimulatedGateway[] = [];
const example = (name: string) => JSON.parse(fs.readFileSync(new URL(`../../../../../examples/flows/${name}`, import.meta.url), 'utf8'));

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sd-devices-'));
  t = await createTestApp({ mqttPort: 0, dataDir });
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  port = t.app.platform.broker!.port!;
  const a = await createCompanyUser(t.app, { codes: ['cd_device', 'dm_firmware'], companyName: 'Alpha Plant' });
  const b = await createCompanyUser(t.app, { codes: ['cd_device', 'dm_firmware'], companyName: 'Beta Works' });
  alice = { api: as(t.app, await signIn(t.app, a.userName, a.password)), companyId: a.companyId };
  bob = { api: as(t.app, await signIn(t.app, b.userName, b.password)), companyId: b.companyId };
  const c = await createCompanyUser(t.app, { codes: ['cd_device', 'um_role'], companyId: a.companyId });
  carol = { api: as(t.app, await signIn(t.app, c.userName, c.password)) };
  void adminPassword;
});

afterAll(async () => {
  await Promise.all(sims.map((s) => s.close().catch(() => undefined)));
  await t.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const post = (api: Api, url: string, payload: unknown, lang = 'zh-CN') => api({ method: 'POST', url, payload: payload as object, headers: { 'accept-language': lang } });
const get = (api: Api, url: string, query: Record<string, string | number>) => api({ method: 'GET', url: `${url}?${new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)]))}` });

let snSeq = 0;
async function addDevice(api: Api = alice.api, model = 'SD-DTU', parentId?: number) {
  snSeq += 1;
  const sn = `SIM${String(snSeq).padStart(4, '0')}${Date.now() % 1000}`;
  const answer = body(await post(api, '/general/device/addDevice', { name: `Gateway ${snSeq}`, sn, model, ...(parentId ? { parentId } : {}) }));
  expect(answer.code).toBe(0);
  return answer.data as { id: number; nodeId: number; sn: string; secret: string };
}

async function device(id: number, api: Api = alice.api) {
  const answer = body(await get(api, '/general/device/getDevice', { id }));
  expect(answer.code).toBe(0);
  return answer.data;
}

/** Polls the device until `test` holds; every wait is bounded. */
async function until(id: number, test: (d: any) => boolean, timeoutMs = 10_000) {
  const deadline = Date.now() + timeoutMs;
  let last: any;
  while (Date.now() < deadline) {
    last = await device(id);
    if (test(last)) {
      return last;
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`device ${id} did not reach the state in ${timeoutMs} ms: ${JSON.stringify(last)}`);
}

async function simulate(d: { sn: string; secret: string }, options: Partial<Parameters<typeof startSimulatedGateway>[0]> = {}) {
  const sim = await startSimulatedGateway({ sn: d.sn, secret: d.secret, url: `mqtt://127.0.0.1:${port}`, otaSeconds: 0.3, reconnectMs: 200, ...options });
  sims.push(sim);
  await sim.waitFor('connected', undefined, 10_000);
  return sim;
}

/** Registers, connects and binds a device (the user confirms on the device). */
async function boundDevice(options: Partial<Parameters<typeof startSimulatedGateway>[0]> = {}) {
  const d = await addDevice();
  const sim = await simulate(d, options);
  await until(d.id, (x) => x.online);
  const request = sim.waitFor<{ code: string }>('bindRequest');
  const bind = body(await post(alice.api, '/general/device/bind', { id: d.id }));
  expect(bind.code).toBe(0);
  await (await request, sim.confirmBind());
  await until(d.id, (x) => x.bindState === 'bound');
  return { d, sim };
}

async function uploadFirmware(version: string, model = 'SD-DTU') {
  const bytes = Buffer.from(`firmware ${version} `.repeat(100));
  const grant = body(await post(alice.api, '/general/cos/getUploadCredential', { purpose: 'gateway', fileName: `fw-${version}.bin`, contentType: 'application/octet-stream', size: bytes.length }));
  expect(grant.code).toBe(0);
  const put = await t.app.inject({ method: 'PUT', url: grant.data.uploadUrl, headers: grant.data.headers, payload: bytes });
  expect(body(put).code).toBe(0);
  const sha256 = createHash('sha256').update(bytes).digest('hex');
  const added = body(await post(alice.api, '/general/device/addFirmware', { model, version, objectKey: grant.data.objectKey, sha256 }));
  expect(added.code).toBe(0);
  return added.data as { id: number; version: string };
}

describe('device registry', () => {
  it('adds a device with a secret shown once, lists, searches and refuses a taken or malformed SN', async () => {
    const d = await addDevice();
    expect(d.secret).toMatch(/^[0-9a-f]{32}$/);
    const listed = body(await get(alice.api, '/general/device/getDeviceList', { keyword: d.sn.slice(0, 8), pageNum: 1, pageSize: 50 }));
    expect(listed.data.list.map((x: { sn: string }) => x.sn)).toContain(d.sn);
    const item = await device(d.id);
    expect(item).toMatchObject({ sn: d.sn, model: 'SD-DTU', bindState: 'unbound', online: false, status: 0, firmwareVersion: null });
    expect(JSON.stringify(item)).not.toContain(d.secret);
    const again = await post(alice.api, '/general/device/addDevice', { name: 'Twin', sn: d.sn, model: 'SD-DTU' }, 'en-US');
    expect(body(again)).toMatchObject({ code: 40900, msg: 'This SN is already registered' });
    // Another company cannot take it either: the SN is the MQTT identity.
    expect(body(await post(bob.api, '/general/device/addDevice', { name: 'Twin', sn: d.sn.toLowerCase(), model: 'SD-DTU' })).code).toBe(40900);
    expect(body(await post(alice.api, '/general/device/addDevice', { name: 'Bad', sn: 'sd/#', model: 'SD-DTU' })).code).toBe(50001);
    const renamed = body(await post(alice.api, '/general/device/updateDevice', { id: d.id, name: 'Boiler room' }));
    expect(renamed.data.name).toBe('Boiler room');
    // The device is a cabin node: its node carries the name too.
    const node = await t.app.platform.db.selectFrom('cabin_node').select(['name', 'kind']).where('id', '=', d.nodeId).executeTakeFirstOrThrow();
    expect(node).toEqual({ name: 'Boiler room', kind: 'device' });
    const offline = body(await get(alice.api, '/general/device/getDeviceList', { online: '1', pageNum: 1, pageSize: 50 }));
    expect(offline.data.list.map((x: { id: number }) => x.id)).not.toContain(d.id);
  });

  it('keeps pictures that are JPG or PNG of the company and refuses other files', async () => {
    const d = await addDevice();
    const png = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000201a1e3a4a70000000049454e44ae426082', 'hex');
    const upload = async (fileName: string, contentType: string, bytes: Buffer) => {
      const grant = body(await post(alice.api, '/general/cos/getUploadCredential', { purpose: 'object', fileName, contentType, size: bytes.length }));
      expect(grant.code).toBe(0);
      expect(body(await t.app.inject({ method: 'PUT', url: grant.data.uploadUrl, headers: grant.data.headers, payload: bytes })).code).toBe(0);
      return grant.data.objectKey as string;
    };
    const picture = await upload('front.png', 'image/png', png);
    const pdf = await upload('manual.pdf', 'application/pdf', Buffer.from('%PDF-1.4 manual'));
    const updated = body(await post(alice.api, '/general/device/updateDevice', { id: d.id, pictures: [picture], address: 'Hall 3', remarks: 'left wall' }));
    expect(updated.data).toMatchObject({ pictures: [picture], address: 'Hall 3', remarks: 'left wall' });
    const detail = await device(d.id);
    expect(detail.pictureUrls[0]).toContain('/general/cos/object/');
    expect(body(await post(alice.api, '/general/device/updateDevice', { id: d.id, pictures: [pdf] }))).toMatchObject({ code: 50001, data: '文件格式错误，请上传图片类型' });
    expect(body(await post(alice.api, '/general/device/updateDevice', { id: d.id, pictures: ['c1/object/nothing.png'] })).code).toBe(50001);
    expect((await device(d.id)).pictures).toEqual([picture]);
  });

  it('rotates the secret (the old one stops working) and deletes a device with its connection', async () => {
    const d = await addDevice();
    const sim = await simulate(d, { reconnectMs: 60_000 });
    await until(d.id, (x) => x.online);
    // Read-write on the node is not enough: the secret and deletion need admin.
    expect(body(await post(alice.api, '/general/device/rotateSecret', { id: d.id })).code).toBe(40300);
    expect(body(await post(alice.api, '/general/device/deleteDevice', { id: d.id })).code).toBe(40300);
    const rotated = body(await post(carol.api, '/general/device/rotateSecret', { id: d.id }));
    expect(rotated.data.secret).toMatch(/^[0-9a-f]{32}$/);
    expect(rotated.data.secret).not.toBe(d.secret);
    await until(d.id, (x) => !x.online);
    const connect = (password: string) => mqtt.connectAsync(`mqtt://127.0.0.1:${port}`, { username: d.sn, password, clientId: d.sn, reconnectPeriod: 0, connectTimeout: 3000 });
    await expect(connect(d.secret)).rejects.toThrow(/Not authorized|Bad username or password/i);
    const fresh = await connect(rotated.data.secret);
    const closed = new Promise<void>((resolve) => fresh.once('close', () => resolve()));
    expect(body(await post(carol.api, '/general/device/deleteDevice', { id: d.id })).code).toBe(0);
    await Promise.race([closed, new Promise((_, reject) => setTimeout(() => reject(new Error('connection not closed')), 5000))]);
    expect(body(await get(alice.api, '/general/device/getDevice', { id: d.id })).code).toBe(40400);
    await expect(connect(rotated.data.secret)).rejects.toThrow(/Not authorized|Bad username or password/i);
    fresh.end(true);
    void sim;
  });

  it('keeps another company out (40400) of reads, writes, commands and the realtime channel key', async () => {
    const d = await addDevice();
    expect(body(await get(bob.api, '/general/device/getDevice', { id: d.id })).code).toBe(40400);
    expect(body(await post(bob.api, '/general/device/updateDevice', { id: d.id, name: 'Mine' })).code).toBe(40400);
    expect(body(await post(bob.api, '/general/device/bind', { id: d.id })).code).toBe(40400);
    expect(body(await post(bob.api, '/general/device/deleteDevice', { id: d.id })).code).toBe(40400);
    expect(body(await post(bob.api, '/general/gateway/pushConfig', { deviceId: d.id })).code).toBe(40400);
    expect(body(await post(bob.api, '/general/gateway/saveFlow', { deviceId: d.id, flow: example('modbus-temperature-loop.json') })).code).toBe(40400);
    expect(body(await get(bob.api, '/general/gateway/getFlow', { deviceId: d.id })).code).toBe(40400);
    const list = body(await get(bob.api, '/general/device/getDeviceList', { pageNum: 1, pageSize: 100 }));
    expect(list.data.list.map((x: { id: number }) => x.id)).not.toContain(d.id);
    expect((await device(d.id)).name).toBe(`Gateway ${snSeq}`);
  });

  it('by hand only disables and enables back to the status before; stock moves are refused with a reason (40900)', async () => {
    const d = await addDevice();
    for (const to of [1, 2, 3]) {
      const byHand = await post(alice.api, '/general/device/setStatus', { id: d.id, status: to }, 'en-US');
      expect(body(byHand)).toMatchObject({ code: 40900 });
      expect(body(byHand).msg).toMatch(/^"Created, not stored" becomes ".+" only through a document: a production completion, stock-in, outbound order, shipment or return$/);
    }
    expect(body(await post(alice.api, '/general/device/setStatus', { id: d.id, status: 4 })).msg).toBe('绑定和解绑须通过“绑定”和“解绑”操作（需设备端确认）');
    expect((await device(d.id)).status).toBe(0);
    expect(body(await post(alice.api, '/general/device/setStatus', { id: d.id, status: 9 })).data.status).toBe(9);
    // Enabled back to what it was (created, not stored), not into stock it never entered.
    expect(body(await post(alice.api, '/general/device/setStatus', { id: d.id, status: 1 }))).toMatchObject({ code: 40900, msg: '已停用的设备启用后回到停用前的“已创建未入库”状态' });
    expect(body(await post(alice.api, '/general/device/setStatus', { id: d.id, status: 0 })).data.status).toBe(0);
    const history = body(await get(alice.api, '/general/device/getLifecycle', { id: d.id })).data;
    expect(history.map((h: { from: number; to: number; document: string }) => `${h.from}→${h.to} ${h.document}`)).toEqual(['0→9 disable', '9→0 enable']);
  });
});

describe('device side of the broker', () => {
  it('refuses a wrong secret, an unknown SN and a disabled device', async () => {
    const d = await addDevice();
    const connect = (username: string, password: string) => mqtt.connectAsync(`mqtt://127.0.0.1:${port}`, { username, password, clientId: username, reconnectPeriod: 0, connectTimeout: 3000 });
    await expect(connect(d.sn, 'wrong-secret')).rejects.toThrow(/Not authorized|Bad username or password/i);
    await expect(connect('NOBODY0001', d.secret)).rejects.toThrow(/Not authorized|Bad username or password/i);
    const good = await connect(d.sn, d.secret);
    await good.endAsync();
    await post(alice.api, '/general/device/setStatus', { id: d.id, status: 9 });
    await expect(connect(d.sn, d.secret)).rejects.toThrow(/Not authorized|Bad username or password/i);
  });

  it('lets a device use only its own topics', async () => {
    const mine = await addDevice();
    const other = await addDevice();
    const otherSim = await simulate(other);
    const client = await mqtt.connectAsync(`mqtt://127.0.0.1:${port}`, { username: mine.sn, password: mine.secret, clientId: mine.sn, reconnectPeriod: 0 });
    for (const filter of [`sd/${other.sn}/down/cmd`, '#', 'sd/+/up/#', `sd/${other.sn}/up/telemetry`]) {
      // The broker grants nothing: SUBACK 128, which mqtt.js reports as an error.
      await expect(client.subscribeAsync(filter, { qos: 1 })).rejects.toThrow(/Subscribe error/);
    }
    const own = await client.subscribeAsync(`sd/${mine.sn}/down/cmd`, { qos: 1 });
    expect(own.map((g) => g.qos)).toEqual([1]);
    // Publishing as another device closes the connection, and the other device hears nothing.
    let heard = false;
    otherSim.events.on('command', () => {
      heard = true;
    });
    const closed = new Promise<void>((resolve) => client.once('close', () => resolve()));
    client.publish(`sd/${other.sn}/down/cmd`, JSON.stringify({ type: 'unbind', cmdId: 'x' }), { qos: 1 });
    await Promise.race([closed, new Promise((_, reject) => setTimeout(() => reject(new Error('not closed')), 5000))]);
    expect(heard).toBe(false);
    client.end(true);
  });

  it("refuses a client id that is not the device's own: no takeover of another device's session", async () => {
    const mine = await addDevice();
    const other = await addDevice();
    const otherSim = await simulate(other, { reconnectMs: 60_000 });
    let otherDropped = false;
    otherSim.events.on('disconnected', () => {
      otherDropped = true;
    });
    const connect = (clientId: string) => mqtt.connectAsync(`mqtt://127.0.0.1:${port}`, { username: mine.sn, password: mine.secret, clientId, reconnectPeriod: 0, connectTimeout: 3000 });
    for (const clientId of [other.sn, `${other.sn}:1`, `${mine.sn}x`, `${mine.sn}:`, 'mqttjs_1234']) {
      await expect(connect(clientId), clientId).rejects.toThrow(/Identifier rejected/i);
    }
    const own = await connect(`${mine.sn}:second-link`);
    await own.endAsync();
    expect(otherDropped).toBe(false);
    expect((await device(other.id)).online).toBe(true);
  });

  it("refuses a last-will outside the device's own topics at CONNECT", async () => {
    const mine = await addDevice();
    const other = await addDevice();
    const connect = (topic: string) =>
      mqtt.connectAsync(`mqtt://127.0.0.1:${port}`, { username: mine.sn, password: mine.secret, clientId: mine.sn, reconnectPeriod: 0, connectTimeout: 3000, will: { topic, payload: Buffer.from('{"online":false}'), qos: 1, retain: true } });
    await expect(connect(`sd/${other.sn}/up/online`)).rejects.toThrow(/Not authorized/i);
    await expect(connect(`sd/${mine.sn}/down/cmd`)).rejects.toThrow(/Not authorized/i);
    const own = await connect(`sd/${mine.sn}/up/online`);
    await own.endAsync();
  });

  it('closes the connection on a packet larger than MQTT_MAX_PACKET_BYTES (256 KB) without acknowledging it', async () => {
    const mine = await addDevice();
    const client = await mqtt.connectAsync(`mqtt://127.0.0.1:${port}`, { username: mine.sn, password: mine.secret, clientId: mine.sn, reconnectPeriod: 0 });
    const closed = new Promise<void>((resolve) => client.once('close', () => resolve()));
    let acknowledged = false;
    client.publish(`sd/${mine.sn}/up/event`, Buffer.alloc(5 * 1024 * 1024, 0x20), { qos: 1 }, (error) => {
      acknowledged = !error;
    });
    await Promise.race([closed, new Promise((_, reject) => setTimeout(() => reject(new Error('not closed')), 10_000))]);
    expect(acknowledged).toBe(false);
    client.end(true);
    // Just under the limit is fine.
    const again = await mqtt.connectAsync(`mqtt://127.0.0.1:${port}`, { username: mine.sn, password: mine.secret, clientId: mine.sn, reconnectPeriod: 0 });
    await again.publishAsync(`sd/${mine.sn}/up/event`, Buffer.from(JSON.stringify({ pad: 'x'.repeat(200 * 1024) })), { qos: 1 });
    await again.endAsync();
  });
});

describe('binding, config push, detection and telemetry with the simulated gateway', () => {
  it('add → bind (device confirms) → online → save flow → push config → detection passes → telemetry arrives', async () => {
    const d = await addDevice();
    const sim = await simulate(d);
    const online = await until(d.id, (x) => x.online);
    expect(online.firmwareVersion).toBe('1.3.4');

    const request = sim.waitFor<{ code: string; companyName: string }>('bindRequest');
    const bind = body(await post(alice.api, '/general/device/bind', { id: d.id }));
    expect(bind.data).toMatchObject({ bindState: 'awaiting', bindMessage: 'device.bind.awaiting' });
    const shown = await request;
    expect(shown).toMatchObject({ code: bind.data.code, companyName: 'Alpha Plant' });
    expect((await device(d.id)).bindState).toBe('awaiting');
    await sim.confirmBind();
    const bound = await until(d.id, (x) => x.bindState === 'bound');
    expect(bound).toMatchObject({ status: 4, bindMessage: 'device.bind.success' });

    const flow = example('modbus-temperature-loop.json');
    const saved = body(await post(alice.api, '/general/gateway/saveFlow', { deviceId: d.id, flow }));
    expect(saved.code).toBe(0);
    expect(saved.data.warnings).toEqual([]);
    expect(body(await get(alice.api, '/general/gateway/getFlow', { deviceId: d.id })).data.flow.nodes).toHaveLength(flow.nodes.length);

    const telemetry = sim.waitFor<{ topic: string; body: string }>('published', (p) => p.topic === `sd/${d.sn}/up/telemetry`);
    const pushed = body(await post(alice.api, '/general/gateway/pushConfig', { deviceId: d.id }));
    expect(pushed.data.config).toMatchObject({ state: 'updating', version: 1 });
    const applied = await until(d.id, (x) => x.config.state === 'success');
    expect(applied.config).toMatchObject({ version: 1, message: 'device.config.success' });
    expect(sim.state.configVersion).toBe(1);
    const versions = body(await get(alice.api, '/general/gateway/getConfigVersions', { deviceId: d.id, pageNum: 1, pageSize: 10 }));
    expect(versions.data.list[0]).toMatchObject({ version: 1, reason: 'push', state: 'success' });

    const published = await telemetry;
    const values = JSON.parse(published.body);
    const withValues = await until(d.id, (x) => x.lastTelemetry !== null);
    expect(withValues.lastTelemetry.values).toEqual({ temperature: values.temperature, humidity: values.humidity });
    expect(withValues.lastTelemetry.values.temperature).toBeGreaterThan(10);

    // Detection: passes and is saved as a version; a port the gateway lacks is not passed, with its reason.
    const detected = body(await post(alice.api, '/general/gateway/detectConfig', { deviceId: d.id, flow: { ...flow, serial: { ...flow.serial, baudRate: 19200 } } }));
    expect(detected.data.detect.state).toBe('detecting');
    const passed = await until(d.id, (x) => x.detect.state === 'passed');
    expect(passed.detect.message).toBe('device.detect.passed');
    expect(body(await get(alice.api, '/general/gateway/getFlow', { deviceId: d.id })).data.flow.serial.baudRate).toBe(19200);
    expect(body(await get(alice.api, '/general/gateway/getConfigVersions', { deviceId: d.id, pageNum: 1, pageSize: 10 })).data.list[0]).toMatchObject({ version: 2, reason: 'detect' });
    await post(alice.api, '/general/gateway/detectConfig', { deviceId: d.id, flow: { ...flow, serial: { ...flow.serial, portName: 'COM9' } } });
    const failed = await until(d.id, (x) => x.detect.state === 'failed');
    expect(failed.detect.message).toBe('device.detect.failed');
    expect(failed.detect.reasons.join()).toContain('COM9');
    expect(body(await get(alice.api, '/general/gateway/getFlow', { deviceId: d.id })).data.flow.serial.portName).toBe('COM1');

    // Rollback to version 1 keeps the current document as a version first.
    const rolled = body(await post(alice.api, '/general/gateway/rollbackConfig', { deviceId: d.id, version: 1 }));
    expect(rolled.data.flow.serial.baudRate).toBe(9600);
    expect(body(await get(alice.api, '/general/gateway/getConfigVersions', { deviceId: d.id, pageNum: 1, pageSize: 10 })).data.list[0]).toMatchObject({ version: 3, reason: 'rollback' });

    // Unbind; then the gateway is not bound.
    const unbound = body(await post(alice.api, '/general/device/unbind', { id: d.id }));
    expect(unbound.data).toMatchObject({ bindState: 'unbound', status: 3 });
    expect(body(await post(alice.api, '/general/device/unbind', { id: d.id }, 'en-US'))).toMatchObject({ code: 40900, msg: 'The gateway is not bound' });
    expect(body(await post(alice.api, '/general/gateway/pushConfig', { deviceId: d.id }))).toMatchObject({ code: 40900, msg: '网关未绑定' });
  });

  it('runs a server-triggered flow on request, and keeps a three-link flow from tripping the topic rules', async () => {
    const { d, sim } = await boundDevice();
    const flow = example('modbus-temperature-loop.json');
    flow.startMode = { kind: 'server' };
    expect(body(await post(alice.api, '/general/gateway/saveFlow', { deviceId: d.id, flow })).code).toBe(0);
    await post(alice.api, '/general/gateway/pushConfig', { deviceId: d.id });
    await until(d.id, (x) => x.config.state === 'success');
    expect(sim.state.published).toBe(0);
    const published = sim.waitFor<{ topic: string }>('published', (p) => p.topic === `sd/${d.sn}/up/telemetry`);
    expect(body(await post(alice.api, '/general/gateway/runFlow', { deviceId: d.id })).code).toBe(0);
    await published;
    await until(d.id, (x) => x.lastTelemetry !== null);

    const threeLinks = example('three-links-edge.json');
    // Its report goes to erp.example.com: here to a closed loopback port, so the test never reaches out.
    threeLinks.nodes.find((n: { kind: string }) => n.kind === 'httpRequest').url = 'http://127.0.0.1:9/api/power';
    expect(body(await post(alice.api, '/general/gateway/saveFlow', { deviceId: d.id, flow: threeLinks })).code).toBe(0);
    await post(alice.api, '/general/gateway/pushConfig', { deviceId: d.id });
    await until(d.id, (x) => x.config.state === 'success' && x.config.version === 2);
    const external = sim.waitFor<{ topic: string; external?: boolean }>('published', (p) => p.topic === 'backup/meter/power');
    await post(alice.api, '/general/gateway/runFlow', { deviceId: d.id });
    expect((await external).external).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect((await device(d.id)).online).toBe(true);
  });

  it('reports a refused config push as failed with the device reasons', async () => {
    const { d, sim } = await boundDevice({ serialPorts: ['COM2'] });
    expect(body(await post(alice.api, '/general/gateway/saveFlow', { deviceId: d.id, flow: example('modbus-temperature-loop.json') })).code).toBe(0);
    await post(alice.api, '/general/gateway/pushConfig', { deviceId: d.id });
    const failed = await until(d.id, (x) => x.config.state === 'failed');
    expect(failed.config.message).toBe('device.config.failed');
    expect(failed.config.reasons.join()).toContain('COM1');
    expect(sim.state.configVersion).toBeNull();
  });

  // The deadlines pass by sweeping at a later instant, not by shortening them: the service's own
  // sweep (every second) would otherwise race the refusal checked in between.
  it('fails a config push and a detection the device never answers', async () => {
    const { d, sim } = await boundDevice({ ignore: ['config', 'detect'] });
    const afterDeadline = () => Date.now() + t.app.devices.timeouts.commandMs + 1;
    expect(body(await post(alice.api, '/general/gateway/saveFlow', { deviceId: d.id, flow: example('modbus-temperature-loop.json') })).code).toBe(0);
    const command = sim.waitFor<{ type: string }>('command', (c) => c.type === 'config');
    await post(alice.api, '/general/gateway/pushConfig', { deviceId: d.id });
    await command;
    expect(body(await post(alice.api, '/general/gateway/detectConfig', { deviceId: d.id }))).toMatchObject({ code: 40900, msg: '配置正在更新或检测中，请等待完成' });
    await t.app.devices.sweep(afterDeadline());
    const failed = await device(d.id);
    expect(failed.config).toMatchObject({ state: 'failed', message: 'device.config.timeout' });
    expect(body(await get(alice.api, '/general/gateway/getConfigVersions', { deviceId: d.id, pageNum: 1, pageSize: 5 })).data.list[0]).toMatchObject({ version: 1, state: 'failed' });
    await post(alice.api, '/general/gateway/detectConfig', { deviceId: d.id });
    expect((await device(d.id)).detect).toMatchObject({ state: 'detecting' });
    await t.app.devices.sweep(afterDeadline());
    expect((await device(d.id)).detect).toMatchObject({ state: 'failed', message: 'device.config.timeout' });
  });

  it('times out a binding the device never confirms, with a clear message', async () => {
    const d = await addDevice();
    await simulate(d);
    await until(d.id, (x) => x.online);
    await post(alice.api, '/general/device/bind', { id: d.id });
    expect(await device(d.id)).toMatchObject({ bindState: 'awaiting' });
    await t.app.devices.sweep(Date.now() + t.app.devices.timeouts.bindMs + 1);
    const after = await device(d.id);
    expect(after).toMatchObject({ bindState: 'unbound', bindMessage: 'device.bind.timeout', status: 0 });
  });

  it('goes offline on the last-will and refuses commands to an offline gateway with the spec texts', async () => {
    const { d, sim } = await boundDevice();
    const firmware = await uploadFirmware('1.3.9');
    expect(body(await post(alice.api, '/general/gateway/saveFlow', { deviceId: d.id, flow: example('modbus-temperature-loop.json') })).code).toBe(0);
    sim.options.reconnectMs = 60_000;
    const crashed = sim.crash();
    await until(d.id, (x) => !x.online);
    expect(body(await post(alice.api, '/general/device/upgradeFirmware', { deviceId: d.id, firmwareId: firmware.id }))).toMatchObject({ code: 40900, msg: '当前设备离线，无法升级固件。' });
    expect(body(await post(alice.api, '/general/device/upgradeFirmware', { deviceId: d.id, firmwareId: firmware.id }, 'en-US')).msg).toBe('The current gateway is offline and cannot upgrade firmware');
    expect(body(await post(alice.api, '/general/gateway/pushConfig', { deviceId: d.id }))).toMatchObject({ code: 40900, msg: '当前设备离线，无法远程更新配置。' });
    expect(body(await post(alice.api, '/general/gateway/detectConfig', { deviceId: d.id }))).toMatchObject({ code: 40900, msg: '当前设备离线，无法远程更新配置。' });
    void crashed.catch(() => undefined);
  });
});

describe('firmware upgrade', () => {
  it('succeeds only when the device comes back with the new version, with progress on the way', async () => {
    // 2 s, so the second request below meets the update still running even on a loaded machine.
    const { d, sim } = await boundDevice({ otaSeconds: 2 });
    const firmware = await uploadFirmware('1.4.0');
    const progress: number[] = [];
    sim.events.on('otaProgress', (p: number) => progress.push(p));
    const started = body(await post(alice.api, '/general/device/upgradeFirmware', { deviceId: d.id, firmwareId: firmware.id }));
    expect(started.data.ota).toMatchObject({ state: 'progress', targetVersion: '1.4.0' });
    expect(body(await post(alice.api, '/general/device/upgradeFirmware', { deviceId: d.id, firmwareId: firmware.id })).code).toBe(40900);
    const done = await until(d.id, (x) => x.ota.state === 'success', 15_000);
    expect(done).toMatchObject({ firmwareVersion: '1.4.0', online: true });
    expect(progress).toEqual([10, 20, 30, 40, 50, 60, 70, 80, 90, 100]);
    const history = body(await get(alice.api, '/general/device/getOtaHistory', { id: d.id }));
    expect(history.data[0]).toMatchObject({ fromVersion: '1.3.4', toVersion: '1.4.0', state: 'success', percent: 100 });
  });

  it('reports a failure the device notices', async () => {
    const { d } = await boundDevice({ otaOutcome: 'fail' });
    const firmware = await uploadFirmware('1.4.1');
    await post(alice.api, '/general/device/upgradeFirmware', { deviceId: d.id, firmwareId: firmware.id });
    const failed = await until(d.id, (x) => x.ota.state === 'failed', 15_000);
    expect(failed).toMatchObject({ firmwareVersion: '1.3.4', ota: { message: 'device.ota.failed' } });
  });

  it('does not report a device that rebooted mid-update as updated', async () => {
    const { d, sim } = await boundDevice({ otaOutcome: 'reboot' });
    const firmware = await uploadFirmware('1.4.2');
    await post(alice.api, '/general/device/upgradeFirmware', { deviceId: d.id, firmwareId: firmware.id });
    await sim.waitFor('otaDone', undefined, 15_000);
    const failed = await until(d.id, (x) => x.ota.state === 'failed' && x.online, 15_000);
    expect(failed).toMatchObject({ firmwareVersion: '1.3.4', ota: { message: 'device.ota.rebooted' } });
  });

  it('keeps one package per model and version, refuses a file never uploaded, and keeps a package that is being installed', async () => {
    const firmware = await uploadFirmware('1.6.0');
    const list = body(await get(alice.api, '/general/device/getFirmwareList', { model: 'SD-DTU', pageNum: 1, pageSize: 50 }));
    expect(list.data.list.find((f: { id: number }) => f.id === firmware.id)).toMatchObject({ version: '1.6.0', fileName: 'fw-1.6.0.bin', sha256: expect.stringMatching(/^[0-9a-f]{64}$/) });
    const again = await post(alice.api, '/general/device/addFirmware', { model: 'SD-DTU', version: '1.6.0', objectKey: list.data.list[0].objectKey, sha256: 'a'.repeat(64) }, 'en-US');
    expect(body(again)).toMatchObject({ code: 40900, msg: 'This model already has a firmware package of this version' });
    expect(body(await post(alice.api, '/general/device/addFirmware', { model: 'SD-DTU', version: '1.6.1', objectKey: 'c1/gateway/none.bin', sha256: 'a'.repeat(64) })).data).toBe('固件文件尚未上传');
    expect(body(await post(alice.api, '/general/device/addFirmware', { model: 'SD-DTU', version: 'v1', objectKey: 'x', sha256: 'a'.repeat(64) })).code).toBe(50001);
    expect(body(await get(bob.api, '/general/device/getFirmwareList', { pageNum: 1, pageSize: 50 })).data.total).toBe(0);
    const { d } = await boundDevice({ otaSeconds: 5 });
    await post(alice.api, '/general/device/upgradeFirmware', { deviceId: d.id, firmwareId: firmware.id });
    expect(body(await post(alice.api, '/general/device/deleteFirmware', { id: firmware.id })).code).toBe(40900);
    await until(d.id, (x) => x.ota.state === 'success', 20_000);
    expect(body(await post(alice.api, '/general/device/deleteFirmware', { id: firmware.id })).code).toBe(0);
  });

  it('refuses a package of another model and an unbound device', async () => {
    const { d } = await boundDevice();
    const other = await uploadFirmware('2.0.0', 'SD-METER');
    expect(body(await post(alice.api, '/general/device/upgradeFirmware', { deviceId: d.id, firmwareId: other.id })).code).toBe(40900);
    const lone = await addDevice();
    const firmware = await uploadFirmware('1.5.0');
    expect(body(await post(alice.api, '/general/device/upgradeFirmware', { deviceId: lone.id, firmwareId: firmware.id }, 'en-US'))).toMatchObject({ code: 40900, msg: 'The gateway is not bound' });
    expect(body(await post(bob.api, '/general/device/upgradeFirmware', { deviceId: d.id, firmwareId: firmware.id })).code).toBe(40400);
  });
});

describe('realtime pushes of devices', () => {
  it('pushes a device only to members who may read its node, follows level changes at once, and gives another company nothing', async () => {
    const admin = await createCompanyUser(t.app, { codes: ['cd_device', 'sd_capsule', 'um_role'], companyId: alice.companyId });
    const adminToken = await signIn(t.app, admin.userName, admin.password);
    const erin = as(t.app, adminToken);
    const member = await createCompanyUser(t.app, { codes: ['cd_device'], companyId: alice.companyId });
    const daveToken = await signIn(t.app, member.userName, member.password);
    const dave = as(t.app, daveToken);
    const outsider = await createCompanyUser(t.app, { codes: ['cd_device'], companyId: bob.companyId });
    const channel = `devices:${alice.companyId}`;

    // Three devices: one everybody reads, one with dave at none on its own node, one in a
    // directory where dave is at none.
    const shown = await addDevice(erin);
    const hidden = await addDevice(erin);
    const directory = body(await post(erin, '/general/cabin/addDirectory', { name: `Locked ${snSeq}` })).data.id as number;
    const locked = await addDevice(erin, 'SD-DTU', directory);
    const setLevel = async (nodeId: number, level: string) => {
      const grants = [{ scope: 'company', level: 'readWrite' }, { scope: 'user', targetId: member.userId, level }];
      expect(body(await post(erin, '/general/cabin/setPermission', { nodeId, mode: 'custom', grants })).code).toBe(0);
    };
    await setLevel(hidden.nodeId, 'none');
    await setLevel(directory, 'none');
    const listed = body(await get(dave, '/general/device/getDeviceList', { pageNum: 1, pageSize: 100 })).data.list.map((x: { id: number }) => x.id);
    expect(listed).toContain(shown.id);
    expect(listed).not.toContain(hidden.id);
    expect(listed).not.toContain(locked.id);

    const watcher = await connectRealtime(t.app, daveToken);
    expect((await watcher.subscribe(channel)).code).toBe(0);
    const everything = await connectRealtime(t.app, adminToken);
    expect((await everything.subscribe(channel)).code).toBe(0);
    const stranger = await connectRealtime(t.app, await signIn(t.app, outsider.userName, outsider.password));
    expect((await stranger.subscribe(channel)).code).toBe(40400);
    expect((await stranger.subscribe(`devices:${bob.companyId}`)).code).toBe(0);

    // A lifecycle move pushes the device. Pushes to one socket keep their order, so once the
    // visible device's push is there, a push of the hidden ones would have come before it.
    const move = async (id: number, status: number) => expect(body(await post(erin, '/general/device/setStatus', { id, status })).code).toBe(0);
    const nextPush = () => watcher.next((e) => e.msg === 'push');
    // Telemetry of the hidden device (straight from the broker) does not reach him (sent before it is disabled below: a
    // disabled device cannot connect); a leaked push would come before the next one he awaits.
    const client = await mqtt.connectAsync(`mqtt://127.0.0.1:${port}`, { username: hidden.sn, password: hidden.secret, clientId: hidden.sn, reconnectPeriod: 0 });
    await client.publishAsync(`sd/${hidden.sn}/up/telemetry`, JSON.stringify({ ts: Date.now(), values: { temperature: 21.5 } }), { qos: 1 });
    expect((await everything.next((e) => e.data?.event === 'telemetry')).data.payload).toMatchObject({ id: hidden.id, nodeId: hidden.nodeId, values: { temperature: 21.5 } });
    await client.endAsync();
    await move(hidden.id, 9);
    await move(locked.id, 9);
    await move(shown.id, 9);
    expect((await nextPush()).data).toMatchObject({ channel, event: 'deviceUpdated', payload: { id: shown.id, nodeId: shown.nodeId, status: 9 } });
    expect(watcher.takePushes()).toEqual([]);

    await move(shown.id, 0);
    expect((await nextPush()).data.payload).toMatchObject({ id: shown.id, status: 0 });
    expect(watcher.takePushes()).toEqual([]);

    // Raised: the next pushes reach him.
    await setLevel(hidden.nodeId, 'read');
    await setLevel(directory, 'read');
    await move(hidden.id, 0);
    expect((await nextPush()).data.payload).toMatchObject({ id: hidden.id, status: 0 });
    await move(locked.id, 0);
    expect((await nextPush()).data.payload).toMatchObject({ id: locked.id, status: 0 });

    // Lowered while he listens: stops at once.
    await setLevel(shown.nodeId, 'none');
    await move(shown.id, 9);
    await move(hidden.id, 9);
    expect((await nextPush()).data.payload).toMatchObject({ id: hidden.id, status: 9 });
    expect(watcher.takePushes()).toEqual([]);

    // A removal reaches those who could see the device, and nobody else.
    expect(body(await post(erin, '/general/device/deleteDevice', { id: shown.id })).code).toBe(0);
    expect(body(await post(erin, '/general/device/deleteDevice', { id: locked.id })).code).toBe(0);
    expect((await nextPush()).data).toMatchObject({ event: 'deviceRemoved', payload: { id: locked.id, nodeId: locked.nodeId } });
    expect(watcher.takePushes()).toEqual([]);
    await everything.next((e) => e.data?.event === 'deviceRemoved' && e.data.payload.id === locked.id);

    // Another company heard nothing of it all.
    expect(stranger.takePushes()).toEqual([]);
    for (const socket of [watcher, everything, stranger]) {
      socket.close();
    }
  });

  it('pushes a renamed or edited device to open pages', async () => {
    const editor = await createCompanyUser(t.app, { codes: ['cd_device', 'sd_capsule'], companyId: alice.companyId });
    const token = await signIn(t.app, editor.userName, editor.password);
    const d = await addDevice(alice.api);
    const listener = await connectRealtime(t.app, token);
    expect((await listener.subscribe(`devices:${alice.companyId}`)).code).toBe(0);
    expect(body(await post(alice.api, '/general/device/updateDevice', { id: d.id, name: 'Pump house', address: 'Hall 7' })).code).toBe(0);
    const push = await listener.next((e) => e.msg === 'push' && e.data.payload.id === d.id);
    expect(push.data).toMatchObject({ event: 'deviceUpdated', payload: { id: d.id, name: 'Pump house', address: 'Hall 7' } });
    listener.close();
  });
});
