import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { luhnCheckDigit } from '@smartdata/domain';
import { as, body, createCompanyUser, createTestApp, signIn, type TestApp } from '@server/test/testApp';

/**
 * SIM traffic cards (issue 19) through the calls: the contract, every status and data-card state
 * reached through the simulated carrier, operations pending → submitted → confirmed or failed,
 * import all or none with a row report, the plan-exhaustion warning of a 1-minute gateway,
 * threshold alerts, carrier connections, and tenant isolation. The module's clock is moved
 * instead of sleeping. Runs on SQLite, and on PostgreSQL with TEST_DATABASE_URL.
 */

type Api = ReturnType<typeof as>;
const codes = ['dm_sim_card', 'cd_device', 'dm_gateway', 'sd_capsule', 'sys_company_info', 'cs_info', 'um_role'];
const DAY = 86_400_000;
/** 2026-11-10 10:00 Asia/Shanghai: well inside a month. */
const T0 = Date.UTC(2026, 10, 10, 2, 0, 0);

let t: TestApp;
let alice: { api: Api; companyId: number };
let bob: { api: Api; companyId: number };
let now = T0;
const setNow = (at: number) => {
  now = at;
  t.app.sim.setNow(at);
};
const later = (ms: number) => setNow(now + ms);

beforeAll(async () => {
  t = await createTestApp();
  setNow(T0);
  const a = await createCompanyUser(t.app, { codes, companyName: 'Cellular Ltd' });
  const b = await createCompanyUser(t.app, { codes, companyName: 'Other Co' });
  alice = { api: as(t.app, await signIn(t.app, a.userName, a.password)), companyId: a.companyId };
  bob = { api: as(t.app, await signIn(t.app, b.userName, b.password)), companyId: b.companyId };
});

afterAll(async () => {
  t.app.sim.setNow(null);
  await t.close();
});

const post = (api: Api, url: string, payload: unknown, lang = 'en-US') => api({ method: 'POST', url: `/general/${url}`, payload: payload as object, headers: { 'accept-language': lang } }).then(body);
const get = (api: Api, url: string, query: Record<string, string | number> = {}, lang = 'en-US') =>
  api({ method: 'GET', url: `/general/${url}?${new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)]))}`, headers: { 'accept-language': lang } }).then(body);

let seq = 0;
/** A valid ICCID: 8986 (China), 14 more digits, the Luhn check digit. */
function iccid(): string {
  seq += 1;
  const body19 = `898600${String(process.pid % 10000).padStart(4, '0')}${String(seq).padStart(9, '0')}`;
  return `${body19}${luhnCheckDigit(body19)}`;
}
const msisdn = () => `1440${String(Date.now() % 1_000_000).padStart(6, '0')}${String(seq).padStart(3, '0')}`;

async function addCard(api: Api, extra: Record<string, unknown> = {}): Promise<{ id: number; iccid: string }> {
  const card = { number: msisdn(), iccid: iccid(), carrier: 'mobile', ...extra };
  const answer = await post(api, 'sim/addCard', card);
  expect(answer.code, JSON.stringify(answer)).toBe(0);
  return { id: answer.data.id as number, iccid: card.iccid as string };
}
const card = async (id: number, api: Api = alice.api) => {
  const answer = await get(api, 'sim/getCard', { id });
  expect(answer.code, JSON.stringify(answer)).toBe(0);
  return answer.data;
};
const sync = async (ids?: number[], api: Api = alice.api) => {
  const answer = await post(api, 'sim/sync', ids ? { ids } : {});
  expect(answer.code, JSON.stringify(answer)).toBe(0);
  return answer.data;
};
const operate = async (ids: number[], action: string) => {
  const answer = await post(alice.api, 'sim/operate', { ids, action });
  expect(answer.code, JSON.stringify(answer)).toBe(0);
  return answer.data as { id: number; state: string; cardId: number }[];
};
const operations = async (cardId: number) => (await get(alice.api, 'sim/getOperations', { cardId })).data.list as { id: number; action: string; state: string; message: string | null }[];

