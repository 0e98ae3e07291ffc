import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allPermissionCodes, platformOnlyCodes } from '@smartdata/domain';
import { sha256 } from '@server/platform/auth/passwords';
import { FailureThrottle } from '@server/platform/auth/failureThrottle';
import { adminPassword, as, body, createCompanyUser, createTestApp, signIn, type TestApp } from '@server/test/testApp';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const form = (fields: Record<string, string>) => ({
  method: 'POST' as const,
  url: '/general/user/access/getToken',
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
  payload: new URLSearchParams(fields).toString(),
});

async function smsCode(phone: string): Promise<string> {
  const response = await t.app.inject({ url: `/general/test/smsOutbox?phone=${phone}` });
  return body(response).data.code as string;
}

describe('getToken', () => {
  it('issues a token for the platform administrator, who holds every code', async () => {
    const token = await signIn(t.app, 'admin', adminPassword, { agreeNotice: false });
    const response = await as(t.app, token)({ url: '/general/user/getUser' });
    expect(response.statusCode).toBe(200);
    const user = body(response).data;
    expect(user.userName).toBe('admin');
    expect(user.isPlatformAdmin).toBe(true);
    expect(user.companyId).toBe(user.company.companyId);
    expect(user.company.isPlatform).toBe(true);
    expect(user.menuCode.map((m: { code: string }) => m.code).sort()).toEqual([...allPermissionCodes].sort());
    expect(user.notice).toEqual({ version: expect.any(String), agreed: false });
  });

  it('never tells which part of the credentials was wrong', async () => {
    const wrongPassword = await t.app.inject(form({ username: 'admin', password: 'nope-nope1' }));
    const unknownUser = await t.app.inject(form({ username: 'nobody-here', password: 'nope-nope1' }));
    expect(wrongPassword.statusCode).toBe(401);
    expect(body(wrongPassword)).toEqual({ code: 40100, msg: '账号或密码错误', data: null });
    expect(body(unknownUser)).toEqual(body(wrongPassword));
  });

  it('answers in English when asked to', async () => {
    const response = await t.app.inject({ ...form({ username: 'admin', password: 'nope-nope1' }), headers: { 'content-type': 'application/x-www-form-urlencoded', 'accept-language': 'en-US' } });
    expect(body(response).msg).toBe('Incorrect account or password');
  });

  it('rate limits repeated failures (42900), even with the right password afterwards', async () => {
    const user = await createCompanyUser(t.app, { codes: [] });
    for (let i = 0; i < 5; i += 1) {
      expect(body(await t.app.inject(form({ username: user.userName, password: 'wrong-pass1' }))).code).toBe(40100);
    }
    const locked = await t.app.inject(form({ username: user.userName, password: user.password }));
    expect(locked.statusCode).toBe(429);
    expect(body(locked).code).toBe(42900);
  });

  it('locks an account only for the address that failed; another address still signs in', async () => {
    const user = await createCompanyUser(t.app, { codes: [] });
    const from = (ip: string, password: string) => t.app.inject({ ...form({ username: user.userName, password }), remoteAddress: ip });
    for (let i = 0; i < 5; i += 1) {
      expect(body(await from('10.9.0.1', 'wrong-pass1')).code).toBe(40100);
    }
    expect(body(await from('10.9.0.1', user.password)).code).toBe(42900);
    // The user at their own desk is not locked out by someone who knows their user name.
    expect(body(await from('10.9.0.2', user.password)).code).toBe(0);
  });

  it('keeps the counts in the database: another instance (or the same after a restart) sees them', async () => {
    const user = await createCompanyUser(t.app, { codes: [] });
    for (let i = 0; i < 5; i += 1) {
      await t.app.inject({ ...form({ username: user.userName, password: 'wrong-pass1' }), remoteAddress: '10.9.1.1' });
    }
    const elsewhere = new FailureThrottle(t.app.platform.db);
    expect(await elsewhere.isLocked(user.userName, '10.9.1.1')).toBe(true);
    expect(await elsewhere.isLocked(user.userName.toUpperCase(), '10.9.1.1')).toBe(true);
    expect(await elsewhere.isLocked(user.userName, '10.9.1.2')).toBe(false);
  });

  it('refuses an account everywhere after 50 failures within an hour, and an address after 100', async () => {
    const throttle = new FailureThrottle(t.app.platform.db);
    const now = Date.now();
    for (let i = 0; i < FailureThrottle.accountPerHour; i += 1) {
      // Spread over many addresses, each under its own limit of 5.
      await throttle.recordFailure('spread-target', `10.8.${Math.floor(i / 4)}.${i % 4}`, now);
    }
    expect(await throttle.isLocked('spread-target', '10.7.7.7', now)).toBe(true);
    expect(await throttle.isLocked('spread-target', '10.7.7.7', now + 3600_001)).toBe(false);
    for (let i = 0; i < FailureThrottle.addressMax; i += 1) {
      await throttle.recordFailure(`sweep-${i}`, '10.6.6.6', now);
    }
    expect(await throttle.isLocked('someone-else', '10.6.6.6', now)).toBe(true);
    expect(await throttle.isLocked('someone-else', '10.6.6.7', now)).toBe(false);
  });

  it('refuses a malformed request with 50001 and a readable reason', async () => {
    const response = await t.app.inject(form({ username: '' }));
    expect(response.statusCode).toBe(400);
    expect(body(response).code).toBe(50001);
    expect(typeof body(response).data).toBe('string');
  });
});

