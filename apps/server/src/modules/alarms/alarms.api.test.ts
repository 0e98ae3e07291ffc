import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '@server/app';
import { testConfig } from '@server/config';
import { dropSchema } from '@server/platform/db/database';
import { as, body, createCompanyUser, createTestApp, signIn, type TestApp } from '@server/test/testApp';

/**
 * Cloud monitoring through the API (issue 15): records added through the API drive rules (open,
 * escalate, acknowledge, clear), concurrency opens one alarm, a lasting window survives a restart,
 * update watches go stale and recover with the clock moved by `app.alarms.sweep(now)`, and nobody
 * sees an alarm of a target they may not read.
 */
type Api = ReturnType<typeof as>;
const codes = ['sd_capsule', 'cs_rules', 'cs_info', 'cs_sditem_update'];
const en = { 'accept-language': 'en-US' };

let t: TestApp;
let admin: { api: Api; companyId: number };
beforeAll(async () => {
  t = await createTestApp();
  admin = await person(t.app, [...codes, 'um_role']);
});
afterAll(async () => {
  await t.close();
});

async function person(app: FastifyInstance, personCodes: string[], companyId?: number): Promise<{ api: Api; companyId: number; userId: number }> {
  const user = await createCompanyUser(app, { codes: personCodes, companyId });
  return { api: as(app, await signIn(app, user.userName, user.password)), companyId: user.companyId, userId: user.userId };
}
const post = (api: Api, url: string, payload: unknown, headers: Record<string, string> = {}) => api({ method: 'POST', url: `/general/${url}`, payload: payload as object, headers }).then(body);
const get = (api: Api, url: string, query: Record<string, string | number> = {}) =>
  api({ method: 'GET', url: `/general/${url}?${new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)]))}` }).then(body);

async function addItem(api: Api, name: string, parentId?: number): Promise<number> {
  const directoryId = parentId ?? (await post(api, 'cabin/addDirectory', { name: `Dir ${name}`.slice(0, 20) })).data.id;
  const answer = await post(api, 'dataItem/addDataItem', {
    directoryId,
    name,
    kind: 13,
    fields: [
      { name: 'Temperature', fieldName: 'temp', type: 1, unit: '℃', priority: 1 },
      { name: 'Note', fieldName: 'note', type: 5, unit: '', priority: 2 },
    ],
  });
  expect(answer.code, JSON.stringify(answer)).toBe(0);
  return answer.data.id;
}
async function record(app: FastifyInstance, api: Api, itemId: number, temp: number): Promise<void> {
  const answer = await post(api, 'dataItem/addRecord', { itemId, values: { temp, note: 'n' } });
  expect(answer.code, JSON.stringify(answer)).toBe(0);
  await app.alarms.idle();
}
async function alarmsOf(api: Api, query: Record<string, string | number>) {
  const answer = await get(api, 'alarm/getAlarms', { pageNum: 1, pageSize: 50, ...query });
  expect(answer.code, JSON.stringify(answer)).toBe(0);
  return answer.data as { total: number; list: Array<{ id: number; level: number; state: string; count: number; value: number | null; ackByName: string | null; ackNote: string | null; clearNote: string | null; kind: string; targetName: string; ruleName: string }> };
}
const simple = (level: number, op: string, threshold: number) => ({ level, op, threshold, kind: 'simple' });