async function addGateway(api: Api, name: string): Promise<number> {
  const dir = await post(api, 'cabin/addDirectory', { name: `Dir ${name}` });
  expect(dir.code, JSON.stringify(dir)).toBe(0);
  const device = await post(api, 'device/addDevice', { name, sn: `SN${name}${seq}${process.pid % 1000}`, model: 'SD-DTU', parentId: dir.data.id });
  expect(device.code, JSON.stringify(device)).toBe(0);
  return device.data.id as number;
}

describe('cards: the contract and its refusals', () => {
  it('adds a card (status none, not activated) and lists it with the contract fields', async () => {
    const { id, iccid: code } = await addCard(alice.api, { planMb: 500 });
    const list = await get(alice.api, 'sim/getCards', { keyword: code.slice(-8), pageNum: 1, pageSize: 10 });
    expect(list.code).toBe(0);
    expect(list.data.total).toBe(1);
    expect(list.data.list[0]).toMatchObject({ id, iccid: code, carrier: 'mobile', status: 'none', state: 'notActivated', usedMb: 0, planMb: 500, deviceId: null });
    // The contract's empty filters (`?carrier=&status=&keyword=&pageNum=&pageSize=`) filter nothing.
    const empty = await alice.api({ method: 'GET', url: '/general/sim/getCards?carrier=&status=&keyword=&pageNum=&pageSize=' }).then(body);
    expect(empty.code, JSON.stringify(empty)).toBe(0);
    expect(empty.data.list.map((c: { id: number }) => c.id)).toContain(id);
  });

  it('names the carrier and number in a refusal as the card form does (运营商, 卡号 — not a shipment\'s 承运商)', async () => {
    expect(await post(alice.api, 'sim/addCard', { number: msisdn(), iccid: iccid() }, 'zh-CN')).toMatchObject({ code: 50001, data: '运营商须为以下之一："none"、"mobile"、"unicom"、"telecom"' });
    expect(await post(alice.api, 'sim/addCard', { iccid: iccid(), carrier: 'mobile' }, 'en-US')).toMatchObject({ code: 50001, data: 'Card number is required' });
  });

  it('refuses an ICCID of the wrong length or check digit, and a duplicate in the company (50001)', async () => {
    const good = iccid();
    const wrongDigit = `${good.slice(0, -1)}${(Number(good.at(-1)) + 1) % 10}`;
    for (const bad of ['8986001234', `${good}12`, wrongDigit, `${good.slice(0, -1)}X`]) {
      const answer = await post(alice.api, 'sim/addCard', { number: msisdn(), iccid: bad, carrier: 'mobile' });
      expect(answer.code, bad).toBe(50001);
    }
    expect((await post(alice.api, 'sim/addCard', { number: msisdn(), iccid: wrongDigit, carrier: 'mobile' })).data).toContain('check digit');
    await addCard(alice.api, { iccid: good });
    const dup = await post(alice.api, 'sim/addCard', { number: msisdn(), iccid: good, carrier: 'unicom' });
    expect(dup.code).toBe(50001);
    expect(dup.data).toContain(good);
    // Another company may hold the same ICCID (a card moves between companies).
    expect((await post(bob.api, 'sim/addCard', { number: msisdn(), iccid: good, carrier: 'mobile' })).code).toBe(0);
  });

  it('binds a gateway of the company, refuses one of another company (40400), shows the card on the gateway', async () => {
    const { id } = await addCard(alice.api);
    const gateway = await addGateway(alice.api, 'GwA');
    const foreign = await addGateway(bob.api, 'GwB');
    expect((await post(alice.api, 'sim/bindDevice', { id, deviceId: foreign })).code).toBe(40400);
    expect((await post(alice.api, 'sim/bindDevice', { id, deviceId: gateway })).code).toBe(0);
    const onGateway = await get(alice.api, 'sim/getDeviceCard', { deviceId: gateway });
    expect(onGateway.data).toMatchObject({ id, deviceId: gateway, deviceName: 'GwA' });
    const { id: second } = await addCard(alice.api);
    expect((await post(alice.api, 'sim/bindDevice', { id: second, deviceId: gateway })).code).toBe(40900);
    expect((await post(alice.api, 'sim/unbindDevice', { id })).code).toBe(0);
    expect((await get(alice.api, 'sim/getDeviceCard', { deviceId: gateway })).data).toBeNull();
    expect((await get(bob.api, 'sim/getDeviceCard', { deviceId: gateway })).code).toBe(40400);
    // A deleted gateway leaves its card unbound.
    expect((await post(alice.api, 'sim/bindDevice', { id: second, deviceId: gateway })).code).toBe(0);
    const deleted = await post(alice.api, 'device/deleteDevice', { id: gateway });
    expect(deleted.code, JSON.stringify(deleted)).toBe(0);
    expect((await card(second)).deviceId).toBeNull();
  });
});

