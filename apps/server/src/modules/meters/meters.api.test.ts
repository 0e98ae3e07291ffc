import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import ExcelJS from 'exceljs';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { adminPassword, as, body, createCompanyUser, createTestApp, signIn, type TestApp } from '@server/test/testApp';

/**
 * Electric meters (issue 17, docs/meters.md) through the API, against values computed by hand
 * below. The company's zone is Asia/Shanghai (UTC+8); readings are written as records of a data
 * item at given instants (the record's instant is its creation).
 */

let t: TestApp;
let alice: Person;
beforeAll(async () => {
  t = await createTestApp();
  alice = await person(t.app, undefined, ['sd_capsule', 'um_role', 'sys_company_info', 'cd_device']);
  await t.app.platform.db.updateTable('company').set({ time_zone: 'Asia/Shanghai' }).where('id', '=', alice.companyId).execute();
});
afterAll(async () => {
  await t.close();
});

type Api = (options: InjectOptions) => Promise<LightMyRequestResponse>;
interface Person {
  api: Api;
  userId: number;
  companyId: number;
}

async function person(app: FastifyInstance, companyId?: number, codes: string[] = ['sd_capsule']): Promise<Person> {
  const user = await createCompanyUser(app, { codes, companyId });
  return { api: as(app, await signIn(app, user.userName, user.password)), userId: user.userId, companyId: user.companyId };
}

const post = (api: Api, url: string, payload: unknown, headers: Record<string, string> = {}) => api({ method: 'POST', url: `/general/${url}`, payload: payload as object, headers }).then(body);
const get = (api: Api, url: string, headers: Record<string, string> = {}) => api({ method: 'GET', url: `/general/${url}`, headers }).then(body);
const en = { 'accept-language': 'en-US' };

/** An instant of November 2025 in Shanghai (UTC+8); day 0 is October 31. */
const at = (day: number, hour = 0, minute = 0) => Date.UTC(2025, 10, day, hour - 8, minute);

let dirSeq = 0;
async function addDirectory(who: Person): Promise<number> {
  dirSeq += 1;
  const answer = await post(who.api, 'cabin/addDirectory', { parentId: null, name: `Meters ${dirSeq}` });
  expect(answer.code, JSON.stringify(answer)).toBe(0);
  return answer.data.id;
}

async function addItem(who: Person, name: string, kind = 10): Promise<number> {
  const directoryId = await addDirectory(who);
  const fields = [
    { name: '电量', fieldName: 'kwh', type: 1, unit: 'kWh', priority: 1 },
    { name: '备注', fieldName: 'note', type: 5, unit: '', priority: 2 },
  ];
  const answer = await post(who.api, 'dataItem/addDataItem', { directoryId, name, kind, fields });
  expect(answer.code, JSON.stringify(answer)).toBe(0);
  return answer.data.id;
}

/** Writes counter readings as records created at the given instants. */
async function readings(who: Person, itemId: number, values: Array<[number, number]>): Promise<void> {
  for (const [instant, kwh] of values) {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(instant);
    try {
      const answer = await post(who.api, 'dataItem/addRecord', { itemId, values: { kwh } });
      expect(answer.code, JSON.stringify(answer)).toBe(0);
    } finally {
      vi.useRealTimers();
    }
  }
}

async function addMeter(who: Person, request: Record<string, unknown>): Promise<number> {
  const answer = await post(who.api, 'meter/addMeter', { directoryId: await addDirectory(who), ...request });
  expect(answer.code, JSON.stringify(answer)).toBe(0);
  expect(typeof answer.data.id).toBe('number');
  return answer.data.id;
}

const consumption = (who: Person, meterId: number, from: number, to: number, interval: 'day' | 'month' = 'day') =>
  get(who.api, `meter/getConsumption?meterId=${meterId}&from=${from}&to=${to}&interval=${interval}`);

