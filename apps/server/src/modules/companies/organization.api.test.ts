import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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

const post = (call: ReturnType<typeof as>, url: string, payload: unknown = {}) => call({ method: 'POST', url, payload: payload as Record<string, unknown> });
const codesOf = (user: { menuCode: { code: string }[] }) => user.menuCode.map((m) => m.code).sort();

/** A company made through the contract calls, with an administrator holding the given codes. */
async function companyWithAdmin(name: string, codes: string[]) {
  const companyId = body(await post(admin, '/general/company/addCompany', { displayName: name })).data.id as number;
  const roleId = body(await post(admin, '/general/role/addRole', { name: 'Managers', codes, companyId })).data.id as number;
  const userName = `boss_${companyId}`;
  const userId = body(await post(admin, '/general/user/addSysUser', { userName, password: 'Boss12345', companyId, roleIds: [roleId] })).data.id as number;
  const call = as(t.app, await signIn(t.app, userName, 'Boss12345'));
  return { companyId, roleId, userId, userName, call };
}

const managerCodes = ['user_management', 'um_user', 'um_user_group', 'um_role', 'sys_setting', 'sys_company_info', 'pc_my_order'];

describe('contract calls', () => {
  it('addCompany, addRole, addSysUser: the user holds exactly the role codes', async () => {
    const a = await companyWithAdmin('Contract Co', ['sd_capsule', 'um_user']);
    const me = body(await a.call({ url: '/general/user/getUser' })).data;
    expect(me.userId).toBe(a.userId);
    expect(me.companyId).toBe(a.companyId);
    expect(me.company.displayName).toBe('Contract Co');
    expect(codesOf(me)).toEqual(['sd_capsule', 'um_user']);
  });

  it('groups: addGroup, addUserToGroup with query string, members, remove, quit, delete', async () => {
    const a = await companyWithAdmin('Group Co', managerCodes);
    const worker = await createCompanyUser(t.app, { codes: [], companyId: a.companyId });
    const groupId = body(await post(a.call, '/general/company/group/addGroup', { name: '运维组' })).data.id;
    expect(groupId).toBeDefined();
    expect(body(await post(a.call, '/general/company/group/addGroup', { name: '运维组' })).code).toBe(40900);
    expect(body(await a.call({ method: 'POST', url: `/general/company/group/addUserToGroup?groupId=${groupId}&userId=${worker.userId}` })).code).toBe(0);
    expect(body(await a.call({ method: 'POST', url: `/general/company/group/addUserToGroup?groupId=${groupId}&userId=${a.userId}` })).code).toBe(0);
    const members = body(await a.call({ url: `/general/company/group/getGroupMembers?groupId=${groupId}` })).data;
    expect(members.map((m: { userId: number }) => m.userId).sort()).toEqual([worker.userId, a.userId].sort());
    const list = body(await a.call({ url: '/general/company/group/getGroupList' })).data;
    expect(list).toMatchObject({ total: 1, list: [{ name: '运维组', memberCount: 2 }] });
    expect(body(await post(a.call, '/general/company/group/removeUserFromGroup', { groupId, userId: worker.userId })).code).toBe(0);
    expect(body(await a.call({ method: 'POST', url: `/general/company/group/quitUserGroup?groupId=${groupId}` })).code).toBe(0);
    expect(body(await a.call({ url: `/general/company/group/getGroupMembers?groupId=${groupId}` })).data).toEqual([]);
    expect(body(await post(a.call, '/general/company/group/deleteGroup', { id: groupId })).code).toBe(0);
    expect(body(await a.call({ url: `/general/company/group/getGroupMembers?groupId=${groupId}` })).code).toBe(40400);
  });
});

