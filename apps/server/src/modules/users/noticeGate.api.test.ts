import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, body, createCompanyUser, createTestApp, signIn, type TestApp } from '@server/test/testApp';
import { userNotice } from './notice';

/**
 * Issue 14 point 3: the user notice is enforced by the server, not only by the web gate. Until the
 * current version is agreed, every private call but getUser, the notice, agreeing and logout
 * answers 40330; a raised version asks again.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const addTag = (call: ReturnType<typeof as>, name: string, headers: Record<string, string> = {}) =>
  call({ method: 'POST', url: '/general/tag/addTag', payload: { name, color: '#1677ff' }, headers });

describe('the user notice gate', () => {
  it('refuses a write call with 40330 until the notice is agreed, then lets it through; a raised version asks again', async () => {
    const user = await createCompanyUser(t.app, { codes: ['sys_setting', 'sys_tag'], agreeNotice: false });
    const call = as(t.app, await signIn(t.app, user.userName, user.password, { agreeNotice: false }));

    const refused = await addTag(call, '泵房');
    expect(refused.statusCode).toBe(403);
    expect(body(refused)).toMatchObject({ code: 40330, msg: '请先阅读并同意用户须知' });
    expect(body(await addTag(call, '泵房', { 'accept-language': 'en-US' })).msg).toBe('Please read and agree to the user notice first');
    // Reads are refused as well: nothing but the gate's own calls works.
    expect(body(await call({ url: '/general/tag/getTagList?pageNum=1&pageSize=10' })).code).toBe(40330);
    expect(body(await call({ url: '/general/tag/getTagList?pageNum=1&pageSize=10' })).data).toBeNull();

    // What the web needs to show the dialog still answers.
    const me = body(await call({ url: '/general/user/getUser' }));
    expect(me).toMatchObject({ code: 0, data: { notice: { version: userNotice.version, agreed: false } } });
    const notice = body(await call({ url: '/general/user/getNotice' }));
    expect(notice).toMatchObject({ code: 0, data: { agreed: false } });

    expect(body(await call({ method: 'POST', url: '/general/user/agreeNotice', payload: { version: notice.data.version } })).code).toBe(0);
    expect(body(await addTag(call, '泵房'))).toMatchObject({ code: 0 });

    const agreedVersion = userNotice.version;
    userNotice.version = '2099-01-01';
    try {
      expect(body(await addTag(call, '机房')).code).toBe(40330);
      expect(body(await call({ url: '/general/user/getNotice' })).data).toMatchObject({ version: '2099-01-01', agreed: false });
      expect(body(await call({ method: 'POST', url: '/general/user/agreeNotice', payload: { version: '2099-01-01' } })).code).toBe(0);
      expect(body(await addTag(call, '机房')).code).toBe(0);
    } finally {
      userNotice.version = agreedVersion;
    }
  });

  it('lets a user who has not agreed sign out', async () => {
    const user = await createCompanyUser(t.app, { codes: ['sys_tag'], agreeNotice: false });
    const call = as(t.app, await signIn(t.app, user.userName, user.password, { agreeNotice: false }));
    expect(body(await call({ url: '/general/user/access/logout' })).code).toBe(0);
    expect(body(await call({ url: '/general/user/getUser' })).code).toBe(70006);
  });

  it('does not stand in the way of sign-in or public calls', async () => {
    const user = await createCompanyUser(t.app, { codes: ['sys_tag'], agreeNotice: false });
    await expect(signIn(t.app, user.userName, user.password, { agreeNotice: false })).resolves.toEqual(expect.any(String));
    expect((await t.app.inject({ url: '/general/health' })).statusCode).toBe(200);
  });
});
