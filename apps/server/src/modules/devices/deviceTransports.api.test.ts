import { execFile, spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import mqtt, { type MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DeviceConnectInfo } from '@smartdata/domain';
import { as, body, createCompanyUser, createTestApp, signIn, type TestApp } from '@server/test/testApp';

/**
 * Issue 37: devices connect the way real devices do — driven by clients nobody here wrote:
 * Debian's mosquitto_pub / mosquitto_sub (MQTT 3.1.1 plain and over TLS with the downloaded CA),
 * MQTT.js over WebSocket, and curl on the HTTP device API. Every value stored once; a console
 * command reaches the subscribed mosquitto_sub; every bad input refused as documented.
 * `.ci/run` installs mosquitto-clients and curl; without them (a developer's machine) the cases
 * that need them are skipped, and in CI their absence fails.
 */
const has = (command: string) => spawnSync('sh', ['-c', `command -v ${command}`]).status === 0;
const clients = has('mosquitto_pub') && has('mosquitto_sub') && has('curl');
if (!clients && process.env.CI) {
  throw new Error('mosquitto_pub, mosquitto_sub and curl are needed (apt-get install mosquitto-clients curl)');
}
const withClients = clients ? it : it.skip;

type Api = ReturnType<typeof as>;
let t: TestApp;
let api: Api;
let dataDir: string;
let httpPort: number;
let mqttPort: number;
let tlsPort: number;
let caFile: string;
const open: MqttClient[] = [];
const children: ChildProcess[] = [];

const post = (url: string, payload: unknown) => api({ method: 'POST', url: `/general/${url}`, payload: payload as object }).then(body);
const get = (url: string, query: Record<string, string | number> = {}) =>
  api({ method: 'GET', url: `/general/${url}?${new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)]))}` }).then(body);

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sd-transports-'));
  t = await createTestApp({ mqttPort: 0, mqttTlsPort: 0, dataDir, mqttPublicHost: '127.0.0.1', mqttMaxPacketBytes: 64 * 1024, deviceHttpRatePerMinute: 60, logLevel: 'error' });
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  httpPort = (t.app.server.address() as AddressInfo).port;
  mqttPort = t.app.platform.broker!.port!;
  tlsPort = t.app.platform.broker!.tlsPort!;
  const user = await createCompanyUser(t.app, { codes: ['sd_capsule', 'cd_device', 'cs_info', 'um_role'] });
  api = as(t.app, await signIn(t.app, user.userName, user.password));
  // What a device's installer does first: download the CA the TLS listener's certificate chains to.
  caFile = path.join(dataDir, 'downloaded-ca.crt');
  fs.writeFileSync(caFile, await (await fetch(`http://127.0.0.1:${httpPort}/general/device/getBrokerCa`)).text());
}, 60_000);
afterAll(async () => {
  for (const child of children) {
    child.kill('SIGKILL');
  }
  await Promise.all(open.map((client) => client.endAsync(true)));
  await t?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

let seq = 0;
/** A device bound to a fresh IoT data list: what it sends lands there. */
async function boundDevice(): Promise<{ id: number; sn: string; secret: string; itemId: number }> {
  seq += 1;
  const sn = `TRN${Date.now().toString(36).toUpperCase()}${seq}`;
  const device = await post('device/addDevice', { name: `Meter ${seq}`, sn, model: 'SD-G1' });
  expect(device.code, JSON.stringify(device)).toBe(0);
  const dir = await post('cabin/addDirectory', { parentId: null, name: `Transports ${seq}` });
  const item = await post('dataItem/addDataItem', { directoryId: dir.data.id, name: `Line ${seq}`, kind: 13, fields: [{ name: '温度', fieldName: 'temperature', type: 1, unit: '℃', priority: 1, decimalPlaces: 1 }] });
  expect(item.code, JSON.stringify(item)).toBe(0);
  expect((await post('telemetry/bindItem', { itemId: item.data.id, deviceId: device.data.id })).code).toBe(0);
  return { id: device.data.id, sn, secret: device.data.secret, itemId: item.data.id };
}

async function temperatures(itemId: number): Promise<number[]> {
  const answer = await get('dataItem/getRecords', { itemId, pageNum: 1, pageSize: 100 });
  expect(answer.code, JSON.stringify(answer)).toBe(0);
  return (answer.data.list as Array<{ values: { temperature: number } }>).map((r) => r.values.temperature).sort((a, b) => a - b);
}

function run(command: string, args: string[], timeoutMs = 10_000): Promise<{ code: number | null; out: string }> {
  return new Promise((resolve) => {
    execFile(command, args, { timeout: timeoutMs }, (error, stdout, stderr) => {
      resolve({ code: error ? ((error as { code?: number }).code ?? 1) : 0, out: `${stdout}${stderr}` });
    });
  });
}

const pubArgs = (device: { sn: string; secret: string }, id: string, topic: string, message: string) => ['-h', '127.0.0.1', '-u', device.sn, '-P', device.secret, '-i', id, '-q', '1', '-t', topic, '-m', message];

describe('devices connect the way real devices do (issue 37)', () => {
  it('getConnectInfo lists every transport the running server offers, and the CA is downloadable', async () => {
    const info = (await get('device/getConnectInfo')).data as DeviceConnectInfo;
    const kinds = info.transports.map((transport) => transport.kind);
    expect(kinds).toEqual(['mqtt', 'mqtts', 'ws', 'http']);
    const byKind = Object.fromEntries(info.transports.map((transport) => [transport.kind, transport]));
    expect(byKind.mqtt).toMatchObject({ url: `mqtt://127.0.0.1:${mqttPort}`, protocolVersions: ['3.1.1', '5'] });
    expect(byKind.mqtts!.url).toBe(`mqtts://127.0.0.1:${tlsPort}`);
    expect(byKind.mqtts!.caUrl).toMatch(/\/general\/device\/getBrokerCa$/);
    expect(byKind.ws!.url).toMatch(/^ws:\/\/[^/]+\/mqtt$/);
    expect(byKind.http!.url).toMatch(/\/general\/device-api\/v1\/\{sn\}\/telemetry$/);
    // The CA needs no session (a device or a script fetches it).
    const response = await fetch(`http://127.0.0.1:${httpPort}/general/device/getBrokerCa`);
    expect(response.status).toBe(200);
    const pem = await response.text();
    expect(pem).toMatch(/^-----BEGIN CERTIFICATE-----/);
    expect(pem).toBe(fs.readFileSync(caFile, 'utf8'));
  });

  withClients('mosquitto_pub over 3.1.1 plain and over TLS with the downloaded CA; refused without the CA and with a wrong secret', async () => {
    const device = await boundDevice();
    const topic = `sd/${device.sn}/up/telemetry`;
    const plain = await run('mosquitto_pub', [...pubArgs(device, `${device.sn}:plain`, topic, JSON.stringify({ ts: 1_700_000_000_000, values: { temperature: 20.5 } })), '-p', String(mqttPort), '-V', 'mqttv311']);
    expect(plain.code, plain.out).toBe(0);
    const secure = await run('mosquitto_pub', [...pubArgs(device, `${device.sn}:tls`, topic, JSON.stringify({ ts: 1_700_000_001_000, values: { temperature: 21.5 } })), '-p', String(tlsPort), '--cafile', caFile]);
    expect(secure.code, secure.out).toBe(0);
    // Without the CA the handshake fails (the system store does not know the platform's CA).
    const noCa = await run('mosquitto_pub', [...pubArgs(device, `${device.sn}:noca`, topic, JSON.stringify({ ts: 1_700_000_002_000, values: { temperature: 99 } })), '-p', String(tlsPort), '--capath', '/nonexistent-ca-dir']);
    expect(noCa.code).not.toBe(0);
    const wrongSecret = await run('mosquitto_pub', [...pubArgs({ sn: device.sn, secret: 'wrong-secret' }, `${device.sn}:bad`, topic, JSON.stringify({ ts: 1_700_000_003_000, values: { temperature: 98 } })), '-p', String(tlsPort), '--cafile', caFile]);
    expect(wrongSecret.code).not.toBe(0);
    expect(wrongSecret.out).toMatch(/not authori[sz]ed|bad user name or password/i);
    // Malformed JSON and an oversize payload: nothing stored (the first acknowledged and dropped, as
    // any malformed publish; the second closes the connection unacknowledged).
    expect((await run('mosquitto_pub', [...pubArgs(device, `${device.sn}:junk`, topic, '{"values": {'), '-p', String(mqttPort)])).code).toBe(0);
    const oversize = await run('mosquitto_pub', [...pubArgs(device, `${device.sn}:big`, topic, JSON.stringify({ values: { temperature: 50, pad: 'x'.repeat(70 * 1024) } })), '-p', String(tlsPort), '--cafile', caFile]);
    expect(oversize.code).not.toBe(0);
    // The same instant again over TLS: stored once.
    await run('mosquitto_pub', [...pubArgs(device, `${device.sn}:tls`, topic, JSON.stringify({ ts: 1_700_000_001_000, values: { temperature: 21.5 } })), '-p', String(tlsPort), '--cafile', caFile]);
    await expect.poll(() => temperatures(device.itemId), { timeout: 10_000 }).toEqual([20.5, 21.5]);
  });

  withClients('MQTT 5: the broker does what getConnectInfo says — mosquitto_pub -V mqttv5 and MQTT.js 5 connect when it lists 5, are refused otherwise', async () => {
    const info = (await get('device/getConnectInfo')).data as DeviceConnectInfo;
    const speaksFive = info.transports.find((transport) => transport.kind === 'mqtt')!.protocolVersions!.includes('5');
    const device = await boundDevice();
    const topic = `sd/${device.sn}/up/telemetry`;
    const five = await run('mosquitto_pub', [...pubArgs(device, `${device.sn}:v5`, topic, JSON.stringify({ ts: 1_700_000_005_000, values: { temperature: 25 } })), '-p', String(tlsPort), '--cafile', caFile, '-V', 'mqttv5']);
    const client = await mqtt
      .connectAsync(`ws://127.0.0.1:${httpPort}/mqtt`, { username: device.sn, password: device.secret, clientId: `${device.sn}:ws5`, reconnectPeriod: 0, connectTimeout: 5000, protocolVersion: 5 })
      .catch((error: unknown) => error as Error);
    if (speaksFive) {
      expect(five.code, five.out).toBe(0);
      expect(client).not.toBeInstanceOf(Error);
      const connected = client as MqttClient;
      open.push(connected);
      await connected.publishAsync(topic, JSON.stringify({ ts: 1_700_000_006_000, values: { temperature: 26 } }), { qos: 1 });
      await expect.poll(() => temperatures(device.itemId), { timeout: 10_000 }).toEqual([25, 26]);
      // Another device's topic over MQTT 5: not stored (the broker refuses the publish).
      const stray = await boundDevice();
      await Promise.race([connected.publishAsync(`sd/${stray.sn}/up/telemetry`, '{"values":{"temperature":7}}', { qos: 1 }).catch(() => undefined), new Promise((resolve) => setTimeout(resolve, 3000))]);
      expect(await temperatures(stray.itemId)).toEqual([]);
      // A publish the platform could not store (the hook fails: say, a full disk) is not
      // acknowledged over MQTT 5 either — the connection drops, so the device sends it again.
      t.app.platform.broker!.setPublishHook(() => Promise.reject(new Error('disk full')));
      try {
        const closed = new Promise<void>((resolve) => connected.once('close', () => resolve()));
        let acknowledged = false;
        connected.publish(topic, JSON.stringify({ ts: 1_700_000_007_000, values: { temperature: 27 } }), { qos: 1 }, (error) => {
          acknowledged = !error;
        });
        await closed;
        expect(acknowledged).toBe(false);
      } finally {
        t.app.telemetry.attach(t.app.platform.broker);
      }
      // A wrong secret over MQTT 5: refused with its reason code.
      const wrong = await run('mosquitto_pub', [...pubArgs({ sn: device.sn, secret: 'wrong' }, `${device.sn}:v5bad`, topic, '{"values":{"temperature":1}}'), '-p', String(mqttPort), '-V', 'mqttv5']);
      expect(wrong.code).not.toBe(0);
    } else {
      expect(five.code).not.toBe(0);
      expect(five.out).toMatch(/unsupported protocol version|protocol/i);
      expect(client).toBeInstanceOf(Error);
      expect(await temperatures(device.itemId)).toEqual([]);
    }
  });

  withClients('a console command reaches mosquitto_sub subscribed over TLS', async () => {
    const device = await boundDevice();
    // -d: mosquitto_sub says when its subscription is acknowledged (its debug lines), so the device
    // is online through this connection before the one that announces it ends.
    // stdbuf: line by line through the pipe (mosquitto_sub buffers its output otherwise until it exits).
    const sub = spawn('stdbuf', ['-oL', '-eL', 'mosquitto_sub', '-d', '-h', '127.0.0.1', '-p', String(tlsPort), '--cafile', caFile, '-u', device.sn, '-P', device.secret, '-i', `${device.sn}:sub`, '-q', '1', '-t', `sd/${device.sn}/down/cmd`, '-C', '1', '-W', '20']);
    children.push(sub);
    let received = '';
    // The payload and (with -d) the debug lines; some builds write the latter to stderr.
    for (const stream of [sub.stdout, sub.stderr]) {
      stream.on('data', (chunk: Buffer) => {
        received += chunk.toString('utf8');
      });
    }
    await expect.poll(() => received, { timeout: 10_000 }).toContain('received SUBACK');
    // The device says it is online (retained), so the console may start binding it.
    await expect.poll(async () => (await run('mosquitto_pub', [...pubArgs(device, `${device.sn}:on`, `sd/${device.sn}/up/online`, '{"online":true}'), '-p', String(mqttPort), '-r'])).code, { timeout: 10_000 }).toBe(0);
    await expect.poll(async () => (await get('device/getDevice', { id: device.id })).data?.online, { timeout: 10_000 }).toBe(true);
    const bound = await post('device/bind', { id: device.id });
    expect(bound.code, JSON.stringify(bound)).toBe(0);
    await expect.poll(() => received, { timeout: 10_000 }).toContain('"type":"bind"');
    const command = received.split('\n').find((line) => line.startsWith('{'))!;
    expect(JSON.parse(command)).toMatchObject({ type: 'bind', code: bound.data.code });
  });

  it('MQTT.js over WebSocket: the same authentication, ACL and records', async () => {
    const device = await boundDevice();
    const url = `ws://127.0.0.1:${httpPort}/mqtt`;
    const client = await mqtt.connectAsync(url, { username: device.sn, password: device.secret, clientId: `${device.sn}:ws`, reconnectPeriod: 0, connectTimeout: 5000, protocolVersion: 4 });
    open.push(client);
    await client.publishAsync(`sd/${device.sn}/up/telemetry`, JSON.stringify({ ts: 1_700_000_010_000, values: { temperature: 30 } }), { qos: 1 });
    await expect.poll(() => temperatures(device.itemId), { timeout: 10_000 }).toEqual([30]);
    await expect(mqtt.connectAsync(url, { username: device.sn, password: 'wrong', clientId: `${device.sn}:ws2`, reconnectPeriod: 0, connectTimeout: 5000 })).rejects.toThrow(/Bad username or password|Not authorized/i);
  });

  withClients('curl on the HTTP device API: stored once after the commit; bad credentials, oversize, malformed and another device refused', async () => {
    const device = await boundDevice();
    const other = await boundDevice();
    const url = (sn: string, kind = 'telemetry') => `http://127.0.0.1:${httpPort}/general/device-api/v1/${sn}/${kind}`;
    const curl = async (target: string, user: string, data: string, contentType = 'application/json') => {
      const file = path.join(dataDir, `body-${seq}-${Math.random().toString(36).slice(2)}.json`);
      fs.writeFileSync(file, data);
      const answer = await run('curl', ['-s', '-o', '-', '-w', '\n%{http_code}', '-u', user, '-H', `content-type: ${contentType}`, '-H', 'accept-language: en-US', '--data-binary', `@${file}`, target]);
      const lines = answer.out.trimEnd().split('\n');
      return { status: Number(lines.pop()), body: lines.join('\n') };
    };
    const one = JSON.stringify({ ts: 1_700_000_020_000, values: { temperature: 40.5 } });
    const first = await curl(url(device.sn), `${device.sn}:${device.secret}`, one);
    expect(first.status, first.body).toBe(200);
    expect(JSON.parse(first.body)).toMatchObject({ code: 0, data: { ts: 1_700_000_020_000, values: 1 } });
    // Answered after the commit: the record is there as soon as the answer is.
    expect(await temperatures(device.itemId)).toEqual([40.5]);
    expect((await curl(url(device.sn), `${device.sn}:${device.secret}`, one)).status).toBe(200);
    expect(await temperatures(device.itemId)).toEqual([40.5]);
    // Any content type: the body is read as the MQTT payload would be.
    expect((await curl(url(device.sn), `${device.sn}:${device.secret}`, JSON.stringify({ ts: 1_700_000_021_000, temperature: 41 }), 'text/plain')).status).toBe(200);

    const refusals = [
      { name: 'wrong secret', res: await curl(url(device.sn), `${device.sn}:wrong`, one), status: 401, code: 40100 },
      { name: "another device's SN with this one's secret", res: await curl(url(other.sn), `${device.sn}:${device.secret}`, one), status: 401, code: 40100 },
      { name: "another device's URL with its SN but this secret", res: await curl(url(other.sn), `${other.sn}:${device.secret}`, one), status: 401, code: 40100 },
      { name: 'malformed JSON', res: await curl(url(device.sn), `${device.sn}:${device.secret}`, '{"ts": 1, "values": {'), status: 400, code: 50001 },
      { name: 'not telemetry', res: await curl(url(device.sn), `${device.sn}:${device.secret}`, JSON.stringify({ values: { temperature: { nested: 1 } } })), status: 400, code: 50001 },
      { name: 'oversize', res: await curl(url(device.sn), `${device.sn}:${device.secret}`, JSON.stringify({ ts: 1_700_000_022_000, values: { temperature: 1, pad: 'x'.repeat(70 * 1024) } })), status: 413, code: 41300 },
      { name: 'malformed event', res: await curl(url(device.sn, 'event'), `${device.sn}:${device.secret}`, JSON.stringify({ type: 'alarm', code: 'bad code', level: 2 })), status: 400, code: 50001 },
    ];
    for (const { name, res, status, code } of refusals) {
      expect(res.status, `${name}: ${res.body}`).toBe(status);
      const envelope = JSON.parse(res.body) as { code: number; msg: string };
      expect(envelope.code, name).toBe(code);
      expect(envelope.msg, name).not.toMatch(/[\u4e00-\u9fff]/);
    }
    expect(await temperatures(device.itemId)).toEqual([40.5, 41]);
    expect(await temperatures(other.itemId)).toEqual([]);
    // An event through the same handlers as MQTT: a device alarm.
    const alarm = await curl(url(device.sn, 'event'), `${device.sn}:${device.secret}`, JSON.stringify({ type: 'alarm', code: 'E7', level: 2, text: 'Door open' }));
    expect(alarm.status, alarm.body).toBe(200);
    const alarms = async () => {
      await t.app.alarms.idle();
      const answer = await get('alarm/getAlarms', { pageNum: 1, pageSize: 20, deviceId: device.id });
      expect(answer.code, JSON.stringify(answer)).toBe(0);
      return (answer.data.list as Array<{ ruleName: string; source: number }>).map((a) => [a.ruleName, a.source]);
    };
    await expect.poll(alarms, { timeout: 10_000 }).toEqual([['Door open', 1]]);
  });

  it('the HTTP API limits each device to its rate: 429 past it, other devices unaffected', async () => {
    const device = await boundDevice();
    const other = await boundDevice();
    const send = (d: { sn: string; secret: string }, n: number) =>
      fetch(`http://127.0.0.1:${httpPort}/general/device-api/v1/${d.sn}/telemetry`, {
        method: 'POST',
        headers: { authorization: `Basic ${Buffer.from(`${d.sn}:${d.secret}`).toString('base64')}`, 'content-type': 'application/json' },
        body: JSON.stringify({ ts: 1_700_000_100_000 + n * 1000, values: { temperature: n } }),
      });
    const statuses: number[] = [];
    // 60 a minute: a burst of 10, then one a second (30 requests take far less than 20 s).
    const started = Date.now();
    for (let n = 0; n < 30; n += 1) {
      statuses.push((await send(device, n)).status);
    }
    const seconds = (Date.now() - started) / 1000;
    expect(statuses.filter((s) => s === 200).length).toBeGreaterThanOrEqual(10);
    expect(statuses.filter((s) => s === 200).length).toBeLessThanOrEqual(10 + Math.ceil(seconds));
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThan(0);
    expect(statuses.filter((s) => s !== 200 && s !== 429)).toEqual([]);
    expect((await send(other, 1)).status).toBe(200);
    expect((await temperatures(device.itemId)).length).toBe(statuses.filter((s) => s === 200).length);
  });

  it('one device holds at most 4 connections across TCP, TLS and WebSocket; the fifth is refused, the server keeps serving', async () => {
    const device = await boundDevice();
    const ca = fs.readFileSync(caFile);
    const options = (id: string) => ({ username: device.sn, password: device.secret, clientId: `${device.sn}:${id}`, reconnectPeriod: 0, connectTimeout: 5000 });
    open.push(await mqtt.connectAsync(`mqtt://127.0.0.1:${mqttPort}`, options('a')));
    open.push(await mqtt.connectAsync(`mqtts://127.0.0.1:${tlsPort}`, { ...options('b'), ca }));
    open.push(await mqtt.connectAsync(`ws://127.0.0.1:${httpPort}/mqtt`, options('c')));
    const fourth = await mqtt.connectAsync(`mqtt://127.0.0.1:${mqttPort}`, options('d'));
    open.push(fourth);
    await expect(mqtt.connectAsync(`mqtts://127.0.0.1:${tlsPort}`, { ...options('e'), ca })).rejects.toThrow(/Not authorized/i);
    await expect(mqtt.connectAsync(`ws://127.0.0.1:${httpPort}/mqtt`, options('f'))).rejects.toThrow(/Not authorized/i);
    // A reconnect of a live client id takes its own session over (not counted against itself).
    const again = await mqtt.connectAsync(`mqtt://127.0.0.1:${mqttPort}`, options('d'));
    open.push(again);
    // One ends: there is room again.
    await open.find((client) => client.options.clientId === `${device.sn}:a`)!.endAsync();
    open.push(await mqtt.connectAsync(`mqtt://127.0.0.1:${mqttPort}`, options('g')));
    // Another device's topic closes the connection, nothing stored; the server still answers.
    const other = await boundDevice();
    const intruder = await mqtt.connectAsync(`mqtt://127.0.0.1:${mqttPort}`, { ...options('h'), clientId: `${device.sn}:h` }).catch(() => null);
    expect(intruder).toBeNull();
    const bystander = await mqtt.connectAsync(`mqtt://127.0.0.1:${mqttPort}`, { username: other.sn, password: other.secret, clientId: other.sn, reconnectPeriod: 0 });
    open.push(bystander);
    const closed = new Promise<void>((resolve) => bystander.once('close', () => resolve()));
    bystander.publish(`sd/${device.sn}/up/telemetry`, JSON.stringify({ values: { temperature: 66 } }), { qos: 1 });
    await closed;
    expect(await temperatures(device.itemId)).toEqual([]);
    expect((await get('device/getConnectInfo')).code).toBe(0);
  });
});
