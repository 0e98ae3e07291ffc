import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminPassword, as, body, createCompanyUser, createTestApp, signIn, type TestApp } from '@server/test/testApp';
import { StandIn } from '@server/test/smsVendorStandIn';

/**
 * Alarm SMS through the vendors (issue 32, docs/sms.md "Alarm template"): a vendor sends only
 * approved templates, so an alarm goes out as the provider's alarm template with its variables
 * filled from the alarm's facts — checked at a stand-in of each vendor's SendSms that verifies the
 * request's signature. Without an alarm template SMS is unavailable, and the editor is told why.
 */
type Api = ReturnType<typeof as>;

let t: TestApp;
let admin: Api;
let api: Api;
let companyId: number;
const standIn = new StandIn();
let endpoint = '';
const en = { 'accept-language': 'en-US' };

const call = (who: Api, method: 'GET' | 'POST', url: string, payload?: object, headers: Record<string, string> = {}) =>
  who({ method, url: `/general/${url}`, ...(method === 'GET' ? { query: payload as Record<string, string> } : { payload }), headers }).then(body);

const vendor = (provider: 'aliyun' | 'tencent', alarm: { code: string; params: { name: string; fact: string }[] }) => ({
  provider,
  accessKeyId: `${provider}-key-id`,
  accessKeySecret: `${provider}-alarm-secret-9`,
  signName: '智慧数据',
  templateCode: provider === 'aliyun' ? 'SMS_154950909' : '1234567',
  sdkAppId: provider === 'tencent' ? '1400006666' : '',
  region: '',
  endpoint,
  alarmTemplateCode: alarm.code,
  alarmTemplateParams: alarm.params,
});

beforeAll(async () => {
  t = await createTestApp();
  endpoint = await standIn.start();
  admin = as(t.app, await signIn(t.app, 'admin', adminPassword));
  const user = await createCompanyUser(t.app, { codes: ['sd_capsule', 'cs_rules', 'cs_info', 'um_role'] });
  companyId = user.companyId;
  api = as(t.app, await signIn(t.app, user.userName, user.password));
});
afterAll(async () => {
  await t.close();
  await standIn.close();
});

async function itemWithRule(name: string, phone: string): Promise<number> {
  const person = await createCompanyUser(t.app, { codes: [], companyId, phone });
  const directoryId = (await call(api, 'POST', 'cabin/addDirectory', { name: `${name} dir` })).data.id as number;
  const itemId = (await call(api, 'POST', 'dataItem/addDataItem', { directoryId, name, kind: 10, fields: [{ name: 'Level', fieldName: 'level', type: 1, priority: 1 }] })).data.id as number;
  const rule = { name: `${name} high`, enabled: true, target: { kind: 'field', itemId, fieldName: 'level' }, levels: [{ level: 2, op: 'gt', threshold: 10, kind: 'simple' }], notify: { userIds: [person.userId], sms: true } };
  const added = await call(api, 'POST', 'alarm/addRule', rule);
  expect(added.code, JSON.stringify(added)).toBe(0);
  return itemId;
}

