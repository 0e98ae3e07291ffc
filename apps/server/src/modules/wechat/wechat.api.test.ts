import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { adminPassword, as, body, createCompanyUser, createTestApp, signIn, type TestApp } from '@server/test/testApp';
import { startWechatStandIn, type WechatStandIn } from '@server/test/wechatStandIn';

/**
 * Issue 14 point 1: WeChat scan sign-in end to end against a stand-in of WeChat's two OAuth
 * endpoints on 127.0.0.1 — a good scan signs in the bound user, a bad or replayed state is refused,
 * an unbound account is told to bind, binding and unbinding from the personal center, and the app
 * secret is never in any answer.
 */
const APP_ID = 'wx7f3e9a1b2c3d4e5f';
const SECRET = 'a1b2c3d4e5f6-the-app-secret';

let t: TestApp;
let wechat: WechatStandIn;
let admin: ReturnType<typeof as>;
/** Every answer of the test, to check that the secret is in none. */
const answers: LightMyRequestResponse[] = [];

beforeAll(async () => {
  wechat = await startWechatStandIn({ appId: APP_ID, secret: SECRET });
  t = await createTestApp({ wechatOpenBase: wechat.base, wechatApiBase: wechat.base });
  admin = as(t.app, await signIn(t.app, 'admin', adminPassword));
});
afterAll(async () => {
  await t.close();
  await wechat.close();
});

async function record(answer: Promise<LightMyRequestResponse>): Promise<LightMyRequestResponse> {
  const response = await answer;
  answers.push(response);
  return response;
}

/** The `sd_wx_state=…` pair of a Set-Cookie header, as the browser would send it back. */
function cookieOf(response: LightMyRequestResponse): string {
  const header = response.headers['set-cookie'];
  const value = Array.isArray(header) ? header[0] : header;
  expect(value).toMatch(/^sd_wx_state=[^;]+; Path=\/general\/user; Max-Age=600; HttpOnly; SameSite=Lax/);
  return String(value).split(';')[0];
}

/** The browser at WeChat's qrconnect page: the stand-in "scans" as `openid` and redirects back. */
async function scan(qrconnectUrl: string, openid: string): Promise<{ code: string; state: string }> {
  expect(qrconnectUrl.startsWith(`${wechat.base}/connect/qrconnect?`)).toBe(true);
  expect(qrconnectUrl.endsWith('#wechat_redirect')).toBe(true);
  wechat.nextOpenid = openid;
  const response = await fetch(qrconnectUrl, { redirect: 'manual' });
  expect(response.status).toBe(302);
  const back = new URL(response.headers.get('location') ?? '');
  expect(back.pathname).toBe('/general/user/WXScanLogin');
  return { code: back.searchParams.get('code') ?? '', state: back.searchParams.get('state') ?? '' };
}

function redirectBack(query: { code: string; state: string }, cookie?: string) {
  return record(t.app.inject({ url: `/general/user/WXScanLogin?${new URLSearchParams(query).toString()}`, headers: cookie ? { cookie } : {} }));
}

async function startLogin(): Promise<{ url: string; cookie: string }> {
  const response = await record(t.app.inject({ url: '/general/user/access/getWechatLoginUrl' }));
  expect(body(response).code).toBe(0);
  return { url: body(response).data.url as string, cookie: cookieOf(response) };
}

/** A full sign-in by scan as `openid`: where the browser lands. */
async function signInByScan(openid: string): Promise<string> {
  const { url, cookie } = await startLogin();
  const back = await redirectBack(await scan(url, openid), cookie);
  expect(back.statusCode).toBe(302);
  return String(back.headers.location);
}

async function bindAs(call: ReturnType<typeof as>, openid: string): Promise<string> {
  const started = await record(call({ method: 'POST', url: '/general/user/bindWechat', payload: {} }));
  expect(body(started).code).toBe(0);
  const back = await redirectBack(await scan(body(started).data.url as string, openid), cookieOf(started));
  return String(back.headers.location);
}

