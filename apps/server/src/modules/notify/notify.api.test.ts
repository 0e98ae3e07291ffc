import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, body, createCompanyUser, createTestApp, signIn, type TestApp } from '@server/test/testApp';
import { ChannelReceiver, receiverSecrets } from '@server/test/channelReceiver';
import { retryDelaysMs } from './deliveryQueue';

/**
 * Notification channels and the delivery queue (issue 32, docs/alarms.md "Channels"): against local
 * stand-ins of DingTalk, WeCom, Feishu and a webhook receiver that check each vendor's documented
 * signature, a record above a threshold delivers once to each channel of the rule; a failing
 * receiver is retried and then marked failed in the alarm's log; bad input is refused, translated,
 * with nothing stored.
 */
type Api = ReturnType<typeof as>;

let t: TestApp;
let api: Api;
let stranger: Api;
let companyId: number;
const receiver = new ChannelReceiver();
let base = '';
const en = { 'accept-language': 'en-US' };
const zh = { 'accept-language': 'zh-CN' };

const codes = ['sd_capsule', 'cs_rules', 'cs_info', 'cs_sditem_update', 'sa_rules', 'sys_setting', 'sys_notify_channel', 'um_role'];
const call = (who: Api, method: 'GET' | 'POST', url: string, payload?: object, headers: Record<string, string> = zh) =>
  who({ method, url: `/general/${url}`, ...(method === 'GET' ? { query: payload as Record<string, string> } : { payload }), headers }).then(body);

beforeAll(async () => {
  base = await receiver.start();
  t = await createTestApp({ webhookAllowHosts: ['127.0.0.1'] });
  const user = await createCompanyUser(t.app, { codes });
  companyId = user.companyId;
  api = as(t.app, await signIn(t.app, user.userName, user.password));
  const other = await createCompanyUser(t.app, { codes });
  stranger = as(t.app, await signIn(t.app, other.userName, other.password));
});
afterAll(async () => {
  await t.close();
  await receiver.close();
});

async function addChannel(who: Api, channel: object): Promise<number> {
  const answer = await call(who, 'POST', 'notify/addChannel', channel);
  expect(answer.code, JSON.stringify(answer)).toBe(0);
  return answer.data.id as number;
}

async function boilerItem(who: Api, name: string): Promise<number> {
  const directoryId = (await call(who, 'POST', 'cabin/addDirectory', { name: `${name} house` })).data.id as number;
  const item = await call(who, 'POST', 'dataItem/addDataItem', { directoryId, name, kind: 10, fields: [{ name: 'Temperature', fieldName: 'temp', type: 1, unit: '℃', priority: 1 }] });
  expect(item.code, JSON.stringify(item)).toBe(0);
  return item.data.id as number;
}

const rule = (name: string, itemId: number, channelIds: number[], extra: object = {}) => ({
  name,
  enabled: true,
  target: { kind: 'field', itemId, fieldName: 'temp' },
  levels: [{ level: 2, op: 'gt', threshold: 80, kind: 'simple' }],
  notify: { channelIds, notifyOnClear: true },
  ...extra,
});

async function record(who: Api, itemId: number, temp: number): Promise<void> {
  expect((await call(who, 'POST', 'dataItem/addRecord', { itemId, values: { temp } })).code).toBe(0);
  await t.app.alarms.idle();
}

async function openAlarm(who: Api, ruleName: string): Promise<{ id: number }> {
  const list = (await call(who, 'GET', 'alarm/getAlarms', { pageNum: 1, pageSize: 50 })).data.list as { id: number; ruleName: string }[];
  return list.find((a) => a.ruleName === ruleName)!;
}

