import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { flowNodeMax, flowConfigMaxBytes } from '@smartdata/domain';
import { startSimulatedGateway } from '@smartdata/gateway-sim';
import { as, body, createCompanyUser, createTestApp, signIn, type TestApp } from '@server/test/testApp';

/** Gateway configuration calls: checkFlow over the example documents, saving, certificates, live pushes. */
let t: TestApp;
type Api = ReturnType<typeof as>;
let alice: { api: Api; token: string; companyId: number };
let bob: { api: Api; token: string; companyId: number };
const load = (name: string) => JSON.parse(fs.readFileSync(new URL(`../../../../../examples/flows/${name}`, import.meta.url), 'utf8'));
const examples = ['modbus-temperature-loop.json', 'delayed-once.json', 'three-links-edge.json'];

const caPem = `-----BEGIN CERTIFICATE-----
MIIBjzCCATWgAwIBAgIUOrEG/hiHxBrFPVBMzxz5WQwwjlowCgYIKoZIzj0EAwIw
HDEaMBgGA1UEAwwRU21hcnREYXRhIFRlc3QgQ0EwIBcNMjYxMTIyMDMxMzI0WhgP
MjEyNjEwMjkwMzEzMjRaMBwxGjAYBgNVBAMMEVNtYXJ0RGF0YSBUZXN0IENBMFkw
EwYHKoZIzj0CAQYIKoZIzj0DAQcDQgAEFRhEg3403mBhGeS8KtDPaDa/bqeifa5K
yzHgyI9qYmxPguV4QVy7WL3gpw+lovxGjL+D5wUK+yc3vcCGbtCBS6NTMFEwHQYD
VR0OBBYEFLZeQTRT3brRBhUMyw6CJIcNGoi7MB8GA1UdIwQYMBaAFLZeQTRT3brR
BhUMyw6CJIcNGoi7MA8GA1UdEwEB/wQFMAMBAf8wCgYIKoZIzj0EAwIDSAAwRQIg
M1nj7sKZXb8i/IpOPq2EaXY2IUZBAE7pP0Dv7D8gseACIQDRXEP77SQc1GLjy6/m
btgjFmfzBc6e7yER5zvxA3uTlg==
-----END CERTIFICATE-----
`;
/** A server (leaf) certificate signed by the CA above: neither a CA nor self-signed. */
const leafPem = `-----BEGIN CERTIFICATE-----
MIIBNDCB3AIUclPRmNEpnZjH2vy2qRNfcIF21XEwCgYIKoZIzj0EAwIwHDEaMBgG
A1UEAwwRU21hcnREYXRhIFRlc3QgQ0EwIBcNMjYxMTIyMDMxMzI1WhgPMjEyNjEw
MjkwMzEzMjVaMB0xGzAZBgNVBAMMEmJyb2tlci5leGFtcGxlLmNvbTBZMBMGByqG
SM49AgEGCCqGSM49AwEHA0IABFCxvq7oIR9/qkY0YIlQCAyXMYkQM3DBZTqtMPiI
Wd/4oviY0xR4k7s5wP4lsKMaFYbDoK2Ov27MWxPY1ZpfVzMwCgYIKoZIzj0EAwID
RwAwRAIgU7I64VAZ+Ew1dmjMLYL1f9Kk7UyekDHrmLZ3RfVIS/0CIAwLtiMPdp/1
Ziy7J4nmO2ty/gMtneoRKtDFpnAcZGGV
-----END CERTIFICATE-----
`;
const caDerBase64 =
  'MIIBjzCCATWgAwIBAgIUOrEG/hiHxBrFPVBMzxz5WQwwjlowCgYIKoZIzj0EAwIwHDEaMBgGA1UEAwwRU21hcnREYXRhIFRlc3QgQ0EwIBcNMjYxMTIyMDMxMzI0WhgPMjEyNjEwMjkwMzEzMjRaMBwxGjAYBgNVBAMMEVNtYXJ0RGF0YSBUZXN0IENBMFkwEwYHKoZIzj0CAQYIKoZIzj0DAQcDQgAEFRhEg3403mBhGeS8KtDPaDa/bqeifa5KyzHgyI9qYmxPguV4QVy7WL3gpw+lovxGjL+D5wUK+yc3vcCGbtCBS6NTMFEwHQYDVR0OBBYEFLZeQTRT3brRBhUMyw6CJIcNGoi7MB8GA1UdIwQYMBaAFLZeQTRT3brRBhUMyw6CJIcNGoi7MA8GA1UdEwEB/wQFMAMBAf8wCgYIKoZIzj0EAwIDSAAwRQIgM1nj7sKZXb8i/IpOPq2EaXY2IUZBAE7pP0Dv7D8gseACIQDRXEP77SQc1GLjy6/mbtgjFmfzBc6e7yER5zvxA3uTlg==';