describe('tokens', () => {
  it('a missing or unknown token is 70004', async () => {
    const missing = await t.app.inject({ url: '/general/user/getUser' });
    expect(missing.statusCode).toBe(401);
    expect(body(missing).code).toBe(70004);
    const unknown = await as(t.app, 'not-a-real-token')({ url: '/general/user/getUser' });
    expect(body(unknown).code).toBe(70004);
    const malformed = await t.app.inject({ url: '/general/user/getUser', headers: { authorization: 'Basic abc' } });
    expect(body(malformed).code).toBe(70004);
  });

  it('an expired token is 70006', async () => {
    const token = await signIn(t.app, 'admin', adminPassword);
    await t.app.platform.db.updateTable('access_token').set({ expires_at: Date.now() - 1000 }).where('token_hash', '=', sha256(token)).execute();
    const response = await as(t.app, token)({ url: '/general/user/getUser' });
    expect(response.statusCode).toBe(401);
    expect(body(response).code).toBe(70006);
  });

  it('logout revokes the token at once (70006 afterwards)', async () => {
    const token = await signIn(t.app, 'admin', adminPassword);
    expect(body(await as(t.app, token)({ url: '/general/user/getUser' })).code).toBe(0);
    expect(body(await as(t.app, token)({ url: '/general/user/access/logout' })).code).toBe(0);
    const after = await as(t.app, token)({ url: '/general/user/getUser' });
    expect(body(after).code).toBe(70006);
  });
});