describe('roles', () => {
  it('refuses unknown codes, system maintenance codes and duplicate names', async () => {
    const a = await companyWithAdmin('Role Co', managerCodes);
    const unknown = await post(a.call, '/general/role/addRole', { name: 'X', codes: ['no_such_code'] });
    expect(body(unknown)).toMatchObject({ code: 50001, data: '未知的权限代码：no_such_code' });
    expect(body(await post(a.call, '/general/role/addRole', { name: 'X', codes: ['system_company'] })).code).toBe(50001);
    expect(body(await post(a.call, '/general/role/addRole', { name: 'Managers', codes: [] })).code).toBe(40900);
  });

  it('a held role cannot be deleted; once released it can', async () => {
    const a = await companyWithAdmin('Held Co', managerCodes);
    const roleId = body(await post(a.call, '/general/role/addRole', { name: 'Operators', codes: ['sd_capsule'] })).data.id;
    const worker = await createCompanyUser(t.app, { codes: [], companyId: a.companyId });
    expect(body(await post(a.call, '/general/company/member/setMemberRoles', { userId: worker.userId, roleIds: [roleId] })).code).toBe(0);
    const workerMe = body(await as(t.app, await signIn(t.app, worker.userName, worker.password))({ url: '/general/user/getUser' })).data;
    expect(codesOf(workerMe)).toEqual(['sd_capsule']);
    const refused = await post(a.call, '/general/role/deleteRole', { id: roleId });
    expect(refused.statusCode).toBe(409);
    expect(body(refused)).toMatchObject({ code: 40900, msg: '仍有用户持有该角色，请先取消他们的角色后再删除', data: { holders: 1 } });
    await post(a.call, '/general/company/member/setMemberRoles', { userId: worker.userId, roleIds: [] });
    expect(body(await post(a.call, '/general/role/deleteRole', { id: roleId })).code).toBe(0);
  });

  it('renaming and changing codes takes effect for holders at once', async () => {
    const a = await companyWithAdmin('Edit Co', managerCodes);
    const roleId = body(await post(a.call, '/general/role/addRole', { name: 'Viewers', codes: ['sd_board'] })).data.id;
    const worker = await createCompanyUser(t.app, { codes: [], companyId: a.companyId });
    await post(a.call, '/general/company/member/setMemberRoles', { userId: worker.userId, roleIds: [roleId] });
    const workerCall = as(t.app, await signIn(t.app, worker.userName, worker.password));
    expect(codesOf(body(await workerCall({ url: '/general/user/getUser' })).data)).toEqual(['sd_board']);
    await post(a.call, '/general/role/updateRole', { id: roleId, name: 'Board viewers', codes: ['sd_board', 'sd_board_play'] });
    expect(codesOf(body(await workerCall({ url: '/general/user/getUser' })).data)).toEqual(['sd_board', 'sd_board_play']);
    const roles = body(await a.call({ url: '/general/role/getRoleList' })).data;
    expect(roles.find((r: { id: number }) => r.id === roleId)).toMatchObject({ name: 'Board viewers', memberCount: 1 });
  });

  it('role templates are the platform administrator’s', async () => {
    const a = await companyWithAdmin('Template Co', managerCodes);
    expect(body(await post(a.call, '/general/role/addRoleTemplate', { name: 'T', codes: [] })).code).toBe(40300);
    const id = body(await post(admin, '/general/role/addRoleTemplate', { name: '设备管理员', codes: ['cd_device', 'sd_capsule'] })).data.id;
    expect(body(await a.call({ url: '/general/role/getRoleTemplateList' })).data).toEqual(expect.arrayContaining([expect.objectContaining({ id, name: '设备管理员' })]));
    expect(body(await post(admin, '/general/role/deleteRoleTemplate', { id })).code).toBe(0);
  });
});