beforeAll(async () => {
  t = await createTestApp({ mqttPort: 0 });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const a = await createCompanyUser(t.app, { codes: ['dm_gateway'] });
  const b = await createCompanyUser(t.app, { codes: ['cd_device'] });
  const ta = await signIn(t.app, a.userName, a.password);
  const tb = await signIn(t.app, b.userName, b.password);
  alice = { api: as(t.app, ta), token: ta, companyId: a.companyId };
  bob = { api: as(t.app, tb), token: tb, companyId: b.companyId };
});

afterAll(async () => {
  await t.close();
});

const post = (api: Api, url: string, payload: unknown, lang = 'zh-CN') => api({ method: 'POST', url, payload: payload as object, headers: { 'accept-language': lang } });
const check = (flow: unknown, firmwareVersion = '1.3.4', lang = 'zh-CN') => post(alice.api, '/general/gateway/checkFlow', { firmwareVersion, flow }, lang);

type Doc = ReturnType<typeof load>;
/** One broken rule per case: an example changed in one place, and the key checkFlow must answer. */
const invalid: [string, string, (doc: Doc) => void][] = [
  ['modbus-temperature-loop.json', 'flow.edge.exists', (d) => d.edges.push({ from: 'ask', to: 'parse' })],
  ['modbus-temperature-loop.json', 'flow.edge.self', (d) => d.edges.push({ from: 'pause', to: 'pause' })],
  ['modbus-temperature-loop.json', 'flow.edge.toStart', (d) => d.edges.push({ from: 'pause', to: 'start' })],
  ['modbus-temperature-loop.json', 'flow.edge.oneOut', (d) => d.edges.push({ from: 'ask', to: 'alarm' })],
  ['modbus-temperature-loop.json', 'flow.edge.rxAfterTx', (d) => (d.edges = d.edges.map((e: { from: string; to: string }) => (e.from === 'ask' ? { from: 'pause', to: 'parse' } : e)))],
  ['modbus-temperature-loop.json', 'flow.node.limit', (d) => d.nodes.push(...Array.from({ length: flowNodeMax }, (_, i) => ({ id: `w${i}`, kind: 'wait', name: `等待${i}`, ms: 10 })))],
  ['modbus-temperature-loop.json', 'flow.config.tooLong', (d) => (d.description = 'x'.repeat(flowConfigMaxBytes))],
  ['modbus-temperature-loop.json', 'flow.name.pattern', (d) => (d.nodes[1].name = 'read temp!')],
  ['modbus-temperature-loop.json', 'flow.name.duplicate', (d) => (d.nodes[2].name = d.nodes[1].name)],
  ['modbus-temperature-loop.json', 'flow.topic.ascii', (d) => (d.nodes.find((n: { id: string }) => n.id === 'publish').topic = 'sd/温度')],
  ['modbus-temperature-loop.json', 'flow.hex.invalid', (d) => (d.nodes[1].packet = '01 03 00 00 00 02 C4 0B ')],
  ['modbus-temperature-loop.json', 'flow.rx.divisorZero', (d) => (d.nodes[2].extractions[0].divisor = 0)],
  ['modbus-temperature-loop.json', 'flow.rx.retries', (d) => (d.nodes[2].retries = 4)],
  ['modbus-temperature-loop.json', 'flow.timeout.next', (d) => (d.nodes[2].timeout.next = 'pause')],
  ['modbus-temperature-loop.json', 'flow.body.semicolon', (d) => (d.nodes.find((n: { id: string }) => n.id === 'publish').body = '{"a":1;}')],
  ['modbus-temperature-loop.json', 'flow.body.storageNodeDeleted', (d) => (d.nodes.find((n: { id: string }) => n.id === 'publish').body = '{"a":{{不存在.x}}}')],
  ['modbus-temperature-loop.json', 'flow.body.required', (d) => (d.nodes.find((n: { id: string }) => n.id === 'publish').body = ' ')],
  ['modbus-temperature-loop.json', 'flow.wait.ms', (d) => (d.nodes.find((n: { id: string }) => n.id === 'pause').ms = 0)],
  ['modbus-temperature-loop.json', 'flow.start.interval', (d) => (d.startMode = { kind: 'loop', intervalMs: 0 })],
  ['modbus-temperature-loop.json', 'flow.start.missing', (d) => (d.nodes[0].id = 'begin')],
  ['modbus-temperature-loop.json', 'flow.serial.baudRate', (d) => (d.serial.baudRate = 12345)],
  ['delayed-once.json', 'flow.start.delay', (d) => (d.startMode = { kind: 'delay' })],
  ['delayed-once.json', 'flow.link.addressInvalid', (d) => (d.links[0].address = '300.1.1.1')],
  ['delayed-once.json', 'flow.link.portInvalid', (d) => (d.links[0].port = 70000)],
  ['delayed-once.json', 'flow.link.passwordAscii', (d) => (d.links[0].password = '密码')],
  ['delayed-once.json', 'flow.link.clientIdTooLong', (d) => (d.links[0].clientId = 'c'.repeat(51))],
  ['delayed-once.json', 'flow.link.unused', (d) => d.links.push({ ...d.links[0], id: 'spare' })],
  ['delayed-once.json', 'flow.link.missing', (d) => (d.nodes[3].linkId = 'nowhere')],
  ['three-links-edge.json', 'flow.link.tooMany', (d) => d.links.push({ ...d.links[0], id: 'fourth' })],
  ['three-links-edge.json', 'flow.condition.required', (d) => (d.nodes.find((n: { kind: string }) => n.kind === 'edgeCompute').conditions = [{}])],
  ['three-links-edge.json', 'flow.condition.value', (d) => (d.nodes.find((n: { kind: string }) => n.kind === 'edgeCompute').conditions[0].value = 'high')],
  ['three-links-edge.json', 'flow.condition.packet', (d) => (d.nodes.find((n: { kind: string }) => n.kind === 'edgeCompute').conditions[1].packet = '3 05')],
  ['three-links-edge.json', 'flow.http.url', (d) => (d.nodes.find((n: { kind: string }) => n.kind === 'httpRequest').url = 'ftp://x')],
  ['three-links-edge.json', 'flow.document.invalid', (d) => (d.nodes.find((n: { kind: string }) => n.kind === 'timestamp' || n.kind === 'passthrough').format = 'binary')],
];

