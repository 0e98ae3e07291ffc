import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSimulatedGateway, type SimulatedGateway } from '@smartdata/gateway-sim';
import { adminPassword, as, body, createCompanyUser, createTestApp, signIn, type TestApp } from '@server/test/testApp';
import { SmsOutboxRepository } from '@server/platform/sms.repository';

/**
 * Intelligent rules, executable and scheduled tasks, and the scheduler's jobs page through the API
 * (issue 16): a rule writes a record and runs a gateway's flow over the real broker (the simulated
 * gateway hears the command) and raises an alarm; refusals on save (loop, another company's item or
 * device, copy outside a rule, order on a text field); access modes; a scheduled time runs once;
 * platform administrators pause, resume and run any company's job; another company sees nothing.
 */
type Api = ReturnType<typeof as>;
const codes = ['sd_capsule', 'cd_device', 'sa_rules', 'sa_executable_task', 'sa_scheduled_task', 'sa_task_log', 'cs_info', 'um_role'];
const en = { 'accept-language': 'en-US' };

let t: TestApp;
let dataDir: string;
let port: number;
let admin: Awaited<ReturnType<typeof person>>;
let other: Awaited<ReturnType<typeof person>>;
const sims: SimulatedGateway[] = [];

async function person(personCodes: string[], companyId?: number) {
  const user = await createCompanyUser(t.app, { codes: personCodes, companyId });
  return { api: as(t.app, await signIn(t.app, user.userName, user.password)), companyId: user.companyId, userId: user.userId };
}

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sd-rules-'));
  t = await createTestApp({ mqttPort: 0, dataDir });
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  port = t.app.platform.broker!.port!;
  admin = await person(codes);
  other = await person([...codes, 'um_user_group']);
});
afterAll(async () => {
  await Promise.all(sims.map((s) => s.close().catch(() => undefined)));
  await t.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const post = (api: Api, url: string, payload: unknown, headers: Record<string, string> = {}) => api({ method: 'POST', url: `/general/${url}`, payload: payload as object, headers }).then(body);
const get = (api: Api, url: string, query: Record<string, string | number> = {}) =>
  api({ method: 'GET', url: `/general/${url}?${new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)]))}` }).then(body);

let seq = 0;
async function addItem(api: Api, fields: Array<{ fieldName: string; type: number }>): Promise<number> {
  seq += 1;
  const directoryId = (await post(api, 'cabin/addDirectory', { name: `Dir ${seq}` })).data.id;
  const answer = await post(api, 'dataItem/addDataItem', { directoryId, name: `Item ${seq}`, kind: 10, fields: fields.map((f, i) => ({ name: f.fieldName, fieldName: f.fieldName, type: f.type, priority: i + 1 })) });
  expect(answer.code, JSON.stringify(answer)).toBe(0);
  return answer.data.id;
}
const records = async (api: Api, itemId: number) => (await get(api, 'dataItem/getRecords', { itemId, pageNum: 1, pageSize: 50 })).data;

/** A gateway of `api`'s company, connected as the simulated device and bound. */
async function boundGateway(api: Api) {
  seq += 1;
  const added = await post(api, 'device/addDevice', { name: `Gateway ${seq}`, sn: `RULE${seq}${Date.now() % 10_000}`, model: 'SD-DTU' });
  expect(added.code, JSON.stringify(added)).toBe(0);
  const d = added.data as { id: number; sn: string; secret: string };
  const sim = await startSimulatedGateway({ sn: d.sn, secret: d.secret, url: `mqtt://127.0.0.1:${port}`, reconnectMs: 200 });
  sims.push(sim);
  await sim.waitFor('connected', undefined, 10_000);
  const deadline = Date.now() + 10_000;
  while (!(await get(api, 'device/getDevice', { id: d.id })).data.online && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  const request = sim.waitFor('bindRequest');
  expect((await post(api, 'device/bind', { id: d.id })).code).toBe(0);
  await request;
  await sim.confirmBind();
  while ((await get(api, 'device/getDevice', { id: d.id })).data.bindState !== 'bound' && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return { d, sim };
}

describe('intelligent rules', () => {
  it('a record meeting the conditions writes a record into another item, runs the gateway flow and raises an alarm; one that does not, nothing', async () => {
    const watched = await addItem(admin.api, [
      { fieldName: 'temp', type: 1 },
      { fieldName: 'room', type: 5 },
    ]);
    const target = await addItem(admin.api, [
      { fieldName: 'hot', type: 1 },
      { fieldName: 'where', type: 5 },
    ]);
    const { d, sim } = await boundGateway(admin.api);
    const rule = {
      name: 'Too hot',
      enabled: true,
      itemId: watched,
      match: 'all',
      conditions: [
        { fieldName: 'temp', op: 'gt', value: 30 },
        { fieldName: 'room', op: 'contains', value: 'Lab' },
      ],
      actions: [
        { kind: 'writeRecord', itemId: target, values: [{ fieldName: 'hot', copyFrom: 'temp' }, { fieldName: 'where', value: 'alarm zone' }] },
        { kind: 'deviceCommand', deviceId: d.id },
        { kind: 'raiseAlarm', itemId: watched, fieldName: 'temp', level: 2 },
      ],
    };
    const added = await post(admin.api, 'task/addRule', rule);
    expect(added.code, JSON.stringify(added)).toBe(0);

    // Not met (any condition false): nothing happens.
    expect((await post(admin.api, 'dataItem/addRecord', { itemId: watched, values: { temp: 31, room: 'Office' } })).code).toBe(0);
    await t.app.tasks.idle();
    expect((await records(admin.api, target)).total).toBe(0);

    const command = sim.waitFor<{ type: string }>('command', (c) => c.type === 'run', 10_000);
    expect((await post(admin.api, 'dataItem/addRecord', { itemId: watched, values: { temp: 35.5, room: 'Lab 2' } })).code).toBe(0);
    await t.app.tasks.idle();
    expect((await command).type).toBe('run');
    const written = await records(admin.api, target);
    expect(written.total).toBe(1);
    expect(written.list[0]).toMatchObject({ values: { hot: 35.5, where: 'alarm zone' }, source: 'task' });

    const alarms = (await get(admin.api, 'alarm/getAlarms', { pageNum: 1, pageSize: 10 })).data.list as Array<{ ruleName: string; level: number; value: number }>;
    expect(alarms.find((a) => a.ruleName === 'Too hot')).toMatchObject({ level: 2, value: 35.5 });

    const [view] = (await get(admin.api, 'task/getRuleList')).data;
    expect(view).toMatchObject({ id: added.data.id, name: 'Too hot', enabled: true, lastRun: { state: 'succeeded' } });
    const runs = (await get(admin.api, 'task/getRuns', { taskType: 'rule', pageNum: 1, pageSize: 10 })).data;
    expect(runs.total).toBe(1);
    expect(runs.list[0]).toMatchObject({ taskType: 'rule', taskName: 'Too hot', kind: 'trigger', state: 'succeeded', error: null });
  });

  it('notifies the chosen users by SMS with the rule\'s name and message; someone of another company cannot be chosen', async () => {
    const phone = `139${String(Date.now()).slice(-8)}`;
    const recipient = await createCompanyUser(t.app, { codes: [], companyId: admin.companyId, phone });
    const watched = await addItem(admin.api, [{ fieldName: 'level', type: 1 }]);
    const notify = { kind: 'notify', userIds: [recipient.userId], groupIds: [], sms: true, email: false, message: 'Tank almost empty' };
    const rule = { name: 'Low tank', enabled: true, itemId: watched, match: 'all', conditions: [{ fieldName: 'level', op: 'lt', value: 10 }], actions: [notify] };
    expect((await post(admin.api, 'task/addRule', rule)).code).toBe(0);
    expect((await post(admin.api, 'dataItem/addRecord', { itemId: watched, values: { level: 4 } })).code).toBe(0);
    await t.app.tasks.idle();
    // Sent through the delivery queue, after the task's run (issue 32).
    await t.app.notify.idle();
    expect(await new SmsOutboxRepository(t.app.platform.db).latestTo(phone)).toBe('【Low tank】Tank almost empty');

    expect((await post(admin.api, 'task/addRule', { ...rule, name: 'To a stranger', actions: [{ ...notify, userIds: [other.userId] }] }, en)).data).toBe(`The user is not a member of this company: ${other.userId}`);
    expect((await post(admin.api, 'task/addRule', { ...rule, name: 'Nobody told', actions: [{ ...notify, sms: false }] }, en)).data).toBe('Choose recipients and at least SMS or e-mail, or a notification channel');
    const foreignGroup = (await post(other.api, 'company/group/addGroup', { name: 'Their crew' })).data.id as number;
    expect((await post(admin.api, 'task/addRule', { ...rule, name: 'To their group', actions: [{ ...notify, groupIds: [foreignGroup] }] }, en)).data).toBe(`This company has no such group: ${foreignGroup}`);
  });

  it('a failed action is a failed run with its reason in the reader\'s language', async () => {
    const watched = await addItem(admin.api, [{ fieldName: 'v', type: 1 }]);
    seq += 1;
    const offline = (await post(admin.api, 'device/addDevice', { name: `Offline ${seq}`, sn: `OFF${seq}${Date.now() % 10_000}`, model: 'SD-DTU' })).data;
    const id = (await post(admin.api, 'task/addRule', { name: 'Kick offline', enabled: true, itemId: watched, match: 'any', conditions: [{ fieldName: 'v', op: 'gte', value: 0 }], actions: [{ kind: 'deviceCommand', deviceId: offline.id }] })).data.id;
    expect((await post(admin.api, 'dataItem/addRecord', { itemId: watched, values: { v: 1 } })).code).toBe(0);
    await t.app.tasks.idle();
    const [run] = (await get(admin.api, 'task/getRuns', { taskType: 'rule', taskId: id, pageNum: 1, pageSize: 10 })).data.list;
    expect(run).toMatchObject({ state: 'failed', error: 'task.deviceOffline' });
  });

  it('refuses on save a loop, another company\'s item or device, a copy outside a rule, and an order on a text field', async () => {
    const a = await addItem(admin.api, [{ fieldName: 'x', type: 1 }]);
    const b = await addItem(admin.api, [{ fieldName: 'x', type: 1 }]);
    const base = { enabled: true, match: 'all', conditions: [{ fieldName: 'x', op: 'gt', value: 1 }] };
    const write = (itemId: number) => ({ kind: 'writeRecord', itemId, values: [{ fieldName: 'x', copyFrom: 'x' }] });
    expect((await post(admin.api, 'task/addRule', { ...base, name: 'A to B', itemId: a, actions: [write(b)] })).code).toBe(0);
    expect(await post(admin.api, 'task/addRule', { ...base, name: 'B to A', itemId: b, actions: [write(a)] }, en)).toMatchObject({ code: 50001, data: 'The rule would trigger itself in a loop: B to A → A to B → B to A' });
    expect((await post(admin.api, 'task/addRule', { ...base, name: 'Self', itemId: a, actions: [write(a)] }, en)).data).toContain('loop');
    // A disabled rule closes no loop.
    expect((await post(admin.api, 'task/addRule', { ...base, enabled: false, name: 'B to A off', itemId: b, actions: [write(a)] })).code).toBe(0);

    const theirs = await addItem(other.api, [{ fieldName: 'x', type: 1 }]);
    expect(await post(admin.api, 'task/addRule', { ...base, name: 'To theirs', itemId: a, actions: [write(theirs)] }, en)).toMatchObject({ code: 50001, data: `The target data item does not exist or cannot be written: ${theirs}` });
    const theirDevice = (await post(other.api, 'device/addDevice', { name: 'Theirs', sn: `THEIRS${Date.now() % 100_000}`, model: 'SD-DTU' })).data;
    expect(await post(admin.api, 'task/addRule', { ...base, name: 'Their device', itemId: a, actions: [{ kind: 'deviceCommand', deviceId: theirDevice.id }] }, en)).toMatchObject({ code: 50001, data: `The device does not exist or is not one of this company: ${theirDevice.id}` });
    expect((await post(admin.api, 'task/addRule', { ...base, name: 'On theirs', itemId: theirs, actions: [write(b)] })).code).toBe(40400);

    const text = await addItem(admin.api, [{ fieldName: 'label', type: 5 }]);
    expect((await post(admin.api, 'task/addRule', { ...base, name: 'Text order', itemId: text, conditions: [{ fieldName: 'label', op: 'gt', value: 'a' }], actions: [write(b)] }, en)).data).toBe('Field "label" is text: only equal, not equal and contains apply');
    expect((await post(admin.api, 'task/addRule', { ...base, name: 'No action', itemId: a, actions: [] })).code).toBe(50001);
    expect((await post(admin.api, 'task/addExecutable', { name: 'Copying', accessMode: 'everyone', actions: [write(b)] }, en)).data).toBe('Only an intelligent rule can copy fields of the record that triggered it');
    expect((await post(admin.api, 'task/addExecutable', { name: 'No value', accessMode: 'everyone', actions: [{ kind: 'writeRecord', itemId: b, values: [{ fieldName: 'x' }] }] }, en)).data).toBe('Field "x" needs a value or a field to copy from');
    expect((await post(admin.api, 'task/addExecutable', { name: 'Text number', accessMode: 'everyone', actions: [{ kind: 'writeRecord', itemId: b, values: [{ fieldName: 'x', value: 'ten' }] }] }, en)).data).toBe('Field "x" needs a number');
  });
});

describe('executable and scheduled tasks', () => {
  it('runs an executable task for those its access mode allows; a scheduled task runs each scheduled time once', async () => {
    const item = await addItem(admin.api, [{ fieldName: 'n', type: 1 }]);
    const member = await person(['sd_capsule', 'sa_executable_task', 'sa_scheduled_task'], admin.companyId);
    const actions = [{ kind: 'writeRecord', itemId: item, values: [{ fieldName: 'n', value: 7 }] }];
    const mine = (await post(admin.api, 'task/addExecutable', { name: 'Mine only', accessMode: 'creator', actions })).data.id;
    const chosen = (await post(admin.api, 'task/addExecutable', { name: 'For the member', accessMode: 'users', userIds: [member.userId], actions })).data.id;
    expect((await post(admin.api, 'task/addExecutable', { name: 'Nobody', accessMode: 'users', userIds: [] }, en)).code).toBe(50001);
    // Another company's user is refused, not stored (issue 31.4), on add and on update.
    expect((await post(admin.api, 'task/addExecutable', { name: 'For a stranger', accessMode: 'users', userIds: [member.userId, other.userId], actions }, en)).data).toBe(
      `The user is not a member of this company: ${other.userId}`,
    );
    expect((await post(admin.api, 'task/updateExecutable', { id: chosen, name: 'For the member', accessMode: 'users', userIds: [other.userId], actions }, en)).code).toBe(50001);

    const list = (await get(member.api, 'task/getExecutableList')).data as Array<{ id: number; canRun: boolean; canEdit: boolean }>;
    expect(list.find((x) => x.id === mine)).toMatchObject({ canRun: false, canEdit: false });
    expect(list.find((x) => x.id === chosen)).toMatchObject({ canRun: true, canEdit: false });
    expect((await get(admin.api, 'task/getExecutableList')).data.find((x: { id: number }) => x.id === mine)).toMatchObject({ canRun: true, canEdit: true });
    expect(await post(member.api, 'task/runExecutable', { id: mine }, en)).toMatchObject({ code: 40300 });
    expect((await post(member.api, 'task/updateExecutable', { id: chosen, name: 'Renamed', accessMode: 'everyone', actions })).code).toBe(40300);
    const run = await post(member.api, 'task/runExecutable', { id: chosen });
    expect(run.data).toMatchObject({ state: 'succeeded', taskType: 'executable', taskName: 'For the member', kind: 'manual' });
    expect((await records(admin.api, item)).list[0]).toMatchObject({ values: { n: 7 }, source: 'task' });

    // Scheduled every minute; the clock is moved instead of waited for.
    const scheduled = await post(admin.api, 'task/addScheduled', { name: 'Every minute', enabled: true, executableId: chosen, schedule: { cron: '0 * * * * *' } });
    expect(scheduled.code, JSON.stringify(scheduled)).toBe(0);
    expect((await post(member.api, 'task/addScheduled', { name: 'Not mine', enabled: true, executableId: mine, schedule: { cron: '0 * * * * *' } })).code).toBe(40300);
    const [view] = (await get(admin.api, 'task/getScheduledList')).data;
    expect(view).toMatchObject({ name: 'Every minute', executableName: 'For the member', enabled: true, missedRuns: 'once' });
    const due = view.nextRun as number;
    // Two sweeps at once (as two instances would): the scheduled time runs once.
    await Promise.all([t.app.tasks.sweep(due + 1000), t.app.tasks.sweep(due + 1000)]);
    const runs = (await get(admin.api, 'task/getRuns', { taskType: 'scheduled', taskId: scheduled.data.id, pageNum: 1, pageSize: 10 })).data;
    expect(runs.list.map((r: { scheduledFor: number; state: string; kind: string }) => [r.scheduledFor, r.state, r.kind])).toEqual([[due, 'succeeded', 'scheduled']]);
    expect((await records(admin.api, item)).total).toBe(2);
    expect((await get(admin.api, 'task/getScheduledList')).data[0].nextRun).toBe(due + 60_000);

    // Deleting the executable task takes its scheduled tasks with it.
    expect((await post(admin.api, 'task/deleteExecutable', { id: chosen })).code).toBe(0);
    expect((await get(admin.api, 'task/getScheduledList')).data).toEqual([]);
  });
});

describe('the scheduler\'s jobs (systemquartz)', () => {
  it('platform administrators see every company\'s jobs, pause, resume and run them; company users cannot', async () => {
    const item = await addItem(other.api, [{ fieldName: 'n', type: 1 }]);
    const executableId = (await post(other.api, 'task/addExecutable', { name: 'Other write', accessMode: 'everyone', actions: [{ kind: 'writeRecord', itemId: item, values: [{ fieldName: 'n', value: 1 }] }] })).data.id;
    const id = (await post(other.api, 'task/addScheduled', { name: 'Other nightly', enabled: true, executableId, schedule: { cron: '0 0 2 * * *' } })).data.id;
    const platform = as(t.app, await signIn(t.app, 'admin', adminPassword));
    const jobs = (await get(platform, 'system/getJobs', { pageNum: 1, pageSize: 50, companyId: other.companyId })).data;
    expect(jobs.list).toEqual([expect.objectContaining({ type: 'scheduled', id, name: 'Other nightly', enabled: true, companyId: other.companyId })]);
    expect(jobs.list[0].companyName).not.toBe('');

    expect((await post(platform, 'system/pauseJob', { type: 'scheduled', id })).code).toBe(0);
    expect((await get(other.api, 'task/getScheduledList')).data[0]).toMatchObject({ enabled: false, nextRun: null });
    expect((await post(platform, 'system/resumeJob', { type: 'scheduled', id })).code).toBe(0);
    expect((await get(other.api, 'task/getScheduledList')).data[0].nextRun).toBeGreaterThan(Date.now());
    expect((await post(platform, 'system/runJob', { type: 'scheduled', id })).data).toMatchObject({ state: 'succeeded', taskType: 'scheduled' });
    expect((await records(other.api, item)).total).toBe(1);

    // The platform company's own job reads with its built-in name in the reader's language.
    const ownItem = await addItem(platform, [{ fieldName: 'n', type: 1 }]);
    const ownExecutable = (await post(platform, 'task/addExecutable', { name: 'Own write', accessMode: 'everyone', actions: [{ kind: 'writeRecord', itemId: ownItem, values: [{ fieldName: 'n', value: 1 }] }] })).data.id;
    const own = (await post(platform, 'task/addScheduled', { name: 'Own nightly', enabled: true, executableId: ownExecutable, schedule: { cron: '0 0 2 * * *' } })).data.id;
    const english = await platform({ method: 'GET', url: '/general/system/getJobs?pageNum=1&pageSize=50&name=Own%20nightly', headers: en }).then(body);
    expect(english.data.list).toEqual([expect.objectContaining({ id: own, companyName: 'SmartData Platform' })]);

    expect((await get(admin.api, 'system/getJobs', { pageNum: 1, pageSize: 10 })).code).toBe(40300);
    expect((await post(admin.api, 'system/pauseJob', { type: 'scheduled', id })).code).toBe(40300);
  });

  it('another company sees none of a company\'s rules, tasks or runs and cannot touch them', async () => {
    const item = await addItem(admin.api, [{ fieldName: 'n', type: 1 }]);
    const executableId = (await post(admin.api, 'task/addExecutable', { name: 'Private', accessMode: 'everyone', actions: [{ kind: 'writeRecord', itemId: item, values: [{ fieldName: 'n', value: 1 }] }] })).data.id;
    expect((await post(other.api, 'task/runExecutable', { id: executableId })).code).toBe(40400);
    expect((await post(other.api, 'task/deleteExecutable', { id: executableId })).code).toBe(40400);
    expect((await post(other.api, 'task/addScheduled', { name: 'Steal', enabled: true, executableId, schedule: { cron: '0 * * * * *' } })).code).toBe(50001);
    const names = (list: Array<{ name: string }>) => list.map((x) => x.name);
    expect(names((await get(other.api, 'task/getExecutableList')).data)).not.toContain('Private');
    expect(names((await get(other.api, 'task/getRuleList')).data)).not.toContain('Too hot');
    const theirRuns = (await get(other.api, 'task/getRuns', { pageNum: 1, pageSize: 100 })).data.list as Array<{ taskName: string }>;
    expect(theirRuns.map((r) => r.taskName)).not.toContain('Too hot');
  });
});
