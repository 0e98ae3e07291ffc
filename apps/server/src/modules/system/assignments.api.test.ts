import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, body, createCompanyUser, createTestApp, signIn, type TestApp } from '@server/test/testApp';

/**
 * My assignments (issue 14.5, docs/assignments.md): one call answers, for the current user in the
 * current company, the active unacknowledged alarms they may see (the alarms module) and the
 * executable tasks they may run (the tasks module), with the counts of the navbar badge — never
 * another company's, nor an alarm of a directory they may not read, nor a task not theirs to run.
 */
type Api = ReturnType<typeof as>;
let t: TestApp;

async function person(app: FastifyInstance, codes: string[], companyId?: number) {
  const user = await createCompanyUser(app, { codes, companyId });
  return { api: as(app, await signIn(app, user.userName, user.password)), companyId: user.companyId, userId: user.userId };
}
const post = (api: Api, url: string, payload: unknown) => api({ method: 'POST', url: `/general/${url}`, payload: payload as object }).then(body);
const get = (api: Api, url: string) => api({ method: 'GET', url: `/general/${url}` }).then(body);

async function itemIn(api: Api, directoryName: string, name: string): Promise<{ directoryId: number; itemId: number }> {
  const directoryId = (await post(api, 'cabin/addDirectory', { name: directoryName })).data.id as number;
  const answer = await post(api, 'dataItem/addDataItem', { directoryId, name, kind: 10, fields: [{ name: '温度', fieldName: 'temp', type: 1, unit: '℃', priority: 1 }] });
  expect(answer.code, JSON.stringify(answer)).toBe(0);
  return { directoryId, itemId: answer.data.id as number };
}

async function alarmOn(api: Api, itemId: number, ruleName: string, temp: number): Promise<void> {
  const rule = await post(api, 'alarm/addRule', { name: ruleName, enabled: true, target: { kind: 'field', itemId, fieldName: 'temp' }, levels: [{ level: 2, op: 'gt', threshold: 50, kind: 'simple' }] });
  expect(rule.code, JSON.stringify(rule)).toBe(0);
  expect((await post(api, 'dataItem/addRecord', { itemId, values: { temp } })).code).toBe(0);
  await t.app.alarms.idle();
}

const actions = (itemId: number) => [{ kind: 'writeRecord', itemId, values: [{ fieldName: 'temp', value: 20 }] }];
const memberCodes = ['sd_capsule', 'cs_info', 'sa_executable_task', 'pc_my_assignment'];
const adminCodes = [...memberCodes, 'cs_rules', 'um_role'];

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('my assignments', () => {
  it('lists the alarm the user may handle and the task they may run, with the badge counts, and nothing of another company', async () => {
    const admin = await person(t.app, adminCodes);
    const member = await person(t.app, memberCodes, admin.companyId);
    const kiln = await itemIn(admin.api, '窑炉', '一号窑');
    const secret = await itemIn(admin.api, '机密', '保密窑');
    expect((await post(admin.api, 'cabin/setPermission', { nodeId: secret.directoryId, mode: 'custom', grants: [] })).code).toBe(0);
    await alarmOn(admin.api, kiln.itemId, '窑温过高', 80);
    await alarmOn(admin.api, secret.itemId, '保密窑温过高', 90);
    const forMember = (await post(admin.api, 'task/addExecutable', { name: '补录读数', accessMode: 'users', userIds: [member.userId], actions: actions(kiln.itemId) })).data.id as number;
    expect((await post(admin.api, 'task/addExecutable', { name: '仅创建者', accessMode: 'creator', actions: actions(kiln.itemId) })).code).toBe(0);

    // Another company's alarm and an everyone-task there.
    const other = await person(t.app, adminCodes);
    const otherItem = await itemIn(other.api, '别家', '别家窑');
    await alarmOn(other.api, otherItem.itemId, '别家告警', 99);
    expect((await post(other.api, 'task/addExecutable', { name: '别家任务', accessMode: 'everyone', actions: actions(otherItem.itemId) })).code).toBe(0);

    const answer = await get(member.api, 'user/getMyAssignments');
    expect(answer.code).toBe(0);
    expect(answer.data.counts).toEqual({ alarm: 1, task: 1 });
    expect(answer.data.total).toBe(2);
    const titles = answer.data.list.map((a: { title: string }) => a.title);
    expect(titles.sort()).toEqual(['窑温过高', '补录读数'].sort());
    const alarm = answer.data.list.find((a: { kind: string }) => a.kind === 'alarm');
    expect(alarm).toMatchObject({ status: 'active', level: 2, link: '/cloudSurveillance/alertLog', detail: '一号窑 · 温度: 80' });
    expect(answer.data.list.find((a: { kind: string }) => a.kind === 'task')).toMatchObject({ id: forMember, status: 'runnable', link: '/taskmanagement/executabletask', level: null });

    // The company administrator sees both alarms and both tasks (he may run his own).
    const adminView = (await get(admin.api, 'user/getMyAssignments')).data;
    expect(adminView.counts).toEqual({ alarm: 2, task: 2 });

    // Acknowledged, the alarm is handled: it leaves the list and the badge.
    expect((await post(admin.api, 'alarm/ackAlarm', { id: alarm.id, note: '已处理' })).code).toBe(0);
    expect((await get(member.api, 'user/getMyAssignments')).data.counts).toEqual({ alarm: 0, task: 1 });
  });

  it('a user without the alarm and task codes is assigned nothing; the call itself needs pc_my_assignment', async () => {
    const admin = await person(t.app, adminCodes);
    const kiln = await itemIn(admin.api, '窑炉', '二号窑');
    await alarmOn(admin.api, kiln.itemId, '二号窑温过高', 80);
    expect((await post(admin.api, 'task/addExecutable', { name: '人人可用', accessMode: 'everyone', actions: actions(kiln.itemId) })).code).toBe(0);
    const plain = await person(t.app, ['pc_my_assignment', 'sd_capsule'], admin.companyId);
    expect((await get(plain.api, 'user/getMyAssignments')).data).toEqual({ list: [], total: 0, counts: { alarm: 0, task: 0 } });
    const none = await person(t.app, ['cs_info'], admin.companyId);
    expect((await get(none.api, 'user/getMyAssignments')).code).toBe(40300);
  });
});