describe('checkFlow', () => {
  it.each(examples)('accepts %s at its minimum firmware and refuses it just below when gated', async (name) => {
    const doc = load(name);
    const answer = body(await check(doc, doc.minFirmware));
    expect(answer).toEqual({ code: 0, msg: 'success', data: { warnings: [] } });
    const [major, minor, patch] = doc.minFirmware.split('.').map(Number);
    const below = await check(doc, `${major}.${minor}.${patch - 1}`, 'en-US');
    expect(below.statusCode).toBe(400);
    expect(body(below).data).toMatch(/^This feature needs firmware \d\.\d\.\d or later \(the gateway has \d\.\d\.\d\)$/);
  });

  it.each(invalid)('%s with one broken rule answers %s (50001, first reason in data, every reason listed)', async (name, key, breakIt) => {
    const doc = load(name);
    breakIt(doc);
    const answer = await check(doc);
    expect(answer.statusCode).toBe(400);
    const envelope = answer.json();
    expect(envelope.code).toBe(50001);
    expect(envelope.msg).toBe('验证失败');
    expect(envelope.reasons.map((r: { key: string }) => r.key)).toContain(key);
    expect(envelope.data).toBe(envelope.reasons[0].message);
    expect(envelope.reasons.every((r: { message: string }) => !r.message.startsWith('flow.'))).toBe(true);
  });

  it('uses the spec texts and lists every reason of a document with several problems', async () => {
    const doc = load('modbus-temperature-loop.json');
    doc.edges.push({ from: 'ask', to: 'parse' });
    doc.nodes[2].extractions[0].divisor = 0;
    const zh = (await check(doc)).json();
    expect(zh.reasons.map((r: { key: string }) => r.key).sort()).toEqual(['flow.edge.exists', 'flow.rx.divisorZero']);
    expect(zh.reasons.find((r: { key: string }) => r.key === 'flow.edge.exists')).toMatchObject({ message: '该连线关系已存在,不允许重复创建', nodeId: 'parse' });
    const en = (await check(doc, '1.3.4', 'en-US')).json();
    expect(en.reasons.map((r: { message: string }) => r.message)).toContain('The connection relationship already exists');
    const many = load('modbus-temperature-loop.json');
    many.nodes.push(...Array.from({ length: flowNodeMax }, (_, i) => ({ id: `w${i}`, kind: 'wait', name: `等待${i}`, ms: 10 })));
    expect((await check(many)).json().reasons.map((r: { message: string }) => r.message)).toContain('您创建节点数已达上限！');
    const long = load('modbus-temperature-loop.json');
    long.description = 'x'.repeat(flowConfigMaxBytes);
    expect((await check(long, '1.3.4', 'en-US')).json().reasons[0].message).toBe('The configuration content is too long, please delete unnecessary configurations');
  });

  it('answers a loop that does not end with a wait with a warning, not an error', async () => {
    const doc = load('modbus-temperature-loop.json');
    doc.edges = doc.edges.filter((e: { to: string }) => e.to !== 'pause');
    doc.nodes = doc.nodes.filter((n: { id: string }) => n.id !== 'pause');
    const answer = body(await check(doc, '1.3.4', 'en-US'));
    expect(answer.code).toBe(0);
    expect(answer.data.warnings).toEqual([{ key: 'flow.warn.loopWait', message: 'Add a wait node at the end of the loop' }]);
  });

  it('checks the firmware version format and the caller', async () => {
    expect(body(await check(load('delayed-once.json'), 'latest')).code).toBe(50001);
    const anonymous = await t.app.inject({ method: 'POST', url: '/general/gateway/checkFlow', payload: { firmwareVersion: '1.3.4', flow: {} } });
    expect(body(anonymous).code).toBe(70004);
  });
});