// Meter A, by hand: Oct 31 23:00 100 · Nov 1 06:00 110, 18:00 130 · Nov 2 nothing · Nov 3 12:00 150,
// 20:00 5 (the counter was reset) · Nov 4 08:00 12 · Nov 5 00:00 20 (closes Nov 4).
// Nov 1: 10 + 20 = 30 · Nov 2: gap · Nov 3: 20 + 0 (reset) = 20 · Nov 4: 7 + 8 = 15 · total 65.
const readingsA: Array<[number, number]> = [
  [at(0, 23), 100],
  [at(1, 6), 110],
  [at(1, 18), 130],
  [at(3, 12), 150],
  [at(3, 20), 5],
  [at(4, 8), 12],
  [at(5, 0), 20],
];
// Meter B: Nov 1 09:00 0 (its first reading), 21:00 4 · Nov 2 10:00 6 · Nov 3 10:00 9 · Nov 4 10:00 10, 22:00 12.
// Nov 1: 4 · Nov 2: 2 · Nov 3: 3 · Nov 4: 1 + 2 = 3.
const readingsB: Array<[number, number]> = [
  [at(1, 9), 0],
  [at(1, 21), 4],
  [at(2, 10), 6],
  [at(3, 10), 9],
  [at(4, 10), 10],
  [at(4, 22), 12],
];

let itemA = 0;
let meterA = 0;
let meterB = 0;