describe('alarm rules', () => {
  it('opens, escalates on the same alarm, is acknowledged, holds in the hysteresis band, clears, and opens anew', async () => {
    const itemId = await addItem(admin.api, 'Kiln 1');
    const added = await post(admin.api, 'alarm/addRule', {
      name: 'Kiln too hot',
      enabled: true,
      target: { kind: 'field', itemId, fieldName: 'temp' },
      levels: [simple(1, 'gt', 50), simple(2, 'gt', 80)],
      clear: { op: 'lt', threshold: 45 },
    });
    expect(added.code, JSON.stringify(added)).toBe(0);
    const ruleId = added.data.id as number;
    expect((await get(admin.api, 'alarm/getRules')).data).toEqual([expect.objectContaining({ id: ruleId, name: 'Kiln too hot', targetName: 'Kiln 1 · Temperature', enabled: true })]);

    await record(t.app, admin.api, itemId, 40);
    expect((await alarmsOf(admin.api, { ruleId })).total).toBe(0);
    await record(t.app, admin.api, itemId, 60);
    let log = await alarmsOf(admin.api, { ruleId });
    expect(log.list).toEqual([expect.objectContaining({ level: 1, state: 'active', count: 1, value: 60, kind: 'threshold', ruleName: 'Kiln too hot' })]);
    const alarmId = log.list[0]!.id;
    expect((await get(admin.api, 'alarm/getAlarmCount')).data).toEqual({ count: 1, byLevel: { '1': 1, '2': 0, '3': 0 } });

    await record(t.app, admin.api, itemId, 90);
    log = await alarmsOf(admin.api, { ruleId });
    expect(log.list).toEqual([expect.objectContaining({ id: alarmId, level: 2, state: 'active', count: 2, value: 90 })]);

    expect((await post(admin.api, 'alarm/ackAlarm', { id: alarmId, note: 'Door opened' })).code).toBe(0);
    expect((await post(admin.api, 'alarm/ackAlarm', { id: alarmId, note: '' }, en)).msg).toBe('The alarm is already acknowledged');
    await record(t.app, admin.api, itemId, 47); // between raise (50) and clear (45): stays
    log = await alarmsOf(admin.api, { ruleId });
    expect(log.list).toEqual([expect.objectContaining({ id: alarmId, level: 2, state: 'acknowledged', ackNote: 'Door opened' })]);
    expect(log.list[0]!.ackByName).toBeTruthy();
    expect((await get(admin.api, 'alarm/getAlarmCount')).data.count).toBe(0);

    await record(t.app, admin.api, itemId, 40);
    log = await alarmsOf(admin.api, { ruleId });
    expect(log.list).toEqual([expect.objectContaining({ id: alarmId, state: 'cleared' })]);

    await record(t.app, admin.api, itemId, 55);
    log = await alarmsOf(admin.api, { ruleId });
    expect(log.total).toBe(2);
    expect(log.list[0]).toMatchObject({ level: 1, state: 'active', count: 1 });
    expect(log.list[0]!.id).not.toBe(alarmId);

    // By hand, with a note; the filter by state finds it.
    expect((await post(admin.api, 'alarm/clearAlarm', { id: log.list[0]!.id, note: 'Sensor swapped' })).code).toBe(0);
    expect((await alarmsOf(admin.api, { ruleId, state: 'cleared' })).list.map((a) => a.clearNote)).toEqual(['Sensor swapped', null]);
    expect((await alarmsOf(admin.api, { ruleId, preset: 'today' })).total).toBe(2);
    expect((await alarmsOf(admin.api, { ruleId, preset: 'yesterday' })).total).toBe(0);

    // The log as XLSX in the caller's language.
    const file = await admin.api({ url: `/general/alarm/exportAlarms?ruleId=${ruleId}`, headers: en });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-disposition']).toContain('Alarm%20log.xlsx');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(file.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    expect(sheet.getRow(1).getCell(2).value).toBe('Alarm rule');
    expect(sheet.rowCount).toBe(3);
    expect(sheet.getRow(2).getCell(6).value).toBe('Cleared');
  });

  it('200 records above the threshold at once open exactly one alarm, counted 200 times', async () => {
    const itemId = await addItem(admin.api, 'Burst');
    const ruleId = (await post(admin.api, 'alarm/addRule', { name: 'Burst high', enabled: true, target: { kind: 'field', itemId, fieldName: 'temp' }, levels: [simple(3, 'gte', 10)] })).data.id;
    const answers = await Promise.all(Array.from({ length: 200 }, (_, i) => post(admin.api, 'dataItem/addRecord', { itemId, values: { temp: 20 + (i % 7) } })));
    expect(answers.every((a) => a.code === 0)).toBe(true);
    await t.app.alarms.idle();
    const log = await alarmsOf(admin.api, { ruleId });
    expect(log.total).toBe(1);
    expect(log.list[0]).toMatchObject({ level: 3, state: 'active', count: 200 });
  });

  it('repeating needs N consecutive values; refuses a rule on an unreadable item (40300) and rule violations (50001 with the reason)', async () => {
    const itemId = await addItem(admin.api, 'Pump');
    const ruleId = (
      await post(admin.api, 'alarm/addRule', { name: 'Pump 3 in a row', enabled: true, target: { kind: 'field', itemId, fieldName: 'temp' }, levels: [{ level: 2, op: 'gt', threshold: 5, kind: 'repeating', count: 3 }] })
    ).data.id;
    for (const temp of [6, 7, 1, 6, 7]) {
      await record(t.app, admin.api, itemId, temp);
    }
    expect((await alarmsOf(admin.api, { ruleId })).total).toBe(0);
    await record(t.app, admin.api, itemId, 8);
    expect((await alarmsOf(admin.api, { ruleId })).list).toEqual([expect.objectContaining({ level: 2, value: 8 })]);

    const duplicate = await post(admin.api, 'alarm/addRule', { name: 'Twice', enabled: true, target: { kind: 'field', itemId, fieldName: 'temp' }, levels: [simple(1, 'gt', 1), simple(1, 'gt', 2)] }, en);
    expect(duplicate).toMatchObject({ code: 50001, data: 'Each alarm level can have only one condition' });
    const text = await post(admin.api, 'alarm/addRule', { name: 'On text', enabled: true, target: { kind: 'field', itemId, fieldName: 'note' }, levels: [simple(1, 'gt', 1)] }, en);
    expect(text).toMatchObject({ code: 50001, data: 'The field "Note" is not numeric' });
    const lasting = await post(admin.api, 'alarm/addRule', { name: 'No time', enabled: true, target: { kind: 'field', itemId, fieldName: 'temp' }, levels: [{ level: 1, op: 'gt', threshold: 1, kind: 'lasting' }] }, en);
    expect(lasting.code).toBe(50001);
    expect(lasting.msg).not.toMatch(/alarm\./);
    expect((await post(admin.api, 'alarm/addRule', { name: 'Pump 3 in a row', enabled: true, target: { kind: 'field', itemId, fieldName: 'temp' }, levels: [simple(1, 'gt', 1)] })).code).toBe(40900);

    // A member who may not read the item's directory: 40300 for a rule on it.
    const directory = (await get(admin.api, 'dataItem/getDataItem', { id: itemId })).data.directoryId as number;
    expect((await post(admin.api, 'cabin/setPermission', { nodeId: directory, mode: 'custom', grants: [] })).code).toBe(0);
    const member = await person(t.app, codes, admin.companyId);
    expect((await post(member.api, 'alarm/addRule', { name: 'Sneaky', enabled: true, target: { kind: 'field', itemId, fieldName: 'temp' }, levels: [simple(1, 'gt', 1)] })).code).toBe(40300);
    // …nor sees its rules or alarms.
    expect((await get(member.api, 'alarm/getRules')).data.map((r: { id: number }) => r.id)).not.toContain(ruleId);
    expect((await alarmsOf(member.api, { ruleId })).total).toBe(0);
    const alarmId = (await alarmsOf(admin.api, { ruleId })).list[0]!.id;
    expect((await post(member.api, 'alarm/ackAlarm', { id: alarmId, note: '' })).code).toBe(40400);
  });

  it("another company's user sees none of it and cannot touch it", async () => {
    const itemId = await addItem(admin.api, 'Secret line');
    const ruleId = (await post(admin.api, 'alarm/addRule', { name: 'Secret high', enabled: true, target: { kind: 'field', itemId, fieldName: 'temp' }, levels: [simple(1, 'gt', 0)] })).data.id;
    await record(t.app, admin.api, itemId, 5);
    const alarmId = (await alarmsOf(admin.api, { ruleId })).list[0]!.id;
    const other = await person(t.app, [...codes, 'um_role']);
    expect((await alarmsOf(other.api, {})).total).toBe(0);
    expect((await get(other.api, 'alarm/getRules')).data).toEqual([]);
    expect((await get(other.api, 'alarm/getAlarmCount')).data.count).toBe(0);
    expect((await post(other.api, 'alarm/ackAlarm', { id: alarmId, note: '' })).code).toBe(40400);
    expect((await post(other.api, 'alarm/clearAlarm', { id: alarmId, note: '' })).code).toBe(40400);
    expect((await post(other.api, 'alarm/deleteRule', { id: ruleId })).code).toBe(40400);
    expect((await post(other.api, 'alarm/ackAlarms', { ids: [alarmId], note: '' })).data).toEqual({ count: 0 });
    expect((await post(other.api, 'alarm/addRule', { name: 'Steal', enabled: true, target: { kind: 'field', itemId, fieldName: 'temp' }, levels: [simple(1, 'gt', 0)] })).code).toBe(40400);
    expect((await alarmsOf(admin.api, { ruleId })).list[0]).toMatchObject({ state: 'active' });
  });

  it("refuses another company's users and groups as recipients instead of storing them", async () => {
    const itemId = await addItem(admin.api, 'Recipients line');
    const colleague = await person(t.app, codes, admin.companyId);
    const stranger = await person(t.app, [...codes, 'um_user_group']);
    const foreignGroup = (await post(stranger.api, 'company/group/addGroup', { name: 'Their shift' })).data.id as number;
    const rule = (notify: object) => ({ name: `Notify ${JSON.stringify(notify)}`.slice(0, 25), enabled: true, target: { kind: 'field', itemId, fieldName: 'temp' }, levels: [simple(1, 'gt', 0)], notify: { email: true, ...notify } });
    expect(await post(admin.api, 'alarm/addRule', rule({ userIds: [colleague.userId, stranger.userId] }), en)).toEqual({
      code: 50001,
      msg: 'Validation failed',
      data: `The user is not a member of this company: ${stranger.userId}`,
    });
    expect(await post(admin.api, 'alarm/addRule', rule({ groupIds: [foreignGroup] }), en)).toMatchObject({ code: 50001, data: `This company has no such group: ${foreignGroup}` });
    const added = await post(admin.api, 'alarm/addRule', rule({ userIds: [colleague.userId] }));
    expect(added.code).toBe(0);
    const update = await post(admin.api, 'alarm/updateRule', { id: added.data.id, ...rule({ userIds: [stranger.userId] }) });
    expect(update.code).toBe(50001);
    const stored = (await get(admin.api, 'alarm/getRules')).data.find((r: { id: number }) => r.id === added.data.id);
    expect(stored.notify.userIds).toEqual([colleague.userId]);
  });
});