async function addDevice(api: Api, sn: string) {
  const answer = body(await post(api, '/general/device/addDevice', { name: sn, sn, model: 'SD-DTU' }));
  expect(answer.code).toBe(0);
  return answer.data as { id: number; nodeId: number; sn: string; secret: string };
}

describe('saving configurations', () => {
  it('saves nothing when a rule is broken and saves the document when it is fine', async () => {
    const d = await addDevice(alice.api, 'GWSAVE0001');
    const broken = load('modbus-temperature-loop.json');
    broken.nodes[1].packet = '1 3';
    const refused = await post(alice.api, '/general/gateway/saveFlow', { deviceId: d.id, flow: broken });
    expect(refused.json()).toMatchObject({ code: 50001, reasons: [{ key: 'flow.hex.invalid', nodeId: 'ask' }] });
    const flowOf = async () => body(await alice.api({ method: 'GET', url: `/general/gateway/getFlow?deviceId=${d.id}` })).data;
    expect((await flowOf()).flow).toBeNull();
    // The device never reported a version: checked against the newest gate.
    expect(body(await post(alice.api, '/general/gateway/saveFlow', { deviceId: d.id, flow: load('three-links-edge.json') })).code).toBe(0);
    expect((await flowOf()).flow.links).toHaveLength(3);
  });

  it('saves serial settings and links on their own, with their rules', async () => {
    const d = await addDevice(alice.api, 'GWSAVE0002');
    const serial = { portName: 'COM2', baudRate: 19200, checkBit: 'even', dataBits: 8, stopBits: 1 };
    expect(body(await post(alice.api, '/general/gateway/saveSerial', { deviceId: d.id, serial })).code).toBe(0);
    expect(body(await post(alice.api, '/general/gateway/saveSerial', { deviceId: d.id, serial: { ...serial, baudRate: 1234 } })).data).toBe('请选择有效的波特率');
    const link = { id: 'p', address: 'iot.example.com', port: 1883, username: 'u', password: 'p', clientId: 'c' };
    expect(body(await post(alice.api, '/general/gateway/saveLinks', { deviceId: d.id, links: [link] })).code).toBe(0);
    expect(body(await post(alice.api, '/general/gateway/saveLinks', { deviceId: d.id, links: [link, link, link, link] }, 'en-US'))).toMatchObject({ code: 50001, data: 'At most 3 MQTT links' });
    expect(body(await post(alice.api, '/general/gateway/saveLinks', { deviceId: d.id, links: [{ ...link, port: 0 }] }, 'en-US')).data).toBe('Enter a port between 1 and 65535');
    const saved = body(await alice.api({ method: 'GET', url: `/general/gateway/getFlow?deviceId=${d.id}` })).data.flow;
    expect(saved.serial).toEqual(serial);
    expect(saved.links).toEqual([link]);
  });
});