describe('standard meters', () => {
  it('consumption per day from a cumulative counter: a reset counts from the new value, a day without readings is a gap', async () => {
    itemA = await addItem(alice, 'Main feeder');
    await readings(alice, itemA, readingsA);
    meterA = await addMeter(alice, { name: '总进线', nodeType: 101, source: { itemId: itemA, fieldName: 'kwh' } });

    const days = await consumption(alice, meterA, at(1), at(5));
    expect(days.code, JSON.stringify(days)).toBe(0);
    expect(days.data).toEqual({
      list: [
        { time: at(1), value: 30, gap: false },
        { time: at(2), value: null, gap: true },
        { time: at(3), value: 20, gap: false },
        { time: at(4), value: 15, gap: false },
      ],
      total: 65,
    });
    // A month: every interval closed in November (10 + 20 + 20 + 0 + 7 + 8); December has no reading.
    const months = await consumption(alice, meterA, at(1), Date.UTC(2026, 0, 1, -8), 'month');
    expect(months.data).toEqual({
      list: [
        { time: at(1), value: 65, gap: false },
        { time: Date.UTC(2025, 11, 1, -8), value: null, gap: true },
      ],
      total: 65,
    });
    // At most 400 days or 36 months per call; the end must be after the start.
    expect(await consumption(alice, meterA, at(1), at(1) + 401 * 86_400_000)).toMatchObject({ code: 50001 });
    expect((await consumption(alice, meterA, at(1), at(1) + 399 * 86_400_000)).data.list).toHaveLength(399);
    expect((await consumption(alice, meterA, at(1), Date.UTC(2029, 0, 1), 'month')).code).toBe(50001);
    expect((await consumption(alice, meterA, at(2), at(1))).code).toBe(50001);
  });

  it("a factor multiplies the counter; getMeter answers the settings and the source's name", async () => {
    const item = await addItem(alice, 'Transformer side');
    await readings(alice, item, [
      [at(10, 1), 1],
      [at(10, 2), 1.5],
      [at(11, 3), 4],
    ]);
    const meter = await addMeter(alice, { name: 'CT meter', nodeType: 101, source: { itemId: item, fieldName: 'kwh' }, factor: 80 });
    expect((await consumption(alice, meter, at(10), at(12))).data).toEqual({
      list: [
        { time: at(10), value: 40, gap: false },
        { time: at(11), value: 200, gap: false },
      ],
      total: 240,
    });
    expect((await post(alice.api, 'meter/updateMeter', { id: meter, factor: 2, name: 'CT meter 2' })).code).toBe(0);
    // × 2: (1.5 − 1) × 2 + (4 − 1.5) × 2.
    expect((await consumption(alice, meter, at(10), at(12))).data.total).toBe(6);
    const detail = (await get(alice.api, `meter/getMeter?meterId=${meter}`)).data;
    expect(detail).toMatchObject({
      id: meter,
      name: 'CT meter 2',
      nodeType: 101,
      factor: 2,
      level: 'admin',
      source: { kind: 'item', itemId: item, fieldName: 'kwh', sourceName: 'Transformer side' },
      formula: null,
      reading: { at: at(11, 3), value: 8 },
      timeZone: 'Asia/Shanghai',
    });
  });

  it('the live reading, today and this month', async () => {
    const item = await addItem(alice, 'Live feeder');
    const now = Date.now();
    await readings(alice, item, [
      [now - 2000, 10],
      [now - 1000, 12.5],
    ]);
    const meter = await addMeter(alice, { name: 'Live', nodeType: 101, source: { itemId: item, fieldName: 'kwh' } });
    const detail = (await get(alice.api, `meter/getMeter?meterId=${meter}`)).data;
    expect(detail).toMatchObject({ reading: { at: now - 1000, value: 12.5 }, today: 2.5, thisMonth: 2.5 });
  });

  it('refuses a field that is not numeric, an unknown field and a factor out of range', async () => {
    const refused = await post(alice.api, 'meter/addMeter', { directoryId: null, name: 'Text', nodeType: 101, source: { itemId: itemA, fieldName: 'note' } }, en);
    expect(refused).toMatchObject({ code: 50001, data: 'The field 备注 is not numeric and cannot hold a meter reading' });
    expect(await post(alice.api, 'meter/addMeter', { directoryId: null, name: 'Unknown', nodeType: 101, source: { itemId: itemA, fieldName: 'volts' } }, en)).toMatchObject({
      code: 50001,
      data: 'The data item has no field volts',
    });
    expect((await post(alice.api, 'meter/addMeter', { directoryId: null, name: 'Neg', nodeType: 101, source: { itemId: itemA, fieldName: 'kwh' }, factor: -1 })).code).toBe(50001);
    expect((await post(alice.api, 'meter/addMeter', { directoryId: null, name: 'Zero', nodeType: 100, formula: [{ meterId: meterA, factor: 0 }] })).code).toBe(50001);
    expect((await post(alice.api, 'meter/addMeter', { directoryId: null, name: 'Big', nodeType: 100, formula: [{ meterId: meterA, factor: 1001 }] })).code).toBe(50001);
    expect((await post(alice.api, 'meter/updateMeter', { id: meterA, formula: [{ meterId: meterA, factor: 1 }] }, en)).data).toBe('Only a virtual meter has a formula');
  });

  it('a device source: a numeric key of an IoT data list bound to the device', async () => {
    const device = await post(alice.api, 'device/addDevice', { name: 'Meter gateway', sn: `MTR${Date.now().toString(36).toUpperCase()}`, model: 'SD-G1' });
    expect(device.code, JSON.stringify(device)).toBe(0);
    expect(await post(alice.api, 'meter/addMeter', { directoryId: null, name: 'Unbound', nodeType: 101, source: { deviceId: device.data.id, key: 'kwh' } }, en)).toMatchObject({ code: 50001 });
    const list = await addItem(alice, 'Gateway values', 13);
    expect((await post(alice.api, 'telemetry/bindItem', { itemId: list, deviceId: device.data.id })).code).toBe(0);
    expect((await post(alice.api, 'meter/addMeter', { directoryId: null, name: 'By key', nodeType: 101, source: { deviceId: device.data.id, key: 'note' } })).code).toBe(50001);
    const meter = await addMeter(alice, { name: 'Gateway meter', nodeType: 101, source: { deviceId: device.data.id, key: 'kwh' } });
    // The device's values are the bound list's records (docs/telemetry.md); written here as the ingest would.
    await readings(alice, list, [
      [at(20, 1), 500],
      [at(20, 23), 512.25],
      [at(21, 2), 513],
    ]);
    expect((await consumption(alice, meter, at(20), at(22))).data.list.map((e: { value: number | null }) => e.value)).toEqual([12.25, 0.75]);
    const detail = (await get(alice.api, `meter/getMeter?meterId=${meter}`)).data;
    expect(detail.source).toEqual({ kind: 'device', itemId: null, fieldName: null, deviceId: device.data.id, key: 'kwh', sourceName: 'Meter gateway' });
  });
});

