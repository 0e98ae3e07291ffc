import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { luhnCheckDigit } from '@smartdata/domain';
import { as, body, createCompanyUser, createTestApp, signIn, type TestApp } from '@server/test/testApp';
import { startOneLinkStandIn, type OneLinkStandIn } from './testing/oneLinkStandIn';

/**
 * China Mobile OneLink (issue 36) through the console's calls: the provider talks real HTTP to the
 * local stand-in of the platform (testing/oneLinkStandIn.ts). A live connection only after a test
 * call passed; a first import of 250 cards over several pages; an activation confirmed by a later
 * sync; a suspension the carrier refuses, its message on the operation; an expired token renewed
 * once; a rate-limit answer retried later (by the periodic sync), not in a loop; usage alerts in
 * cloud monitoring. The module's clock and the stand-in's are the same test clock. Runs on SQLite,
 * and on PostgreSQL with TEST_DATABASE_URL.
 */

type Api = ReturnType<typeof as>;
// um_role: the company's administrators see the alarm of a card bound to no gateway.
const codes = ['dm_sim_card', 'sys_company_info', 'cs_info', 'um_role'];
const DAY = 86_400_000;
/** 2026-11-10 10:00 Asia/Shanghai. */
const T0 = Date.UTC(2026, 10, 10, 2, 0, 0);

let t: TestApp;
let now = T0;
const setNow = (at: number) => {
  now = at;
  t.app.sim.setNow(at);
};
const later = (ms: number) => setNow(now + ms);

const post = (api: Api, url: string, payload: unknown, lang = 'en-US') => api({ method: 'POST', url: `/general/${url}`, payload: payload as object, headers: { 'accept-language': lang } }).then(body);
const get = (api: Api, url: string, query: Record<string, string | number> = {}, lang = 'en-US') =>
  api({ method: 'GET', url: `/general/${url}?${new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)]))}`, headers: { 'accept-language': lang } }).then(body);

let seq = 0;
function iccid(prefix = '898604'): string {
  seq += 1;
  const body19 = `${prefix}${String(process.pid % 10000).padStart(4, '0')}${String(seq).padStart(19 - prefix.length - 4, '0')}`;
  return `${body19}${luhnCheckDigit(body19)}`;
}
const msisdn = () => `1440${String(process.pid % 1000).padStart(3, '0')}${String(seq).padStart(6, '0')}`;

interface Company {
  api: Api;
  standIn: OneLinkStandIn;
}
const companies: Company[] = [];

async function company(appid: string): Promise<Company> {
  const user = await createCompanyUser(t.app, { codes });
  const standIn = await startOneLinkStandIn({ appid, now: () => now });
  const entry = { api: as(t.app, await signIn(t.app, user.userName, user.password)), standIn };
  companies.push(entry);
  return entry;
}

async function connect(c: Company): Promise<void> {
  const saved = await post(c.api, 'sim/updateConnection', { carrier: 'mobile', mode: 'live', account: c.standIn.appid, secret: c.standIn.password, endpoint: c.standIn.url });
  expect(saved.code, JSON.stringify(saved)).toBe(0);
}

/** A card the carrier has, registered in the console too. */
async function liveCard(c: Company, card: { status?: string; usedKb?: number; planKb?: number; alertPercent?: number } = {}): Promise<{ id: number; iccid: string }> {
  const number = msisdn();
  const id = iccid();
  c.standIn.addCard({ iccid: id, msisdn: number, status: card.status ?? '6', usedKb: card.usedKb ?? 0, planKb: card.planKb ?? 0 });
  const added = await post(c.api, 'sim/addCard', { number, iccid: id, carrier: 'mobile', ...(card.alertPercent === undefined ? {} : { alertPercent: card.alertPercent }) });
  expect(added.code, JSON.stringify(added)).toBe(0);
  return { id: added.data.id as number, iccid: id };
}

const sync = async (c: Company, ids: number[]) => {
  const answer = await post(c.api, 'sim/sync', { ids });
  expect(answer.code, JSON.stringify(answer)).toBe(0);
  return answer.data as { cards: number; submitted: number; confirmed: number; failed: number; errors: number };
};
const card = async (c: Company, id: number, lang = 'en-US') => (await get(c.api, 'sim/getCard', { id }, lang)).data;
const operations = async (c: Company, cardId: number, lang = 'en-US') => (await get(c.api, 'sim/getOperations', { cardId }, lang)).data.list as { action: string; state: string; message: string | null }[];
const operate = async (c: Company, ids: number[], action: string) => {
  const answer = await post(c.api, 'sim/operate', { ids, action });
  expect(answer.code, JSON.stringify(answer)).toBe(0);
};

