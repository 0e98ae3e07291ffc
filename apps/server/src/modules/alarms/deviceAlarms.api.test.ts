import mqtt, { type MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, body, createCompanyUser, createTestApp, signIn, type TestApp } from '@server/test/testApp';

/**
 * Issue 31.17 (spec §3: alarm sources 1 client, 2 server): a device reports an alarm of its own
 * on `sd/{sn}/up/event` — published here by a real MQTT client on the embedded broker — and it
 * becomes an alarm of source 1 in the alarm log: one open alarm per device and code (a repeat
 * counts on it, a higher level raises it), notified as the device's online-state rules ask,
 * filtered by source and by device, cleared by the device.
 */
type Api = ReturnType<typeof as>;

let t: TestApp;
let mqttPort: number;
const clients: MqttClient[] = [];
beforeAll(async () => {
  t = await createTestApp({ mqttPort: 0 });
  mqttPort = t.app.platform.broker!.port!;
});
afterAll(async () => {
  await Promise.all(clients.map((c) => c.endAsync()));
  await t?.close();
});

const post = (api: Api, url: string, payload: unknown) => api({ method: 'POST', url: `/general/${url}`, payload: payload as object }).then(body);
const get = (api: Api, url: string, query: Record<string, string | number> = {}) =>
  api({ method: 'GET', url: `/general/${url}?${new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)]))}` }).then(body);

async function connect(sn: string, secret: string): Promise<MqttClient> {
  const client = await mqtt.connectAsync(`mqtt://127.0.0.1:${mqttPort}`, { username: sn, password: secret, clientId: sn, reconnectPeriod: 0, connectTimeout: 5000 });
  clients.push(client);
  return client;
}

interface Alarm {
  id: number;
  source: number;
  kind: string;
  level: number;
  state: string;
  count: number;
  ruleName: string;
  targetName: string;
  target: { kind: string; code?: string; deviceId: number };
  value: number | null;
  valueTime: number | null;
  firstTime: number;
}
async function alarms(api: Api, query: Record<string, string | number>): Promise<Alarm[]> {
  const answer = await get(api, 'alarm/getAlarms', { pageNum: 1, pageSize: 50, ...query });
  expect(answer.code, JSON.stringify(answer)).toBe(0);
  return answer.data.list as Alarm[];
}

describe('alarms reported by a device', () => {
  it('an `alarm` event becomes a source-1 alarm: one per device and code, repeats counted, notified by the device rules, cleared by the device', async () => {
    const phone = `137${String(Date.now()).slice(-8)}`;
    const user = await createCompanyUser(t.app, { codes: ['sd_capsule', 'cd_device', 'cs_rules', 'cs_info', 'um_role'], phone });
    const api = as(t.app, await signIn(t.app, user.userName, user.password));
    const sn = `DAL${Date.now().toString(36).toUpperCase()}`;
    const device = await post(api, 'device/addDevice', { name: 'Boiler gateway', sn, model: 'SD-G1' });
    expect(device.code, JSON.stringify(device)).toBe(0);
    const deviceId = device.data.id as number;
    // The device's online-state rule says who is told (and how) about the device's own alarms.
    const rule = await post(api, 'alarm/addRule', {
      name: 'Gateway offline',
      enabled: true,
      target: { kind: 'deviceOnline', deviceId },
      levels: [{ level: 3, op: 'eq', threshold: 0, kind: 'simple' }],
      notify: { userIds: [user.userId], sms: true, notifyOnClear: true },
    });
    expect(rule.code, JSON.stringify(rule)).toBe(0);

    const client = await connect(sn, device.data.secret as string);
    const event = (payload: object) => client.publishAsync(`sd/${sn}/up/event`, JSON.stringify({ type: 'alarm', ...payload }), { qos: 1 });
    const deviceTs = Math.floor(Date.now() / 1000) - 60; // a second stamp, a minute ago
    const sentAt = Date.now();
    await event({ code: 'E101', level: 2, text: 'Door open', ts: deviceTs });
    // Not an alarm: no level to raise it at, a code with spaces.
    await event({ code: 'E102', text: 'No level' });
    await event({ code: 'bad code', level: 1 });

    const reported = async () => {
      await t.app.alarms.idle();
      return alarms(api, { source: 1 });
    };
    await expect.poll(async () => (await reported()).length, { timeout: 10_000 }).toBe(1);
    const [alarm] = await reported();
    expect(alarm).toMatchObject({
      source: 1,
      kind: 'device',
      level: 2,
      state: 'active',
      count: 1,
      ruleName: 'Door open',
      targetName: 'Boiler gateway',
      target: { kind: 'device', code: 'E101', deviceId },
      value: null,
      valueTime: deviceTs * 1000,
    });
    expect(alarm!.firstTime).toBeGreaterThanOrEqual(sentAt);
    // The message is sent after the alarm is stored: wait for it, as a user waits for the phone.
    await expect.poll(() => t.app.platform.sms.latestTo!(phone), { timeout: 10_000 }).toBe('告警：Door open');
    // In the same log: the device filter finds it, the server's alarms are source 2.
    expect((await alarms(api, { deviceId })).map((a) => a.id)).toContain(alarm!.id);
    expect(await alarms(api, { source: 2 })).toEqual([]);

    // A repeat counts on the open alarm; a higher level raises it; another code is another alarm.
    await event({ code: 'E101', level: 3, text: 'Door open' });
    await event({ code: 'E200', level: 1 });
    await expect.poll(async () => (await reported()).length, { timeout: 10_000 }).toBe(2);
    await expect.poll(async () => (await reported()).find((a) => a.id === alarm!.id)?.count, { timeout: 10_000 }).toBe(2);
    const [door, other] = [(await reported()).find((a) => a.id === alarm!.id)!, (await reported()).find((a) => a.id !== alarm!.id)!];
    expect(door).toMatchObject({ level: 3, state: 'active' });
    expect(other).toMatchObject({ ruleName: 'E200', level: 1, target: { code: 'E200' } });

    await expect.poll(() => t.app.platform.sms.latestTo!(phone), { timeout: 10_000 }).toBe('告警：E200');

    // The device clears it.
    await event({ code: 'E101', state: 'cleared' });
    await expect.poll(async () => (await reported()).find((a) => a.id === alarm!.id)?.state, { timeout: 10_000 }).toBe('cleared');
    await expect.poll(() => t.app.platform.sms.latestTo!(phone), { timeout: 10_000 }).toBe('告警已恢复：Door open');
    expect((await reported()).find((a) => a.id === other.id)?.state).toBe('active');
    // A new report of the code after the clear opens a new alarm.
    await event({ code: 'E101', level: 1, text: 'Door open' });
    await expect.poll(async () => (await reported()).length, { timeout: 10_000 }).toBe(3);
  });
});