describe('WeChat scan sign-in', () => {
  it('is off until the platform administrators set an AppID and AppSecret, which is stored encrypted and never answered', async () => {
    expect(body(await record(t.app.inject({ url: '/general/user/access/getWechatLoginOption' }))).data).toEqual({ enabled: false });
    expect(body(await record(t.app.inject({ url: '/general/user/access/getWechatLoginUrl' }))).code).toBe(40400);

    expect(body(await record(admin({ method: 'POST', url: '/general/wechat/updateWechatSetting', payload: { appId: APP_ID } }))).code).toBe(50001);
    expect(body(await record(admin({ method: 'POST', url: '/general/wechat/updateWechatSetting', payload: { appId: APP_ID, appSecret: SECRET } }))).code).toBe(0);
    expect(body(await record(admin({ url: '/general/wechat/getWechatSetting' }))).data).toEqual({ appId: APP_ID, secretSet: true, updatedAt: expect.any(Number) });
    // An empty secret keeps the stored one.
    expect(body(await record(admin({ method: 'POST', url: '/general/wechat/updateWechatSetting', payload: { appId: APP_ID, appSecret: '' } }))).code).toBe(0);
    const stored = await t.app.platform.db.selectFrom('wechat_setting').selectAll().executeTakeFirstOrThrow();
    expect(stored.secret_encrypted).not.toContain(SECRET);
    expect(stored.secret_encrypted).toMatch(/^v1\./);
    expect(body(await record(t.app.inject({ url: '/general/user/access/getWechatLoginOption' }))).data).toEqual({ enabled: true });

    const member = await createCompanyUser(t.app, { codes: ['sys_tag'] });
    const memberCall = as(t.app, await signIn(t.app, member.userName, member.password));
    expect(body(await record(memberCall({ url: '/general/wechat/getWechatSetting' }))).code).toBe(40300);
  });

  it('shows the QR of WeChat qrconnect with the app id, the callback and a state', async () => {
    const { url } = await startLogin();
    const query = new URL(url.replace('#wechat_redirect', '')).searchParams;
    expect(Object.fromEntries(query)).toMatchObject({ appid: APP_ID, redirect_uri: 'http://localhost:80/general/user/WXScanLogin', response_type: 'code', scope: 'snsapi_login' });
    expect(query.get('state')).toMatch(/^login\.[\w-]{22}\.[\w-]{43}$/);
  });

  it('an unbound WeChat account is sent back to the sign-in page, told to bind first', async () => {
    expect(await signInByScan('o_stranger')).toBe('/login?wechat=unbound');
  });

  it('binds WeChat in the personal center; a scan then signs in the bound user, who can unbind it', async () => {
    const user = await createCompanyUser(t.app, { codes: ['sys_tag'] });
    const call = as(t.app, await signIn(t.app, user.userName, user.password));
    expect(body(await record(call({ url: '/general/user/getWechatBinding' }))).data).toEqual({ bound: false, boundAt: null, enabled: true });

    expect(await bindAs(call, 'o_alice')).toBe('/user/userinfo?wechat=bound');
    expect(body(await record(call({ url: '/general/user/getWechatBinding' }))).data).toEqual({ bound: true, boundAt: expect.any(Number), enabled: true });

    const landing = await signInByScan('o_alice');
    const token = /^\/login#wxToken=([\w-]+)$/.exec(landing)?.[1];
    expect(token, landing).toBeTruthy();
    const me = body(await record(as(t.app, token as string)({ url: '/general/user/getUser' })));
    expect(me).toMatchObject({ code: 0, data: { userName: user.userName } });
    // The server sent the secret to WeChat's token endpoint, as WeChat requires, and nowhere else.
    expect(wechat.tokenRequests.at(-1)?.get('secret')).toBe(SECRET);

    // Another user cannot take an account that is bound already.
    const other = await createCompanyUser(t.app, { codes: [] });
    expect(await bindAs(as(t.app, await signIn(t.app, other.userName, other.password)), 'o_alice')).toBe('/user/userinfo?wechat=taken');

    expect(body(await record(call({ method: 'POST', url: '/general/user/unbindWechat', payload: {} }))).code).toBe(0);
    expect(body(await record(call({ url: '/general/user/getWechatBinding' }))).data.bound).toBe(false);
    expect(await signInByScan('o_alice')).toBe('/login?wechat=unbound');
    expect(body(await record(call({ method: 'POST', url: '/general/user/unbindWechat', payload: {} }))).code).toBe(40400);
  });

  it('refuses a replayed, forged or foreign state, and a state from another browser', async () => {
    const user = await createCompanyUser(t.app, { codes: [] });
    expect(await bindAs(as(t.app, await signIn(t.app, user.userName, user.password)), 'o_bob')).toBe('/user/userinfo?wechat=bound');

    // Replayed: the same redirect a second time.
    const { url, cookie } = await startLogin();
    const query = await scan(url, 'o_bob');
    expect((await redirectBack(query, cookie)).headers.location).toMatch(/^\/login#wxToken=/);
    expect((await redirectBack(query, cookie)).headers.location).toBe('/login?wechat=stateInvalid');

    // Forged: a state the server did not sign.
    const fresh = await startLogin();
    const scanned = await scan(fresh.url, 'o_bob');
    const [purpose, nonce] = scanned.state.split('.');
    expect((await redirectBack({ ...scanned, state: `${purpose}.${nonce}.${'A'.repeat(43)}` }, fresh.cookie)).headers.location).toBe('/login?wechat=stateInvalid');
    // Another browser (no cookie, or the cookie of another QR) cannot use it.
    expect((await redirectBack(scanned)).headers.location).toBe('/login?wechat=stateInvalid');
    const otherBrowser = await startLogin();
    expect((await redirectBack(scanned, otherBrowser.cookie)).headers.location).toBe('/login?wechat=stateInvalid');
    // A sign-in state is no binding state, and the reverse.
    expect((await redirectBack({ ...scanned, state: scanned.state.replace(/^login\./, 'bind.') }, fresh.cookie)).headers.location).toBe('/user/userinfo?wechat=stateInvalid');
    // No state at all, or a code WeChat does not know.
    expect((await redirectBack({ code: 'x', state: '' })).headers.location).toBe('/login?wechat=stateInvalid');
    const unknownCode = await startLogin();
    const withBadCode = await scan(unknownCode.url, 'o_bob');
    expect((await redirectBack({ ...withBadCode, code: 'forged-code' }, unknownCode.cookie)).headers.location).toBe('/login?wechat=failed');
  });

  it('never answers the app secret', () => {
    expect(answers.length).toBeGreaterThan(20);
    for (const answer of answers) {
      expect(answer.body).not.toContain(SECRET);
      expect(JSON.stringify(answer.headers)).not.toContain(SECRET);
    }
  });
});