let alice: Company;

beforeAll(async () => {
  t = await createTestApp({ webhookAllowHosts: ['127.0.0.1'] });
  setNow(T0);
  alice = await company('100001');
});

afterAll(async () => {
  t.app.sim.setNow(null);
  await Promise.all(companies.map((c) => c.standIn.close()));
  await t.close();
});

describe('the connection', () => {
  it('is saved as live only after a test call passed; the form rules are the server rules', async () => {
    const wrong = await post(alice.api, 'sim/testConnection', { carrier: 'mobile', account: alice.standIn.appid, secret: 'not-the-password', endpoint: alice.standIn.url });
    expect(wrong.data).toMatchObject({ ok: false });
    expect(wrong.data.message).toContain('12022');
    const refused = await post(alice.api, 'sim/updateConnection', { carrier: 'mobile', mode: 'live', account: alice.standIn.appid, secret: 'not-the-password', endpoint: alice.standIn.url });
    expect(refused.code).toBe(50001);
    expect(refused.data).toContain('The connection test failed');
    expect(refused.data).toContain('appid 或 password 鉴权不通过');
    const mobile = async () => ((await get(alice.api, 'sim/getConnections')).data as { carrier: string }[]).find((c) => c.carrier === 'mobile');
    expect(await mobile()).toMatchObject({ mode: 'simulated', secretSet: false });
    expect((await post(alice.api, 'sim/updateConnection', { carrier: 'mobile', mode: 'live', account: '', secret: 'x', endpoint: alice.standIn.url })).data).toBe('The AppID is 1 to 100 letters, digits, - or _');
    expect((await post(alice.api, 'sim/updateConnection', { carrier: 'mobile', mode: 'live', account: '100001', endpoint: alice.standIn.url })).data).toBe('Enter the OneLink access password');
    expect((await post(alice.api, 'sim/testConnection', { carrier: 'mobile', account: '100001', secret: 'x', endpoint: 'ftp://example.com' })).code).toBe(50001);

    const passed = await post(alice.api, 'sim/testConnection', { carrier: 'mobile', account: alice.standIn.appid, secret: alice.standIn.password, endpoint: alice.standIn.url });
    expect(passed.data).toEqual({ ok: true, message: null });
    await connect(alice);
    expect(await mobile()).toMatchObject({ mode: 'live', account: alice.standIn.appid, endpoint: alice.standIn.url, secretSet: true, working: true });
    expect(JSON.stringify((await get(alice.api, 'sim/getConnections')).data)).not.toContain(alice.standIn.password);
    // The stored password fills the test when none is typed.
    expect((await post(alice.api, 'sim/testConnection', { carrier: 'mobile' })).data).toEqual({ ok: true, message: null });
    // China Unicom and China Telecom stay stubs.
    const unicom = await post(alice.api, 'sim/testConnection', { carrier: 'unicom', account: 'a', secret: 'b' });
    expect(unicom.data.ok).toBe(false);
    expect(unicom.data.message).toContain('not connected');
  });
});