describe('the simulated carrier: every status and state, operations', () => {
  it('goes none → test period → silent period → normal → suspended → suspended, number kept → normal, with the states of spec §4', async () => {
    setNow(T0);
    const { id } = await addCard(alice.api, { planMb: 1000 });
    expect(await card(id)).toMatchObject({ status: 'none', state: 'notActivated', rawStatus: null });

    await sync([id]);
    expect(await card(id)).toMatchObject({ status: 'test', state: 'notActivated', rawStatus: '6', lastSyncResult: 'ok' });

    later(8 * DAY);
    await sync([id]);
    expect(await card(id)).toMatchObject({ status: 'silent', state: 'notActivated' });

    const [activation] = await operate([id], 'activate');
    expect(activation!.state).toBe('pending');
    expect((await sync([id])).submitted).toBe(1);
    expect((await operations(id))[0]).toMatchObject({ action: 'activate', state: 'submitted' });
    expect((await card(id)).status).toBe('silent');
    later(31_000);
    expect((await sync([id])).confirmed).toBe(1);
    expect((await operations(id))[0]).toMatchObject({ action: 'activate', state: 'confirmed' });
    expect(await card(id)).toMatchObject({ status: 'normal', state: 'running', rawStatus: '2' });

    later(DAY);
    await sync([id]);
    const running = await card(id);
    expect(running.usedMb).toBeGreaterThan(0.4);
    expect(running.activatedAt).not.toBeNull();

    await operate([id], 'suspend');
    await sync([id]);
    later(31_000);
    await sync([id]);
    expect(await card(id)).toMatchObject({ status: 'suspended', state: 'abnormal', rawStatus: '4' });

    later(31 * DAY);
    await sync([id]);
    expect(await card(id)).toMatchObject({ status: 'suspendedKept', state: 'abnormal', rawStatus: '9' });

    await operate([id], 'resume');
    await sync([id]);
    later(31_000);
    await sync([id]);
    expect(await card(id)).toMatchObject({ status: 'normal', state: 'running' });
  });

  it('a normal card that uses up its allowance is abnormal; a plan change takes effect after the next sync', async () => {
    setNow(T0);
    await post(alice.api, 'sim/updateConnection', { carrier: 'unicom', mode: 'simulated', delaySeconds: 0 });
    const { id } = await addCard(alice.api, { carrier: 'unicom', planMb: 1 });
    await sync([id]);
    await operate([id], 'activate');
    const once = await sync([id]);
    // No delay on this connection: submitted and confirmed by the same sync.
    expect(once).toMatchObject({ submitted: 1, confirmed: 1 });
    later(3 * DAY);
    await sync([id]);
    expect(await card(id)).toMatchObject({ status: 'normal', state: 'abnormal', usedMb: 1, planMb: 1, usedPercent: 100 });

    const change = await post(alice.api, 'sim/changePlan', { ids: [id], planMb: 2048, planName: 'IoT 2G' });
    expect(change.code).toBe(0);
    expect(change.data[0]).toMatchObject({ action: 'changePlan', state: 'pending', planMb: 2048 });
    await sync([id]);
    expect(await card(id)).toMatchObject({ planMb: 2048, planName: 'IoT 2G', state: 'running' });
  });

  it('an order the card cannot take fails with the carrier’s message; an open operation blocks another', async () => {
    setNow(T0);
    const { id } = await addCard(alice.api);
    await sync([id]);
    const [resume] = await operate([id], 'resume');
    expect(resume!.state).toBe('pending');
    expect((await post(alice.api, 'sim/operate', { ids: [id], action: 'suspend' })).code).toBe(40900);
    expect((await sync([id])).failed).toBe(1);
    const [failed] = await operations(id);
    expect(failed).toMatchObject({ action: 'resume', state: 'failed', message: 'The card is not suspended and cannot be resumed' });
    const zh = await get(alice.api, 'sim/getOperations', { cardId: id }, 'zh-CN');
    expect(zh.data.list[0].message).toBe('卡未停机，无法复机');
  });

  it('batch operations take cards of one carrier; a card without a carrier cannot be operated', async () => {
    const a = await addCard(alice.api, { carrier: 'mobile' });
    const b = await addCard(alice.api, { carrier: 'telecom' });
    const c = await addCard(alice.api, { carrier: 'none' });
    expect((await post(alice.api, 'sim/operate', { ids: [a.id, b.id], action: 'suspend' })).code).toBe(50001);
    expect((await post(alice.api, 'sim/operate', { ids: [c.id], action: 'activate' })).code).toBe(50001);
    const d = await addCard(alice.api, { carrier: 'mobile' });
    const batch = await operate([a.id, d.id], 'activate');
    expect(batch.map((op) => op.state)).toEqual(['pending', 'pending']);
    expect(batch.map((op) => op.cardId).sort()).toEqual([a.id, d.id].sort());
  });

  it('a live connection is a stub: its secret is only shown as set, and a sync says the API is not connected', async () => {
    const saved = await post(alice.api, 'sim/updateConnection', { carrier: 'telecom', mode: 'live', account: 'acct-1', secret: 's3cr3t-value', endpoint: 'https://api.example.com' });
    expect(saved.code).toBe(0);
    const connections = await get(alice.api, 'sim/getConnections');
    expect(JSON.stringify(connections.data)).not.toContain('s3cr3t');
    expect(connections.data.find((c: { carrier: string }) => c.carrier === 'telecom')).toMatchObject({ mode: 'live', account: 'acct-1', secretSet: true, working: false });
    expect(connections.data.find((c: { carrier: string }) => c.carrier === 'mobile')).toMatchObject({ mode: 'simulated', secretSet: false, working: true });
    const { id } = await addCard(alice.api, { carrier: 'telecom' });
    expect((await sync([id])).errors).toBe(1);
    expect((await card(id)).lastSyncResult).toContain('not connected');
    await post(alice.api, 'sim/updateConnection', { carrier: 'telecom', mode: 'simulated', secret: '' });
    expect((await get(alice.api, 'sim/getConnections')).data.find((c: { carrier: string }) => c.carrier === 'telecom')).toMatchObject({ secretSet: false, working: true });
  });
});

