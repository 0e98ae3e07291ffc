import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, body, createCompanyUser, createTestApp, signIn, type TestApp } from '@server/test/testApp';

/**
 * Issue 13 point 6: a company administrator creates a user with an initial password from
 * 用户管理 › 用户; the new user must change it at first sign-in, and the server refuses every
 * other call until then (docs/security.md).
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const post = (call: ReturnType<typeof as>, url: string, payload: unknown = {}) => call({ method: 'POST', url, payload: payload as Record<string, unknown> });

async function companyAdmin(codes = ['user_management', 'um_user', 'um_role', 'sd_capsule', 'smart_data']) {
  const owner = await createCompanyUser(t.app, { codes });
  return { ...owner, call: as(t.app, await signIn(t.app, owner.userName, owner.password)) };
}

async function roleOf(call: ReturnType<typeof as>, name: string, codes: string[]): Promise<number> {
  return body(await post(call, '/general/role/addRole', { name, codes })).data.id as number;
}

describe('a company administrator creates a user with an initial password', () => {
  it('joins the administrator\'s company with the chosen roles and must change the password before anything else', async () => {
    const owner = await companyAdmin(['user_management', 'um_user', 'um_role', 'smart_data', 'sd_capsule']);
    const roleId = await roleOf(owner.call, 'Operators', ['smart_data', 'sd_capsule']);
    const created = body(await post(owner.call, '/general/user/addCompanyUser', { userName: 'op_first', password: 'Start1234', name: '操作员', roleIds: [roleId] }));
    expect(created.code).toBe(0);
    const members = body(await owner.call({ url: '/general/company/member/getMemberList?pageNum=1&pageSize=50' })).data;
    expect(JSON.stringify(members)).toContain('op_first');

    const call = as(t.app, await signIn(t.app, 'op_first', 'Start1234'));
    const me = body(await call({ url: '/general/user/getUser' })).data;
    expect(me).toMatchObject({ userName: 'op_first', name: '操作员', companyId: owner.companyId, mustChangePassword: true });
    expect(me.menuCode.map((m: { code: string }) => m.code).sort()).toEqual(['sd_capsule', 'smart_data']);

    // Everything but the user itself, the notice, the password change and logout is refused.
    const refused = await call({ url: '/general/cabin/getTree' });
    expect(refused.statusCode).toBe(403);
    expect(body(refused)).toMatchObject({ code: 40320, msg: '请先修改初始密码' });
    expect(body(await call({ url: '/general/user/getNotice' })).code).toBe(0);
    expect(body(await post(call, '/general/user/updateUser', { name: 'x' })).code).toBe(40320);
    // Not the same password again.
    expect(body(await post(call, '/general/user/changePassword', { oldPassword: 'Start1234', newPassword: 'Start1234' })).code).toBe(50001);

    expect(body(await post(call, '/general/user/changePassword', { oldPassword: 'Start1234', newPassword: 'Mine12345' })).code).toBe(0);
    expect(body(await call({ url: '/general/user/getUser' })).data.mustChangePassword).toBe(false);
    expect(body(await call({ url: '/general/cabin/getTree' })).code).toBe(0);
    // The new password works, the initial one no longer does.
    await expect(signIn(t.app, 'op_first', 'Start1234')).rejects.toThrow();
    expect(await signIn(t.app, 'op_first', 'Mine12345')).toBeTruthy();
  });

  it('needs um_user, takes only roles of the administrator\'s company, and keeps the user-name and password rules', async () => {
    const owner = await companyAdmin();
    const other = await companyAdmin();
    const otherRole = await roleOf(other.call, 'Theirs', []);
    const viewer = await companyAdmin(['smart_data', 'sd_capsule']);
    expect(body(await post(viewer.call, '/general/user/addCompanyUser', { userName: 'nope_1', password: 'Start1234' })).code).toBe(40300);
    expect(body(await post(owner.call, '/general/user/addCompanyUser', { userName: 'nope_2', password: 'Start1234', roleIds: [otherRole] })).code).not.toBe(0);
    expect(body(await post(owner.call, '/general/user/addCompanyUser', { userName: 'nope_3', password: 'short' })).code).toBe(50001);
    expect(body(await post(owner.call, '/general/user/addCompanyUser', { userName: owner.userName, password: 'Start1234' })).code).toBe(40900);
    // A company id in the body is not a way into another company: the caller's company is used.
    const created = body(await post(owner.call, '/general/user/addCompanyUser', { userName: 'mine_only', password: 'Start1234', companyId: other.companyId }));
    expect(created.code).toBe(0);
    const me = body(await as(t.app, await signIn(t.app, 'mine_only', 'Start1234'))({ url: '/general/user/getUser' })).data;
    expect(me.companyId).toBe(owner.companyId);
  });

  it('leaves users the platform creates without the flag unless asked', async () => {
    const adminCall = as(t.app, await signIn(t.app, 'admin', 'Admin12345'));
    const owner = await companyAdmin();
    const plain = body(await post(adminCall, '/general/user/addSysUser', { userName: 'plat_plain', password: 'Start1234', companyId: owner.companyId })).data;
    expect(plain.id).toBeDefined();
    expect(body(await as(t.app, await signIn(t.app, 'plat_plain', 'Start1234'))({ url: '/general/user/getUser' })).data.mustChangePassword).toBe(false);
    body(await post(adminCall, '/general/user/addSysUser', { userName: 'plat_forced', password: 'Start1234', companyId: owner.companyId, mustChangePassword: true }));
    expect(body(await as(t.app, await signIn(t.app, 'plat_forced', 'Start1234'))({ url: '/general/cabin/getTree' })).code).toBe(40320);
  });
});