describe('permission codes and company scoping', () => {
  it('a call needing a code the user lacks is 40300; with the code it succeeds', async () => {
    const without = await createCompanyUser(t.app, { codes: ['sd_board'] });
    const denied = await as(t.app, await signIn(t.app, without.userName, without.password))({ url: '/general/company/member/getMemberList' });
    expect(denied.statusCode).toBe(403);
    expect(body(denied).code).toBe(40300);
    const withCode = await createCompanyUser(t.app, { codes: ['um_user'] });
    const allowed = await as(t.app, await signIn(t.app, withCode.userName, withCode.password))({ url: '/general/company/member/getMemberList' });
    expect(body(allowed).code).toBe(0);
  });

  it('system maintenance codes are never granted through a company role', async () => {
    const user = await createCompanyUser(t.app, { codes: ['um_user', ...platformOnlyCodes] });
    const me = body(await as(t.app, await signIn(t.app, user.userName, user.password))({ url: '/general/user/getUser' })).data;
    expect(me.menuCode).toEqual([{ code: 'um_user' }]);
  });

  it("the test pages are the platform's: a new company's administrator has none, and no company role gets them (issue 31.15)", async () => {
    const admin = as(t.app, await signIn(t.app, 'admin', adminPassword));
    const companyId = body(await admin({ method: 'POST', url: '/general/company/addCompany', payload: { displayName: 'Test Pages Co' } })).data.id as number;
    const [role] = body(await admin({ url: `/general/role/getRoleList?companyId=${companyId}` })).data as { codes: string[] }[];
    expect(role!.codes).toContain('sd_board_play');
    expect(role!.codes.filter((code) => code === 'test_pages' || code === 'board_test')).toEqual([]);
    const refused = body(await admin({ method: 'POST', url: '/general/role/addRole', payload: { name: 'Testers', codes: ['test_pages', 'board_test'], companyId } }));
    expect(refused.code).toBe(50001);
    const user = await createCompanyUser(t.app, { codes: ['um_user', 'test_pages', 'board_test'] });
    const me = body(await as(t.app, await signIn(t.app, user.userName, user.password))({ url: '/general/user/getUser' })).data;
    expect(me.menuCode).toEqual([{ code: 'um_user' }]);
    const platformCodes = (body(await admin({ url: '/general/user/getUser' })).data.menuCode as { code: string }[]).map((c) => c.code);
    expect(platformCodes).toEqual(expect.arrayContaining(['test_pages', 'board_test']));
  });

  it("a user sees only their own company's members and company", async () => {
    const a = await createCompanyUser(t.app, { codes: ['um_user'], companyName: 'Alpha Works' });
    await createCompanyUser(t.app, { codes: [], companyId: a.companyId, userName: 'alpha_second' });
    const b = await createCompanyUser(t.app, { codes: ['um_user'], companyName: 'Beta Plant' });
    const asB = as(t.app, await signIn(t.app, b.userName, b.password));
    const members = body(await asB({ url: '/general/company/member/getMemberList?pageNum=1&pageSize=50' })).data;
    expect(members.total).toBe(1);
    expect(members.list.map((m: { userName: string }) => m.userName)).toEqual([b.userName]);
    expect(body(await asB({ url: '/general/company/getCompany' })).data.displayName).toBe('Beta Plant');
    const asA = as(t.app, await signIn(t.app, a.userName, a.password));
    const aMembers = body(await asA({ url: '/general/company/member/getMemberList?keyword=alpha_sec' })).data;
    expect(aMembers.list.map((m: { userName: string }) => m.userName)).toEqual(['alpha_second']);
  });
});

describe('envelope of every error class', () => {
  it('400 / 50001 carries the reason in data', async () => {
    const response = await t.app.inject({ url: '/general/test/error?code=50001&data=reason%20text' });
    expect(response.statusCode).toBe(400);
    expect(body(response)).toEqual({ code: 50001, msg: '验证失败', data: 'reason text' });
  });
  it('404 / 40400 for an unknown API path', async () => {
    const response = await t.app.inject({ url: '/general/no/such/call' });
    expect(response.statusCode).toBe(404);
    expect(body(response).code).toBe(40400);
  });
  it('409 / 40900 for a conflict', async () => {
    const response = await t.app.inject({ url: '/general/test/error?code=40900' });
    expect(response.statusCode).toBe(409);
    expect(body(response).code).toBe(40900);
  });
  it('413 / 41300 for a body that is too large', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/general/user/addUser', headers: { 'content-type': 'application/json' }, payload: JSON.stringify({ userName: 'x'.repeat(11 * 1024 * 1024) }) });
    expect(response.statusCode).toBe(413);
    expect(body(response).code).toBe(41300);
  });
  it('400 / 50001 for malformed JSON', async () => {
    const token = await signIn(t.app, 'admin', adminPassword);
    const response = await as(t.app, token)({ method: 'POST', url: '/general/user/agreeNotice', headers: { 'content-type': 'application/json' }, payload: '{"version":' });
    expect(response.statusCode).toBe(400);
    expect(body(response).code).toBe(50001);
  });
  it('500 / 50000 leaks no internal detail', async () => {
    const response = await t.app.inject({ url: '/general/test/crash' });
    expect(response.statusCode).toBe(500);
    expect(body(response)).toEqual({ code: 50000, msg: '服务器内部错误', data: null });
    expect(response.body).not.toContain('hunter2');
  });
});