describe('traffic', () => {
  it('keeps daily usage per card and per company, spread over the days between syncs', async () => {
    setNow(T0);
    await post(alice.api, 'sim/updateConnection', { carrier: 'unicom', mode: 'simulated', delaySeconds: 0 });
    const { id } = await addCard(alice.api, { carrier: 'unicom', planMb: 10_000 });
    await sync([id]);
    await operate([id], 'activate');
    await sync([id]);
    later(3 * DAY);
    await sync([id]);
    const days = (await get(alice.api, 'sim/getUsage', { cardId: id, days: 5 })).data as { day: string; usedMb: number }[];
    expect(days).toHaveLength(5);
    const used = days.filter((d) => d.usedMb > 0);
    expect(used.length).toBeGreaterThanOrEqual(3);
    const total = days.reduce((sum, d) => sum + d.usedMb, 0);
    expect(total).toBeCloseTo((await card(id)).usedMb, 1);
    const company = (await get(alice.api, 'sim/getUsage', { days: 5 })).data as { day: string; usedMb: number }[];
    expect(company.reduce((sum, d) => sum + d.usedMb, 0)).toBeGreaterThanOrEqual(total - 0.01);
  });

  it('warns when a 1-minute gateway will use up the plan before the period ends (and not a 15-minute one)', async () => {
    setNow(T0);
    const gateway = await addGateway(alice.api, 'GwWarn');
    const { id } = await addCard(alice.api, { planMb: 30 });
    await sync([id]);
    expect((await post(alice.api, 'sim/bindDevice', { id, deviceId: gateway, dataFrequency: 1, payloadBytes: 1024 })).code).toBe(0);
    const warned = await card(id);
    // 1440 messages a day × (1024 + 150 bytes) ≈ 1.61 MB a day; 20 days left of November ≈ 32 MB > 30 MB.
    expect(warned.warning).toMatchObject({ dataFrequency: 1, payloadBytes: 1024 });
    expect(warned.warning.dailyMb).toBeCloseTo(1.612, 2);
    expect(warned.warning.projectedMb).toBeGreaterThan(30);
    expect(warned.warning.exhaustsAt).toBeGreaterThan(T0);
    expect(warned.warning.exhaustsAt).toBeLessThan(warned.periodEnd);
    expect((await post(alice.api, 'sim/updateCard', { id, dataFrequency: 15 })).code).toBe(0);
    expect((await card(id)).warning).toBeNull();
    expect((await post(alice.api, 'sim/updateCard', { id, dataFrequency: 7 })).code).toBe(50001);
  });
});