describe('members and invitations', () => {
  it('invite → agree → switch company → the menu of the new role', async () => {
    const a = await companyWithAdmin('Inviting Co', managerCodes);
    const roleId = body(await post(a.call, '/general/role/addRole', { name: 'Dashboards', codes: ['smart_data', 'sd_board'] })).data.id;
    const invitee = await createCompanyUser(t.app, { codes: ['um_user'], companyName: 'Home Co', phone: '13700000001' });
    expect(body(await post(a.call, '/general/company/member/inviteMember', { account: 'nobody_at_all', roleIds: [] })).code).toBe(40400);
    const invitationId = body(await post(a.call, '/general/company/member/inviteMember', { account: '13700000001', roleIds: [roleId] })).data.id;
    expect(body(await post(a.call, '/general/company/member/inviteMember', { account: invitee.userName, roleIds: [] })).code).toBe(40900);
    const inviteeCall = as(t.app, await signIn(t.app, invitee.userName, invitee.password));
    const pending = body(await inviteeCall({ url: '/general/company/member/getMyInvitations' })).data;
    expect(pending).toEqual([expect.objectContaining({ id: invitationId, companyName: 'Inviting Co', status: 'pending' })]);
    expect(body(await inviteeCall({ url: `/general/company/member/agreeInvitation?invitationId=${invitationId}` })).code).toBe(0);
    expect(body(await inviteeCall({ url: `/general/company/member/agreeInvitation?invitationId=${invitationId}` })).code).toBe(40900);
    let me = body(await inviteeCall({ url: '/general/user/getUser' })).data;
    expect(me.companies.map((c: { displayName: string }) => c.displayName)).toEqual(['Home Co', 'Inviting Co']);
    expect(me.company.displayName).toBe('Home Co');
    expect(body(await post(inviteeCall, '/general/user/switchCompany', { companyId: a.companyId })).code).toBe(0);
    me = body(await inviteeCall({ url: '/general/user/getUser' })).data;
    expect(me.companyId).toBe(a.companyId);
    expect(codesOf(me)).toEqual(['sd_board', 'smart_data']);
    expect(body(await post(a.call, '/general/company/member/inviteMember', { account: invitee.userName, roleIds: [] })).code).toBe(40900);
  });

  it('refuse, disable and remove', async () => {
    const a = await companyWithAdmin('Strict Co', managerCodes);
    const person = await createCompanyUser(t.app, { codes: [], companyName: 'Own Co' });
    const personCall = as(t.app, await signIn(t.app, person.userName, person.password));
    const first = body(await post(a.call, '/general/company/member/inviteMember', { account: person.userName })).data.id;
    expect(body(await personCall({ url: `/general/company/member/refuseInvitation?invitationId=${first}` })).code).toBe(0);
    expect(body(await personCall({ url: '/general/company/member/getMyInvitations' })).data).toEqual([]);
    const second = body(await post(a.call, '/general/company/member/inviteMember', { account: person.userName })).data.id;
    await personCall({ url: `/general/company/member/agreeInvitation?invitationId=${second}` });
    await post(personCall, '/general/user/switchCompany', { companyId: a.companyId });
    expect(body(await post(a.call, '/general/company/member/setMemberStatus', { userId: a.userId, disabled: true })).code).toBe(40900);
    expect(body(await post(a.call, '/general/company/member/setMemberStatus', { userId: person.userId, disabled: true })).code).toBe(0);
    const members = body(await a.call({ url: '/general/company/member/getMemberList' })).data;
    expect(members.list.find((m: { userId: number }) => m.userId === person.userId).status).toBe('disabled');
    // The session the member was working in here ends (issue 31.6), as a platform disable ends it…
    expect(body(await personCall({ url: '/general/user/getUser' })).code).toBe(70006);
    // …and signing in again, they fall back to their other company.
    const again = as(t.app, await signIn(t.app, person.userName, person.password));
    expect(body(await again({ url: '/general/user/getUser' })).data.company.displayName).toBe('Own Co');
    expect(body(await post(again, '/general/user/switchCompany', { companyId: a.companyId })).code).toBe(40400);
    // A disable in a company they are not working in leaves their session alone.
    expect(body(await post(a.call, '/general/company/member/setMemberStatus', { userId: person.userId, disabled: false })).code).toBe(0);
    expect(body(await post(a.call, '/general/company/member/setMemberStatus', { userId: person.userId, disabled: true })).code).toBe(0);
    expect(body(await again({ url: '/general/user/getUser' })).code).toBe(0);
    expect(body(await post(a.call, '/general/company/member/removeMember', { userId: person.userId })).code).toBe(0);
    expect(body(await a.call({ url: '/general/company/member/getMemberList' })).data.total).toBe(1);
  });

  it('removing a member ends the session they were working in', async () => {
    const a = await companyWithAdmin('Leaving Co', managerCodes);
    const person = await createCompanyUser(t.app, { codes: [], companyName: 'Home Co' });
    const personCall = as(t.app, await signIn(t.app, person.userName, person.password));
    const invitation = body(await post(a.call, '/general/company/member/inviteMember', { account: person.userName })).data.id;
    await personCall({ url: `/general/company/member/agreeInvitation?invitationId=${invitation}` });
    expect(body(await post(personCall, '/general/user/switchCompany', { companyId: a.companyId })).code).toBe(0);
    expect(body(await personCall({ url: '/general/user/getUser' })).data.company.displayName).toBe('Leaving Co');
    expect(body(await post(a.call, '/general/company/member/removeMember', { userId: person.userId })).code).toBe(0);
    expect(body(await personCall({ url: '/general/user/getUser' })).code).toBe(70006);
  });
});