describe('SMS code, register, reset password', () => {
  const phone = '13800000001';

  it('register: code, then the account, which gets a company of its own', async () => {
    const sent = await t.app.inject({ url: `/general/user/access/getSmsCode?phone=${phone}&purpose=register` });
    expect(body(sent)).toMatchObject({ code: 0, data: { resendAfterSeconds: 60, expiresInSeconds: 300 } });
    const code = await smsCode(phone);
    expect(code).toMatch(/^\d{6}$/);
    // One of the most common passwords is refused before anything else is looked at (issue 31.6).
    for (const [password, locale, text] of [
      ['Passw0rd', 'zh-CN', '密码过于常见，很容易被猜到，请换一个'],
      ['QWERTY123', 'en-US', 'This password is one of the most common ones and easy to guess: choose another'],
    ]) {
      const common = await t.app.inject({ method: 'POST', url: '/general/user/addUser', headers: { 'accept-language': locale }, payload: { userName: 'wang_lei', password, phone, smsCode: code } });
      expect(body(common), password).toMatchObject({ code: 50001, data: expect.stringContaining(text) });
    }
    const wrong = await t.app.inject({ method: 'POST', url: '/general/user/addUser', payload: { userName: 'wang_lei', password: 'Wang2026lei', phone, smsCode: code === '000000' ? '111111' : '000000' } });
    expect(body(wrong).code).toBe(40110);
    const created = await t.app.inject({ method: 'POST', url: '/general/user/addUser', payload: { userName: 'wang_lei', password: 'Wang2026lei', phone, smsCode: code, name: '王磊' } });
    expect(body(created).code).toBe(0);
    expect(body(created).data.id).toBeDefined();
    const me = body(await as(t.app, await signIn(t.app, 'wang_lei', 'Wang2026lei'))({ url: '/general/user/getUser' })).data;
    expect(me.company.displayName).toBe('王磊的公司');
    expect(me.menuCode.map((m: { code: string }) => m.code)).toContain('um_role');
    expect(me.menuCode.map((m: { code: string }) => m.code)).not.toContain('system_company');
  });

  it('register refuses a taken user name (40900) and a weak password (50001)', async () => {
    const taken = await t.app.inject({ method: 'POST', url: '/general/user/addUser', payload: { userName: 'admin', password: 'Wang2026lei', phone: '13800000002', smsCode: '123456' } });
    expect(taken.statusCode).toBe(409);
    expect(body(taken)).toMatchObject({ code: 40900, msg: '用户名已存在' });
    const weak = await t.app.inject({ method: 'POST', url: '/general/user/addUser', headers: { 'accept-language': 'en-US' }, payload: { userName: 'newbie', password: 'short', phone: '13800000002', smsCode: '123456' } });
    expect(body(weak).code).toBe(50001);
    expect(body(weak).data).toContain('at least 8 characters');
    const badPhone = await t.app.inject({ method: 'POST', url: '/general/user/addUser', payload: { userName: 'newbie', password: 'Wang2026lei', phone: '12345', smsCode: '123456' } });
    expect(body(badPhone).data).toContain('手机号');
  });

  it('a second code within a minute is refused (resend limit)', async () => {
    const first = await t.app.inject({ url: `/general/user/access/getSmsCode?phone=${phone}&purpose=login` });
    expect(body(first).code).toBe(0);
    const again = await t.app.inject({ url: `/general/user/access/getSmsCode?phone=${phone}&purpose=login` });
    expect(again.statusCode).toBe(429);
    expect(body(again).code).toBe(42900);
  });

  it('signs in with phone and code; the code works once', async () => {
    const code = await smsCode(phone);
    const response = await t.app.inject(form({ phone, smsCode: code }));
    expect(body(response).code).toBe(0);
    const reuse = await t.app.inject(form({ phone, smsCode: code }));
    expect(body(reuse).code).toBe(40100);
  });

  it('an expired code is refused', async () => {
    const other = '13800000003';
    await createCompanyUser(t.app, { codes: [], phone: other });
    await t.app.inject({ url: `/general/user/access/getSmsCode?phone=${other}&purpose=login` });
    const code = await smsCode(other);
    await t.app.platform.db.updateTable('sms_code').set({ expires_at: Date.now() - 1 }).where('phone', '=', other).execute();
    expect(body(await t.app.inject(form({ phone: other, smsCode: code }))).code).toBe(40100);
  });

  it('too many wrong tries exhaust a code', async () => {
    const other = '13800000004';
    await createCompanyUser(t.app, { codes: [], phone: other });
    await t.app.inject({ url: `/general/user/access/getSmsCode?phone=${other}&purpose=reset` });
    const code = await smsCode(other);
    const wrong = code === '999999' ? '888888' : '999999';
    for (let i = 0; i < 5; i += 1) {
      expect(body(await t.app.inject({ method: 'POST', url: '/general/user/access/resetPassword', payload: { phone: other, smsCode: wrong, password: 'Another123' } })).code).toBe(40110);
    }
    const right = await t.app.inject({ method: 'POST', url: '/general/user/access/resetPassword', payload: { phone: other, smsCode: code, password: 'Another123' } });
    expect(body(right).code).toBe(40110);
  });

  it('an unknown phone gets the same answer but no message', async () => {
    const response = await t.app.inject({ url: '/general/user/access/getSmsCode?phone=13900000009&purpose=login' });
    expect(body(response).code).toBe(0);
    expect(await smsCode('13900000009')).toBeNull();
  });

  it('reset password: the new one works, the old one and old sessions do not', async () => {
    const resetPhone = '13800000005';
    const user = await createCompanyUser(t.app, { codes: [], phone: resetPhone });
    const oldToken = await signIn(t.app, user.userName, user.password);
    await t.app.inject({ url: `/general/user/access/getSmsCode?phone=${resetPhone}&purpose=reset` });
    const reset = await t.app.inject({ method: 'POST', url: '/general/user/access/resetPassword', payload: { phone: resetPhone, smsCode: await smsCode(resetPhone), password: 'BrandNew123' } });
    expect(body(reset).code).toBe(0);
    expect(body(await t.app.inject(form({ username: user.userName, password: user.password }))).code).toBe(40100);
    expect(await signIn(t.app, user.userName, 'BrandNew123')).toBeTruthy();
    expect(body(await as(t.app, oldToken)({ url: '/general/user/getUser' })).code).toBe(70006);
  });
});