describe('threshold alerts through cloud monitoring', () => {
  it('opens one alarm when a card passes its alert percentage in a period, on the card', async () => {
    setNow(T0);
    await post(alice.api, 'sim/updateConnection', { carrier: 'unicom', mode: 'simulated', delaySeconds: 0 });
    const { id } = await addCard(alice.api, { carrier: 'unicom', planMb: 2, alertPercent: 50 });
    const number = (await card(id)).number as string;
    await sync([id]);
    await operate([id], 'activate');
    await sync([id]);
    const alarmsOf = async () => ((await get(alice.api, 'alarm/getAlarms', { pageSize: 100 })).data.list as { target: { kind: string; cardId?: number }; targetName: string; value: number; level: number }[]).filter((a) => a.target.kind === 'simCard' && a.target.cardId === id);
    expect(await alarmsOf()).toHaveLength(0);
    later(2 * DAY);
    await sync([id]);
    const [alarm, ...more] = await alarmsOf();
    expect(more).toHaveLength(0);
    expect(alarm).toMatchObject({ targetName: number, level: 2 });
    expect(alarm!.value).toBeGreaterThanOrEqual(50);
    later(DAY);
    await sync([id]);
    expect(await alarmsOf()).toHaveLength(1);
    // Bob's company sees none of it.
    expect(JSON.stringify((await get(bob.api, 'alarm/getAlarms', { pageSize: 100 })).data)).not.toContain(number);
  });
});

