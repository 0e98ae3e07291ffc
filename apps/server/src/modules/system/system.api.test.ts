import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Scheduler } from '@server/platform/scheduler';
import { adminPassword, as, body, createCompanyUser, createTestApp, signIn, type TestApp } from '@server/test/testApp';

let t: TestApp;
let admin: ReturnType<typeof as>;
beforeAll(async () => {
  t = await createTestApp();
  admin = as(t.app, await signIn(t.app, 'admin', adminPassword));
});
afterAll(async () => {
  await t.close();
});

const post = (call: ReturnType<typeof as>, url: string, payload: unknown = {}, remoteAddress?: string) =>
  call({ method: 'POST', url, payload: payload as Record<string, unknown>, ...(remoteAddress ? { remoteAddress } : {}) });

/** Audit rows are written just after the answer; give them a moment. */
async function auditRows(query: string) {
  for (let i = 0; i < 20; i += 1) {
    const page = body(await admin({ url: `/general/system/getAuditLog?${query}` })).data;
    if (page.total > 0) {
      return page;
    }
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  return body(await admin({ url: `/general/system/getAuditLog?${query}` })).data;
}

describe('audit log', () => {
  it('records every write call: who, company, what, target, IP, result', async () => {
    const user = await createCompanyUser(t.app, { codes: ['um_user_group'], userName: 'auditee_li' });
    const call = as(t.app, await signIn(t.app, user.userName, user.password));
    await post(call, '/general/company/group/addGroup', { name: 'Audited group' }, '10.9.8.7');
    const page = await auditRows('userName=auditee_li&action=addGroup');
    expect(page.total).toBe(1);
    expect(page.list[0]).toMatchObject({
      userId: user.userId,
      userName: 'auditee_li',
      companyId: user.companyId,
      method: 'POST',
      action: '/general/company/group/addGroup',
      ip: '10.9.8.7',
      code: 0,
    });
    expect(JSON.parse(page.list[0].target)).toEqual({ name: 'Audited group' });
  });

  it('records failures with their code, sign-ins without secrets, and not reads', async () => {
    await t.app.inject({ method: 'POST', url: '/general/user/access/getToken', headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'username=ghost_user&password=TopSecret99' });
    const failed = await auditRows('userName=ghost_user&result=failure');
    expect(failed.list[0]).toMatchObject({ action: '/general/user/access/getToken', code: 40100 });
    expect(JSON.stringify(failed.list[0])).not.toContain('TopSecret99');
    const user = await createCompanyUser(t.app, { codes: ['um_user'], userName: 'reader_wu' });
    await as(t.app, await signIn(t.app, user.userName, user.password))({ url: '/general/company/member/getMemberList' });
    const reads = await auditRows('userName=reader_wu&action=getMemberList');
    expect(reads.total).toBe(0);
    // A POST that only reads (chart/query, gateway/checkFlow: `readOnly`) is not a write either;
    // a POST that writes, by the same person just after, is.
    const charter = await createCompanyUser(t.app, { codes: ['sd_capsule', 'um_user_group'], userName: 'charter_qian' });
    const charterCall = as(t.app, await signIn(t.app, charter.userName, charter.password));
    const query = await post(charterCall, '/general/chart/query', { itemId: 987_654, bucket: 'raw', range: { preset: 'today' }, series: [{ field: 'temperature' }] });
    expect(body(query).code).toBe(40400);
    await post(charterCall, '/general/company/group/addGroup', { name: 'Charted group' });
    expect((await auditRows('userName=charter_qian&action=addGroup')).total).toBe(1);
    expect((await auditRows('userName=charter_qian&action=query')).total).toBe(0);
  });

  it('filters by time and pages', async () => {
    const all = body(await admin({ url: '/general/system/getAuditLog?pageNum=1&pageSize=2' })).data;
    expect(all.list).toHaveLength(2);
    expect(all.total).toBeGreaterThan(2);
    expect(all.list[0].id).toBeGreaterThan(all.list[1].id);
    const future = body(await admin({ url: `/general/system/getAuditLog?from=${Date.now() + 60_000}` })).data;
    expect(future.total).toBe(0);
  });
});

describe('IP allow-list', () => {
  it('cannot lock out the saver, refuses other addresses everywhere, and can be emptied', async () => {
    const me = '127.0.0.1';
    const locked = await post(admin, '/general/system/addWhiteIp', { ip: '192.168.50.0/24' }, me);
    expect(body(locked)).toMatchObject({ code: 50001 });
    expect(body(locked).data).toContain('127.0.0.1');
    expect(body(await post(admin, '/general/system/addWhiteIp', { ip: '999.1.1.1' }, me)).code).toBe(50001);
    const mine = body(await post(admin, '/general/system/addWhiteIp', { ip: me, remark: 'ops desk' }, me)).data.id;
    const office = body(await post(admin, '/general/system/addWhiteIp', { ip: '192.168.50.0/24' }, me)).data.id;
    expect(body(await post(admin, '/general/system/addWhiteIp', { ip: me }, me)).code).toBe(40900);

    const outsider = await t.app.inject({ method: 'POST', url: '/general/user/access/getToken', remoteAddress: '10.0.0.5', headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: `username=admin&password=${adminPassword}` });
    expect(outsider.statusCode).toBe(403);
    expect(body(outsider)).toMatchObject({ code: 40310, msg: '当前 IP 地址不在允许访问的列表中' });
    expect(body(await admin({ url: '/general/user/getUser', remoteAddress: '10.0.0.5' })).code).toBe(40310);
    expect(body(await admin({ url: '/general/user/getUser', remoteAddress: '192.168.50.77' })).code).toBe(0);
    expect(body(await t.app.inject({ url: '/general/health', remoteAddress: '10.0.0.5' })).code).toBe(0);

    // Removing the saver's own entry while another remains would lock them out.
    expect(body(await post(admin, '/general/system/deleteWhiteIp', { id: mine }, me)).code).toBe(50001);
    expect(body(await post(admin, '/general/system/deleteWhiteIp', { id: office }, me)).code).toBe(0);
    expect(body(await post(admin, '/general/system/deleteWhiteIp', { id: mine }, me)).code).toBe(0);
    expect(body(await admin({ url: '/general/user/getUser', remoteAddress: '10.0.0.5' })).code).toBe(0);
  });
});

describe('data retention, acquisition, assignments', () => {
  it('the purge job asks every module to delete values older than the retention', async () => {
    const user = await createCompanyUser(t.app, { codes: [] });
    const calls: { companyId: number; before: number }[] = [];
    t.app.platform.registry.purgers.push(async (companyId, before) => {
      calls.push({ companyId, before });
      return 42;
    });
    expect(body(await post(admin, '/general/system/setRetention', { companyId: user.companyId, rawDays: 30 })).code).toBe(0);
    const started = Date.now();
    const run = body(await post(admin, '/general/system/runPurge')).data;
    expect(run).toMatchObject({ ran: true, companies: 1, rows: 42 });
    expect(calls).toHaveLength(1);
    expect(calls[0].companyId).toBe(user.companyId);
    expect(Math.abs(calls[0].before - (started - 30 * 86_400_000))).toBeLessThan(5_000);
    const list = body(await admin({ url: '/general/system/getRetentionList' })).data;
    expect(list.find((r: { companyId: number }) => r.companyId === user.companyId)).toMatchObject({ rawDays: 30, lastPurgedRows: 42 });
    t.app.platform.registry.purgers.pop();
  });

  it('acquisition shows what modules report, and nothing invented before', async () => {
    const user = await createCompanyUser(t.app, { codes: [], companyName: 'Sensors Ltd' });
    let status = body(await admin({ url: '/general/system/getAcquisitionStatus' })).data;
    expect(status.find((s: { companyId: number }) => s.companyId === user.companyId)).toMatchObject({ devicesOnline: null, valuesToday: null });
    t.app.platform.registry.acquisition.push(async (ids) => new Map(ids.map((id) => [id, { devicesTotal: 3, devicesOnline: 2, valuesToday: 1440 }])));
    status = body(await admin({ url: '/general/system/getAcquisitionStatus' })).data;
    expect(status.find((s: { companyId: number }) => s.companyId === user.companyId)).toMatchObject({ displayName: 'Sensors Ltd', devicesTotal: 3, devicesOnline: 2, valuesToday: 1440 });
    t.app.platform.registry.acquisition.pop();
  });

  it('my assignments: a user holding neither the alarm nor the task code is assigned nothing (assignments.api.test.ts has the rest)', async () => {
    const user = await createCompanyUser(t.app, { codes: ['pc_my_assignment'] });
    const call = as(t.app, await signIn(t.app, user.userName, user.password));
    expect(body(await call({ url: '/general/user/getMyAssignments' })).data).toEqual({ list: [], total: 0, counts: { alarm: 0, task: 0 } });
  });

  it('a job lease is held by one scheduler at a time', async () => {
    const first = new Scheduler(t.app.platform.db, t.app.log, 'Asia/Shanghai');
    const second = new Scheduler(t.app.platform.db, t.app.log, 'Asia/Shanghai');
    expect(await first.acquire('lease-test', 60_000)).toBe(true);
    expect(await second.acquire('lease-test', 60_000)).toBe(false);
    expect(await first.acquire('lease-test', 60_000)).toBe(true);
    expect(await second.acquire('lease-test', 60_000, Date.now() + 120_000)).toBe(true);
  });
});