describe('update watches', () => {
  it('opens "stopped updating" when no record arrives in time (clock moved, not slept) and clears on the next record', async () => {
    const itemId = await addItem(admin.api, 'Daily meter');
    const added = await post(admin.api, 'alarm/addUpdateWatch', { itemId, everyMinutes: 5, level: 2 });
    expect(added.code, JSON.stringify(added)).toBe(0);
    const watchId = added.data.id as number;
    expect((await post(admin.api, 'alarm/addUpdateWatch', { itemId, everyMinutes: 1, level: 1 })).code).toBe(40900);
    const [watch] = (await get(admin.api, 'alarm/getUpdateWatches')).data.filter((w: { id: number }) => w.id === watchId);
    expect(watch).toMatchObject({ itemId, itemName: 'Daily meter', everyMinutes: 5, alarmId: null });

    await t.app.alarms.sweep(watch.deadline - 1);
    expect((await alarmsOf(admin.api, { watchId })).total).toBe(0);
    await t.app.alarms.sweep(watch.deadline + 1);
    await t.app.alarms.sweep(watch.deadline + 2); // once, not again
    let log = await alarmsOf(admin.api, { watchId });
    expect(log.list).toEqual([expect.objectContaining({ kind: 'stale', level: 2, state: 'active', value: null, targetName: 'Daily meter' })]);

    await record(t.app, admin.api, itemId, 1);
    log = await alarmsOf(admin.api, { watchId });
    expect(log.list).toEqual([expect.objectContaining({ state: 'cleared' })]);
    const [after] = (await get(admin.api, 'alarm/getUpdateWatches')).data.filter((w: { id: number }) => w.id === watchId);
    expect(after.alarmId).toBeNull();
    expect(after.deadline - after.lastRecordTime).toBe(5 * 60_000);
  });

  it('a watch on an item that already has records starts from its last one; a daily watch is due at the next daily time', async () => {
    const itemId = await addItem(admin.api, 'Meter read by hand');
    await record(t.app, admin.api, itemId, 3);
    const last = (await get(admin.api, 'dataItem/getRecords', { itemId })).data.list[0].createdAt as number;
    const watchId = (await post(admin.api, 'alarm/addUpdateWatch', { itemId, everyMinutes: 1440, dailyAtMinute: 9 * 60 + 30, level: 1 })).data.id;
    const [watch] = (await get(admin.api, 'alarm/getUpdateWatches')).data.filter((w: { id: number }) => w.id === watchId);
    expect(watch.lastRecordTime).toBe(last);
    // Due at a 09:30 in Shanghai, no more than two days on.
    const local = new Date(watch.deadline + 8 * 3_600_000);
    expect([local.getUTCHours(), local.getUTCMinutes()]).toEqual([9, 30]);
    expect(watch.deadline - Date.now()).toBeLessThanOrEqual(2 * 86_400_000);
    expect(watch.deadline).toBeGreaterThan(Date.now());
  });
});