describe('import and export', () => {
  const csv = (rows: string[][]) => Buffer.from(rows.map((r) => r.join(',')).join('\r\n')).toString('base64');

  it('imports every row or none, with a report of the rows at fault', async () => {
    const dup = iccid();
    await addCard(alice.api, { iccid: dup });
    const good = [iccid(), iccid(), iccid()];
    const bad = `${good[0]!.slice(0, -1)}${(Number(good[0]!.at(-1)) + 1) % 10}`;
    const rows = [
      ['卡号', 'ICCID', '运营商', '套餐流量(MB)'],
      [msisdn(), good[0]!, '移动', '100'],
      [msisdn(), bad, 'unicom', '100'],
      [msisdn(), dup, 'telecom', ''],
      [msisdn(), good[1]!, 'carrier pigeon', ''],
      [msisdn(), good[0]!, 'mobile', ''],
    ];
    const before = (await get(alice.api, 'sim/getCards', { pageSize: 1 })).data.total;
    const dry = await post(alice.api, 'sim/importCards', { fileName: 'cards.csv', content: csv(rows), dryRun: true });
    expect(dry.code).toBe(0);
    expect(dry.data.rows).toBe(5);
    expect(dry.data.imported).toBe(0);
    expect(dry.data.errors.map((e: { row: number }) => e.row)).toEqual([3, 4, 5, 6]);
    const refused = await post(alice.api, 'sim/importCards', { fileName: 'cards.csv', content: csv(rows), dryRun: false });
    expect(refused.code).toBe(50001);
    expect(refused.data).toContain('Row 3');
    expect((await get(alice.api, 'sim/getCards', { pageSize: 1 })).data.total).toBe(before);

    const fixed = [rows[0]!, rows[1]!, [msisdn(), good[1]!, '联通', ''], [msisdn(), good[2]!, 'telecom', '50']];
    const done = await post(alice.api, 'sim/importCards', { fileName: 'cards.csv', content: csv(fixed), dryRun: false });
    expect(done.code, JSON.stringify(done)).toBe(0);
    expect(done.data).toMatchObject({ rows: 3, imported: 3, errors: [] });
    const imported = await get(alice.api, 'sim/getCards', { keyword: good[1]! });
    expect(imported.data.list[0]).toMatchObject({ carrier: 'unicom', status: 'none' });
  });

  it('reads the cached result of a formula cell; a formula saved without one, or resulting in an error, is a row error naming the cell (issue 31.1)', async () => {
    const build = async (rows: unknown[][]) => {
      const workbook = new ExcelJS.Workbook();
      const sheet = workbook.addWorksheet('Cards');
      rows.forEach((row) => sheet.addRow(row));
      return Buffer.from(await workbook.xlsx.writeBuffer()).toString('base64');
    };
    const [withResult, withoutResult, erring] = [iccid(), iccid(), iccid()];
    const header = ['number', 'iccid', 'carrier', 'planMb'];
    // What openpyxl (and pandas through it) saves: the formula alone; and a formula that errs.
    const refused = await post(alice.api, 'sim/importCards', {
      fileName: 'cards.xlsx',
      content: await build([header, [msisdn(), withoutResult, 'mobile', { formula: 'D3*2' }], [msisdn(), erring, 'mobile', { formula: '1/0', result: { error: '#DIV/0!' } }]]),
      dryRun: true,
    });
    expect(refused.code, JSON.stringify(refused)).toBe(0);
    expect(refused.data.imported).toBe(0);
    expect(refused.data.errors).toEqual([
      { row: 2, column: 'Allowance (MB)', message: 'Cell D2 holds a formula (=D3*2) saved without its result: open and save the file in Excel or WPS before importing, or enter the value' },
      { row: 3, column: 'Allowance (MB)', message: 'The formula in cell D3 results in the error #DIV/0!' },
    ]);
    // What Excel and WPS save: the formula with its result, which is imported.
    const done = await post(alice.api, 'sim/importCards', { fileName: 'cards.xlsx', content: await build([header, [msisdn(), withResult, 'mobile', { formula: '100+28', result: 128 }]]), dryRun: false });
    expect(done.code, JSON.stringify(done)).toBe(0);
    expect(done.data).toMatchObject({ rows: 1, imported: 1, errors: [] });
    expect((await get(alice.api, 'sim/getCards', { keyword: withResult })).data.list[0]).toMatchObject({ iccid: withResult, planMb: 128 });
  });

  it('imports XLSX with ICCIDs as text, and exports the cards (a file that imports again)', async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Cards');
    const codesOf = [iccid(), iccid()];
    sheet.addRow(['number', 'iccid', 'carrier', 'planMb']);
    for (const code of codesOf) {
      sheet.addRow([msisdn(), code, 'mobile', 200]);
    }
    const content = Buffer.from(await workbook.xlsx.writeBuffer()).toString('base64');
    const done = await post(alice.api, 'sim/importCards', { fileName: 'cards.xlsx', content, dryRun: false });
    expect(done.code, JSON.stringify(done)).toBe(0);
    expect(done.data.imported).toBe(2);

    const file = await alice.api({ method: 'GET', url: `/general/sim/exportCards?format=csv&keyword=${codesOf[0]}`, headers: { 'accept-language': 'en-US' } });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toContain('text/csv');
    expect(file.body).toContain(codesOf[0]);
    expect(file.body).toContain('Number,ICCID,Carrier');
    const xlsx = await alice.api({ method: 'GET', url: '/general/sim/exportCards?format=xlsx' });
    expect(xlsx.statusCode).toBe(200);
  });
});