describe('virtual meters', () => {
  it('a virtual meter of two standard meters equals their sum, day by day; a gap in either is a gap', async () => {
    const itemB = await addItem(alice, 'Workshop');
    await readings(alice, itemB, readingsB);
    meterB = await addMeter(alice, { name: '车间', nodeType: 101, source: { itemId: itemB, fieldName: 'kwh' } });
    const b = (await consumption(alice, meterB, at(1), at(5))).data;
    expect(b.list.map((e: { value: number | null }) => e.value)).toEqual([4, 2, 3, 3]);

    const sum = await addMeter(alice, { name: '合计', nodeType: 100, formula: [{ meterId: meterA, factor: 1 }, { meterId: meterB, factor: 1 }] });
    const a = (await consumption(alice, meterA, at(1), at(5))).data;
    const v = (await consumption(alice, sum, at(1), at(5))).data;
    // 30 + 4, gap (A has none on Nov 2), 20 + 3, 15 + 3.
    expect(v).toEqual({
      list: [
        { time: at(1), value: 34, gap: false },
        { time: at(2), value: null, gap: true },
        { time: at(3), value: 23, gap: false },
        { time: at(4), value: 18, gap: false },
      ],
      total: 75,
    });
    v.list.forEach((entry: { value: number | null }, i: number) => {
      if (entry.value !== null) {
        expect(entry.value).toBe(a.list[i].value + b.list[i].value);
      }
    });
    // A difference: A − 2 × B.
    const difference = await addMeter(alice, { name: '差值', nodeType: 100, formula: [{ meterId: meterA, factor: 1 }, { meterId: meterB, factor: -2 }] });
    expect((await consumption(alice, difference, at(1), at(5))).data.list.map((e: { value: number | null }) => e.value)).toEqual([22, null, 14, 9]);
    const detail = (await get(alice.api, `meter/getMeter?meterId=${sum}`)).data;
    expect(detail).toMatchObject({ nodeType: 100, source: null, formula: [{ meterId: meterA, factor: 1, meterName: '总进线', nodeType: 101 }, { meterId: meterB, factor: 1, meterName: '车间', nodeType: 101 }] });
    // Its live reading is the formula over the newest readings: 20 + 12.
    expect(detail.reading).toEqual({ at: at(5, 0), value: 32 });
  });

  it('a cycle between virtual meters is refused, naming the meters along it', async () => {
    const first = await addMeter(alice, { name: 'V1', nodeType: 100, formula: [{ meterId: meterA, factor: 1 }] });
    const second = await addMeter(alice, { name: 'V2', nodeType: 100, formula: [{ meterId: first, factor: 2 }] });
    const refused = await post(alice.api, 'meter/updateMeter', { id: first, formula: [{ meterId: meterB, factor: 1 }, { meterId: second, factor: 1 }] }, en);
    expect(refused).toMatchObject({ code: 50001, data: 'Virtual meters cannot refer to each other in a cycle: V1 → V2 → V1' });
    expect((await post(alice.api, 'meter/updateMeter', { id: first, formula: [{ meterId: first, factor: 1 }] }, en)).data).toBe('Virtual meters cannot refer to each other in a cycle: V1 → V1');
    // Unchanged, and a formula without a cycle is taken.
    expect((await consumption(alice, second, at(1), at(2))).data.total).toBe(60);
    expect((await post(alice.api, 'meter/updateMeter', { id: first, formula: [{ meterId: meterB, factor: 1 }] })).code).toBe(0);
    expect((await consumption(alice, second, at(1), at(2))).data.total).toBe(8);
  });

  it('a meter a virtual meter names cannot be deleted until its formula changes', async () => {
    const source = await addMeter(alice, { name: 'Leaf', nodeType: 101, source: { itemId: itemA, fieldName: 'kwh' } });
    const user = await addMeter(alice, { name: 'Uses leaf', nodeType: 100, formula: [{ meterId: source, factor: 1 }] });
    expect(await post(alice.api, 'meter/deleteMeter', { id: source }, en)).toMatchObject({ code: 40900, data: null });
    expect((await post(alice.api, 'meter/deleteMeter', { id: user })).code).toBe(0);
    expect((await post(alice.api, 'meter/deleteMeter', { id: source })).code).toBe(0);
    expect((await get(alice.api, `meter/getMeter?meterId=${source}`)).code).toBe(40400);
  });
});