describe('alarm SMS through the vendors', () => {
  it('without an alarm template SMS is unavailable, the editor is told why, and a rule asking for it is refused', async () => {
    expect((await call(admin, 'POST', 'sms/updateSmsSetting', vendor('aliyun', { code: '', params: [] }))).code).toBe(0);
    const options = (await call(api, 'GET', 'notify/getChannelOptions', undefined, en)).data;
    expect(options.sms).toEqual({ available: false, reason: 'notify.smsNoAlarmTemplate' });
    const directoryId = (await call(api, 'POST', 'cabin/addDirectory', { name: 'No template' })).data.id as number;
    const itemId = (await call(api, 'POST', 'dataItem/addDataItem', { directoryId, name: 'Silo', kind: 10, fields: [{ name: 'Level', fieldName: 'level', type: 1, priority: 1 }] })).data.id as number;
    const rule = { name: 'Silo high', enabled: true, target: { kind: 'field', itemId, fieldName: 'level' }, levels: [{ level: 1, op: 'gt', threshold: 1, kind: 'simple' }], notify: { sms: true } };
    const refused = await call(api, 'POST', 'alarm/addRule', rule, en);
    expect(refused.code).toBe(50001);
    expect(refused.data).toContain('without an alarm template');
    expect((await call(api, 'POST', 'alarm/addRule', rule)).data).toContain('尚未设置告警短信模板');
    // Variables need a template; names are unique.
    expect((await call(admin, 'POST', 'sms/updateSmsSetting', vendor('aliyun', { code: '', params: [{ name: 'rule', fact: 'rule' }] }), en)).data).toBe('Enter the alarm template before its variables');
    expect((await call(admin, 'POST', 'sms/updateSmsSetting', vendor('aliyun', { code: 'SMS_1', params: [{ name: 'a', fact: 'rule' }, { name: 'a', fact: 'level' }] }), en)).data).toBe('The alarm template has a variable name twice');
  });

  it('Alibaba Cloud: the alarm template goes out signed, its variables filled with the rule, level, value and time', async () => {
    const params = [{ name: 'rule', fact: 'rule' }, { name: 'target', fact: 'target' }, { name: 'level', fact: 'level' }, { name: 'value', fact: 'value' }, { name: 'time', fact: 'time' }];
    expect((await call(admin, 'POST', 'sms/updateSmsSetting', vendor('aliyun', { code: 'SMS_ALARM_001', params }))).code).toBe(0);
    expect((await call(admin, 'GET', 'sms/getSmsSetting')).data).toMatchObject({ alarmTemplateCode: 'SMS_ALARM_001', alarmTemplateParams: params });
    expect((await call(api, 'GET', 'notify/getChannelOptions')).data.sms).toEqual({ available: true, reason: null });
    standIn.secret = 'aliyun-alarm-secret-9';
    const itemId = await itemWithRule('Tank A', '13700000001');
    standIn.received = [];
    expect((await call(api, 'POST', 'dataItem/addRecord', { itemId, values: { level: 12.5 } })).code).toBe(0);
    await t.app.alarms.idle();
    expect(standIn.received).toHaveLength(1);
    const sent = standIn.received[0]!;
    expect(sent).toMatchObject({ vendor: 'aliyun', signatureValid: true, phone: '13700000001', template: 'SMS_ALARM_001' });
    expect(sent.params).toMatchObject({ rule: 'Tank A high', target: 'Tank A · Level', level: '二级', value: '12.5' });
    expect(sent.params.time).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    const alarmId = ((await call(api, 'GET', 'alarm/getAlarms', { pageNum: '1', pageSize: '10' })).data.list as { id: number; ruleName: string }[]).find((a) => a.ruleName === 'Tank A high')!.id;
    const [delivery] = (await call(api, 'GET', 'alarm/getDeliveries', { alarmId: String(alarmId) })).data as { kind: string; to: string; state: string; answer: string }[];
    expect(delivery).toMatchObject({ kind: 'sms', to: '137****0001', state: 'sent' });
    expect(delivery!.answer).toContain('ali-req-ok');
  });

  it('Tencent Cloud: the alarm template goes out signed, its variables by position', async () => {
    const params = [{ name: '1', fact: 'rule' }, { name: '2', fact: 'level' }, { name: '3', fact: 'value' }];
    expect((await call(admin, 'POST', 'sms/updateSmsSetting', vendor('tencent', { code: '2233445', params }))).code).toBe(0);
    standIn.secret = 'tencent-alarm-secret-9';
    const itemId = await itemWithRule('Tank B', '13700000002');
    standIn.received = [];
    expect((await call(api, 'POST', 'dataItem/addRecord', { itemId, values: { level: 30 } })).code).toBe(0);
    await t.app.alarms.idle();
    expect(standIn.received).toHaveLength(1);
    expect(standIn.received[0]).toMatchObject({ vendor: 'tencent', signatureValid: true, phone: '+8613700000002', template: '2233445', sdkAppId: '1400006666', params: { 1: 'Tank B high', 2: '二级', 3: '30' } });
  });

  it('a vendor refusal is retried and shown in the log with its answer', async () => {
    standIn.mode = 'error';
    const itemId = await itemWithRule('Tank C', '13700000003');
    expect((await call(api, 'POST', 'dataItem/addRecord', { itemId, values: { level: 50 } })).code).toBe(0);
    await t.app.alarms.idle();
    standIn.mode = 'ok';
    const alarmId = ((await call(api, 'GET', 'alarm/getAlarms', { pageNum: '1', pageSize: '10' })).data.list as { id: number; ruleName: string }[]).find((a) => a.ruleName === 'Tank C high')!.id;
    const [delivery] = (await call(api, 'GET', 'alarm/getDeliveries', { alarmId: String(alarmId) })).data as { state: string; answer: string }[];
    expect(delivery).toMatchObject({ state: 'retrying' });
    expect(delivery!.answer).toContain('LimitExceeded.PhoneNumberDailyLimit');
    await t.app.notify.drain(Date.now() + 31_000);
    const [again] = (await call(api, 'GET', 'alarm/getDeliveries', { alarmId: String(alarmId) })).data as { state: string; attempts: number }[];
    expect(again).toMatchObject({ state: 'sent', attempts: 2 });
  });
});
