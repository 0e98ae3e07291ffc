import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminPassword, as, body, createTestApp, signIn, type TestApp } from '@server/test/testApp';

// Built-in records (the platform company, the administrator roles) read in the caller's language
// until a user renames them (issue 13.11).
let t: TestApp;
let admin: ReturnType<typeof as>;
beforeAll(async () => {
  t = await createTestApp();
  admin = as(t.app, await signIn(t.app, 'admin', adminPassword));
});
afterAll(async () => {
  await t.close();
});

const en = { 'accept-language': 'en-US,en;q=0.9' };
const zh = { 'accept-language': 'zh-CN,zh;q=0.9' };
type Headers = typeof en;
const get = (url: string, headers: Headers) => admin({ url, headers });
const post = (url: string, payload: Record<string, unknown>, headers: Headers = zh) => admin({ method: 'POST', url, payload, headers });
const roleNames = async (headers: Headers, companyId?: number) =>
  (body(await get(`/general/role/getRoleList${companyId ? `?companyId=${companyId}` : ''}`, headers)).data as { id: number; name: string }[]).map((r) => r.name);

describe('built-in names', () => {
  it('the platform administrator role and the platform company read in the caller language', async () => {
    expect(await roleNames(en)).toContain('Platform administrator');
    expect(await roleNames(zh)).toContain('平台管理员');

    const memberRoles = async (headers: Headers) =>
      (body(await get('/general/company/member/getMemberList?pageNum=1&pageSize=50', headers)).data.list as { roles: { name: string }[] }[]).flatMap((m) => m.roles.map((r) => r.name));
    expect(await memberRoles(en)).toContain('Platform administrator');
    expect(await memberRoles(zh)).toContain('平台管理员');

    expect(body(await get('/general/company/getCompany', en)).data.displayName).toBe('SmartData Platform');
    expect(body(await get('/general/company/getCompany', zh)).data.displayName).toBe('智慧数据平台');
    expect(body(await get('/general/user/getUser', en)).data.company.displayName).toBe('SmartData Platform');
    expect(body(await get('/general/user/getUser', zh)).data.company.displayName).toBe('智慧数据平台');
    const companyNames = async (headers: Headers) =>
      (body(await get('/general/company/getCompanyList?pageNum=1&pageSize=50', headers)).data.list as { displayName: string }[]).map((c) => c.displayName);
    expect(await companyNames(en)).toContain('SmartData Platform');
    expect(await companyNames(zh)).toContain('智慧数据平台');
    const userCompanies = async (headers: Headers) =>
      (body(await get('/general/user/getSysUserList?pageNum=1&pageSize=50', headers)).data.list as { userName: string; companies: { displayName: string }[] }[])
        .find((u) => u.userName === 'admin')
        ?.companies.map((c) => c.displayName);
    expect(await userCompanies(en)).toEqual(['SmartData Platform']);
    expect(await userCompanies(zh)).toEqual(['智慧数据平台']);
  });

  it("a new company's administrator role follows the reader; a renamed role keeps its new name in both languages", async () => {
    const companyId = body(await post('/general/company/addCompany', { displayName: 'Renaming Co' })).data.id as number;
    expect(await roleNames(en, companyId)).toEqual(['Company administrator']);
    expect(await roleNames(zh, companyId)).toEqual(['公司管理员']);
    const [role] = body(await get(`/general/role/getRoleList?companyId=${companyId}`, en)).data as { id: number; codes: string[] }[];

    // Saving the role as shown (the English name, codes changed) is no rename.
    expect(body(await post('/general/role/updateRole', { id: role!.id, companyId, name: 'Company administrator', codes: role!.codes.slice(1) }, en)).code).toBe(0);
    expect(await roleNames(zh, companyId)).toEqual(['公司管理员']);

    expect(body(await post('/general/role/updateRole', { id: role!.id, companyId, name: '总管', codes: role!.codes })).code).toBe(0);
    expect(await roleNames(en, companyId)).toEqual(['总管']);
    expect(await roleNames(zh, companyId)).toEqual(['总管']);
  });

  it('the audit log and the retention list name the platform company in the caller language', async () => {
    const { companyId } = body(await get('/general/company/getCompany', zh)).data as { companyId: number };
    const auditCompanies = async (headers: Headers) =>
      (body(await get(`/general/system/getAuditLog?pageNum=1&pageSize=50&companyId=${companyId}`, headers)).data.list as { companyName: string }[]).map((entry) => entry.companyName);
    expect(await auditCompanies(en)).toContain('SmartData Platform');
    expect(await auditCompanies(zh)).toContain('智慧数据平台');
    const retained = async (headers: Headers) =>
      (body(await get('/general/system/getRetentionList', headers)).data as { companyId: number; displayName: string }[]).find((r) => r.companyId === companyId)?.displayName;
    expect(await retained(en)).toBe('SmartData Platform');
    expect(await retained(zh)).toBe('智慧数据平台');

    const now = Date.now();
    expect(body(await post('/general/order/addOrder', { companyId, swProductId: 'smartdata', subTypeId: 'standard', startAt: now, expireAt: now + 86_400_000 })).code).toBe(0);
    const ordered = async (headers: Headers) =>
      (body(await get(`/general/order/getOrderList?pageNum=1&pageSize=50&companyId=${companyId}`, headers)).data.list as { companyName: string }[]).map((o) => o.companyName);
    expect(await ordered(en)).toEqual(['SmartData Platform']);
    expect(await ordered(zh)).toEqual(['智慧数据平台']);
  });

  it("a directory's company-wide grant names the platform company in the caller language", async () => {
    const { id } = body(await post('/general/cabin/addDirectory', { parentId: null, name: 'Builtin names' })).data as { id: number };
    const companyGrant = async (headers: Headers) =>
      (body(await get(`/general/cabin/getPermission?nodeId=${id}`, headers)).data.inherited as { scope: string; targetName: string }[]).find((g) => g.scope === 'company')?.targetName;
    expect(await companyGrant(en)).toBe('SmartData Platform');
    expect(await companyGrant(zh)).toBe('智慧数据平台');
  });

  it("the system meters and a meter's log name the platform company in the caller language (issue 31.15)", async () => {
    const directory = body(await post('/general/cabin/addDirectory', { parentId: null, name: 'Platform meters' })).data.id as number;
    const itemId = body(await post('/general/dataItem/addDataItem', { directoryId: directory, name: 'Platform feeder', kind: 10, fields: [{ name: 'kWh', fieldName: 'kwh', type: 1, unit: 'kWh', priority: 1 }] })).data.id as number;
    const meter = body(await post('/general/meter/addMeter', { directoryId: directory, name: 'Platform meter', nodeType: 101, source: { itemId, fieldName: 'kwh' } }));
    expect(meter.code, JSON.stringify(meter)).toBe(0);
    const listed = async (headers: Headers) =>
      (body(await get('/general/meter/getAllMeters?keyword=Platform%20meter&pageSize=50', headers)).data.list as { id: number; companyName: string }[]).find((m) => m.id === meter.data.id)?.companyName;
    expect(await listed(en)).toBe('SmartData Platform');
    expect(await listed(zh)).toBe('智慧数据平台');
    const logged = async (headers: Headers) => (body(await get(`/general/meter/getMeterLog?meterId=${meter.data.id}`, headers)).data as { companyName: string }).companyName;
    expect(await logged(en)).toBe('SmartData Platform');
    expect(await logged(zh)).toBe('智慧数据平台');
  });

  it('a renamed platform company keeps its new name in both languages', async () => {
    const { companyId } = body(await get('/general/company/getCompany', zh)).data as { companyId: number };
    expect(body(await post('/general/company/updateCompany', { id: companyId, displayName: 'Acme Platform' }, en)).code).toBe(0);
    expect(body(await get('/general/company/getCompany', en)).data.displayName).toBe('Acme Platform');
    expect(body(await get('/general/company/getCompany', zh)).data.displayName).toBe('Acme Platform');
  });
});