describe('other companies', () => {
  it("a source, a formula's meter or a meter of another company is not found (40400)", async () => {
    const bob = await person(t.app, undefined, ['sd_capsule', 'um_role']);
    expect((await post(bob.api, 'meter/addMeter', { directoryId: null, name: 'Theirs', nodeType: 101, source: { itemId: itemA, fieldName: 'kwh' } })).code).toBe(40400);
    expect((await post(bob.api, 'meter/addMeter', { directoryId: null, name: 'Theirs', nodeType: 100, formula: [{ meterId: meterA, factor: 1 }] })).code).toBe(40400);
    expect((await consumption(bob, meterA, at(1), at(5))).code).toBe(40400);
    expect((await get(bob.api, `meter/getMeter?meterId=${meterA}`)).code).toBe(40400);
    expect((await get(bob.api, `meter/getMonthlyReport?meterId=${meterA}&year=2025&month=11`)).code).toBe(40400);
  });

  it('a member without read on the meter node is refused (40300)', async () => {
    const carol = await person(t.app, alice.companyId);
    const node = (await get(alice.api, `meter/getMeter?meterId=${meterA}`)).data.nodeId;
    const grant = await post(alice.api, 'cabin/setPermission', { nodeId: node, mode: 'custom', grants: [{ scope: 'user', targetId: alice.userId, level: 'admin' }] });
    expect(grant.code, JSON.stringify(grant)).toBe(0);
    expect((await consumption(carol, meterA, at(1), at(5))).code).toBe(40300);
    const listed = (who: Person) => get(who.api, `meter/getMeterList?keyword=${encodeURIComponent('总进线')}`).then((a) => a.data.list.map((m: { id: number }) => m.id));
    expect(await listed(carol)).toEqual([]);
    expect(await listed(alice)).toEqual([meterA]);
    expect((await post(alice.api, 'cabin/setPermission', { nodeId: node, mode: 'default', grants: [] })).code).toBe(0);
    expect((await consumption(carol, meterA, at(1), at(5))).data.total).toBe(65);
    expect(await listed(carol)).toEqual([meterA]);
  });

  it('the device section\'s 电表 page (dm_meter alone) lists and reads meters by node level; neither code is refused (40300)', async () => {
    const dave = await person(t.app, alice.companyId, ['dm_meter']);
    const list = await get(dave.api, `meter/getMeterList?pageNum=1&pageSize=20&keyword=${encodeURIComponent('总进线')}`);
    expect(list.code, JSON.stringify(list)).toBe(0);
    expect(list.data.list.map((m: { id: number }) => m.id)).toEqual([meterA]);
    const meter = await get(dave.api, `meter/getMeter?meterId=${meterA}`);
    expect(meter.code, JSON.stringify(meter)).toBe(0);
    expect(meter.data.name).toBe('总进线');
    expect((await consumption(dave, meterA, at(1), at(5))).data.total).toBe(65);
    expect((await get(dave.api, `meter/getMonthlyReport?meterId=${meterA}&year=2025&month=11`)).code).toBe(0);
    // Changing a meter stays the cabin's (sd_capsule).
    expect((await post(dave.api, 'meter/updateMeter', { id: meterA, name: 'x' })).code).toBe(40300);

    const erin = await person(t.app, alice.companyId, ['cd_device']);
    expect((await get(erin.api, 'meter/getMeterList?pageNum=1&pageSize=20')).code).toBe(40300);
    expect((await get(erin.api, `meter/getMeter?meterId=${meterA}`)).code).toBe(40300);
  });
});

// Valley 22:00–06:00 (across midnight) 0.3 · flat 06:00–08:00 and 11:00–18:00 0.6 · peak 08:00–11:00 and 18:00–22:00 1.0.
const tariff = [
  { period: 'valley', start: '22:00', end: '06:00', price: 0.3 },
  { period: 'flat', start: '06:00', end: '08:00', price: 0.6 },
  { period: 'peak', start: '08:00', end: '11:00', price: 1 },
  { period: 'flat', start: '11:00', end: '18:00', price: 0.6 },
  { period: 'peak', start: '18:00', end: '22:00', price: 1 },
];

