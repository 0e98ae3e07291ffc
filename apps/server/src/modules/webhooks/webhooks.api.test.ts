import mqtt, { type MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { webhookEvents } from '@smartdata/domain';
import { as, body, createCompanyUser, createTestApp, signIn, type TestApp } from '@server/test/testApp';
import { opensslSignature, WebhookReceiver, type ReceivedEvent } from '@server/test/webhookReceiver';

/**
 * Event subscriptions (issue 33, docs/webhooks.md), against a local receiver that checks the
 * documented signature itself (node:crypto, constant-time) and again with OpenSSL's command line:
 * each of the seven events arrives signed; a failing receiver is retried and gets the event once;
 * a creator who may not read an item hears none of its records (and stops hearing when the right
 * goes); another company's events never arrive; bad input is refused, translated, nothing stored.
 */
type Api = ReturnType<typeof as>;

let t: TestApp;
let admin: Api;
let stranger: Api;
let companyId: number;
let strangerCompany: number;
let mqttPort: number;
const receiver = new WebhookReceiver();
let base = '';
const clients: MqttClient[] = [];
const en = { 'accept-language': 'en-US' };
const zh = { 'accept-language': 'zh-CN' };
const codes = ['sd_capsule', 'cd_device', 'cs_rules', 'cs_info', 'sa_task_log', 'sa_task_define', 'sa_executable_task', 'sys_setting', 'sys_webhook', 'um_role'];
const secret = (name: string) => `whsec_${name}_0123456789abcdef`;

const call = (who: Api, method: 'GET' | 'POST', url: string, payload?: object, headers: Record<string, string> = zh) =>
  who({ method, url: `/general/${url}`, ...(method === 'GET' ? { query: payload as Record<string, string> } : { payload }), headers }).then(body);

beforeAll(async () => {
  base = await receiver.start();
  t = await createTestApp({ webhookAllowHosts: ['127.0.0.1'], mqttPort: 0 });
  mqttPort = t.app.platform.broker!.port!;
  const user = await createCompanyUser(t.app, { codes });
  companyId = user.companyId;
  admin = as(t.app, await signIn(t.app, user.userName, user.password));
  const other = await createCompanyUser(t.app, { codes });
  strangerCompany = other.companyId;
  stranger = as(t.app, await signIn(t.app, other.userName, other.password));
});
afterAll(async () => {
  await Promise.all(clients.map((c) => c.endAsync()));
  await t?.close();
  await receiver.close();
});

/** Everything heard so far is in the queue and sent (or waiting for a retry). */
async function settle(): Promise<void> {
  for (let i = 0; i < 3; i += 1) {
    await t.app.alarms.idle();
    await t.app.tasks.idle();
    await new Promise((resolve) => setTimeout(resolve, 20));
    await t.app.webhooks.idle();
    await t.app.notify.idle();
  }
}

async function subscribe(who: Api, name: string, request: object = {}): Promise<number> {
  receiver.secrets.set(name, secret(name));
  const answer = await call(who, 'POST', 'webhook/addSubscription', { url: `${base}/hook/${name}`, secret: secret(name), events: [...webhookEvents], ...request });
  expect(answer.code, JSON.stringify(answer)).toBe(0);
  return answer.data.id as number;
}

async function addItem(who: Api, name: string, directoryId?: number): Promise<{ itemId: number; nodeId: number; directoryId: number }> {
  const dir = directoryId ?? ((await call(who, 'POST', 'cabin/addDirectory', { name: `${name} dir` })).data.id as number);
  const item = await call(who, 'POST', 'dataItem/addDataItem', { directoryId: dir, name, kind: 10, fields: [{ name: 'Temperature', fieldName: 'temp', type: 1, unit: '℃', priority: 1 }] });
  expect(item.code, JSON.stringify(item)).toBe(0);
  const detail = await call(who, 'GET', 'dataItem/getDataItem', { id: String(item.data.id) });
  return { itemId: item.data.id as number, nodeId: detail.data.nodeId as number, directoryId: dir };
}

async function addRecord(who: Api, itemId: number, temp: number): Promise<void> {
  const answer = await call(who, 'POST', 'dataItem/addRecord', { itemId, values: { temp } });
  expect(answer.code, JSON.stringify(answer)).toBe(0);
}

async function verified(event: ReceivedEvent, name: string): Promise<void> {
  expect(event.valid, `${event.body.event} signature`).toBe(true);
  const timestamp = String(event.headers['x-smartdata-timestamp']);
  expect(Math.abs(Number(timestamp) - Date.now() / 1000)).toBeLessThan(300);
  expect(await opensslSignature(secret(name), timestamp, event.raw)).toBe(event.headers['x-smartdata-signature']);
  expect(event.headers['x-smartdata-event']).toBe(event.body.event);
  expect(event.headers['x-smartdata-delivery']).toBe(event.body.id);
  expect(event.headers['content-type']).toMatch(/^application\/json/);
}

describe('event subscriptions', () => {
  it('delivers each of the seven events signed: the receiver verifies them with node:crypto and with openssl', async () => {
    const id = await subscribe(admin, 'all');
    const { itemId } = await addItem(admin, 'Boiler');
    // record.added
    await addRecord(admin, itemId, 21.5);
    // alarm.opened, alarm.acknowledged, alarm.cleared
    const rule = await call(admin, 'POST', 'alarm/addRule', { name: 'Boiler hot', enabled: true, target: { kind: 'field', itemId, fieldName: 'temp' }, levels: [{ level: 2, op: 'gt', threshold: 80, kind: 'simple' }] });
    expect(rule.code, JSON.stringify(rule)).toBe(0);
    await addRecord(admin, itemId, 91.5);
    await settle();
    const alarmId = ((await call(admin, 'GET', 'alarm/getAlarms', { pageNum: '1', pageSize: '10' })).data.list as { id: number }[])[0]!.id;
    expect((await call(admin, 'POST', 'alarm/ackAlarm', { id: alarmId, note: 'On it' })).code).toBe(0);
    expect((await call(admin, 'POST', 'alarm/clearAlarm', { id: alarmId, note: 'Valve fixed' })).code).toBe(0);
    // device.online, device.offline (a real MQTT client on the embedded broker)
    const sn = `WH${Date.now().toString(36).toUpperCase()}`;
    const device = await call(admin, 'POST', 'device/addDevice', { name: 'Boiler gateway', sn, model: 'SD-G1' });
    expect(device.code, JSON.stringify(device)).toBe(0);
    const client = await mqtt.connectAsync(`mqtt://127.0.0.1:${mqttPort}`, {
      username: sn,
      password: device.data.secret as string,
      clientId: sn,
      reconnectPeriod: 0,
      connectTimeout: 5000,
      will: { topic: `sd/${sn}/up/online`, payload: Buffer.from('{"online":false}'), qos: 1, retain: true },
    });
    clients.push(client);
    await client.publishAsync(`sd/${sn}/up/online`, '{"online":true}', { qos: 1, retain: true });
    await expect.poll(async () => (await settle(), receiver.on('all').some((r) => r.body.event === 'device.online')), { timeout: 10_000 }).toBe(true);
    await client.publishAsync(`sd/${sn}/up/online`, '{"online":false}', { qos: 1, retain: true });
    await expect.poll(async () => (await settle(), receiver.on('all').some((r) => r.body.event === 'device.offline')), { timeout: 10_000 }).toBe(true);
    // task.finished
    const task = await call(admin, 'POST', 'task/addExecutable', { name: 'Write one', accessMode: 'everyone', actions: [{ kind: 'writeRecord', itemId, values: [{ fieldName: 'temp', value: 7 }] }] });
    expect(task.code, JSON.stringify(task)).toBe(0);
    expect((await call(admin, 'POST', 'task/runExecutable', { id: task.data.id })).data).toMatchObject({ state: 'succeeded' });
    await expect.poll(async () => (await settle(), receiver.on('all').some((r) => r.body.event === 'task.finished')), { timeout: 10_000 }).toBe(true);

    const got = receiver.on('all');
    for (const event of webhookEvents) {
      const first = got.find((r) => r.body.event === event);
      expect(first, event).toBeDefined();
      await verified(first!, 'all');
      expect(first!.body.companyId).toBe(companyId);
    }
    expect(got.find((r) => r.body.event === 'record.added')!.body.data).toMatchObject({ item: { id: itemId, name: 'Boiler' }, records: [{ values: { temp: 21.5 } }] });
    expect(got.find((r) => r.body.event === 'alarm.opened')!.body.data.alarm).toMatchObject({ id: alarmId, ruleName: 'Boiler hot', value: 91.5 });
    expect(got.find((r) => r.body.event === 'alarm.acknowledged')!.body.data.alarm).toMatchObject({ id: alarmId, ackNote: 'On it' });
    expect(got.find((r) => r.body.event === 'alarm.cleared')!.body.data.alarm).toMatchObject({ id: alarmId, state: 'cleared' });
    expect(got.find((r) => r.body.event === 'device.online')!.body.data).toMatchObject({ device: { id: device.data.id, name: 'Boiler gateway' }, online: true });
    expect(got.find((r) => r.body.event === 'task.finished')!.body.data.run).toMatchObject({ taskName: 'Write one', taskType: 'executable', state: 'succeeded' });
    // Every delivery id is its own.
    expect(new Set(got.map((r) => r.body.id)).size).toBe(got.length);

    // The log: each one sent, once, with the receiver's answer.
    const log = (await call(admin, 'GET', 'webhook/getDeliveries', { id: String(id), pageNum: '1', pageSize: '50' }, en)).data as { total: number; list: { event: string; state: string; attempts: number; answer: string; kind: string }[] };
    expect(log.total).toBe(got.length);
    expect(log.list.every((d) => d.state === 'sent' && d.attempts === 1 && d.answer === 'HTTP 200 ok' && d.kind === 'webhook')).toBe(true);
    expect(new Set(log.list.map((d) => d.event))).toEqual(new Set(webhookEvents));
    expect((await call(admin, 'POST', 'webhook/deleteSubscription', { id })).code).toBe(0);
  });

  it('a failing receiver (500, then 200) is retried with backoff and gets the event once, under the same delivery id', async () => {
    const id = await subscribe(admin, 'flaky', { events: ['record.added'] });
    const { itemId } = await addItem(admin, 'Flaky boiler');
    receiver.failures.set('flaky', 1);
    await addRecord(admin, itemId, 30);
    await settle();
    expect(receiver.on('flaky').map((r) => r.status)).toEqual([500]);
    const log = async () => ((await call(admin, 'GET', 'webhook/getDeliveries', { id: String(id) }, en)).data.list as { state: string; attempts: number; answer: string }[])[0]!;
    expect(await log()).toMatchObject({ state: 'retrying', attempts: 1, answer: 'HTTP 500 receiver down' });
    // Not before its time; then once.
    await t.app.notify.drain(Date.now() + 1000);
    expect(receiver.on('flaky').length).toBe(1);
    await t.app.notify.drain(Date.now() + 31_000);
    await t.app.notify.drain(Date.now() + 3_600_000);
    const tries = receiver.on('flaky');
    expect(tries.map((r) => r.status)).toEqual([500, 200]);
    expect(tries[1]!.body.id).toBe(tries[0]!.body.id);
    expect(tries[1]!.raw).toBe(tries[0]!.raw);
    await verified(tries[1]!, 'flaky');
    expect(await log()).toMatchObject({ state: 'sent', attempts: 2 });
    expect((await call(admin, 'POST', 'webhook/deleteSubscription', { id })).code).toBe(0);
  });

  it("a creator without read access to an item receives none of its records, and stops receiving when a right is taken; filters narrow further", async () => {
    const limitedUser = await createCompanyUser(t.app, { codes: ['sd_capsule', 'sys_webhook'], companyId });
    const limited = as(t.app, await signIn(t.app, limitedUser.userName, limitedUser.password));
    const hidden = await addItem(admin, 'Hidden tank');
    const open = await addItem(admin, 'Open tank');
    const other = await addItem(admin, 'Other tank');
    expect((await call(admin, 'POST', 'cabin/setPermission', { nodeId: hidden.directoryId, mode: 'custom', grants: [{ scope: 'company', level: 'none' }] })).code).toBe(0);
    const mine = await subscribe(limited, 'limited', { events: ['record.added'] });
    const filtered = await subscribe(admin, 'filtered', { events: ['record.added'], itemIds: [open.itemId] });
    await addRecord(admin, hidden.itemId, 1);
    await addRecord(admin, open.itemId, 2);
    await addRecord(admin, other.itemId, 3);
    await settle();
    expect(receiver.on('limited').map((r) => r.body.data.item.id).sort()).toEqual([open.itemId, other.itemId].sort());
    expect(receiver.on('filtered').map((r) => r.body.data.item.id)).toEqual([open.itemId]);
    // The right goes: nothing more of that item.
    expect((await call(admin, 'POST', 'cabin/setPermission', { nodeId: open.directoryId, mode: 'custom', grants: [{ scope: 'company', level: 'none' }] })).code).toBe(0);
    const before = receiver.on('limited').length;
    await addRecord(admin, open.itemId, 4);
    await addRecord(admin, hidden.itemId, 5);
    await settle();
    expect(receiver.on('limited').length).toBe(before);
    expect(receiver.on('filtered').length).toBe(2);
    for (const id of [mine, filtered]) {
      expect((await call(admin, 'POST', 'webhook/deleteSubscription', { id })).code).toBe(0);
    }
  });

  it('a disabled subscription gets nothing; "send test event" posts a signed webhook.test and answers the reply', async () => {
    const id = await subscribe(admin, 'toggled', { events: ['record.added'] });
    const { itemId } = await addItem(admin, 'Toggled boiler');
    expect((await call(admin, 'POST', 'webhook/setSubscriptionEnabled', { id, enabled: false })).code).toBe(0);
    await addRecord(admin, itemId, 1);
    await settle();
    expect(receiver.on('toggled')).toEqual([]);
    const list = (await call(admin, 'GET', 'webhook/getSubscriptions', { pageNum: '1', pageSize: '20' })).data;
    expect(list.list.find((s: { id: number }) => s.id === id)).toMatchObject({ enabled: false, events: ['record.added'], urlHint: `${base}/hook/toggled` });
    const test = (await call(admin, 'POST', 'webhook/testSubscription', { id }, en)).data;
    expect(test).toMatchObject({ ok: true, status: 200, answer: 'HTTP 200 ok' });
    const [ping] = receiver.on('toggled');
    expect(ping!.body).toMatchObject({ event: 'webhook.test', companyId, data: { subscriptionId: id } });
    await verified(ping!, 'toggled');
    expect((await call(admin, 'POST', 'webhook/deleteSubscription', { id })).code).toBe(0);
    expect((await call(admin, 'POST', 'webhook/testSubscription', { id })).code).toBe(40400);
  });

  it('refuses bad input with translated texts, on every rule the form shows — nothing stored; the secret is never answered or stored in the clear', async () => {
    const before = (await call(admin, 'GET', 'webhook/getSubscriptions')).data;
    const theirItem = (await addItem(stranger, 'Their boiler')).itemId;
    const good = { url: `${base}/hook/bad`, secret: secret('bad'), events: ['record.added'] };
    const refusals: Array<[object, string, string]> = [
      [{ ...good, url: 'not a url' }, '请输入有效的 http(s) 地址', 'Enter a valid http(s) address'],
      [{ ...good, url: 'ftp://example.com/hook' }, '请输入有效的 http(s) 地址', 'Enter a valid http(s) address'],
      [{ ...good, url: 'http://10.0.0.5/hook' }, '地址指向本机、链路本地或内网地址', 'The address points to this machine, a link-local or a private network'],
      [{ ...good, url: 'http://169.254.169.254/latest' }, '地址指向本机', 'The address points to this machine'],
      [{ ...good, secret: 'short-secret' }, '签名密钥长度为 16 到 128 个字符', 'The signing secret must be 16 to 128 characters long'],
      [{ ...good, secret: 'x'.repeat(129) }, '签名密钥长度为 16 到 128 个字符', 'The signing secret must be 16 to 128 characters long'],
      [{ ...good, secret: '密钥密钥密钥密钥密钥密钥密钥密钥' }, '密钥只能包含英文字母、数字和符号', 'The secret holds letters, digits and symbols of ASCII only'],
      [{ ...good, events: [] }, '请至少选择一个事件', 'Choose at least one event'],
      [{ ...good, events: ['record.deleted'] }, '不支持的事件', 'Unknown event'],
      [{ ...good, events: ['record.added', 'record.added'] }, '事件重复', 'An event is listed twice'],
      [{ ...good, itemIds: [theirItem] }, `数据项不存在：${theirItem}`, `No such data item: ${theirItem}`],
      [{ ...good, deviceIds: [999_999] }, '设备不存在：999999', 'No such device: 999999'],
    ];
    for (const [request, zhText, enText] of refusals) {
      const chinese = await call(admin, 'POST', 'webhook/addSubscription', request, zh);
      expect(chinese.code, JSON.stringify(request)).toBe(50001);
      expect(JSON.stringify(chinese.data), JSON.stringify(request)).toContain(zhText);
      const english = await call(admin, 'POST', 'webhook/addSubscription', request, en);
      expect(JSON.stringify(english.data)).toContain(enText);
    }
    expect((await call(admin, 'GET', 'webhook/getSubscriptions')).data).toEqual(before);

    const id = await subscribe(admin, 'sealed', { events: ['alarm.opened'] });
    const answer = await admin({ method: 'GET', url: '/general/webhook/getSubscriptions' });
    expect(answer.payload).not.toContain(secret('sealed'));
    const row = await t.app.platform.db.selectFrom('webhook_subscription').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(JSON.stringify(row)).not.toContain(secret('sealed'));
    expect(row.url_sealed).not.toContain('/hook/sealed');
    // An update keeps what is left empty, and checks like an add.
    expect((await call(admin, 'POST', 'webhook/updateSubscription', { id, url: '', secret: '', events: ['alarm.cleared'] })).code).toBe(0);
    expect((await call(admin, 'POST', 'webhook/updateSubscription', { id, url: 'http://10.1.2.3/x', events: ['alarm.cleared'] }, en)).data).toContain('The address points to this machine');
    // Another company neither sees nor changes it, nor reads its log.
    expect((await call(stranger, 'GET', 'webhook/getSubscriptions')).data).toEqual({ list: [], total: 0 });
    expect((await call(stranger, 'POST', 'webhook/deleteSubscription', { id })).code).toBe(40400);
    expect((await call(stranger, 'POST', 'webhook/setSubscriptionEnabled', { id, enabled: false })).code).toBe(40400);
    expect((await call(stranger, 'GET', 'webhook/getDeliveries', { id: String(id) })).code).toBe(40400);
    // Without the page's code: 40300.
    const plain = await createCompanyUser(t.app, { codes: ['sd_capsule'], companyId });
    const plainApi = as(t.app, await signIn(t.app, plain.userName, plain.password));
    expect((await call(plainApi, 'GET', 'webhook/getSubscriptions')).code).toBe(40300);
    expect((await call(admin, 'POST', 'webhook/deleteSubscription', { id })).code).toBe(0);
  });

  it("never delivers another company's events", async () => {
    const theirs = await subscribe(stranger, 'stranger');
    const mine = await subscribe(admin, 'mine');
    const { itemId } = await addItem(admin, 'Our boiler');
    await addRecord(admin, itemId, 50);
    const task = await call(admin, 'POST', 'task/addExecutable', { name: 'Ours', accessMode: 'everyone', actions: [{ kind: 'writeRecord', itemId, values: [{ fieldName: 'temp', value: 1 }] }] });
    await call(admin, 'POST', 'task/runExecutable', { id: task.data.id });
    await expect.poll(async () => (await settle(), receiver.on('mine').some((r) => r.body.event === 'task.finished')), { timeout: 10_000 }).toBe(true);
    expect(receiver.on('stranger')).toEqual([]);
    expect(receiver.received.every((r) => r.body.companyId === companyId || r.path === '/hook/stranger')).toBe(true);
    // Their own events reach them, and only theirs.
    const { itemId: their } = await addItem(stranger, 'Their tank');
    await addRecord(stranger, their, 1);
    await settle();
    expect(receiver.on('stranger').map((r) => [r.body.event, r.body.companyId])).toEqual([['record.added', strangerCompany]]);
    for (const [who, id] of [[stranger, theirs], [admin, mine]] as const) {
      expect((await call(who, 'POST', 'webhook/deleteSubscription', { id })).code).toBe(0);
    }
  });
});