describe('certificates', () => {
  it('parses and keeps a CA or self-signed X.509 certificate (PEM or DER) and refuses anything else', async () => {
    const pem = body(await post(alice.api, '/general/gateway/uploadCertificate', { fileName: 'ca.pem', content: caPem }));
    expect(pem.code).toBe(0);
    expect(pem.data).toMatchObject({ fileName: 'ca.pem', subject: 'CN=SmartData Test CA', isCa: true, selfSigned: true });
    expect(pem.data.fingerprint256).toMatch(/^([0-9A-F]{2}:){31}[0-9A-F]{2}$/);
    const der = body(await post(alice.api, '/general/gateway/uploadCertificate', { fileName: 'ca.cer', content: caDerBase64, encoding: 'base64' }));
    expect(der.data.fingerprint256).toBe(pem.data.fingerprint256);
    expect(body(await post(alice.api, '/general/gateway/uploadCertificate', { fileName: 'ca.ctr', content: caPem })).code).toBe(0);
    expect(body(await post(alice.api, '/general/gateway/uploadCertificate', { fileName: 'server.pem', content: leafPem }, 'en-US')).data).toBe('An uploaded certificate must be a CA or a self-signed certificate');
    expect(body(await post(alice.api, '/general/gateway/uploadCertificate', { fileName: 'ca.crt', content: caPem })).data).toBe('证书文件须为 .ctr、.pem 或 .cer');
    expect(body(await post(alice.api, '/general/gateway/uploadCertificate', { fileName: 'junk.pem', content: 'not a certificate' })).data).toBe('无法解析证书：须为 X.509 证书（PEM 或 DER）');
    const list = body(await alice.api({ method: 'GET', url: '/general/gateway/getCertificateList' })).data;
    expect(list).toHaveLength(3);
    expect(body(await bob.api({ method: 'GET', url: '/general/gateway/getCertificateList' })).data).toEqual([]);

    // A link may use the company's certificate; another company's id is refused; one in use cannot go.
    const d = await addDevice(alice.api, 'GWCERT0001');
    const doc = load('three-links-edge.json');
    doc.links[1].cert = { kind: 'uploaded', certificateId: pem.data.id, fileName: 'ca.pem' };
    expect(body(await post(alice.api, '/general/gateway/saveFlow', { deviceId: d.id, flow: doc })).code).toBe(0);
    expect(body(await post(alice.api, '/general/gateway/deleteCertificate', { id: pem.data.id })).code).toBe(40900);
    expect(body(await post(bob.api, '/general/gateway/deleteCertificate', { id: der.data.id })).code).toBe(40400);
    expect(body(await post(alice.api, '/general/gateway/deleteCertificate', { id: der.data.id })).code).toBe(0);
    const bobs = await addDevice(bob.api, 'GWCERT0002');
    const refused = await post(bob.api, '/general/gateway/saveFlow', { deviceId: bobs.id, flow: doc }, 'en-US');
    expect(refused.json()).toMatchObject({ code: 50001, data: 'The chosen certificate does not exist', reasons: [{ key: 'cert.missing', linkId: 'mirror' }] });
  });
});