describe('tariffs and the monthly report', () => {
  it('refuses a tariff that leaves part of the day uncovered', async () => {
    expect(await post(alice.api, 'meter/setTariff', { windows: tariff.slice(1) }, en)).toMatchObject({ code: 50001, data: 'The tariff must cover the whole day; 22:00–06:00 has no window' });
  });

  it('per-day consumption, per-period consumption and cost, totals and gaps, as computed by hand', async () => {
    const saved = await post(alice.api, 'meter/setTariff', { windows: tariff });
    expect(saved.code, JSON.stringify(saved)).toBe(0);
    expect((await get(alice.api, 'meter/getTariff')).data.windows).toEqual([tariff[0], tariff[1], tariff[2], tariff[3], tariff[4]].sort((x, y) => x.start.localeCompare(y.start)));

    const report = await get(alice.api, `meter/getMonthlyReport?meterId=${meterA}&year=2025&month=11`);
    expect(report.code, JSON.stringify(report)).toBe(0);
    const { days, totals } = report.data;
    expect(days).toHaveLength(30);
    // Nov 1: 06:00 closes 23:00–06:00 (valley 10), 18:00 closes 06:00–18:00 (flat 20): 10 × 0.3 + 20 × 0.6 = 15.
    expect(days[0]).toEqual({
      date: '2025-11-01',
      time: at(1),
      value: 30,
      gap: false,
      periods: [
        { period: 'peak', value: 0, cost: 0 },
        { period: 'flat', value: 20, cost: 12 },
        { period: 'valley', value: 10, cost: 3 },
      ],
      cost: 15,
    });
    expect(days[1]).toMatchObject({ date: '2025-11-02', value: null, gap: true, cost: null });
    // Nov 3: flat 20 (12:00), the reset at 20:00 counts 0. Nov 4: flat 7 (08:00), valley 8 (00:00 of Nov 5): 4.2 + 2.4.
    expect(days[2]).toMatchObject({ value: 20, cost: 12 });
    expect(days[3]).toMatchObject({ value: 15, cost: 6.6 });
    // Nov 5 to 30 have no reading: gaps.
    expect(days.slice(4).every((d: { gap: boolean }) => d.gap)).toBe(true);
    // Flat 47 × 0.6 = 28.2, valley 18 × 0.3 = 5.4, peak 0.
    expect(totals).toEqual({
      value: 65,
      cost: 33.6,
      gapDays: 27,
      periods: [
        { period: 'peak', value: 0, cost: 0, price: 1 },
        { period: 'flat', value: 47, cost: 28.2, price: 0.6 },
        { period: 'valley', value: 18, cost: 5.4, price: 0.3 },
      ],
    });
  });

  it("a virtual meter's report is its formula over its sources' periods", async () => {
    const sum = await addMeter(alice, { name: 'Report sum', nodeType: 100, formula: [{ meterId: meterA, factor: 1 }, { meterId: meterB, factor: 1 }] });
    const report = (await get(alice.api, `meter/getMonthlyReport?meterId=${sum}&year=2025&month=11`)).data;
    // B adds Nov 1 21:00 peak 4, Nov 3 10:00 peak 3, Nov 4 10:00 peak 1 and 22:00 peak 2 (the window starts at 22:00: 21:59:59 is peak).
    expect(report.days.slice(0, 4).map((d: { value: number | null; cost: number | null }) => [d.value, d.cost])).toEqual([
      [34, 19],
      [null, null],
      [23, 15],
      [18, 9.6],
    ]);
    expect(report.totals).toMatchObject({ value: 75, cost: 43.6, gapDays: 27 });
  });
});