describe('sync against OneLink', () => {
  it('confirms an activation by a later sync: pending → submitted → confirmed, status and raw code from the carrier', async () => {
    later(DAY);
    alice.standIn.changeDelayMs = 60_000;
    const { id, iccid: cardIccid } = await liveCard(alice, { status: '6', planKb: 100 * 1024 });
    expect(await sync(alice, [id])).toMatchObject({ cards: 1, errors: 0 });
    expect(await card(alice, id)).toMatchObject({ status: 'test', rawStatus: '6', state: 'notActivated', planMb: 100, lastSyncResult: 'ok' });
    await operate(alice, [id], 'activate');
    expect(await sync(alice, [id])).toMatchObject({ submitted: 1, confirmed: 0 });
    const change = alice.standIn.callsTo('/ec/change/sim-status').at(-1)!;
    // 可测试 → 已激活 is operType 5.
    expect(change.params).toMatchObject({ iccid: cardIccid, operType: '5' });
    expect(change.params.transid).toMatch(new RegExp(`^${alice.standIn.appid}\\d{14}\\d{8}$`));
    expect((await operations(alice, id))[0]).toMatchObject({ action: 'activate', state: 'submitted' });
    expect((await card(alice, id)).status).toBe('test');
    later(61_000);
    expect(await sync(alice, [id])).toMatchObject({ confirmed: 1 });
    expect((await operations(alice, id))[0]).toMatchObject({ state: 'confirmed', message: null });
    const active = await card(alice, id);
    expect(active).toMatchObject({ status: 'normal', rawStatus: '2', state: 'running' });
    expect(active.activatedAt).toBe(now - 1000);
    alice.standIn.changeDelayMs = 0;
  });

  it('fails a suspension the carrier refuses, with its message in the user\'s language around it', async () => {
    later(DAY);
    const { id } = await liveCard(alice, { status: '6' });
    await operate(alice, [id], 'suspend');
    expect(await sync(alice, [id])).toMatchObject({ submitted: 0, failed: 1 });
    const [failed] = await operations(alice, id);
    expect(failed).toMatchObject({ action: 'suspend', state: 'failed' });
    expect(failed!.message).toBe('China Mobile OneLink refused (12089): 卡当前状态为“可测试”，不能办理该状态变更');
    expect((await operations(alice, id, 'zh-CN'))[0]!.message).toBe('中国移动 OneLink 拒绝（12089）：卡当前状态为“可测试”，不能办理该状态变更');
    // A plan change is not made through OneLink: refused with why.
    const plan = await post(alice.api, 'sim/changePlan', { ids: [id], planMb: 500 });
    expect(plan.code).toBe(0);
    await sync(alice, [id]);
    expect((await operations(alice, id))[0]).toMatchObject({ action: 'changePlan', state: 'failed', message: "Plan changes are not made through the OneLink API; change the plan on China Mobile's IoT card platform" });
  });

  it('renews an expired token once for a whole sync, and keeps a valid one across syncs', async () => {
    later(DAY);
    const cards = [await liveCard(alice), await liveCard(alice), await liveCard(alice)];
    const ids = cards.map((c) => c.id);
    const tokens = () => alice.standIn.callsTo('/ec/get/token').length;
    const expired = () => alice.standIn.calls.length;
    await sync(alice, ids);
    const before = tokens();
    await sync(alice, ids);
    expect(tokens()).toBe(before); // cached, not one per call or per sync

    alice.standIn.expireTokens();
    const callsBefore = expired();
    expect(await sync(alice, ids)).toMatchObject({ cards: 3, errors: 0 });
    expect(tokens()).toBe(before + 1);
    // Exactly one call met the expired token (the first), then the renewed one served the rest.
    const afterExpiry = alice.standIn.calls.slice(callsBefore).filter((c) => c.path !== '/ec/get/token');
    expect(afterExpiry.length).toBe(3 * 4 + 1 + 1);
    for (const c of cards) {
      expect((await card(alice, c.id)).lastSyncResult).toBe('ok');
    }

    // A token past its ttl is renewed before the call, without meeting 12021.
    later(2 * 3_600_000);
    await sync(alice, ids);
    expect(tokens()).toBe(before + 2);
  });

  it('keeps an order pending on a rate-limit answer, calls no more until the pause ends, and the periodic sync hands it over later', async () => {
    later(DAY);
    const { id } = await liveCard(alice, { status: '2' });
    await sync(alice, [id]);
    await operate(alice, [id], 'suspend');
    alice.standIn.rateLimit = { calls: 0, windowMs: 60_000 };
    const before = alice.standIn.calls.length;
    expect(await sync(alice, [id])).toMatchObject({ submitted: 0, failed: 0 });
    expect(alice.standIn.calls.length - before).toBe(1); // one refused request, nothing after it
    const [waiting] = await operations(alice, id);
    expect(waiting).toMatchObject({ state: 'pending' });
    expect(waiting!.message).toContain('China Mobile OneLink is limiting calls (HTTP 429)');
    expect((await card(alice, id)).lastSyncResult).toContain('limiting calls');

    alice.standIn.rateLimit = { calls: 1000, windowMs: 60_000 };
    const paused = alice.standIn.calls.length;
    await sync(alice, [id]);
    expect(alice.standIn.calls.length).toBe(paused); // still paused: answered without a request
    expect((await operations(alice, id))[0]!.state).toBe('pending');

    later(61_000);
    expect(await t.app.sim.periodicSync()).toBeGreaterThanOrEqual(1);
    expect((await operations(alice, id))[0]).toMatchObject({ state: 'confirmed', message: null });
    expect((await card(alice, id)).status).toBe('suspended');
    alice.standIn.rateLimit = null;
  });

  it('the periodic sync reads cards never synced from OneLink', async () => {
    later(DAY);
    const { id } = await liveCard(alice, { status: '1' });
    expect(await t.app.sim.periodicSync()).toBeGreaterThanOrEqual(1);
    expect(await card(alice, id)).toMatchObject({ status: 'silent', rawStatus: '1', lastSyncResult: 'ok' });
  });

  it('takes monthly and daily traffic from OneLink and raises the usage alert in cloud monitoring', async () => {
    later(DAY);
    const { id, iccid: cardIccid } = await liveCard(alice, { status: '2', planKb: 10 * 1024, alertPercent: 80 });
    const line = alice.standIn.cards.get(cardIccid)!;
    const yesterday = new Date(now - DAY + 8 * 3_600_000).toISOString().slice(0, 10);
    line.usedKb = 9 * 1024;
    line.dailyKb[yesterday.replaceAll('-', '')] = 2 * 1024;
    await sync(alice, [id]);
    expect(await card(alice, id)).toMatchObject({ usedMb: 9, planMb: 10, usedPercent: 90 });
    const days = (await get(alice.api, 'sim/getUsage', { cardId: id, days: 3 })).data as { day: string; usedMb: number }[];
    expect(days.find((d) => d.day === yesterday)?.usedMb).toBe(2);
    const daily = alice.standIn.callsTo('/ec/query/sim-data-usage-daily/batch').at(-1)!;
    expect(daily.params).toMatchObject({ iccids: cardIccid, queryDate: yesterday.replaceAll('-', '') });
    const alarms = ((await get(alice.api, 'alarm/getAlarms', { pageSize: 100 })).data.list as { target: { kind: string; cardId?: number }; value: number }[]).filter((a) => a.target.kind === 'simCard' && a.target.cardId === id);
    expect(alarms).toHaveLength(1);
    expect(alarms[0]!.value).toBe(90);
  });
});