describe('lasting rules and restarts', () => {
  it('a lasting window begun before a restart completes after it, from the state in the database', async () => {
    const pg = process.env.TEST_DATABASE_URL || undefined;
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sd-alarms-'));
    const schema = pg ? `t_${randomBytes(6).toString('hex')}` : undefined;
    const config = testConfig({ sqliteFile: path.join(dir, 'db.sqlite'), databaseUrl: pg, databaseSchema: schema, adminPassword: 'Admin12345' });
    try {
      let app = await buildApp(config);
      const boss = await person(app, [...codes, 'um_role']);
      const itemId = await addItem(boss.api, 'Furnace');
      const ruleId = (
        await post(boss.api, 'alarm/addRule', { name: 'Hot 30 min', enabled: true, target: { kind: 'field', itemId, fieldName: 'temp' }, levels: [{ level: 3, op: 'gt', threshold: 100, kind: 'lasting', seconds: 1800 }] })
      ).data.id;
      await record(app, boss.api, itemId, 120);
      const started = (await get(boss.api, 'dataItem/getRecords', { itemId })).data.list[0].createdAt as number;
      await app.alarms.sweep(started + 1_799_000);
      expect((await alarmsOf(boss.api, { ruleId })).total).toBe(0);
      await app.close();

      app = await buildApp(config);
      const again = await createCompanyUser(app, { codes: [...codes, 'um_role'], companyId: boss.companyId });
      const bossAgain = as(app, await signIn(app, again.userName, again.password));
      await app.alarms.sweep(started + 1_800_001);
      const log = await alarmsOf(bossAgain, { ruleId });
      expect(log.list).toEqual([expect.objectContaining({ level: 3, state: 'active', value: 120 })]);
      await app.close();
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
      if (pg && schema) {
        await dropSchema(pg, schema);
      }
    }
  });
});

