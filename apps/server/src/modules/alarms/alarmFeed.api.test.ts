import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, body, createCompanyUser, createTestApp, signIn, type TestApp } from '@server/test/testApp';

/**
 * The dashboards' alarm widget and the carousel marquee read `dashboard/getAlarmFeed`: cloud
 * monitoring provides the open alarms the viewer may read, newest first; another company's
 * viewer gets none of them.
 */
type Api = ReturnType<typeof as>;

let t: TestApp;
let api: Api;
let stranger: Api;
beforeAll(async () => {
  t = await createTestApp();
  const codes = ['sd_capsule', 'sd_board', 'cs_rules', 'cs_info', 'um_role'];
  const user = await createCompanyUser(t.app, { codes });
  api = as(t.app, await signIn(t.app, user.userName, user.password));
  const other = await createCompanyUser(t.app, { codes });
  stranger = as(t.app, await signIn(t.app, other.userName, other.password));
});
afterAll(async () => {
  await t.close();
});

const call = (who: Api, method: 'GET' | 'POST', url: string, payload?: object) => who({ method, url: `/general/${url}`, payload }).then(body);

describe('the alarm feed of the dashboards', () => {
  it('lists the open alarms newest first, with the rule, the target and the value; another company sees none', async () => {
    expect((await call(api, 'GET', 'dashboard/getAlarmFeed')).data).toEqual({ provided: true, list: [] });
    const directoryId = (await call(api, 'POST', 'cabin/addDirectory', { name: 'Boiler house' })).data.id as number;
    const item = await call(api, 'POST', 'dataItem/addDataItem', { directoryId, name: 'Boiler', kind: 10, fields: [{ name: 'Pressure', fieldName: 'pressure', type: 1, unit: 'bar', priority: 1 }] });
    expect(item.code, JSON.stringify(item)).toBe(0);
    const rule = (name: string, level: number, threshold: number) => ({ name, enabled: true, target: { kind: 'field', itemId: item.data.id, fieldName: 'pressure' }, levels: [{ level, op: 'gt', threshold, kind: 'simple' }] });
    expect((await call(api, 'POST', 'alarm/addRule', rule('Pressure high', 2, 10))).code).toBe(0);
    expect((await call(api, 'POST', 'dataItem/addRecord', { itemId: item.data.id, values: { pressure: 12.5 } })).code).toBe(0);
    await t.app.alarms.idle();
    expect((await call(api, 'POST', 'alarm/addRule', rule('Pressure very high', 3, 12))).code).toBe(0);
    expect((await call(api, 'POST', 'dataItem/addRecord', { itemId: item.data.id, values: { pressure: 13 } })).code).toBe(0);
    await t.app.alarms.idle();

    const feed = (await call(api, 'GET', 'dashboard/getAlarmFeed')).data as { provided: boolean; list: { level: number; message: string; at: number }[] };
    expect(feed.provided).toBe(true);
    expect(feed.list.map((a) => [a.level, a.message])).toEqual([
      [3, 'Pressure very high · Boiler · Pressure: 13'],
      [2, 'Pressure high · Boiler · Pressure: 13'],
    ]);
    expect(feed.list[0].at).toBeGreaterThanOrEqual(feed.list[1].at);
    expect((await call(stranger, 'GET', 'dashboard/getAlarmFeed')).data).toEqual({ provided: true, list: [] });
  });
});