describe('tenant isolation: company B never reaches company A', () => {
  it('answers 40400 for every id of company A', async () => {
    const a = await companyWithAdmin('Alpha Iso', managerCodes);
    const b = await companyWithAdmin('Beta Iso', managerCodes);
    const aWorker = await createCompanyUser(t.app, { codes: [], companyId: a.companyId });
    const groupId = body(await post(a.call, '/general/company/group/addGroup', { name: 'A team' })).data.id;
    const delegationId = body(await post(a.call, '/general/company/addAlertDelegator', { delegatorId: a.userId, delegateId: aWorker.userId })).data.id;
    const invitee = await createCompanyUser(t.app, { codes: [] });
    const invitationId = body(await post(a.call, '/general/company/member/inviteMember', { account: invitee.userName })).data.id;

    const refusals = [
      await b.call({ url: `/general/company/group/getGroupMembers?groupId=${groupId}` }),
      await post(b.call, '/general/company/group/deleteGroup', { id: groupId }),
      await post(b.call, '/general/company/group/updateGroup', { id: groupId, name: 'hijack' }),
      await b.call({ method: 'POST', url: `/general/company/group/addUserToGroup?groupId=${groupId}&userId=${aWorker.userId}` }),
      await post(b.call, '/general/company/group/removeUserFromGroup', { groupId, userId: aWorker.userId }),
      await post(b.call, '/general/role/updateRole', { id: a.roleId, name: 'hijack' }),
      await post(b.call, '/general/role/deleteRole', { id: a.roleId }),
      await b.call({ url: `/general/role/getRoleList?companyId=${a.companyId}` }),
      await post(b.call, '/general/company/member/setMemberRoles', { userId: aWorker.userId, roleIds: [] }),
      await post(b.call, '/general/company/member/setMemberStatus', { userId: aWorker.userId, disabled: true }),
      await post(b.call, '/general/company/member/removeMember', { userId: aWorker.userId }),
      await post(b.call, '/general/company/member/cancelInvitation', { id: invitationId }),
      await b.call({ url: `/general/company/member/agreeInvitation?invitationId=${invitationId}` }),
      await post(b.call, '/general/company/deleteAlertDelegator', { id: delegationId }),
      await post(b.call, '/general/company/addAlertDelegator', { delegatorId: a.userId, delegateId: aWorker.userId }),
      await post(b.call, '/general/company/updateCompany', { id: a.companyId, displayName: 'hijack' }),
      await post(b.call, '/general/user/switchCompany', { companyId: a.companyId }),
    ];
    expect(refusals.map((r) => body(r).code)).toEqual(refusals.map(() => 40400));
    // B's own role with A's role id is refused too.
    expect(body(await post(b.call, '/general/company/member/setMemberRoles', { userId: b.userId, roleIds: [a.roleId] })).code).toBe(50001);
    // Nothing of A changed.
    expect(body(await a.call({ url: `/general/company/group/getGroupMembers?groupId=${groupId}` })).code).toBe(0);
    expect(body(await a.call({ url: '/general/company/getAlertDelegations' })).data).toHaveLength(1);
    expect(body(await a.call({ url: '/general/company/getCompany' })).data.displayName).toBe('Alpha Iso');
    const bMembers = body(await b.call({ url: '/general/company/member/getMemberList' })).data;
    expect(bMembers.list.map((m: { userId: number }) => m.userId)).toEqual([b.userId]);
  });

  it('platform calls are refused to a company administrator (40300)', async () => {
    const a = await companyWithAdmin('Not Platform', managerCodes);
    const calls = [
      await a.call({ url: '/general/company/getCompanyList' }),
      await post(a.call, '/general/company/addCompany', { displayName: 'Mine' }),
      await post(a.call, '/general/company/deleteCompany', { id: a.companyId }),
      await a.call({ url: '/general/user/getSysUserList' }),
      await post(a.call, '/general/user/addSysUser', { userName: 'sneaky', password: 'Sneaky123', companyId: a.companyId }),
      await post(a.call, '/general/order/addOrder', { companyId: a.companyId, swProductId: 'x', subTypeId: 'y', startAt: 1, expireAt: 2 }),
      await a.call({ url: '/general/system/getAuditLog' }),
      await a.call({ url: '/general/system/getWhiteIpList' }),
    ];
    expect(calls.map((r) => body(r).code)).toEqual(calls.map(() => 40300));
  });
});