describe('notifications', () => {
  it('sends SMS and e-mail (a real SMTP server) to the chosen users and delegates on open, and on clear when asked', async () => {
    const { SMTPServer } = await import('smtp-server');
    const received: Array<{ to: string[]; text: string }> = [];
    const smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      onData(stream, session, done) {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          received.push({ to: session.envelope.rcptTo.map((r) => r.address), text: Buffer.concat(chunks).toString('utf8') });
          done();
        });
      },
    });
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
    const smtpPort = (smtp.server.address() as { port: number }).port;
    const mailed = await createTestApp({ smtpUrl: `smtp://127.0.0.1:${smtpPort}`, mailFrom: 'alarms@example.com' });
    try {
      const boss = await person(mailed.app, [...codes, 'um_role', 'sys_company_info']);
      const worker = await createCompanyUser(mailed.app, { codes: [], companyId: boss.companyId, phone: '13900000001' });
      const deputy = await createCompanyUser(mailed.app, { codes: [], companyId: boss.companyId, phone: '13900000002' });
      const workerApi = as(mailed.app, await signIn(mailed.app, worker.userName, worker.password));
      expect((await post(workerApi, 'user/updateUser', { email: 'not-an-address' }, en)).data).toBe('Enter a valid e-mail address');
      expect((await post(workerApi, 'user/updateUser', { email: 'worker@example.com' })).code).toBe(0);
      expect((await get(workerApi, 'user/getUser')).data.email).toBe('worker@example.com');
      expect((await post(boss.api, 'company/addAlertDelegator', { delegatorId: worker.userId, delegateId: deputy.userId })).code).toBe(0);

      const itemId = await addItem(boss.api, 'Boiler');
      const rule = await post(boss.api, 'alarm/addRule', {
        name: 'Boiler pressure',
        enabled: true,
        target: { kind: 'field', itemId, fieldName: 'temp' },
        levels: [simple(2, 'gt', 10)],
        notify: { userIds: [worker.userId], delegations: true, sms: true, email: true, notifyOnClear: true },
      });
      expect(rule.code, JSON.stringify(rule)).toBe(0);
      await record(mailed.app, boss.api, itemId, 12);
      const latest = async (phone: string) => mailed.app.platform.sms.latestTo!(phone);
      expect(await latest('13900000001')).toContain('Boiler pressure');
      expect(await latest('13900000002')).toContain('Boiler pressure');
      await expect.poll(() => received.length).toBe(1);
      // Recipients in Bcc (the envelope), the sender as the visible To.
      expect(received[0]!.to).toEqual(['alarms@example.com', 'worker@example.com']);
      expect(received[0]!.text).not.toContain('worker@example.com');
      expect(received[0]!.text).toContain('Boiler');

      await record(mailed.app, boss.api, itemId, 5);
      expect(await latest('13900000001')).toMatch(/告警已恢复：Boiler pressure/);
      await expect.poll(() => received.length).toBe(2);
    } finally {
      await mailed.close();
      await new Promise<void>((resolve) => smtp.close(() => resolve()));
    }
  });
  it("a rule's own message (a content template's text) is filled with the record that raised the alarm; without one the text is unchanged", async () => {
    const boss = await person(t.app, [...codes, 'um_role']);
    const withMessage = await createCompanyUser(t.app, { codes: [], companyId: boss.companyId, phone: '13900000011' });
    const plain = await createCompanyUser(t.app, { codes: [], companyId: boss.companyId, phone: '13900000012' });
    const itemId = await addItem(boss.api, 'Kiln');
    const template = await post(boss.api, 'template/addContentTemplate', { name: 'Kiln heat', itemId, content: '{{@itemName}}：{{note}} 温度 {{ temp }}{{missing}}' });
    expect(template.code, JSON.stringify(template)).toBe(0);
    const { list } = (await get(boss.api, 'template/getContentTemplates')).data as { list: { id: number; content: string }[] };
    const message = list.find((c) => c.id === template.data.id)!.content;
    const rule = (name: string, userId: number, extra: object = {}) => ({
      name,
      enabled: true,
      target: { kind: 'field', itemId, fieldName: 'temp' },
      levels: [simple(1, 'gt', 40)],
      notify: { userIds: [userId], sms: true, notifyOnClear: true },
      ...extra,
    });
    expect((await post(boss.api, 'alarm/addRule', rule('Kiln long', withMessage.userId, { message: 'x'.repeat(201) }))).code).toBe(50001);
    const added = await post(boss.api, 'alarm/addRule', rule('Kiln heat', withMessage.userId, { message }));
    expect(added.code, JSON.stringify(added)).toBe(0);
    expect((await post(boss.api, 'alarm/addRule', rule('Kiln plain', plain.userId, { message: '  ' }))).code).toBe(0);
    const rules = (await get(boss.api, 'alarm/getRules')).data as Array<{ name: string; message: string | null }>;
    expect(rules.map((r) => [r.name, r.message])).toEqual(expect.arrayContaining([['Kiln heat', message], ['Kiln plain', null]]));

    const latest = (phone: string) => t.app.platform.sms.latestTo!(phone);
    await record(t.app, boss.api, itemId, 41.2);
    expect(await latest('13900000011')).toBe('告警：Kiln heat，Kiln：n 温度 41.2 ℃');
    expect(await latest('13900000012')).toBe('告警：Kiln plain');
    await record(t.app, boss.api, itemId, 5);
    expect(await latest('13900000011')).toBe('告警已恢复：Kiln heat，Kiln：n 温度 5 ℃');
    expect(await latest('13900000012')).toBe('告警已恢复：Kiln plain');
  });
});
