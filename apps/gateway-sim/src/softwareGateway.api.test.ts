import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { deviceReasonText, formatHexPacket, withCrc } from '@smartdata/domain';
import { as, body, createCompanyUser, createTestApp, signIn, type TestApp } from '@server/test/testApp';
import { startSimulatedGateway, type SimulatedGateway, type SimulatedGatewayOptions } from './gateway';
import { meterValues, meterVector, socatAvailable, startPtyPair, startServerSerial, startServerTcp } from './testing/thirdPartySlaves';

/**
 * The software gateway (issue 34) against the console: buildApp with its embedded broker, the
 * gateway in-process on real transports, third-party Modbus slaves (the npm package modbus-serial's
 * ServerTCP and ServerSerial, the latter on a pty pair made by Debian's socat). Everything on
 * 127.0.0.1; the slaves on ports the system gives, fixed ports 19050–19099 for the broker listener
 * this file controls and for a port where nothing listens.
 */
type Api = (options: InjectOptions) => Promise<LightMyRequestResponse>;
let t: TestApp;
let httpPort: number;
let dataDir: string;
const gateways: SimulatedGateway[] = [];
const cleanups: Array<() => Promise<void>> = [];
const example = (name: string) => JSON.parse(fs.readFileSync(new URL(`../../../examples/flows/${name}`, import.meta.url), 'utf8'));

