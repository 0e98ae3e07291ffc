import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { as, body, createCompanyUser, createTestApp, signIn, type TestApp } from '@server/test/testApp';
import type { SeriesPoint } from '../data-items/series';
import { SeriesRepository } from '../data-items/series.repository';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});
afterEach(() => {
  vi.useRealTimers();
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
const en = { 'accept-language': 'en-US' };
const post = (api: Api, url: string, payload: unknown, headers: Record<string, string> = {}) => api({ method: 'POST', url: `/general/${url}`, payload: payload as object, headers }).then(body);
const get = (api: Api, url: string, query: Record<string, string | number>) =>
  api({ method: 'GET', url: `/general/${url}?${new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)])).toString()}` }).then(body);

const fields = [
  { name: '温度', fieldName: 'temperature', type: 1, unit: '℃', priority: 1, decimalPlaces: 1 },
  { name: '数量', fieldName: 'count', type: 10, unit: '个', priority: 2 },
  { name: '名称', fieldName: 'label', type: 5, unit: '', priority: 3 },
];

async function setTimeZone(companyId: number, timeZone: string): Promise<void> {
  await t.app.platform.db.updateTable('company').set({ time_zone: timeZone }).where('id', '=', companyId).execute();
}

async function addItem(api: Api, name = 'Readings'): Promise<number> {
  const dir = (await post(api, 'cabin/addDirectory', { parentId: null, name: `Dir ${name}` })).data.id;
  const answer = await post(api, 'dataItem/addDataItem', { directoryId: dir, name, kind: 10, fields });
  expect(answer.code, JSON.stringify(answer)).toBe(0);
  return answer.data.id;
}

/** Adds a record as if it arrived at `at` (the record's instant on the time axis is its creation). */
async function addAt(api: Api, itemId: number, at: number, values: Record<string, unknown>): Promise<number> {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(at);
  try {
    const answer = await post(api, 'dataItem/addRecord', { itemId, values });
    expect(answer.code, JSON.stringify(answer)).toBe(0);
    return answer.data.id;
  } finally {
    vi.useRealTimers();
  }
}

interface QueryResult {
  from: number;
  to: number;
  bucket: string;
  series: Array<{ field: string; aggregate: string; points: Array<[number, number]>; downsampled: boolean; summary: { count: number; sum: number; min: number; max: number; avg: number; last: [number, number] } | null }>;
}
async function chart(api: Api, request: Record<string, unknown>, headers: Record<string, string> = {}): Promise<{ code: number; data: QueryResult }> {
  return post(api, 'chart/query', request, headers);
}

/** Local wall-clock time in Asia/Shanghai (UTC+8, no daylight saving). */
const sh = (iso: string) => Date.parse(`${iso}+08:00`);

describe('chart query: aggregation in the company time zone', () => {
  // Hand-placed values (Asia/Shanghai): the buckets below are worked out by hand from these.
  const values: Array<[string, number]> = [
    ['2026-09-10T00:00:30', 10],
    ['2026-09-10T00:04:59', 20],
    ['2026-09-10T00:05:00', 30],
    ['2026-09-10T00:14:00', 40],
    ['2026-09-10T00:59:59', 50],
    ['2026-09-10T01:00:00', 60],
    ['2026-09-10T23:59:59', 70],
    ['2026-09-11T00:00:00', 80],
    // 2026-09-10 23:30 UTC: the previous day in UTC, the 11th in the company's zone.
    ['2026-09-11T07:30:00', 5],
    ['2026-09-30T23:59:00', 100],
    ['2026-10-01T00:00:00', 90],
  ];
  // bucket → [bucket start (local), values in it]
  const expected: Record<string, Array<[string, number[]]>> = {
    '1m': [
      ['2026-09-10T00:00:00', [10]],
      ['2026-09-10T00:04:00', [20]],
      ['2026-09-10T00:05:00', [30]],
      ['2026-09-10T00:14:00', [40]],
      ['2026-09-10T00:59:00', [50]],
      ['2026-09-10T01:00:00', [60]],
      ['2026-09-10T23:59:00', [70]],
      ['2026-09-11T00:00:00', [80]],
      ['2026-09-11T07:30:00', [5]],
      ['2026-09-30T23:59:00', [100]],
      ['2026-10-01T00:00:00', [90]],
    ],
    '5m': [
      ['2026-09-10T00:00:00', [10, 20]],
      ['2026-09-10T00:05:00', [30]],
      ['2026-09-10T00:10:00', [40]],
      ['2026-09-10T00:55:00', [50]],
      ['2026-09-10T01:00:00', [60]],
      ['2026-09-10T23:55:00', [70]],
      ['2026-09-11T00:00:00', [80]],
      ['2026-09-11T07:30:00', [5]],
      ['2026-09-30T23:55:00', [100]],
      ['2026-10-01T00:00:00', [90]],
    ],
    '10m': [
      ['2026-09-10T00:00:00', [10, 20, 30]],
      ['2026-09-10T00:10:00', [40]],
      ['2026-09-10T00:50:00', [50]],
      ['2026-09-10T01:00:00', [60]],
      ['2026-09-10T23:50:00', [70]],
      ['2026-09-11T00:00:00', [80]],
      ['2026-09-11T07:30:00', [5]],
      ['2026-09-30T23:50:00', [100]],
      ['2026-10-01T00:00:00', [90]],
    ],
    '15m': [
      ['2026-09-10T00:00:00', [10, 20, 30, 40]],
      ['2026-09-10T00:45:00', [50]],
      ['2026-09-10T01:00:00', [60]],
      ['2026-09-10T23:45:00', [70]],
      ['2026-09-11T00:00:00', [80]],
      ['2026-09-11T07:30:00', [5]],
      ['2026-09-30T23:45:00', [100]],
      ['2026-10-01T00:00:00', [90]],
    ],
    hour: [
      ['2026-09-10T00:00:00', [10, 20, 30, 40, 50]],
      ['2026-09-10T01:00:00', [60]],
      ['2026-09-10T23:00:00', [70]],
      ['2026-09-11T00:00:00', [80]],
      ['2026-09-11T07:00:00', [5]],
      ['2026-09-30T23:00:00', [100]],
      ['2026-10-01T00:00:00', [90]],
    ],
    day: [
      ['2026-09-10T00:00:00', [10, 20, 30, 40, 50, 60, 70]],
      ['2026-09-11T00:00:00', [80, 5]],
      ['2026-09-30T00:00:00', [100]],
      ['2026-10-01T00:00:00', [90]],
    ],
    month: [
      ['2026-09-01T00:00:00', [10, 20, 30, 40, 50, 60, 70, 80, 5, 100]],
      ['2026-10-01T00:00:00', [90]],
    ],
  };
  const aggregates = { SUM: (v: number[]) => v.reduce((a, b) => a + b, 0), MAX: (v: number[]) => Math.max(...v), MIN: (v: number[]) => Math.min(...v), AVG: (v: number[]) => v.reduce((a, b) => a + b, 0) / v.length };

  let admin: Person;
  let itemId: number;
  beforeAll(async () => {
    admin = await person(t.app);
    itemId = await addItem(admin.api, 'Boiler');
    for (const [at, value] of values) {
      await addAt(admin.api, itemId, sh(at), { temperature: value, count: 1, label: 'x' });
    }
  });

  for (const bucket of Object.keys(expected)) {
    it(`answers SUM, MAX, MIN and AVG per ${bucket} bucket`, async () => {
      const answer = await chart(admin.api, {
        itemId,
        bucket,
        range: { from: sh('2026-09-10T00:00:00'), to: sh('2026-10-02T00:00:00') },
        series: Object.keys(aggregates).map((aggregate) => ({ field: 'temperature', aggregate })),
      });
      expect(answer.code, JSON.stringify(answer)).toBe(0);
      expect(answer.data.bucket).toBe(bucket);
      for (const series of answer.data.series) {
        const f = aggregates[series.aggregate as keyof typeof aggregates];
        expect(series.points, `${bucket} ${series.aggregate}`).toEqual(expected[bucket]!.map(([at, v]) => [sh(at), f(v)]));
        expect(series.downsampled).toBe(false);
        expect(series.summary).toMatchObject({ count: 11, sum: 555, min: 5, max: 100, last: [sh('2026-10-01T00:00:00'), 90] });
      }
    });
  }

  it('answers raw values in time order whatever the aggregate, and the whole-window summary', async () => {
    const answer = await chart(admin.api, { itemId, bucket: 'raw', range: { from: sh('2026-09-10T00:00:00'), to: sh('2026-09-11T00:00:00') }, series: [{ field: 'temperature' }, { field: 'count', aggregate: 'SUM' }] });
    expect(answer.code).toBe(0);
    expect(answer.data.series[0]!.points).toEqual(values.slice(0, 7).map(([at, v]) => [sh(at), v]));
    expect(answer.data.series[0]!.summary).toMatchObject({ count: 7, sum: 280, min: 10, max: 70, avg: 40 });
    expect(answer.data.series[1]!.points.map((p) => p[1])).toEqual([1, 1, 1, 1, 1, 1, 1]);
  });

  it('widens a window to whole buckets and reads presets in the company time zone', async () => {
    const answer = await chart(admin.api, { itemId, bucket: 'day', range: { from: sh('2026-09-10T13:00:00'), to: sh('2026-09-11T02:00:00') }, series: [{ field: 'temperature', aggregate: 'SUM' }] });
    expect([answer.data.from, answer.data.to]).toEqual([sh('2026-09-10T00:00:00'), sh('2026-09-12T00:00:00')]);
    expect(answer.data.series[0]!.points).toEqual([
      [sh('2026-09-10T00:00:00'), 280],
      [sh('2026-09-11T00:00:00'), 85],
    ]);
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(sh('2026-09-11T12:00:00'));
    try {
      const yesterday = await chart(admin.api, { itemId, bucket: 'hour', range: { preset: 'yesterday' }, series: [{ field: 'temperature', aggregate: 'MAX' }] });
      expect([yesterday.data.from, yesterday.data.to]).toEqual([sh('2026-09-10T00:00:00'), sh('2026-09-11T00:00:00')]);
      expect(yesterday.data.series[0]!.points.map((p) => p[1])).toEqual([50, 60, 70]);
      const month = await chart(admin.api, { itemId, bucket: 'month', range: { preset: 'thisMonth' }, series: [{ field: 'temperature', aggregate: 'SUM' }] });
      expect(month.data.series[0]!.points).toEqual([[sh('2026-09-01T00:00:00'), 465]]);
    } finally {
      vi.useRealTimers();
    }
  });

  it('cuts days and months at local midnight across a daylight-saving change (Europe/Berlin)', async () => {
    const berlin = await person(t.app);
    await setTimeZone(berlin.companyId, 'Europe/Berlin');
    const id = await addItem(berlin.api, 'Berlin');
    // Summer time ends 2026-10-25 at 01:00 UTC (03:00 CEST → 02:00 CET): 02:30 happens twice.
    const at = (iso: string) => Date.parse(iso);
    await addAt(berlin.api, id, at('2026-10-24T21:30:00Z'), { temperature: 7 }); // 23:30 CEST on the 24th
    await addAt(berlin.api, id, at('2026-10-24T22:30:00Z'), { temperature: 4 }); // 00:30 CEST on the 25th
    await addAt(berlin.api, id, at('2026-10-25T00:30:00Z'), { temperature: 1 }); // 02:30 CEST
    await addAt(berlin.api, id, at('2026-10-25T01:30:00Z'), { temperature: 2 }); // 02:30 CET
    await addAt(berlin.api, id, at('2026-10-25T22:30:00Z'), { temperature: 3 }); // 23:30 CET, still the 25th
    await addAt(berlin.api, id, at('2026-10-31T22:59:00Z'), { temperature: 9 }); // 23:59 CET on the 31st
    await addAt(berlin.api, id, at('2026-10-31T23:00:00Z'), { temperature: 6 }); // 00:00 CET on 1 November
    const range = { from: at('2026-10-24T00:00:00Z'), to: at('2026-11-02T00:00:00Z') };
    const days = await chart(berlin.api, { itemId: id, bucket: 'day', range, series: [{ field: 'temperature', aggregate: 'SUM' }] });
    expect(days.data.series[0]!.points).toEqual([
      [at('2026-10-23T22:00:00Z'), 7],
      [at('2026-10-24T22:00:00Z'), 10], // a 25-hour day
      [at('2026-10-30T23:00:00Z'), 9],
      [at('2026-10-31T23:00:00Z'), 6],
    ]);
    const hours = await chart(berlin.api, { itemId: id, bucket: 'hour', range: { from: at('2026-10-24T22:00:00Z'), to: at('2026-10-25T02:00:00Z') }, series: [{ field: 'temperature', aggregate: 'SUM' }] });
    // The repeated 02:00–03:00 local hour is two buckets.
    expect(hours.data.series[0]!.points).toEqual([
      [at('2026-10-24T22:00:00Z'), 4],
      [at('2026-10-25T00:00:00Z'), 1],
      [at('2026-10-25T01:00:00Z'), 2],
    ]);
    const months = await chart(berlin.api, { itemId: id, bucket: 'month', range, series: [{ field: 'temperature', aggregate: 'MAX' }] });
    expect(months.data.series[0]!.points).toEqual([
      [at('2026-09-30T22:00:00Z'), 9],
      [at('2026-10-31T23:00:00Z'), 6],
    ]);
  });
});

describe('chart query: downsampling', () => {
  it('never answers more points than asked, and a single spike survives', async () => {
    const admin = await person(t.app);
    const itemId = await addItem(admin.api, 'Dense');
    // 100 000 values a minute apart written straight to the series store (the query reads only it).
    const store = new SeriesRepository(t.app.platform.dbKind);
    const start = Date.parse('2026-01-01T00:00:00Z');
    const spikeAt = start + 61_234 * 60_000;
    const dipAt = start + 7_777 * 60_000;
    await t.app.platform.db.transaction().execute(async (trx) => {
      const ids = await store.ensure(trx, admin.companyId, itemId, ['temperature']);
      const seriesId = ids.get('temperature')!;
      const points: SeriesPoint[] = [];
      for (let i = 0; i < 100_000; i++) {
        const ts = start + i * 60_000;
        points.push({ seriesId, ts, recordId: i + 1, value: ts === spikeAt ? 1_000 : ts === dipAt ? -1_000 : 20 + Math.sin(i / 50) });
      }
      await store.append(trx, points);
    });
    const whole = { from: start, to: start + 100_000 * 60_000 };
    for (const [range, maxPoints] of [
      [whole, undefined],
      [whole, 100],
      [{ from: start, to: start + 10_000 * 60_000 }, undefined], // read whole and thinned
      [{ from: start, to: start + 10_000 * 60_000 }, 50],
    ] as const) {
      const answer = await chart(admin.api, { itemId, bucket: 'raw', range, maxPoints, series: [{ field: 'temperature' }] });
      expect(answer.code, JSON.stringify(answer)).toBe(0);
      const series = answer.data.series[0]!;
      expect(series.downsampled).toBe(true);
      expect(series.points.length).toBeLessThanOrEqual(maxPoints ?? 2000);
      expect(series.points.length).toBeGreaterThan((maxPoints ?? 2000) / 2);
      expect(Math.min(...series.points.map((p) => p[1]))).toBe(-1_000);
      if (range.to > spikeAt) {
        expect(Math.max(...series.points.map((p) => p[1]))).toBe(1_000);
      }
      expect(series.points.map((p) => p[0])).toEqual([...series.points.map((p) => p[0])].sort((a, b) => a - b));
    }
    const lttb = await chart(admin.api, { itemId, bucket: 'raw', range: { from: start, to: start + 5_000 * 60_000 }, maxPoints: 500, downsample: 'lttb', series: [{ field: 'temperature' }] });
    expect(lttb.data.series[0]!.points).toHaveLength(500);
    // 1-minute buckets over 100 000 minutes: 100 000 aggregates, thinned to the limit.
    const minutes = await chart(admin.api, { itemId, bucket: '1m', range: whole, series: [{ field: 'temperature', aggregate: 'MAX' }] });
    expect(minutes.data.series[0]!.points.length).toBeLessThanOrEqual(2000);
    expect(minutes.data.series[0]!.downsampled).toBe(true);
    expect(Math.max(...minutes.data.series[0]!.points.map((p) => p[1]))).toBe(1_000);
    expect(minutes.data.series[0]!.summary).toMatchObject({ count: 100_000, max: 1_000, min: -1_000 });
  }, 60_000);
});

describe('chart query: refusals', () => {
  it('refuses unknown and non-numeric fields with a reason, a reader without access (40300) and another company (40400)', async () => {
    const admin = await person(t.app, undefined, ['sd_capsule', 'um_role']);
    const itemId = await addItem(admin.api, 'Guarded');
    const unknown = await chart(admin.api, { itemId, range: { preset: 'today' }, series: [{ field: 'nope' }] }, en);
    expect([unknown.code, unknown.data]).toEqual([50001, 'nope: no such field']);
    const text = await chart(admin.api, { itemId, range: { preset: 'today' }, series: [{ field: 'label' }] }, en);
    expect([text.code, text.data]).toEqual([50001, '名称: only decimal, currency and integer fields can be charted']);
    const backwards = await chart(admin.api, { itemId, range: { from: 2000, to: 1000 }, series: [{ field: 'temperature' }] }, en);
    expect([backwards.code, backwards.data]).toEqual([50001, 'The end of the time range must be after its start']);
    const tooMany = await chart(admin.api, { itemId, range: { preset: 'today' }, maxPoints: 5000, series: [{ field: 'temperature' }] });
    expect(tooMany.code).toBe(50001);

    const colleague = await person(t.app, admin.companyId);
    expect((await chart(colleague.api, { itemId, range: { preset: 'today' }, series: [{ field: 'temperature' }] })).code).toBe(0);
    const nodeId = (await get(admin.api, 'dataItem/getDataItem', { id: itemId })).data.nodeId;
    expect((await post(admin.api, 'cabin/setPermission', { nodeId, mode: 'custom', grants: [] })).code).toBe(0);
    expect((await chart(colleague.api, { itemId, range: { preset: 'today' }, series: [{ field: 'temperature' }] })).code).toBe(40300);
    const stranger = await person(t.app);
    expect((await chart(stranger.api, { itemId, range: { preset: 'today' }, series: [{ field: 'temperature' }] })).code).toBe(40400);
    const noMenu = await person(t.app, admin.companyId, ['um_user']);
    expect((await chart(noMenu.api, { itemId, range: { preset: 'today' }, series: [{ field: 'temperature' }] })).code).toBe(40300);
  });
});

describe('series store consistency', () => {
  it('follows record updates, deletes, imports, expiry and item deletion', async () => {
    const admin = await person(t.app, undefined, ['sd_capsule', 'um_role']);
    const itemId = await addItem(admin.api, 'Tracked');
    const hour = sh('2026-11-20T10:00:00');
    const a = await addAt(admin.api, itemId, hour + 60_000, { temperature: 10, count: 1 });
    const b = await addAt(admin.api, itemId, hour + 120_000, { temperature: 99, count: 2 });
    await addAt(admin.api, itemId, hour + 180_000, { temperature: 30, label: 'no count' });
    const range = { from: hour, to: hour + 3_600_000 };
    const hourly = async () => (await chart(admin.api, { itemId, bucket: 'hour', range, series: ['SUM', 'MAX', 'MIN', 'AVG'].map((aggregate) => ({ field: 'temperature', aggregate })) })).data.series.map((s) => s.points[0]?.[1] ?? null);
    expect(await hourly()).toEqual([139, 99, 10, 139 / 3]);

    expect((await post(admin.api, 'dataItem/updateRecord', { id: b, values: { temperature: 20 } })).code).toBe(0);
    expect(await hourly()).toEqual([60, 30, 10, 20]);
    expect((await post(admin.api, 'dataItem/updateRecord', { id: a, values: { temperature: null } })).code).toBe(0);
    expect(await hourly()).toEqual([50, 30, 20, 25]);
    expect((await post(admin.api, 'dataItem/deleteRecord', { id: b })).code).toBe(0);
    expect(await hourly()).toEqual([30, 30, 30, 30]);
    const counts = await chart(admin.api, { itemId, bucket: 'raw', range, series: [{ field: 'count' }] });
    expect(counts.data.series[0]!.points).toEqual([[hour + 60_000, 1]]);

    // An import writes its rows in one transaction, all at the same instant.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(hour + 240_000);
    const csv = Buffer.from('温度,数量,名称\n1.5,3,a\n2.5,4,b\n');
    const imported = await post(admin.api, 'dataItem/importRecords', { itemId, fileName: 'r.csv', content: csv.toString('base64') });
    vi.useRealTimers();
    expect(imported.code, JSON.stringify(imported)).toBe(0);
    const raw = await chart(admin.api, { itemId, bucket: 'raw', range, series: [{ field: 'temperature' }, { field: 'count', aggregate: 'SUM' }] });
    expect(raw.data.series[0]!.points).toEqual([
      [hour + 180_000, 30],
      [hour + 240_000, 1.5],
      [hour + 240_000, 2.5],
    ]);
    expect(raw.data.series[1]!.summary).toMatchObject({ count: 3, sum: 8 });

    // The raw values always equal the records' numeric values.
    const list = (await get(admin.api, 'dataItem/getRecords', { itemId, pageSize: 100 })).data.list as Array<{ createdAt: number; values: { temperature?: number } }>;
    expect(raw.data.series[0]!.points.map((p) => p[1]).sort()).toEqual(list.map((r) => r.values.temperature).filter((v) => v !== undefined).sort());

    // The purge (retention, value expiry) removes values before the cut-off with their records.
    for (const purge of t.app.platform.registry.purgers) {
      await purge(admin.companyId, hour + 200_000);
    }
    const purged = await chart(admin.api, { itemId, bucket: 'hour', range, series: [{ field: 'temperature', aggregate: 'SUM' }] });
    expect(purged.data.series[0]!.points).toEqual([[hour, 4]]);
    const store = t.app.platform.db;
    const before = await store.selectFrom('series_point').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();

    // Deleting the item removes its series and its saved charts.
    const series = await store.selectFrom('series').select('id').where('item_id', '=', itemId).execute();
    expect(series.length).toBe(2);
    const saved = { itemId, name: 'Kept until the item goes', kind: 'line', series: [{ field: 'temperature' }], bucket: 'raw', range: { preset: 'today' } };
    expect((await post(admin.api, 'chart/addChart', saved)).code).toBe(0);
    expect((await post(admin.api, 'dataItem/deleteDataItem', { id: itemId })).code).toBe(0);
    expect(await store.selectFrom('chart').select('id').where('item_id', '=', itemId).execute()).toEqual([]);
    expect(await store.selectFrom('series').select('id').where('item_id', '=', itemId).execute()).toEqual([]);
    const after = await store.selectFrom('series_point').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    expect(Number(before.n) - Number(after.n)).toBe(4);
    expect(await store.selectFrom('series_rollup').select('series_id').where('series_id', 'in', series.map((s) => s.id)).execute()).toEqual([]);
  });
});

describe('chart configs', () => {
  it('saves charts per data item: read to view, read-write to change, names unique, other companies not found', async () => {
    const admin = await person(t.app, undefined, ['sd_capsule', 'um_role']);
    const itemId = await addItem(admin.api, 'Configured');
    const config = { itemId, name: 'Temperature', kind: 'line', series: [{ field: 'temperature', aggregate: 'AVG' }], bucket: 'hour', range: { preset: 'last7Days' }, options: { smooth: true } };
    const added = await post(admin.api, 'chart/addChart', config);
    expect(added.code, JSON.stringify(added)).toBe(0);
    expect((await post(admin.api, 'chart/addChart', { ...config, name: ' Temperature ' })).code).toBe(40900);
    expect((await post(admin.api, 'chart/addChart', { ...config, name: 'x'.repeat(26) }, en)).data).toBe('A chart name can have at most 25 characters');
    expect((await post(admin.api, 'chart/addChart', { ...config, name: 'Labels', series: [{ field: 'label', aggregate: 'none' }] })).code).toBe(50001);
    expect((await post(admin.api, 'chart/addChart', { ...config, name: 'Twice', series: [{ field: 'count' }, { field: 'count' }] }, en)).data).toBe('Each field and aggregate can be added only once');
    expect((await post(admin.api, 'chart/addChart', { ...config, name: 'Count', kind: 'numberCard', series: [{ field: 'count', aggregate: 'SUM' }], range: { from: 1000, to: 2000 } })).code).toBe(0);

    const one = await get(admin.api, 'chart/getChart', { id: added.data.id });
    expect(one.data).toMatchObject({ id: added.data.id, itemId, name: 'Temperature', kind: 'line', bucket: 'hour', range: { preset: 'last7Days' }, options: { smooth: true }, series: [{ field: 'temperature', aggregate: 'AVG' }] });
    const list = await get(admin.api, 'chart/getCharts', { itemId, pageNum: 1, pageSize: 1 });
    expect([list.data.total, list.data.list.map((c: { name: string }) => c.name)]).toEqual([2, ['Temperature']]);
    expect((await get(admin.api, 'chart/getCharts', { itemId, keyword: 'coun' })).data.list.map((c: { name: string }) => c.name)).toEqual(['Count']);

    expect((await post(admin.api, 'chart/updateChart', { ...config, id: added.data.id, name: 'Count' })).code).toBe(40900);
    expect((await post(admin.api, 'chart/updateChart', { ...config, id: added.data.id, name: 'Temp', kind: 'bar' })).code).toBe(0);
    expect((await get(admin.api, 'chart/getChart', { id: added.data.id })).data).toMatchObject({ name: 'Temp', kind: 'bar' });

    const reader = await person(t.app, admin.companyId);
    const nodeId = (await get(admin.api, 'dataItem/getDataItem', { id: itemId })).data.nodeId;
    await post(admin.api, 'cabin/setPermission', { nodeId, mode: 'custom', grants: [{ scope: 'user', targetId: reader.userId, level: 'read' }, { scope: 'user', targetId: admin.userId, level: 'admin' }] });
    expect((await get(reader.api, 'chart/getChart', { id: added.data.id })).code).toBe(0);
    expect((await post(reader.api, 'chart/updateChart', { ...config, id: added.data.id })).code).toBe(40300);
    expect((await post(reader.api, 'chart/deleteChart', { id: added.data.id })).code).toBe(40300);
    expect((await post(reader.api, 'chart/addChart', { ...config, name: 'Mine' })).code).toBe(40300);

    const stranger = await person(t.app);
    expect((await get(stranger.api, 'chart/getChart', { id: added.data.id })).code).toBe(40400);
    expect((await get(stranger.api, 'chart/getCharts', { itemId })).code).toBe(40400);
    expect((await post(stranger.api, 'chart/deleteChart', { id: added.data.id })).code).toBe(40400);

    expect((await post(admin.api, 'chart/deleteChart', { id: added.data.id })).code).toBe(0);
    expect((await get(admin.api, 'chart/getChart', { id: added.data.id })).code).toBe(40400);
  });
});

describe('chart query: a category axis over a text field (issue 13)', () => {
  it('aggregates a numeric field per value of a text field within the range, the top N largest first, and saves the axis with the chart', async () => {
    const me = await person(t.app);
    const itemId = await addItem(me.api, 'Per location');
    const base = Date.UTC(2026, 0, 10, 2, 0);
    const rows: Array<[number, string, number, number]> = [
      [0, '一号库', 10, 1],
      [60_000, '一号库', 30, 2],
      [120_000, '二号库', 50, 3],
      [180_000, '三号库', 5, 4],
      [240_000, '二号库', 20, 5],
      [300_000, '', 99, 6],
      // Outside the range: not counted.
      [10 * 3_600_000, '三号库', 1000, 7],
    ];
    for (const [offset, label, temperature, count] of rows) {
      await addAt(me.api, itemId, base + offset, { label, temperature, count });
    }
    const range = { from: base, to: base + 3_600_000 };
    const answer = await chart(me.api, { itemId, series: [{ field: 'temperature', aggregate: 'SUM' }, { field: 'count', aggregate: 'MAX' }], range, category: { field: 'label', top: 2 } });
    expect(answer.code, JSON.stringify(answer)).toBe(0);
    const data = answer.data as QueryResult & { categories: string[] };
    expect(data.categories).toEqual(['二号库', '一号库']);
    expect(data.series[0]!.points).toEqual([
      [0, 70],
      [1, 40],
    ]);
    expect(data.series[1]!.points).toEqual([
      [0, 5],
      [1, 2],
    ]);

    // A number field cannot be the category; raw values cannot be grouped.
    expect(await chart(me.api, { itemId, series: [{ field: 'temperature', aggregate: 'SUM' }], range, category: { field: 'count' } }, en)).toMatchObject({ code: 50001, data: '数量: a category axis groups by a text field' });
    expect(await chart(me.api, { itemId, series: [{ field: 'temperature', aggregate: 'none' }], range, category: { field: 'label' } }, en)).toMatchObject({ code: 50001 });

    // The axis is part of the saved chart.
    const added = await post(me.api, 'chart/addChart', { itemId, name: '各库温度', kind: 'bar', series: [{ field: 'temperature', aggregate: 'AVG' }], range, category: { field: 'label', top: 5 } });
    expect(added.code, JSON.stringify(added)).toBe(0);
    const saved = await get(me.api, 'chart/getChart', { id: added.data.id });
    expect(saved.data).toMatchObject({ kind: 'bar', category: { field: 'label', top: 5 }, options: {} });
    expect(saved.data.options).not.toHaveProperty('category');
    const plain = await post(me.api, 'chart/addChart', { itemId, name: '温度', kind: 'line', series: [{ field: 'temperature' }] });
    expect((await get(me.api, 'chart/getChart', { id: plain.data.id })).data.category).toBeNull();
  });
});