describe('user notice', () => {
  it('is recorded per user and version', async () => {
    const user = await createCompanyUser(t.app, { codes: [], agreeNotice: false });
    const call = as(t.app, await signIn(t.app, user.userName, user.password, { agreeNotice: false }));
    const notice = body(await call({ url: '/general/user/getNotice' })).data;
    expect(notice).toMatchObject({ agreed: false, title: '用户须知' });
    expect(notice.content.length).toBeGreaterThan(20);
    const outdated = await call({ method: 'POST', url: '/general/user/agreeNotice', payload: { version: '1999-01-01' } });
    expect(body(outdated).code).toBe(50001);
    expect(body(await call({ method: 'POST', url: '/general/user/agreeNotice', payload: { version: notice.version } })).code).toBe(0);
    expect(body(await call({ url: '/general/user/getUser' })).data.notice.agreed).toBe(true);
  });
});

describe('platform', () => {
  it('health and the OpenAPI document are public', async () => {
    const health = body(await t.app.inject({ url: '/general/health' })).data;
    expect(health.status).toBe('up');
    expect(health.database).toBe(process.env.TEST_DATABASE_URL ? 'postgres' : 'sqlite');
    const doc = (await t.app.inject({ url: '/general/docs/json' })).json<{ paths: Record<string, unknown> }>();
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(['/general/user/access/getToken', '/general/user/getUser', '/general/company/member/getMemberList']));
    // The reference page (Swagger UI, served from the package) reads the document at ./json.
    const page = await t.app.inject({ url: '/general/docs' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('swagger-ui-bundle.js');
    expect((await t.app.inject({ url: '/general/docs/static/swagger-initializer.js' })).body).toContain("resolveUrl('./json')");
  });
});

describe('per-address ceilings', () => {
  it('more than 20 SMS requests a minute from one address are refused (42900)', async () => {
    const codes: number[] = [];
    for (let i = 0; i < 22; i += 1) {
      const phone = `1350000${String(i).padStart(4, '0')}`;
      codes.push(body(await t.app.inject({ url: `/general/user/access/getSmsCode?phone=${phone}&purpose=login`, remoteAddress: '10.20.30.40' })).code);
    }
    expect(codes.slice(0, 20).every((c) => c === 0)).toBe(true);
    expect(codes.slice(20)).toEqual([42900, 42900]);
    // Another address is not affected.
    expect(body(await t.app.inject({ url: '/general/user/access/getSmsCode?phone=13500009999&purpose=login', remoteAddress: '10.20.30.41' })).code).toBe(0);
  });
});