describe('notification channels', () => {
  it('refuses a malformed or private address, an unknown kind, a secret over its limit — translated, nothing stored', async () => {
    const before = (await call(api, 'GET', 'notify/getChannels')).data as unknown[];
    const refusals: Array<[object, string, string]> = [
      [{ kind: 'webhook', name: 'Bad', url: 'not a url' }, '请输入有效的 http(s) 地址', 'Enter a valid http(s) address'],
      [{ kind: 'webhook', name: 'Ftp', url: 'ftp://example.com/hook' }, '请输入有效的 http(s) 地址', 'Enter a valid http(s) address'],
      [{ kind: 'webhook', name: 'Inside', url: 'http://10.0.0.5/hook' }, '地址指向本机、链路本地或内网地址', 'The address points to this machine, a link-local or a private network'],
      [{ kind: 'webhook', name: 'Metadata', url: 'http://169.254.169.254/latest' }, '地址指向本机', 'The address points to this machine'],
      [{ kind: 'dingtalk', name: 'Loopback', url: 'http://127.0.0.2:9/robot/send' }, '地址指向本机', 'The address points to this machine'],
      [{ kind: 'webhook', name: 'V6', url: 'http://[::1]:9/hook' }, '地址指向本机', 'The address points to this machine'],
      [{ kind: 'slack', name: 'Slack', url: `${base}/webhook` }, '不支持的渠道类型', 'Unknown channel kind'],
      [{ kind: 'webhook', name: 'Long', url: `${base}/webhook`, secret: 'x'.repeat(129) }, '内容过长', 'Data too long'],
      [{ kind: 'wecom', name: 'Keyed', url: `${base}/cgi-bin/webhook/send?key=k`, secret: 'abc' }, '企业微信群机器人不使用密钥', 'A WeCom group robot takes no secret'],
    ];
    for (const [channel, zhText, enText] of refusals) {
      const chinese = await call(api, 'POST', 'notify/addChannel', channel, zh);
      expect(chinese.code, JSON.stringify(channel)).toBe(50001);
      expect(JSON.stringify(chinese.data)).toContain(zhText);
      const english = await call(api, 'POST', 'notify/addChannel', channel, en);
      expect(JSON.stringify(english.data)).toContain(enText);
    }
    expect((await call(api, 'GET', 'notify/getChannels')).data).toEqual(before);
  });

  it('keeps the address and the secret sealed: the list shows a masked address and "secret set", never the secret', async () => {
    const id = await addChannel(api, { kind: 'dingtalk', name: '值班群', url: `${base}/robot/send?access_token=ding-token-secret-part`, secret: receiverSecrets.dingtalk });
    const answer = await api({ method: 'GET', url: '/general/notify/getChannels' });
    expect(answer.payload).not.toContain(receiverSecrets.dingtalk);
    expect(answer.payload).not.toContain('ding-token-secret-part');
    const channel = (body(answer).data as { id: number; urlHint: string; secretSet: boolean }[]).find((c) => c.id === id)!;
    expect(channel).toMatchObject({ kind: 'dingtalk', name: '值班群', secretSet: true, urlHint: `${base}/robot/send?access_token=••••part` });
    // Nor in the database.
    const row = await t.app.platform.db.selectFrom('notify_channel').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(JSON.stringify(row)).not.toContain(receiverSecrets.dingtalk);
    expect(JSON.stringify(row)).not.toContain('ding-token');
    // Another company neither sees nor changes it.
    expect((await call(stranger, 'GET', 'notify/getChannels')).data).toEqual([]);
    expect((await call(stranger, 'POST', 'notify/deleteChannel', { id })).code).toBe(40400);
    // The name is unique in the company; renaming keeps address and secret.
    expect((await call(api, 'POST', 'notify/addChannel', { kind: 'webhook', name: '值班群', url: `${base}/webhook` })).code).toBe(40900);
    expect((await call(api, 'POST', 'notify/updateChannel', { id, name: '夜班群' })).code).toBe(0);
    expect((await call(api, 'POST', 'notify/deleteChannel', { id })).code).toBe(0);
  });

  it("tests a channel: the message goes out signed and the vendor's answer comes back", async () => {
    const good = await addChannel(api, { kind: 'feishu', name: 'Feishu test', url: `${base}/open-apis/bot/v2/hook/feishu-hook-id`, secret: receiverSecrets.feishu });
    const result = (await call(api, 'POST', 'notify/testChannel', { id: good }, en)).data;
    expect(result).toMatchObject({ ok: true, status: 200 });
    expect(result.answer).toContain('"code":0');
    const sent = receiver.on('/open-apis/bot/v2/hook/feishu-hook-id').at(-1)!;
    expect(sent.valid).toBe(true);
    expect(JSON.stringify(sent.body)).toContain('SmartData Console test message');
    const wrong = await addChannel(api, { kind: 'feishu', name: 'Feishu wrong', url: `${base}/open-apis/bot/v2/hook/feishu-hook-id`, secret: 'not-the-secret' });
    const refused = (await call(api, 'POST', 'notify/testChannel', { id: wrong })).data;
    expect(refused).toMatchObject({ ok: false, status: 200 });
    expect(refused.answer).toContain('sign match fail');
    const redirect = await addChannel(api, { kind: 'webhook', name: 'Redirects', url: `${base}/redirect` });
    expect((await call(api, 'POST', 'notify/testChannel', { id: redirect }, en)).data).toMatchObject({ ok: false, status: 302, answer: 'The receiver answered with a redirect (302), not followed' });
  });
});