describe('export of the monthly report', () => {
  it('an XLSX whose cells are numbers with the values of the report, computed by hand above', async () => {
    const answer = await alice.api({ method: 'GET', url: `/general/meter/exportMonthlyReport?meterId=${meterA}&year=2025&month=11&format=xlsx` });
    expect(answer.statusCode, answer.body.slice(0, 200)).toBe(200);
    expect(answer.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    // The name says what the file is, a monthly report (issue 31.9), in the caller's language.
    expect(String(answer.headers['content-disposition'])).toBe(`attachment; filename*=UTF-8''${encodeURIComponent('总进线-用电月报-2025-11.xlsx')}`);
    const english = await alice.api({ method: 'GET', url: `/general/meter/exportMonthlyReport?meterId=${meterA}&year=2025&month=11&format=pdf`, headers: { 'accept-language': 'en-US' } });
    expect(String(english.headers['content-disposition'])).toBe(`attachment; filename*=UTF-8''${encodeURIComponent('总进线-monthly-report-2025-11.pdf')}`);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(answer.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0];
    const rows: unknown[][] = [];
    sheet.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
    const rowOf = (first: string) => rows.find((r) => r[0] === first);
    expect(String(rows[0][0])).toContain('用电月报');
    // Date, consumption, peak kWh, peak cost, flat kWh, flat cost, valley kWh, valley cost, cost, note.
    expect(rows.find((r) => r[0] === '日期')).toEqual(['日期', '用电量（kWh）', '峰电量（kWh）', '峰电费', '平电量（kWh）', '平电费', '谷电量（kWh）', '谷电费', '电费', '备注']);
    // The empty note is a blank cell, not a text cell holding '' (issue 31.10).
    expect(rowOf('2025-11-01')).toEqual(['2025-11-01', 30, 0, 0, 20, 12, 10, 3, 15]);
    expect(sheet.getRow(rows.findIndex((r) => r[0] === '2025-11-01') + 1).getCell(10).type).toBe(ExcelJS.ValueType.Null);
    expect(rowOf('2025-11-02')?.slice(0, 2)).toEqual(['2025-11-02', undefined]);
    expect(rowOf('2025-11-02')?.at(-1)).toBe('缺数');
    expect(rowOf('2025-11-04')?.slice(0, 9)).toEqual(['2025-11-04', 15, 0, 0, 7, 4.2, 8, 2.4, 6.6]);
    expect(rowOf('合计')?.slice(0, 9)).toEqual(['合计', 65, 0, 0, 47, 28.2, 18, 5.4, 33.6]);
    const total = sheet.getRow(rows.findIndex((r) => r[0] === '合计') + 1);
    expect(total.getCell(2).type).toBe(ExcelJS.ValueType.Number);
    expect(total.getCell(2).numFmt).toBe('0.000');
    expect(total.getCell(9).numFmt).toBe('0.00');
  });

  it('a PDF whose text holds the Chinese labels and the values', async () => {
    const answer = await alice.api({ method: 'GET', url: `/general/meter/exportMonthlyReport?meterId=${meterA}&year=2025&month=11&format=pdf` });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toBe('application/pdf');
    const pdf = await getDocument({ data: new Uint8Array(answer.rawPayload), useSystemFonts: false, isEvalSupported: false }).promise;
    let textOf = '';
    for (let n = 1; n <= pdf.numPages; n += 1) {
      const content = await (await pdf.getPage(n)).getTextContent();
      textOf += content.items.map((item) => ('str' in item ? item.str : '')).join(' ');
    }
    await pdf.destroy();
    for (const expected of ['总进线', '用电月报', '合计', '缺数', '2025-11-01', '65.000', '33.60']) {
      expect(textOf).toContain(expected);
    }
  });

  it('another company cannot export it (40400)', async () => {
    const bob = await person(t.app);
    expect((await get(bob.api, `meter/exportMonthlyReport?meterId=${meterA}&year=2025&month=11&format=xlsx`)).code).toBe(40400);
  });
});

describe('system maintenance', () => {
  it("every company's meters for the platform administrator, and a meter's reading log with its gaps", async () => {
    const admin = as(t.app, await signIn(t.app, 'admin', adminPassword));
    const all = await get(admin, 'meter/getAllMeters?keyword=%E6%80%BB%E8%BF%9B%E7%BA%BF&pageSize=50');
    expect(all.code, JSON.stringify(all)).toBe(0);
    expect(all.data.list).toEqual([expect.objectContaining({ id: meterA, name: '总进线', nodeType: 101, companyId: alice.companyId, lastReading: { at: at(5, 0), value: 20 } })]);
    const log = await get(admin, `meter/getMeterLog?meterId=${meterA}&from=${at(1)}&to=${at(5)}&pageSize=10`);
    expect(log.code, JSON.stringify(log)).toBe(0);
    expect(log.data).toMatchObject({ meterId: meterA, meterName: '总进线', total: 4, gapDays: 1 });
    expect(log.data.list.map((d: { date: string; readings: number; resets: number; gap: boolean; value: number | null }) => [d.date, d.readings, d.resets, d.gap, d.value])).toEqual([
      ['2025-11-04', 2, 0, false, 15],
      ['2025-11-03', 2, 1, false, 20],
      ['2025-11-02', 0, 0, true, null],
      ['2025-11-01', 2, 0, false, 30],
    ]);
    expect((await get(alice.api, 'meter/getAllMeters')).code).toBe(40300);
    expect((await get(alice.api, `meter/getMeterLog?meterId=${meterA}`)).code).toBe(40300);
  });
});