describe('lists for 10 000 cards', () => {
  it('filters by carrier, status, state and usage and pages', async () => {
    const telecomBefore = (await get(alice.api, 'sim/getCards', { carrier: 'telecom', pageSize: 1 })).data.total;
    await addCard(alice.api, { carrier: 'telecom' });
    expect((await get(alice.api, 'sim/getCards', { carrier: 'telecom', pageSize: 1 })).data.total).toBe(telecomBefore + 1);
    const suspended = await get(alice.api, 'sim/getCards', { status: 'suspended' });
    expect(suspended.data.list.every((c: { status: string }) => c.status === 'suspended')).toBe(true);
    const full = await get(alice.api, 'sim/getCards', { usageMin: 0.01 });
    expect(full.data.total).toBeGreaterThanOrEqual(1);
    expect(full.data.list.every((c: { usedPercent: number }) => c.usedPercent >= 0.01)).toBe(true);
    const page2 = await get(alice.api, 'sim/getCards', { pageNum: 2, pageSize: 3 });
    expect(page2.data.list.length).toBeLessThanOrEqual(3);
    expect((await get(alice.api, 'sim/getCards', { status: 'bogus' })).code).toBe(50001);
  });
});

describe('tenant isolation', () => {
  it("another company sees none of the cards and cannot operate, sync, bind, change or delete them (40400)", async () => {
    const { id, iccid: code } = await addCard(alice.api);
    expect((await get(bob.api, 'sim/getCards', { keyword: code })).data.total).toBe(0);
    expect((await get(bob.api, 'sim/getCard', { id })).code).toBe(40400);
    expect((await post(bob.api, 'sim/operate', { ids: [id], action: 'activate' })).code).toBe(40400);
    expect((await post(bob.api, 'sim/sync', { ids: [id] })).code).toBe(40400);
    expect((await post(bob.api, 'sim/updateCard', { id, remarks: 'x' })).code).toBe(40400);
    expect((await post(bob.api, 'sim/deleteCards', { ids: [id] })).code).toBe(40400);
    expect((await get(bob.api, 'sim/getOperations', { cardId: id })).code).toBe(40400);
    expect((await get(bob.api, 'sim/getUsage', { cardId: id })).code).toBe(40400);
    const gateway = await addGateway(bob.api, 'GwBob');
    expect((await post(bob.api, 'sim/bindDevice', { id, deviceId: gateway })).code).toBe(40400);
    expect((await card(id)).status).toBe('none');
    expect((await post(alice.api, 'sim/deleteCards', { ids: [id] })).code).toBe(0);
    expect((await get(alice.api, 'sim/getCard', { id })).code).toBe(40400);
  });
});

describe('API description', () => {
  it('documents every sim call under its tag', async () => {
    const doc = (await t.app.inject({ url: '/general/docs/json' })).json<{ paths: Record<string, Record<string, { tags?: string[] }>> }>();
    const simPaths = Object.keys(doc.paths).filter((p) => p.startsWith('/general/sim/'));
    expect(simPaths).toHaveLength(19);
    expect(doc.paths['/general/sim/getCards']?.get?.tags).toEqual(['sim']);
  });
});

describe('end-to-end clock', () => {
  it('moves the simulated carrier\'s clock through a test route, which exists only with test routes on', async () => {
    const moved = await t.app.inject({ method: 'POST', url: '/general/test/simClock', payload: { now: T0 + 5 * DAY } });
    expect(body(moved).data).toEqual({ now: T0 + 5 * DAY });
    setNow(T0);
    const plain = await createTestApp({ testRoutes: false });
    try {
      expect((await plain.app.inject({ method: 'POST', url: '/general/test/simClock', payload: { now: T0 } })).statusCode).toBe(404);
    } finally {
      await plain.close();
    }
  });
});

describe('periodic sync', () => {
  it('syncs cards not synced for a while and cards with pending operations', async () => {
    setNow(T0 + 100 * DAY);
    const { id } = await addCard(alice.api);
    expect(await t.app.sim.periodicSync()).toBeGreaterThanOrEqual(1);
    expect((await card(id)).status).toBe('test');
    expect(await t.app.sim.periodicSync()).toBe(0);
  });
});