describe('companies, delegations, orders, personal settings', () => {
  it('a company administrator edits their company; the platform lists and deletes companies', async () => {
    const a = await companyWithAdmin('Editable', managerCodes);
    expect(body(await post(a.call, '/general/company/updateCompany', { displayName: '华东工厂', timeZone: 'Asia/Tokyo' })).code).toBe(0);
    expect(body(await post(a.call, '/general/company/updateCompany', { timeZone: 'Mars/Olympus' })).code).toBe(50001);
    expect(body(await a.call({ url: '/general/company/getCompany' })).data).toMatchObject({ displayName: '华东工厂', timeZone: 'Asia/Tokyo' });
    const list = body(await admin({ url: '/general/company/getCompanyList?keyword=华东' })).data;
    expect(list.list).toEqual([expect.objectContaining({ companyId: a.companyId, memberCount: 1 })]);
    const platformId = body(await admin({ url: '/general/user/getUser' })).data.companyId;
    expect(body(await post(admin, '/general/company/deleteCompany', { id: platformId })).code).toBe(40900);
    expect(body(await post(admin, '/general/company/deleteCompany', { id: a.companyId })).code).toBe(0);
    expect(body(await a.call({ url: '/general/user/getUser' })).data.company).toBeNull();
  });

  it('alert delegations', async () => {
    const a = await companyWithAdmin('Delegating', managerCodes);
    const worker = await createCompanyUser(t.app, { codes: [], companyId: a.companyId });
    expect(body(await post(a.call, '/general/company/addAlertDelegator', { delegatorId: a.userId, delegateId: a.userId })).code).toBe(50001);
    const id = body(await post(a.call, '/general/company/addAlertDelegator', { delegatorId: a.userId, delegateId: worker.userId })).data.id;
    expect(body(await post(a.call, '/general/company/addAlertDelegator', { delegatorId: a.userId, delegateId: worker.userId })).code).toBe(40900);
    expect(body(await a.call({ url: '/general/company/getAlertDelegations' })).data).toEqual([expect.objectContaining({ id, delegatorId: a.userId, delegateId: worker.userId })]);
    expect(body(await a.call({ url: '/general/company/getAlertDelegatorList' })).data).toHaveLength(2);
    expect(body(await post(a.call, '/general/company/deleteAlertDelegator', { id })).code).toBe(0);
  });

  it('orders: the platform creates and renews; the company sees them and orderInfo', async () => {
    const a = await companyWithAdmin('Ordering', managerCodes);
    const day = 86_400_000;
    const now = Date.now();
    const id = body(await post(admin, '/general/order/addOrder', { companyId: a.companyId, swProductId: 'smartdata', subTypeId: 'standard', startAt: now - 300 * day, expireAt: now + 10 * day })).data.id;
    expect(body(await post(admin, '/general/order/addOrder', { companyId: a.companyId, swProductId: 'x', subTypeId: 'y', startAt: now, expireAt: now - 1 })).code).toBe(50001);
    expect(body(await a.call({ url: '/general/order/getMyOrders' })).data).toEqual([expect.objectContaining({ id, swProductId: 'smartdata', subTypeId: 'standard' })]);
    expect(body(await a.call({ url: '/general/user/getUser' })).data.orderInfo).toEqual({ swProductId: 'smartdata', subTypeId: 'standard', expireAt: now + 10 * day });
    expect(body(await post(admin, '/general/order/renewOrder', { id, expireAt: now })).code).toBe(50001);
    expect(body(await post(admin, '/general/order/renewOrder', { id, expireAt: now + 375 * day })).code).toBe(0);
    expect(body(await a.call({ url: '/general/user/getUser' })).data.orderInfo.expireAt).toBe(now + 375 * day);
  });

  it('personal settings: name, language, password', async () => {
    const user = await createCompanyUser(t.app, { codes: [] });
    const call = as(t.app, await signIn(t.app, user.userName, user.password));
    expect(body(await post(call, '/general/user/updateUser', { name: '李工', language: 'en-US' })).code).toBe(0);
    expect(body(await call({ url: '/general/user/getUser' })).data).toMatchObject({ name: '李工', language: 'en-US' });
    expect(body(await post(call, '/general/user/changePassword', { oldPassword: 'wrong', newPassword: 'NewPass123' }))).toMatchObject({ code: 50001, data: '原密码不正确' });
    expect(body(await post(call, '/general/user/changePassword', { oldPassword: user.password, newPassword: 'NewPass123' })).code).toBe(0);
    expect(await signIn(t.app, user.userName, 'NewPass123')).toBeTruthy();
  });

  it('a password change ends every other session of the user and keeps the one that changed it', async () => {
    const user = await createCompanyUser(t.app, { codes: [] });
    const here = as(t.app, await signIn(t.app, user.userName, user.password));
    const elsewhere = as(t.app, await signIn(t.app, user.userName, user.password));
    expect(body(await elsewhere({ url: '/general/user/getUser' })).code).toBe(0);
    expect(body(await post(here, '/general/user/changePassword', { oldPassword: user.password, newPassword: 'NewPass123' })).code).toBe(0);
    expect(body(await here({ url: '/general/user/getUser' })).code).toBe(0);
    expect(body(await elsewhere({ url: '/general/user/getUser' })).code).toBe(70006);
  });

  it('the current password is guessed under the sign-in policy: 5 wrong tries, then 42900 even for the right one', async () => {
    const user = await createCompanyUser(t.app, { codes: [] });
    const call = as(t.app, await signIn(t.app, user.userName, user.password));
    for (let i = 0; i < 5; i += 1) {
      expect(body(await post(call, '/general/user/changePassword', { oldPassword: `Wrong${i}pass`, newPassword: 'NewPass123' })).code).toBe(50001);
    }
    const locked = await post(call, '/general/user/changePassword', { oldPassword: user.password, newPassword: 'NewPass123' });
    expect(locked.statusCode).toBe(429);
    expect(body(locked)).toMatchObject({ code: 42900, msg: '原密码错误次数过多，请稍后再试' });
    // Nothing changed: the old password still signs in.
    expect(await signIn(t.app, user.userName, user.password)).toBeTruthy();
  });

  it('home overview: a member without um_user sees no member list or count, without um_role no role count', async () => {
    const manager = await createCompanyUser(t.app, { codes: ['um_user', 'um_role'] });
    const plain = await createCompanyUser(t.app, { codes: [], companyId: manager.companyId });
    const full = body(await as(t.app, await signIn(t.app, manager.userName, manager.password))({ url: '/general/home/getOverview' })).data;
    expect(full.memberCount).toBe(2);
    expect(full.roleCount).toBeGreaterThanOrEqual(1);
    expect(full.members.map((m: { userName: string }) => m.userName).sort()).toEqual([manager.userName, plain.userName].sort());
    const bare = body(await as(t.app, await signIn(t.app, plain.userName, plain.password))({ url: '/general/home/getOverview' })).data;
    expect(bare).toMatchObject({ memberCount: null, roleCount: null, members: null });
    expect(bare.company).toMatchObject({ companyId: manager.companyId });
    expect(JSON.stringify(bare)).not.toContain(manager.userName);
  });

  it('API answers are never cached: Cache-Control no-store, signed in or not', async () => {
    const user = await createCompanyUser(t.app, { codes: [] });
    const call = as(t.app, await signIn(t.app, user.userName, user.password));
    expect((await call({ url: '/general/user/getUser' })).headers['cache-control']).toBe('no-store');
    expect((await call({ url: '/general/company/nope-not-a-route' })).headers['cache-control']).toBe('no-store');
    expect((await t.app.inject({ url: '/general/user/getUser' })).headers['cache-control']).toBe('no-store');
  });

  it('system users: list, update, disable ends their sessions', async () => {
    const user = await createCompanyUser(t.app, { codes: [], userName: 'findable_zhang' });
    const call = as(t.app, await signIn(t.app, user.userName, user.password));
    const list = body(await admin({ url: '/general/user/getSysUserList?keyword=findable' })).data;
    expect(list).toMatchObject({ total: 1, list: [{ userName: 'findable_zhang', status: 'active' }] });
    expect(body(await post(admin, '/general/user/updateSysUser', { id: user.userId, name: '张三', disabled: true })).code).toBe(0);
    expect(body(await call({ url: '/general/user/getUser' })).code).toBe(70006);
    expect(body(await t.app.inject({ method: 'POST', url: '/general/user/access/getToken', headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: `username=${user.userName}&password=${user.password}` })).code).toBe(40300);
  });
});
