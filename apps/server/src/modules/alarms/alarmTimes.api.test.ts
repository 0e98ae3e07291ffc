import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, body, createCompanyUser, createTestApp, signIn, type TestApp } from '@server/test/testApp';

/**
 * Issue 31.7: an alarm on a smart analysis's daily total. The window's result is dated at the
 * window's start (local midnight); the alarm says when it was raised (the server's clock) and
 * keeps the value's own time apart. A late source value recomputes the window, its result record is
 * replaced, and the open alarm's value follows it (a recomputed total that now meets a rule opens
 * that rule's alarm).
 */
type Api = ReturnType<typeof as>;
const DAY = 86_400_000;
const SHANGHAI = 8 * 3_600_000;

let t: TestApp;
let api: Api;
beforeAll(async () => {
  t = await createTestApp();
  const user = await createCompanyUser(t.app, { codes: ['sd_capsule', 'cs_rules', 'cs_info', 'sa_task_define', 'sa_task_log', 'um_role'] });
  api = as(t.app, await signIn(t.app, user.userName, user.password));
});
afterAll(async () => {
  await t.close();
});

const post = (url: string, payload: unknown) => api({ method: 'POST', url: `/general/${url}`, payload: payload as object }).then(body);
const get = (url: string, query: Record<string, string | number> = {}) =>
  api({ method: 'GET', url: `/general/${url}?${new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)]))}` }).then(body);

async function addItem(name: string, fieldName: string, directoryId: number): Promise<number> {
  const answer = await post('dataItem/addDataItem', { directoryId, name, kind: 10, fields: [{ name: fieldName, fieldName, type: 1, unit: 'kWh', priority: 1 }] });
  expect(answer.code, JSON.stringify(answer)).toBe(0);
  return answer.data.id;
}

interface Alarm {
  value: number | null;
  valueTime: number | null;
  firstTime: number;
  lastTime: number;
  count: number;
  state: string;
}
async function alarmOf(ruleId: number): Promise<Alarm | undefined> {
  const answer = await get('alarm/getAlarms', { ruleId, pageNum: 1, pageSize: 10 });
  expect(answer.code, JSON.stringify(answer)).toBe(0);
  return (answer.data.list as Alarm[])[0];
}

/** Late values may be coalesced: the queue drained, then a sweep past any short coalescing period. */
async function settle(app: FastifyInstance): Promise<void> {
  await app.tasks.idle();
  await app.tasks.sweep(Date.now() + 10 * 60_000);
  await app.tasks.idle();
  await app.alarms.idle();
}

describe('an alarm on a daily total', () => {
  it('is raised at the run, not at the window start; its value time is the window start; a recomputed total updates it, or opens one', async () => {
    const directoryId = (await post('cabin/addDirectory', { name: 'Energy' })).data.id as number;
    const source = await addItem('Meter', 'kwh', directoryId);
    const target = await addItem('Daily energy', 'total', directoryId);
    expect((await post('dataItem/addRecord', { itemId: source, values: { kwh: 12 } })).code).toBe(0);
    const analysis = await post('task/addAnalysis', {
      name: 'Daily energy sum',
      enabled: true,
      // Once a year: no scheduled run interferes with the manual run and the recompute.
      schedule: { cron: '0 0 0 1 1 *' },
      method: 'sum_daily',
      source: { itemId: source, fieldName: 'kwh' },
      decimals: 2,
      target: { itemId: target, fieldName: 'total' },
    });
    expect(analysis.code, JSON.stringify(analysis)).toBe(0);
    const rule = (name: string, level: number, threshold: number) => ({ name, enabled: true, target: { kind: 'field', itemId: target, fieldName: 'total' }, levels: [{ level, op: 'gt', threshold, kind: 'simple' }] });
    const above10 = (await post('alarm/addRule', rule('Energy above 10', 2, 10))).data.id as number;
    const above15 = (await post('alarm/addRule', rule('Energy above 15', 3, 15))).data.id as number;

    const runAt = Date.now();
    expect((await post('task/runNow', { id: analysis.data.id })).data).toMatchObject({ state: 'succeeded', value: 12 });
    await t.app.alarms.idle();
    const result = (await get('dataItem/getRecords', { itemId: target })).data.list[0] as { id: number; createdAt: number };
    expect((result.createdAt + SHANGHAI) % DAY, 'the result is dated at local midnight').toBe(0);

    const raised = await alarmOf(above10);
    expect(raised!.firstTime, 'raised at the run, not at the window start').toBeGreaterThanOrEqual(runAt);
    expect(raised).toMatchObject({ state: 'active', value: 12, count: 1, valueTime: result.createdAt });
    expect(raised!.lastTime).toBe(raised!.firstTime);
    expect(await alarmOf(above15)).toBeUndefined();

    // A late value: the window is recomputed (20) and its record replaced.
    const lateAt = Date.now();
    expect((await post('dataItem/addRecord', { itemId: source, values: { kwh: 8 } })).code).toBe(0);
    await expect
      .poll(async () => {
        await settle(t.app);
        return (await alarmOf(above10))?.value;
      })
      .toBe(20);
    const records = (await get('dataItem/getRecords', { itemId: target })).data;
    expect(records.total).toBe(1);
    expect(records.list[0]).toMatchObject({ id: result.id, values: { total: 20 } });

    const updated = await alarmOf(above10);
    expect(updated).toMatchObject({ state: 'active', value: 20, valueTime: result.createdAt, firstTime: raised!.firstTime, count: 2 });
    expect(updated!.lastTime).toBeGreaterThanOrEqual(lateAt);
    // The recomputed total now meets the second rule: its alarm opens, dated by its own raise.
    const opened = await alarmOf(above15);
    expect(opened).toMatchObject({ state: 'active', value: 20, valueTime: result.createdAt, count: 1 });
    expect(opened!.firstTime).toBeGreaterThanOrEqual(lateAt);

    // A recompute that leaves the total as it was is no new trigger.
    expect((await post('dataItem/addRecord', { itemId: source, values: { kwh: 0 } })).code).toBe(0);
    await settle(t.app);
    expect(await alarmOf(above10)).toMatchObject({ value: 20, count: 2 });
  });
});