beforeAll(async () => {
  // MQTTS too (the platform's own CA, for 127.0.0.1): the runtime's --ca.
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'gw-console-'));
  t = await createTestApp({ mqttPort: 0, mqttTlsPort: 0, mqttPublicHost: '127.0.0.1', dataDir });
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  httpPort = (t.app.server.address() as net.AddressInfo).port;
});
afterAll(async () => {
  await Promise.all(gateways.map((g) => g.close().catch(() => undefined)));
  for (const cleanup of cleanups.reverse()) {
    await cleanup().catch(() => undefined);
  }
  await t.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const post = (api: Api, url: string, payload: unknown) => api({ method: 'POST', url: `/general/${url}`, payload: payload as object });
const get = (api: Api, url: string, query: Record<string, unknown>) => api({ method: 'GET', url: `/general/${url}?${new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)])).toString()}` });
const fields = ['temperature', 'humidity', 'total', 'power', 'overload'].map((fieldName, i) => ({ name: `值${i + 1}`, fieldName, type: 1, unit: '', priority: i + 1 }));

async function until<T>(read: () => Promise<T>, test: (value: T) => boolean, what: string, timeoutMs = 15_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let last: T = await read();
  while (!test(last)) {
    if (Date.now() > deadline) {
      throw new Error(`${what} not within ${timeoutMs} ms: ${JSON.stringify(last)}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
    last = await read();
  }
  return last;
}

let seq = 0;
/** A company with an IoT data list bound to a new device: its API, ids and reads. */
async function deviceWithItem() {
  seq += 1;
  const user = await createCompanyUser(t.app, { codes: ['sd_capsule', 'cd_device', 'dm_gateway'], companyName: `Gateway ${seq} ${randomBytes(3).toString('hex')}` });
  const api = as(t.app, await signIn(t.app, user.userName, user.password));
  const dir = body(await post(api, 'cabin/addDirectory', { parentId: null, name: `Plant ${seq}` }));
  const item = body(await post(api, 'dataItem/addDataItem', { directoryId: dir.data.id, name: `Meters ${seq}`, kind: 13, fields }));
  expect(item.code, JSON.stringify(item)).toBe(0);
  const sn = `SWGW${Date.now().toString(36).toUpperCase()}${seq}`;
  const device = body(await post(api, 'device/addDevice', { name: `Software gateway ${seq}`, sn, model: 'SD-DTU' }));
  expect(device.code, JSON.stringify(device)).toBe(0);
  expect(body(await post(api, 'telemetry/bindItem', { itemId: item.data.id, deviceId: device.data.id })).code).toBe(0);
  const deviceId = device.data.id as number;
  const secret = device.data.secret as string;
  const read = async () => body(await get(api, 'device/getDevice', { id: deviceId })).data;
  const records = async () => {
    const answer = body(await get(api, 'dataItem/getRecords', { itemId: item.data.id, pageNum: 1, pageSize: 200 }));
    expect(answer.code, JSON.stringify(answer)).toBe(0);
    return answer.data.list as Array<{ values: Record<string, unknown>; createdAt: number }>;
  };
  /** Saves and pushes a flow; resolves with the device once the push is answered. */
  const push = async (flow: unknown) => {
    expect(body(await post(api, 'gateway/saveFlow', { deviceId, flow })).code).toBe(0);
    const before = (await read()).config.version ?? 0;
    expect(body(await post(api, 'gateway/pushConfig', { deviceId })).code).toBe(0);
    return until(read, (d) => d.config.version > before && d.config.state !== 'updating', 'config answered');
  };
  const detect = async (flow: unknown) => {
    expect(body(await post(api, 'gateway/detectConfig', { deviceId, flow })).code).toBe(0);
    return until(read, (d) => d.detect.state !== 'detecting', 'detection answered', 20_000);
  };
  return { api, sn, secret, deviceId, itemId: item.data.id as number, read, records, push, detect };
}

/** The software gateway of a new device, in-process, connected with `options` and bound (confirmed on the gateway). */
async function boundGateway(options: Partial<SimulatedGatewayOptions>, url = `mqtt://127.0.0.1:${t.app.platform.broker!.port}`) {
  const d = await deviceWithItem();
  const lines: string[] = [];
  const gateway = await startSimulatedGateway({ sn: d.sn, secret: d.secret, url, reconnectMs: 300, log: (line) => lines.push(line), ...options });
  gateways.push(gateway);
  await gateway.waitFor('connected', undefined, 10_000);
  await until(d.read, (x) => x.online, 'online');
  const request = gateway.waitFor('bindRequest');
  expect(body(await post(d.api, 'device/bind', { id: d.deviceId })).code).toBe(0);
  await request;
  await gateway.confirmBind();
  await until(d.read, (x) => x.bindState === 'bound', 'bound');
  return { ...d, gateway, lines };
}

/** The three example flows as they are, but: the delayed one waits 100 ms, and the three-link one posts its summary to the console's HTTP device API. */
const flows = () => {
  const edge = example('three-links-edge.json');
  const report = edge.nodes.find((n: { kind: string }) => n.kind === 'httpRequest');
  report.url = `http://127.0.0.1:${httpPort}/general/device-api/v1/{sn}/telemetry`;
  report.body = '{"values":{"power":{{功率.power}},"overload":{{过载判断}}}}';
  return { loop: example('modbus-temperature-loop.json'), once: { ...example('delayed-once.json'), startMode: { kind: 'delay', delayMs: 100 } }, edge };
};

/** Pushes the three examples in turn and checks what the console stored from each. */
async function runExamples(g: Awaited<ReturnType<typeof boundGateway>>, coils: Map<string, boolean>) {
  const { loop, once, edge } = flows();
  expect((await g.push(loop)).config).toMatchObject({ state: 'success', version: 1 });
  const first = await until(g.records, (r) => r.length >= 1, 'loop record');
  expect(first[0]!.values).toEqual({ temperature: meterValues.temperature, humidity: meterValues.humidity });

  expect((await g.push(once)).config).toMatchObject({ state: 'success', version: 2 });
  await until(g.records, (r) => r.some((x) => x.values.total !== undefined), 'total record');

  expect((await g.push(edge)).config).toMatchObject({ state: 'success', version: 3 });
  expect(body(await post(g.api, 'gateway/runFlow', { deviceId: g.deviceId })).code).toBe(0);
  const all = await until(g.records, (r) => r.some((x) => x.values.power !== undefined), 'power record');
  expect(all.find((x) => x.values.total !== undefined)!.values).toEqual({ total: meterValues.total });
  expect(all.find((x) => x.values.power !== undefined)!.values).toEqual({ power: meterValues.power, overload: 1 });
  // Over 5 000 W the edge rule's first condition switched unit 3's coil 1 on, on the same bus.
  await until(async () => coils.get('3:1'), (on) => on === true, 'relay switched');
  expect(g.gateway.state.connected).toBe(true);
}

describe('the example flows on real transports, stored by the console', () => {
  it('Modbus TCP: modbus-serial ServerTCP answers, the console stores temperature, humidity, total, power', async () => {
    const slave = await startServerTcp();
    cleanups.push(() => slave.close());
    const g = await boundGateway({ buses: { COM1: `tcp://127.0.0.1:${slave.port}`, COM2: `tcp://127.0.0.1:${slave.port}` } });
    await runExamples(g, slave.vector.coils);
    expect(g.gateway.state.bus).toBe(`tcp://127.0.0.1:${slave.port}`);
  }, 60_000);

  it.skipIf(!socatAvailable)('Modbus RTU on a serial pty pair (socat): modbus-serial ServerSerial answers on the other end, the console stores the values', async () => {
    const pair = await startPtyPair();
    cleanups.push(() => pair.close());
    const slave = await startServerSerial(pair.b);
    cleanups.push(() => slave.close());
    const g = await boundGateway({ buses: { COM1: `serial:${pair.a}`, COM2: `serial:${pair.a}` } });
    await runExamples(g, slave.vector.coils);
    // The three-link flow's serial settings: 19200 baud, even parity.
    expect(g.gateway.state.bus).toBe(`serial:${pair.a} 19200 8E1`);
  }, 60_000);
});

/**
 * The console's broker behind a listener this test stops and starts: while it is stopped every
 * connection is refused, as with a broker that is down (the broker's state — sessions, ingest —
 * is the console's, as after a restart of the broker alone).
 */
async function brokerListener(port: number) {
  const broker = t.app.platform.broker!;
  const sockets = new Set<net.Socket>();
  let server: net.Server | null = null;
  const start = () =>
    new Promise<void>((resolve, reject) => {
      server = net.createServer((socket) => {
        sockets.add(socket);
        socket.on('close', () => sockets.delete(socket));
        broker.handleStream(socket);
      });
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => resolve());
    });
  const stop = () =>
    new Promise<void>((resolve) => {
      for (const socket of sockets) {
        socket.destroy();
      }
      if (!server) {
        resolve();
        return;
      }
      server.close(() => resolve());
      server = null;
    });
  await start();
  return { start, stop, url: `mqtt://127.0.0.1:${port}` };
}

// The 30 s outage of 1 s reads (GATEWAY_OUTAGE_MS shortens it while working on this file).
// It was 8 s for a while: with 30 s, two whole API runs met EADDRINUSE on this file's then fixed
// slave ports; the slaves now take free ports the system gives, and a whole API run passed with 30 s.
const OUTAGE_MS = Number(process.env.GATEWAY_OUTAGE_MS ?? 30_000);

describe('store-and-forward', () => {
  it('the broker down for 30 s while the bus is read every second: each value arrives once, in order, with its original ts; a small store keeps its bound and drops the oldest', async () => {
    const slave = await startServerTcp(meterVector({ counting: true }));
    cleanups.push(() => slave.close());
    const listener = await brokerListener(19053);
    cleanups.push(() => listener.stop());
    const ample = fs.mkdtempSync(path.join(os.tmpdir(), 'gw-sf-a-'));
    const small = fs.mkdtempSync(path.join(os.tmpdir(), 'gw-sf-b-'));
    cleanups.push(async () => {
      fs.rmSync(ample, { recursive: true, force: true });
      fs.rmSync(small, { recursive: true, force: true });
    });
    const SMALL_BYTES = 700;
    const buses = { COM1: `tcp://127.0.0.1:${slave.port}` };
    const a = await boundGateway({ buses, spool: { dir: ample } }, listener.url);
    const b = await boundGateway({ buses, spool: { dir: small, maxBytes: SMALL_BYTES } }, listener.url);

    // What reached the broker from each, in order.
    const arrived = new Map<string, number[]>([[a.sn, []], [b.sn, []]]);
    t.app.platform.broker!.aedes.on('publish', (packet, client) => {
      const sn = /^sd\/([^/]+)\/up\/telemetry$/.exec(packet.topic)?.[1];
      if (client && sn && arrived.has(sn)) {
        arrived.get(sn)!.push((JSON.parse(packet.payload.toString()) as { ts: number }).ts);
      }
    });
    // What each flow published (held first), in order.
    const made = new Map<string, Array<{ ts: number; humidity: number }>>([[a.sn, []], [b.sn, []]]);
    for (const g of [a, b]) {
      g.gateway.events.on('held', ({ topic, body: text }: { topic: string; body: string }) => {
        if (topic.endsWith('/telemetry')) {
          made.get(g.sn)!.push(JSON.parse(text));
        }
      });
    }
    const flow = example('modbus-temperature-loop.json');
    flow.startMode = { kind: 'loop', intervalMs: 1000 };
    flow.nodes.find((n: { kind: string }) => n.kind === 'wait').ms = 10;
    for (const g of [a, b]) {
      expect((await g.push(flow)).config.state).toBe('success');
    }
    await until(async () => Math.min(arrived.get(a.sn)!.length, arrived.get(b.sn)!.length), (n) => n >= 2, 'values before the outage');

    await listener.stop();
    const stoppedAt = Date.now();
    let largest = 0;
    const sizeOf = (dir: string) => fs.readdirSync(dir).filter((f) => f.startsWith('seg-')).reduce((sum, f) => sum + fs.statSync(path.join(dir, f)).size, 0);
    while (Date.now() - stoppedAt < OUTAGE_MS) {
      largest = Math.max(largest, sizeOf(small));
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(a.gateway.state.connected).toBe(false);
    const heldDuringOutage = a.gateway.spool!.size;
    expect(heldDuringOutage).toBeGreaterThanOrEqual(6);
    await listener.start();
    const restartedAt = Date.now();

    // A: every value once, in order, with the ts the flow stamped when it read the bus.
    await until(async () => a.gateway.spool!.size, (n) => n === 0, 'A forwarded', 20_000);
    const aMade = made.get(a.sn)!.filter((v) => v.ts < restartedAt);
    const aArrived = arrived.get(a.sn)!;
    expect([...new Set(aArrived)].filter((ts) => ts < restartedAt)).toEqual(aMade.map((v) => v.ts));
    expect(aArrived.filter((ts) => ts < restartedAt).length - aMade.length).toBeLessThanOrEqual(1); // one in flight at the stop may come twice
    expect(aMade.filter((v) => v.ts > stoppedAt && v.ts < restartedAt).length).toBeGreaterThanOrEqual(6);
    const aRecords = await until(a.records, (r) => r.filter((x) => x.createdAt < restartedAt).length >= aMade.length, 'A records');
    const stored = aRecords.filter((x) => x.createdAt < restartedAt).map((x) => [x.createdAt, x.values.humidity]).sort((x, y) => Number(x[0]) - Number(y[0]));
    expect(stored).toEqual(aMade.map((v) => [v.ts, v.humidity]));
    expect(new Set(aMade.map((v) => v.humidity)).size).toBe(aMade.length); // each reading its own value

    // B: the store never passed its bound; the oldest held went first, counted and logged; the rest arrived once.
    expect(largest).toBeGreaterThan(0);
    expect(largest).toBeLessThanOrEqual(SMALL_BYTES);
    await until(async () => b.gateway.spool!.size, (n) => n === 0, 'B forwarded', 20_000);
    const bSpool = b.gateway.spool!.stats;
    expect(bSpool.droppedBySize).toBeGreaterThan(0);
    expect(b.lines.some((l) => /store-and-forward: dropped the \d+ oldest held publish\(es\) \(the store reached its bound of 700 bytes\)/.test(l))).toBe(true);
    const bMade = made.get(b.sn)!.filter((v) => v.ts < restartedAt);
    const bArrived = [...new Set(arrived.get(b.sn)!)].filter((ts) => ts < restartedAt);
    const lost = bMade.filter((v) => !bArrived.includes(v.ts));
    expect(lost.length).toBe(bSpool.droppedBySize);
    const keptInOutage = bMade.filter((v) => v.ts > stoppedAt && bArrived.includes(v.ts));
    expect(keptInOutage.length).toBeGreaterThan(0);
    expect(Math.max(...lost.map((v) => v.ts))).toBeLessThan(Math.min(...keptInOutage.map((v) => v.ts)));
    expect(bArrived).toEqual(bMade.filter((v) => bArrived.includes(v.ts)).map((v) => v.ts));
    expect(b.gateway.state.connected).toBe(true);
    console.info(
      `store-and-forward, ${OUTAGE_MS} ms outage: A held ${heldDuringOutage}, stored ${aMade.length} values once each; B (${SMALL_BYTES} bytes, at most ${largest} on disk) dropped the ${lost.length} oldest, stored ${bArrived.length}`,
    );
  }, 60_000 + OUTAGE_MS);
});

describe('errors a user can act on', () => {
  it('a port that does not exist, an unreachable bus, a silent bus, a garbled reply and an exception: each in the detection result and the log with the node name; the gateway keeps running', async () => {
    const slave = await startServerTcp();
    cleanups.push(() => slave.close());
    const lonely = socatAvailable ? await startPtyPair() : null;
    if (lonely) {
      cleanups.push(() => lonely.close());
    }
    const missing = path.join(os.tmpdir(), `gw-no-such-port-${process.pid}`);
    const g = await boundGateway({ buses: { COM1: `serial:${missing}`, COM2: 'tcp://127.0.0.1:19055', COM3: `tcp://127.0.0.1:${slave.port}`, ...(lonely ? { COM4: `serial:${lonely.a}` } : {}) } });
    const en = (reasons: string[]) => reasons.map((r) => deviceReasonText(r, 'en-US'));
    const zh = (reasons: string[]) => reasons.map((r) => deviceReasonText(r, 'zh-CN'));
    const { loop, edge } = flows();

    // A wrong port path: detection fails with it, and so does a push (nothing else runs).
    const noPort = await g.detect(loop);
    expect(noPort.detect.state).toBe('failed');
    expect(en(noPort.detect.reasons)).toEqual([`The serial port COM1 is ${missing}, which does not exist: check the port path and the USB adapter`]);
    expect(zh(noPort.detect.reasons)[0]).toBe(`串口 COM1 对应的设备 ${missing} 不存在：请检查串口路径和 USB 转换器`);
    const refused = await g.push(loop);
    expect(refused.config.state).toBe('failed');
    expect(en(refused.config.reasons)[0]).toContain('does not exist');

    // A bus nobody listens on.
    const unreachable = await g.detect(edge);
    expect(en(unreachable.detect.reasons)).toEqual([expect.stringMatching(/^The bus tcp:\/\/127\.0\.0\.1:19055 of port COM2 cannot be reached: tcp:\/\/127\.0\.0\.1:19055: connect ECONNREFUSED/)]);

    // An exception reply: a register the meter does not have.
    const badRegister = { ...loop, serial: { ...loop.serial, portName: 'COM3' }, nodes: loop.nodes.map((n: { kind: string }) => (n.kind === 'serialTx' ? { ...n, packet: formatHexPacket(withCrc([1, 3, 0, 0x40, 0, 2])) } : n)) };
    const exception = await g.detect(badRegister);
    expect(en(exception.detect.reasons)).toEqual(['Node "温湿度": slave 1 answered exception 0x02 (illegal data address); check the function code and register addresses']);
    expect(zh(exception.detect.reasons)).toEqual(['节点“温湿度”：从站 1 返回异常码 0x02（非法数据地址），请检查功能码和寄存器地址']);
    // Pushed anyway, it runs: each pass takes the timeout handling and logs why, with the node's name.
    expect((await g.push(badRegister)).config.state).toBe('success');
    await until(async () => g.lines.join('\n'), (text) => text.includes('Node "温湿度": slave 1 answered exception 0x02 (illegal data address)'), 'exception logged');

    if (lonely) {
      // Nobody on the other end of the line (a wrong address, baud rate or a cut cable look the same).
      const silent = await g.detect({ ...loop, serial: { ...loop.serial, portName: 'COM4' } });
      expect(en(silent.detect.reasons)).toEqual([`Node "温湿度": no reply from address 1 on serial:${lonely.a} 9600 8N1 after 4 inquiries; check the wiring, the slave address, baud rate and parity`]);
      // A far end that garbles every reply (as a wrong baud rate does): a bad CRC.
      const { SerialPort } = await import('serialport');
      const far = new SerialPort({ path: lonely.b, baudRate: 9600 });
      far.on('data', () => far.write(Buffer.from([1, 3, 4, 0, 215, 1, 197, 0x12, 0x34])));
      cleanups.push(() => new Promise((resolve) => far.close(() => resolve())));
      await new Promise((resolve) => far.once('open', resolve));
      const garbled = await g.detect({ ...loop, serial: { ...loop.serial, portName: 'COM4' } });
      expect(en(garbled.detect.reasons)).toEqual([`Node "温湿度": the reply on serial:${lonely.a} 9600 8N1 failed its CRC check (01 03 04 00 D7 01 C5 12 34); check baud rate, parity, data bits and stop bits`]);
    }

    // A push the gateway cannot run (its port is missing) is refused, and the flow before keeps running.
    const running = g.gateway.state.configVersion;
    const refusedAgain = await g.push(loop);
    expect(refusedAgain.config.state).toBe('failed');
    expect(g.gateway.state.configVersion).toBe(running);
    expect(g.lines.some((l) => l.includes(`refused config version ${refusedAgain.config.version}`))).toBe(true);

    // Through all of it the gateway stayed up: it still runs the pushed flow and a good detection passes.
    const good = await g.detect({ ...loop, serial: { ...loop.serial, portName: 'COM3' } });
    expect(good.detect).toMatchObject({ state: 'passed', reasons: [] });
    expect((await g.read()).online).toBe(true);
    expect(g.gateway.state.bus).toBe(`tcp://127.0.0.1:${slave.port}`);
  }, 60_000);
});

if (!socatAvailable) {
  console.warn('socat is not installed: the serial pty tests of the software gateway are skipped (apt-get install socat; .ci/run installs it)');
}

describe('npm run gateway (the runtime as its own process)', () => {
  it('connects over MQTTS with --ca from a config file, binds on SIGUSR2, runs a pushed flow on Modbus TCP, keeps it across a restart, and says goodbye on SIGTERM', async () => {
    const slave = await startServerTcp();
    cleanups.push(() => slave.close());
    const d = await deviceWithItem();
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gw-cli-'));
    cleanups.push(async () => fs.rmSync(dir, { recursive: true, force: true }));
    const configFile = path.join(dir, 'gateway.json');
    fs.writeFileSync(path.join(dir, 'ca.pem'), t.app.platform.broker!.caPem!);
    const broker = `mqtts://127.0.0.1:${t.app.platform.broker!.tlsPort}`;
    fs.writeFileSync(configFile, JSON.stringify({ sn: d.sn, broker, ca: 'ca.pem', buses: { COM1: `tcp://127.0.0.1:${slave.port}` }, spool: { dir: 'data', maxMb: 1 } }));
    const start = () => {
      const child = spawn(process.execPath, ['--import', 'tsx', 'src/runtime.ts', '--config', configFile], {
        cwd: fileURLToPath(new URL('..', import.meta.url)),
        env: { ...process.env, GATEWAY_SECRET: d.secret },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      const output: string[] = [];
      child.stdout.on('data', (chunk: Buffer) => output.push(chunk.toString()));
      child.stderr.on('data', (chunk: Buffer) => output.push(chunk.toString()));
      const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
      cleanups.push(async () => {
        if (child.exitCode === null) {
          child.kill('SIGKILL');
        }
      });
      return { child, output, exited };
    };
    const first = start();
    await until(d.read, (x) => x.online, 'online', 30_000);
    expect(body(await post(d.api, 'device/bind', { id: d.deviceId })).code).toBe(0);
    await until(async () => first.output.join(''), (text) => text.includes('bind request from'), 'bind request printed');
    first.child.kill('SIGUSR2');
    await until(d.read, (x) => x.bindState === 'bound', 'bound');
    const flow = { ...example('modbus-temperature-loop.json'), startMode: { kind: 'loop', intervalMs: 1000 } };
    expect((await d.push(flow)).config.state).toBe('success');
    const records = await until(d.records, (r) => r.length >= 1, 'records from the process');
    expect(records[0]!.values).toEqual({ temperature: meterValues.temperature, humidity: meterValues.humidity });
    expect(first.output.join('')).toContain('node "温湿度": {"temperature":21.5,"humidity":45.3}');
    expect(first.output.join('')).toContain(`→ ${broker}`);
    first.child.kill('SIGTERM');
    expect(await first.exited).toBe(0);
    await until(d.read, (x) => !x.online, 'offline after SIGTERM');

    // Started again: it runs the flow it kept, without a push.
    const count = (await d.records()).length;
    const second = start();
    await until(d.read, (x) => x.online, 'online again', 30_000);
    await until(d.records, (r) => r.length > count, 'records from the kept flow');
    expect(second.output.join('')).toContain(`running the kept flow (version 1) on tcp://127.0.0.1:${slave.port}`);
    second.child.kill('SIGTERM');
    expect(await second.exited).toBe(0);
  }, 60_000);
});