describe('a first import from OneLink', () => {
  it('pages through 250 cards of two groups, adds them, and counts them as existing the next time', async () => {
    later(DAY);
    const bob = await company('100002');
    for (let i = 0; i < 250; i += 1) {
      bob.standIn.addCard({ iccid: iccid('898602'), msisdn: msisdn() }, i < 150 ? 'G100' : 'G200');
    }
    // A card whose ICCID carries a letter (as some real ones do) is refused, with why.
    bob.standIn.addCard({ iccid: '898600D6991330004146', msisdn: '1440999000001' }, 'G200');
    expect((await post(bob.api, 'sim/importFromCarrier', { carrier: 'mobile' })).data).toBe('Connect the China Mobile OneLink API in the carrier connections first (saved as "Carrier API" after a passed test)');
    await connect(bob);
    const first = await post(bob.api, 'sim/importFromCarrier', { carrier: 'mobile' });
    expect(first.code, JSON.stringify(first)).toBe(0);
    expect(first.data).toMatchObject({ found: 251, added: 250, existing: 0 });
    expect(first.data.skipped).toEqual([{ iccid: '898600D6991330004146', number: '1440999000001', message: 'An ICCID is 19 or 20 digits' }]);
    // Groups one page; members 50 a page (150 → 3 pages, 101 → 3 pages); ICCIDs 100 a call.
    expect(bob.standIn.callsTo('/ec/query/group-info')).toHaveLength(1);
    expect(bob.standIn.callsTo('/ec/query/group-member').map((c) => `${c.params.groupId}:${c.params.startNum}`)).toEqual(['G100:1', 'G100:2', 'G100:3', 'G200:1', 'G200:2', 'G200:3']);
    expect(bob.standIn.callsTo('/ec/query/sim-card-info/batch').map((c) => c.params.msisdns!.split('_').length)).toEqual([100, 100, 51]);
    const listed = await get(bob.api, 'sim/getCards', { carrier: 'mobile', pageSize: 10 });
    expect(listed.data.total).toBe(250);
    expect(listed.data.list[0]).toMatchObject({ status: 'none', carrier: 'mobile' });
    expect((await post(bob.api, 'sim/importFromCarrier', { carrier: 'mobile' })).data).toMatchObject({ found: 251, added: 0, existing: 250 });
    // Alice's company sees none of Bob's cards.
    expect((await get(alice.api, 'sim/getCards', { keyword: '898602', pageSize: 10 })).data.total).toBe(0);
  });
});