describe('realtime devices channel', () => {
  it('pushes online, offline and telemetry to the company and refuses another company', async () => {
    const d = await addDevice(alice.api, 'GWLIVE0001');
    const { port } = t.app.server.address() as AddressInfo;
    const socket = new WebSocket(`ws://127.0.0.1:${port}/general/ws?token=${encodeURIComponent(alice.token)}`);
    const messages: any[] = [];
    socket.on('message', (data) => messages.push(JSON.parse((data as Buffer).toString('utf8'))));
    await new Promise<void>((resolve, reject) => {
      socket.once('open', () => resolve());
      socket.once('error', reject);
    });
    const waitFor = async (test: (m: any) => boolean, timeoutMs = 10_000) => {
      const deadline = Date.now() + timeoutMs;
      while (Date.now() < deadline) {
        const found = messages.find(test);
        if (found) {
          return found;
        }
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
      throw new Error(`no push; got ${JSON.stringify(messages)}`);
    };
    socket.send(JSON.stringify({ type: 'subscribe', channel: `devices:${alice.companyId}` }));
    await waitFor((m) => m.msg === 'subscribed');
    const sim = await startSimulatedGateway({ sn: d.sn, secret: d.secret, url: `mqtt://127.0.0.1:${t.app.platform.broker!.port}` });
    try {
      const online = await waitFor((m) => m.data?.event === 'deviceUpdated' && m.data.payload.id === d.id && m.data.payload.online);
      expect(online.data.payload).toMatchObject({ sn: d.sn, firmwareVersion: '1.3.4' });
      await sim.client.publishAsync(`sd/${d.sn}/up/telemetry`, JSON.stringify({ ts: 1_800_000_000_000, values: { temperature: 22.5 } }), { qos: 1 });
      const telemetry = await waitFor((m) => m.data?.event === 'telemetry');
      expect(telemetry.data.payload).toEqual({ id: d.id, nodeId: d.nodeId, ts: 1_800_000_000_000, values: { temperature: 22.5 } });
    } finally {
      await sim.close();
    }
    await waitFor((m) => m.data?.event === 'deviceUpdated' && m.data.payload.id === d.id && !m.data.payload.online);
    socket.close();

    const intruder = new WebSocket(`ws://127.0.0.1:${port}/general/ws?token=${encodeURIComponent(bob.token)}`);
    const answers: any[] = [];
    intruder.on('message', (data) => answers.push(JSON.parse((data as Buffer).toString('utf8'))));
    await new Promise<void>((resolve) => intruder.once('open', () => resolve()));
    intruder.send(JSON.stringify({ type: 'subscribe', channel: `devices:${alice.companyId}` }));
    const deadline = Date.now() + 5000;
    while (!answers.some((a) => a.code !== 0) && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    expect(answers.find((a) => a.code !== 0)).toMatchObject({ code: 40400 });
    expect(answers.some((a) => a.msg === 'subscribed')).toBe(false);
    intruder.close();
  });
});