describe('alarms to channels', () => {
  it('a record above the threshold delivers once to each channel of the rule, signed as each vendor documents; the log says sent', async () => {
    const ids = [
      await addChannel(api, { kind: 'dingtalk', name: 'DingTalk ops', url: `${base}/robot/send?access_token=ding-token`, secret: receiverSecrets.dingtalk }),
      await addChannel(api, { kind: 'wecom', name: 'WeCom ops', url: `${base}/cgi-bin/webhook/send?key=${receiverSecrets.wecomKey}` }),
      await addChannel(api, { kind: 'feishu', name: 'Feishu ops', url: `${base}/open-apis/bot/v2/hook/feishu-hook-id`, secret: receiverSecrets.feishu }),
      await addChannel(api, { kind: 'webhook', name: 'Webhook ops', url: `${base}/webhook`, secret: receiverSecrets.webhook }),
    ];
    const itemId = await boilerItem(api, 'Boiler 2');
    const options = (await call(api, 'GET', 'notify/getChannelOptions')).data;
    expect(options.sms).toEqual({ available: true, reason: null });
    expect(options.channels.map((c: { name: string }) => c.name)).toEqual(expect.arrayContaining(['DingTalk ops', 'WeCom ops', 'Feishu ops', 'Webhook ops']));
    expect((await call(api, 'POST', 'alarm/addRule', rule('Boiler hot', itemId, ids))).code).toBe(0);
    const before = receiver.received.length;
    await record(api, itemId, 91.5);
    const arrived = receiver.received.slice(before);
    expect(arrived.map((r) => [r.path, r.valid]).sort()).toEqual(
      [['/cgi-bin/webhook/send', true], ['/open-apis/bot/v2/hook/feishu-hook-id', true], ['/robot/send', true], ['/webhook', true]].sort(),
    );
    // The text names the rule, target, level, value and time — in Chinese, in the company's zone.
    const ding = arrived.find((r) => r.path === '/robot/send')!.body as { markdown: { title: string; text: string } };
    expect(ding.markdown.title).toBe('告警：Boiler hot');
    expect(ding.markdown.text).toContain('Boiler 2');
    expect(ding.markdown.text).toContain('二级');
    expect(ding.markdown.text).toContain('91.5');
    expect(ding.markdown.text).toMatch(/时间\*\*：\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}/);
    expect(ding.markdown.text).not.toMatch(/T\d{2}:\d{2}:\d{2}/);
    const hook = arrived.find((r) => r.path === '/webhook')!.body as { event: string; data: { alarm: { ruleName: string; value: number } } };
    expect(hook).toMatchObject({ event: 'alarm.opened', data: { alarm: { ruleName: 'Boiler hot', value: 91.5 } } });

    // Nothing more on later drains (sent once), and the alarm's log says sent with the answers.
    await t.app.notify.drain(Date.now() + 3_600_000);
    expect(receiver.received.length).toBe(before + 4);
    const alarm = await openAlarm(api, 'Boiler hot');
    const log = (await call(api, 'GET', 'alarm/getDeliveries', { alarmId: String(alarm.id) }, en)).data as { kind: string; to: string; state: string; attempts: number; answer: string }[];
    expect(log.map((d) => [d.kind, d.to, d.state, d.attempts]).sort()).toEqual(
      [['dingtalk', 'DingTalk ops', 'sent', 1], ['feishu', 'Feishu ops', 'sent', 1], ['wecom', 'WeCom ops', 'sent', 1], ['webhook', 'Webhook ops', 'sent', 1]].sort(),
    );
    expect(log.find((d) => d.kind === 'dingtalk')!.answer).toContain('"errcode":0');
    // Another company's member does not read the log.
    expect((await call(stranger, 'GET', 'alarm/getDeliveries', { alarmId: String(alarm.id) })).code).toBe(40400);

    // English when the company says so: the clear message (notify on clear).
    expect((await call(api, 'POST', 'notify/updateNotifySetting', { locale: 'en-US' })).code).toBe(0);
    await record(api, itemId, 20);
    const cleared = receiver.on('/robot/send').at(-1)!.body as { markdown: { title: string; text: string } };
    expect(cleared.markdown.title).toBe('Alarm cleared: Boiler hot');
    expect(cleared.markdown.text).toContain('Level 2');
    expect((await call(api, 'POST', 'notify/updateNotifySetting', { locale: 'zh-CN' })).code).toBe(0);
  });

  it('a failing receiver is retried with backoff, then marked failed in the log with its answer', async () => {
    const failing = await addChannel(api, { kind: 'webhook', name: 'Down hook', url: `${base}/fail` });
    const itemId = await boilerItem(api, 'Boiler 3');
    expect((await call(api, 'POST', 'alarm/addRule', rule('Boiler 3 hot', itemId, [failing]))).code).toBe(0);
    receiver.failures = Number.POSITIVE_INFINITY;
    const before = receiver.on('/fail').length;
    await record(api, itemId, 95);
    const alarm = await openAlarm(api, 'Boiler 3 hot');
    const log = async () => ((await call(api, 'GET', 'alarm/getDeliveries', { alarmId: String(alarm.id) }, en)).data as { state: string; attempts: number; answer: string; nextAt: number | null }[])[0]!;
    expect(await log()).toMatchObject({ state: 'retrying', attempts: 1 });
    expect((await log()).answer).toContain('HTTP 500');
    // Not before its time…
    await t.app.notify.drain(Date.now() + 1000);
    expect(receiver.on('/fail').length - before).toBe(1);
    // …then at each backoff step, five tries in about 30 minutes.
    // Two drains at once (as two instances would) send each try once: the lease and the row's claim.
    let at = Date.now();
    for (const delay of retryDelaysMs) {
      at += delay + 1000;
      await Promise.all([t.app.notify.drain(at), t.app.notify.drain(at)]);
    }
    expect(receiver.on('/fail').length - before).toBe(5);
    expect(retryDelaysMs.reduce((a, b) => a + b, 0)).toBeGreaterThanOrEqual(29 * 60_000);
    expect(await log()).toMatchObject({ state: 'failed', attempts: 5, nextAt: null });
    await t.app.notify.drain(at + 3_600_000);
    expect(receiver.on('/fail').length - before).toBe(5);
  });

  it("refuses another company's channel in a rule, a watch and an intelligent rule — translated, nothing stored", async () => {
    const theirs = await addChannel(stranger, { kind: 'webhook', name: 'Their hook', url: `${base}/webhook` });
    const itemId = await boilerItem(api, 'Boiler 4');
    const rules = (await call(api, 'GET', 'alarm/getRules')).data as unknown[];
    const refused = await call(api, 'POST', 'alarm/addRule', rule('Foreign', itemId, [theirs]), en);
    expect(refused).toMatchObject({ code: 50001, data: `No such notification channel: ${theirs}` });
    expect((await call(api, 'POST', 'alarm/addRule', rule('Foreign', itemId, [theirs]), zh)).data).toBe(`通知渠道不存在：${theirs}`);
    expect((await call(api, 'GET', 'alarm/getRules')).data).toEqual(rules);
    const watch = await call(api, 'POST', 'alarm/addUpdateWatch', { itemId, everyMinutes: 5, level: 1, notify: { channelIds: [theirs] } }, en);
    expect(watch).toMatchObject({ code: 50001, data: `No such notification channel: ${theirs}` });
    expect((await call(api, 'GET', 'alarm/getUpdateWatches')).data).toEqual([]);
    const notify = { kind: 'notify', userIds: [], groupIds: [], sms: false, email: false, channelIds: [theirs], message: 'Too hot' };
    const intelligent = { name: 'Foreign notice', enabled: true, itemId, match: 'all', conditions: [{ fieldName: 'temp', op: 'gt', value: 1 }], actions: [notify] };
    expect(await call(api, 'POST', 'task/addRule', intelligent, en)).toMatchObject({ code: 50001, data: `No such notification channel: ${theirs}` });
    expect((await call(api, 'GET', 'task/getRuleList')).data).toEqual([]);
  });

  it('an update watch tells its channels when the item stops updating', async () => {
    const hook = await addChannel(api, { kind: 'wecom', name: 'Watch room', url: `${base}/cgi-bin/webhook/send?key=${receiverSecrets.wecomKey}` });
    const itemId = await boilerItem(api, 'Meter board');
    const added = await call(api, 'POST', 'alarm/addUpdateWatch', { itemId, everyMinutes: 5, level: 1, notify: { channelIds: [hook] } });
    expect(added.code, JSON.stringify(added)).toBe(0);
    const before = receiver.on('/cgi-bin/webhook/send').length;
    await t.app.alarms.sweep(Date.now() + 6 * 60_000);
    await t.app.alarms.idle();
    const sent = receiver.on('/cgi-bin/webhook/send').slice(before);
    expect(sent.length).toBe(1);
    expect(JSON.stringify(sent[0]!.body)).toContain('Meter board');
    const watches = (await call(api, 'GET', 'alarm/getUpdateWatches')).data as { notify: { channelIds: number[] } }[];
    expect(watches[0]!.notify.channelIds).toEqual([hook]);
    expect(companyId).toBeGreaterThan(0);
  });
});
