import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { addDays, localDate } from '@smartdata/domain';
import { as, body, createCompanyUser, createTestApp, signIn, type TestApp } from '@server/test/testApp';

/**
 * Gas (issue 20, docs/gas.md) through the calls: the contract (worked numbers, every 50001
 * case), the plan's warnings, the blending order's lifecycle and refused moves, cylinders through
 * inventory, high-purity grades and analyses with "< LOD", certificates (issue, PDF, public
 * verification, revoke), another company's ids and the permission codes. SQLite, and PostgreSQL
 * with TEST_DATABASE_URL.
 */

type Api = ReturnType<typeof as>;
const codes = ['gs_blending', 'gs_high_purity', 'gs_certificate', 'iv_category', 'iv_warehousing'];

let t: TestApp;
let dataDir = '';
let alice: { api: Api; companyId: number };
let bob: { api: Api; companyId: number };
let carol: Api; // gs_high_purity only

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sd-gas-'));
  t = await createTestApp({ dataDir });
  const a = await createCompanyUser(t.app, { codes, companyName: 'Gas Works Ltd' });
  const b = await createCompanyUser(t.app, { codes, companyName: 'Other Gas Co' });
  const c = await createCompanyUser(t.app, { codes: ['gs_high_purity'], companyId: a.companyId });
  alice = { api: as(t.app, await signIn(t.app, a.userName, a.password)), companyId: a.companyId };
  bob = { api: as(t.app, await signIn(t.app, b.userName, b.password)), companyId: b.companyId };
  carol = as(t.app, await signIn(t.app, c.userName, c.password));
});

afterAll(async () => {
  await t.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const post = (api: Api, url: string, payload: unknown, lang = 'en-US') => api({ method: 'POST', url: `/general/gas/${url}`, payload: payload as object, headers: { 'accept-language': lang } }).then(body);
const get = (api: Api, url: string, query: Record<string, string | number> = {}, lang = 'en-US') =>
  api({ method: 'GET', url: `/general/gas/${url}?${new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)]))}`, headers: { 'accept-language': lang } }).then(body);
const rel = (a: number, b: number) => Math.abs(a - b) / Math.abs(b);

async function ok(api: Api, url: string, payload: unknown) {
  const answer = await post(api, url, payload);
  expect(answer.code, `${url} ${JSON.stringify(answer)}`).toBe(0);
  return answer.data;
}

const CO2_IN_N2 = { method: 'manometric', volumeL: 50, pressureBar: 151.01325, temperatureC: 15, components: [{ gas: 'CO2', fraction: 0.1 }], balance: 'N2' };

describe('the contract: POST /general/gas/calculate', () => {
  it('10 % CO2 in N2, 50 L, 150 bar g at 15 °C: GERG-2008 figures (docs/gas.md worked example)', async () => {
    const data = await ok(alice.api, 'calculate', CO2_IN_N2);
    // Pinned in blending.test.ts: Z 0.97348, n 323.747 mol (ideal 315.160), CO2 1424.79 g to 14.2083 bar abs, N2 8162.32 g.
    expect(data.z).toBeCloseTo(0.97348, 5);
    expect(rel(data.totalMol, 323.747)).toBeLessThan(1e-5);
    expect(rel(data.totalMolIdeal, 315.16)).toBeLessThan(1e-5);
    expect(data.model).toBe('gerg2008');
    expect(data.steps.map((s: { gas: string }) => s.gas)).toEqual(['CO2', 'N2']);
    expect(rel(data.steps[0].massG, 1424.79)).toBeLessThan(1e-5);
    expect(rel(data.steps[0].cumulativePressureBar, 14.2083)).toBeLessThan(1e-5);
    expect(rel(data.steps[1].massG, 8162.32)).toBeLessThan(1e-5);
    expect(rel(data.steps[1].cumulativePressureBar, 151.01325)).toBeLessThan(1e-6);
    // The balance listed among the components (fractions summing to 1) is the same blend.
    const listed = await ok(alice.api, 'calculate', { ...CO2_IN_N2, method: 'gravimetric', components: [{ gas: 'CO2', fraction: 0.1 }, { gas: 'N2', fraction: 0.9 }] });
    expect(listed.totalMol).toBeCloseTo(data.totalMol, 9);
    // The fill order: N2 first stops at 141.30 bar abs.
    const n2First = await ok(alice.api, 'calculate', { ...CO2_IN_N2, order: ['N2'] });
    expect(n2First.steps[0].gas).toBe('N2');
    expect(n2First.steps[0].cumulativePressureBar).toBeCloseTo(141.3, 1);
    // A gas outside GERG-2008: the second-virial estimate, labelled.
    const sf6 = await ok(alice.api, 'calculate', { ...CO2_IN_N2, pressureBar: 11, components: [{ gas: 'SF6', fraction: 0.001 }] });
    expect(sf6.model).toBe('virial');
  });

  it('50001 with the reason in data: a fraction sum ≠ 1, a negative value, an unknown gas', async () => {
    const refused = async (payload: unknown, reason: string, lang = 'en-US') => {
      const answer = await post(alice.api, 'calculate', payload, lang);
      expect(answer.code, JSON.stringify(answer)).toBe(50001);
      expect(answer.data.reason).toBe(reason);
      expect(typeof answer.data.message).toBe('string');
      return answer.data;
    };
    // Balance listed: the fractions must sum to 1.
    await refused({ ...CO2_IN_N2, components: [{ gas: 'CO2', fraction: 0.1 }, { gas: 'N2', fraction: 0.8 }] }, 'fraction-sum');
    await refused({ ...CO2_IN_N2, components: [{ gas: 'CO2', fraction: 0.2 }, { gas: 'N2', fraction: 0.9 }] }, 'fraction-sum');
    // Balance not listed: it takes 1 − Σ; Σ ≥ 1 leaves none.
    await refused({ ...CO2_IN_N2, components: [{ gas: 'CO2', fraction: 0.6 }, { gas: 'O2', fraction: 0.4 }] }, 'fraction-sum');
    await refused({ ...CO2_IN_N2, components: [{ gas: 'CO2', fraction: -0.1 }] }, 'negative-value');
    await refused({ ...CO2_IN_N2, volumeL: -50 }, 'negative-value');
    await refused({ ...CO2_IN_N2, pressureBar: -1 }, 'negative-value');
    const unknown = await refused({ ...CO2_IN_N2, components: [{ gas: 'Unobtainium', fraction: 0.1 }] }, 'unknown-gas', 'zh-CN');
    expect(unknown.message).toBe('未知气体：Unobtainium');
    await refused({ ...CO2_IN_N2, balance: 'XX' }, 'unknown-gas');
    expect((await refused({ ...CO2_IN_N2, order: ['Ar'] }, 'input-invalid', 'zh-CN')).message).toBe('充装顺序中的 Ar 不在混合气中');
    // Not a number at all: the schema's refusal (50001 too).
    expect((await post(alice.api, 'calculate', { ...CO2_IN_N2, volumeL: 'fifty' })).code).toBe(50001);
    // The message names the field as the form does, in the caller's language — never the request's key.
    expect((await refused({ ...CO2_IN_N2, pressureBar: 0 }, 'input-invalid', 'zh-CN')).message).toBe('最终充装压力须大于 0 且不超过 1000（输入 0）');
    expect((await refused({ ...CO2_IN_N2, pressureBar: 0 }, 'input-invalid')).message).toBe('Final fill pressure must be above 0 and at most 1000 (got 0)');
    expect((await refused({ ...CO2_IN_N2, volumeL: -50 }, 'negative-value', 'zh-CN')).message).toBe('水容积不能为负数（输入 -50）');
    expect((await refused({ ...CO2_IN_N2, components: [{ gas: 'CO2', fraction: -0.1 }] }, 'negative-value')).message).toBe('Amount fraction of CO2 cannot be negative (got -0.1)');
    expect((await refused({ ...CO2_IN_N2, temperatureC: 500 }, 'input-invalid', 'zh-CN')).message).toMatch(/^温度须在 -?\d+ 到 \d+ °C 之间（输入 500）$/);
  });
});

describe('the contract: POST /general/gas/composition', () => {
  it('ISO 6142-1 from weighed masses: 100 g CO2 + 900 g N2 (the hand-checked case)', async () => {
    const data = await ok(alice.api, 'composition', { parents: [{ gas: 'CO2', massG: 100, uMassG: 0.01 }, { gas: 'N2', massG: 900, uMassG: 0.02 }] });
    const co2 = data.components.find((c: { gas: string }) => c.gas === 'CO2');
    expect(co2.fraction).toBeCloseTo(0.0660539, 7);
    expect(rel(co2.u, 6.32e-6)).toBeLessThan(2e-3);
    expect(co2.U).toBeCloseTo(2 * co2.u, 15);
    // A premix parent with its certified composition and u.
    const premix = await ok(alice.api, 'composition', {
      parents: [
        { composition: [{ gas: 'CO', fraction: 0.01, u: 1e-5 }, { gas: 'N2', fraction: 0.99 }], massG: 87 },
        { gas: 'N2', massG: 8000 },
      ],
    });
    expect(premix.components.map((c: { gas: string }) => c.gas).sort()).toEqual(['CO', 'N2']);
    const co = premix.components.find((c: { gas: string }) => c.gas === 'CO');
    expect(co.fraction).toBeGreaterThan(9e-5);
    expect(co.fraction).toBeLessThan(1.2e-4);
  });

  it('refuses a composition not summing to 1, a negative value, an unknown gas, with the reason in data', async () => {
    const reason = async (payload: unknown) => {
      const answer = await post(alice.api, 'composition', payload);
      expect(answer.code).toBe(50001);
      return answer.data.reason as string;
    };
    expect(await reason({ parents: [{ composition: [{ gas: 'CO', fraction: 0.02 }, { gas: 'N2', fraction: 0.99 }], massG: 10 }] })).toBe('fraction-sum');
    expect(await reason({ parents: [{ composition: [{ gas: 'CO', fraction: -0.01 }, { gas: 'N2', fraction: 1.01 }], massG: 10 }] })).toBe('negative-value');
    expect(await reason({ parents: [{ gas: 'N2', massG: -5 }] })).toBe('negative-value');
    expect(await reason({ parents: [{ gas: 'Kryptonite', massG: 5 }] })).toBe('unknown-gas');
    expect(await reason({ parents: [{ gas: 'N2', composition: [{ gas: 'N2', fraction: 1 }], massG: 5 }] })).toBe('input-invalid');
  });
});

const plan = (over: Record<string, unknown> = {}) => ({
  method: 'manometric',
  volumeL: 50,
  pressureBar: 150,
  pressureMode: 'gauge',
  referenceTemperatureC: 15,
  fillTemperatureC: 15,
  workingPressureBar: 200,
  targets: [
    { gas: 'CO2', value: 10, unit: '%' },
    { gas: 'O2', value: 5, unit: '%' },
  ],
  balance: 'N2',
  parents: [
    { key: 'co2', kind: 'pure', gas: 'CO2', purity: 0.9999, impurities: [{ gas: 'N2', fraction: 0.0001, u: 0.00001 }], delivers: 'CO2' },
    { key: 'o2', kind: 'pure', gas: 'O2', delivers: 'O2' },
    { key: 'n2', kind: 'pure', gas: 'N2', delivers: 'N2' },
  ],
  order: ['co2', 'o2', 'n2'],
  ...over,
});

describe('plan and gases', () => {
  it('a 3-component plan: stop pressures real and ideal, other temperatures, no warnings', async () => {
    const data = await ok(alice.api, 'plan', plan());
    expect(data.result.steps).toHaveLength(3);
    expect(data.result.steps[2].cumulativePressureBarGauge).toBeCloseTo(150, 6);
    expect(data.result.steps[0].idealCumulativePressureBar).toBeGreaterThan(data.result.steps[0].cumulativePressureBar);
    expect(data.result.atTemperatures.map((a: { temperatureC: number }) => a.temperatureC)).toEqual([0, 15, 25, 40, 50]);
    expect(data.warnings).toEqual([]);
    expect(data.premix).toBeNull();
  });

  it('safety warnings in the caller language: flammable with oxidizer, liquefaction, working pressure; a premix proposal', async () => {
    const hot = await ok(
      alice.api,
      'plan',
      plan({
        workingPressureBar: 140,
        targets: [
          { gas: 'H2', value: 3, unit: '%' },
          { gas: 'O2', value: 21, unit: '%' },
        ],
        parents: [
          { key: 'h2', kind: 'pure', gas: 'H2', delivers: 'H2' },
          { key: 'o2', kind: 'pure', gas: 'O2', delivers: 'O2' },
          { key: 'n2', kind: 'pure', gas: 'N2', delivers: 'N2' },
        ],
        order: ['h2', 'o2', 'n2'],
      }),
    );
    expect(hot.warnings.map((w: { code: string; severity: string }) => [w.code, w.severity])).toEqual([
      ['flammableWithOxidizer', 'error'],
      ['aboveWorkingPressure', 'error'],
    ]);
    expect(hot.warnings[0].message).toContain('75');
    const liquid = await post(
      alice.api,
      'plan',
      plan({ targets: [{ gas: 'CO2', value: 40, unit: '%' }], parents: [plan().parents[0], plan().parents[2]], order: ['co2', 'n2'] }),
      'zh-CN',
    );
    expect(liquid.data.warnings[0]).toMatchObject({ code: 'liquefies', gas: 'CO2', severity: 'error' });
    expect(liquid.data.warnings[0].message).toContain('液化');
    const trace = await ok(alice.api, 'plan', plan({ targets: [{ gas: 'CO', value: 100, unit: 'ppm' }], parents: [{ key: 'co', kind: 'pure', gas: 'CO', delivers: 'CO' }, plan().parents[2]], order: ['co', 'n2'] }));
    expect(trace.premix.premixes[0]).toMatchObject({ gas: 'CO', fraction: 0.01 });
  });

  it('getGases: names, molar mass, GERG coverage, LEL, oxidizer, vapour pressure at 15 °C', async () => {
    const answer = await get(alice.api, 'getGases');
    const co2 = answer.data.find((g: { gas: string }) => g.gas === 'CO2');
    expect(co2).toMatchObject({ nameZh: '二氧化碳', nameEn: 'Carbon dioxide', gerg: true, flammable: false, oxidizer: false });
    expect(co2.vapourPressureBarAt15C).toBeCloseTo(50.7, 0);
    expect(answer.data.find((g: { gas: string }) => g.gas === 'H2')).toMatchObject({ flammable: true, lelPercent: 4 });
    expect(answer.data.find((g: { gas: string }) => g.gas === 'SF6')).toMatchObject({ gerg: false });
  });
});

let seq = 0;
async function plainStock(api: Api, n: number) {
  const made = async (url: string, name: string) => {
    const answer = await api({ method: 'POST', url: `/general/inventory/${url}`, payload: url === 'addItem' ? { name, serialized: false } : { name } }).then(body);
    expect(answer.code, JSON.stringify(answer)).toBe(0);
    return answer.data.id as number;
  };
  const warehouseId = await made('addWarehouse', `Gas store ${++seq}`);
  const ids = { co2: await made('addItem', `CO2 cylinder ${++seq}`), o2: await made('addItem', `O2 cylinder ${++seq}`), n2: await made('addItem', `N2 cylinder ${++seq}`), product: await made('addItem', `Mix cylinder ${++seq}`) };
  if (n > 0) {
    const stockIn = await api({ method: 'POST', url: '/general/inventory/addStockIn', payload: { warehouseId, lines: [ids.co2, ids.o2, ids.n2].map((itemId) => ({ itemId, quantity: n })) } }).then(body);
    expect(stockIn.code, JSON.stringify(stockIn)).toBe(0);
  }
  return { ...ids, warehouseId };
}

async function quantity(api: Api, itemId: number, warehouseId: number): Promise<number> {
  const answer = await api({ method: 'GET', url: `/general/inventory/getStock?itemId=${itemId}&warehouseId=${warehouseId}` }).then(body);
  return (answer.data.list[0]?.quantity as number | undefined) ?? 0;
}

const fillMasses = [
  { key: 'co2', massG: 1440, uG: 0.05 },
  { key: 'o2', massG: 526, uG: 0.05 },
  { key: 'n2', massG: 7700, uG: 0.1 },
];

describe('blending orders', () => {
  it('draft → filled → analysed → certified, refused moves, the stored plan and the ISO 6142-1 fill', async () => {
    const { id, number } = await ok(alice.api, 'addOrder', { ...plan(), cylinderNumber: 'CY-0001', cylinderMaterial: 'Aluminium alloy', valve: 'CGA 590', remarks: 'first' });
    expect(number).toMatch(/^GB-\d{8}-001$/);
    const order = (await get(alice.api, 'getOrder', { id })).data;
    expect(order).toMatchObject({ state: 'draft', cylinderNumber: 'CY-0001', stateName: 'Draft' });
    expect(order.plan.result.steps).toHaveLength(3);
    await ok(alice.api, 'updateOrder', { ...plan(), id, cylinderNumber: 'CY-0002' });
    const early = await post(alice.api, 'recordAnalysis', { id, results: [{ gas: 'CO2', fraction: 0.1 }] }, 'zh-CN');
    expect(early).toMatchObject({ code: 40900, msg: '配气单还是草稿，不能执行此操作' });
    // Masses must name every parent once.
    expect((await post(alice.api, 'recordFill', { id, masses: fillMasses.slice(0, 2) })).data.reason).toBe('masses');
    const fill = await ok(alice.api, 'recordFill', { id, masses: fillMasses });
    const co2 = fill.components.find((c: { gas: string }) => c.gas === 'CO2');
    expect(co2.fraction).toBeGreaterThan(0.09);
    expect(co2.fraction).toBeLessThan(0.11);
    expect(co2.U).toBeGreaterThan(0);
    for (const refused of ['updateOrder', 'deleteOrder', 'recordFill']) {
      const payload = refused === 'updateOrder' ? { ...plan(), id, cylinderNumber: 'X' } : refused === 'recordFill' ? { id, masses: fillMasses } : { id };
      expect((await post(alice.api, refused, payload)).code, refused).toBe(40900);
    }
    expect((await post(alice.api, 'issueCertificate', certificateRequest('blend', id))).code).toBe(40900); // not analysed yet
    const analysis = await ok(alice.api, 'recordAnalysis', { id, results: [{ gas: 'CO2', fraction: co2.fraction + 1e-6, u: 1e-5 }], method: 'ISO 6143' });
    expect(analysis.comparison[0]).toMatchObject({ gas: 'CO2', agrees: true });
    const certificate = await ok(alice.api, 'issueCertificate', certificateRequest('blend', id));
    expect((await get(alice.api, 'getOrder', { id })).data).toMatchObject({ state: 'certified', certificateId: certificate.id });
    expect((await post(alice.api, 'cancelOrder', { id })).code).toBe(40900);
    const list = await get(alice.api, 'getOrderList', { pageNum: 1, pageSize: 10, keyword: 'CY-0002', state: '' });
    expect(list.data.total).toBe(1);
    // A draft can be cancelled or deleted.
    const other = await ok(alice.api, 'addOrder', { ...plan(), cylinderNumber: 'CY-0003' });
    await ok(alice.api, 'cancelOrder', { id: other.id });
    expect((await post(alice.api, 'deleteOrder', { id: other.id })).code).toBe(40900);
    const third = await ok(alice.api, 'addOrder', { ...plan(), cylinderNumber: 'CY-0004' });
    await ok(alice.api, 'deleteOrder', { id: third.id });
    expect((await get(alice.api, 'getOrder', { id: third.id })).code).toBe(40400);
  });

  it('an unsafe plan is not saved (50001, reason unsafe, the warning as message)', async () => {
    const answer = await post(alice.api, 'addOrder', { ...plan({ workingPressureBar: 100 }), cylinderNumber: 'CY-9' }, 'zh-CN');
    expect(answer.code).toBe(50001);
    expect(answer.data.reason).toBe('unsafe');
    expect(answer.data.message).toContain('工作压力');
  });

  it('filling consumes one cylinder of each parent item and stocks the product in, in one transaction', async () => {
    const s = await plainStock(alice.api, 2);
    const parents = plan().parents.map((p) => ({ ...p, itemId: s[p.key as 'co2' | 'o2' | 'n2'] }));
    const { id } = await ok(alice.api, 'addOrder', { ...plan({ parents }), cylinderNumber: 'CY-INV', productItemId: s.product, warehouseId: s.warehouseId });
    await ok(alice.api, 'recordFill', { id, masses: fillMasses });
    expect(await quantity(alice.api, s.co2, s.warehouseId)).toBe(1);
    expect(await quantity(alice.api, s.o2, s.warehouseId)).toBe(1);
    expect(await quantity(alice.api, s.n2, s.warehouseId)).toBe(1);
    expect(await quantity(alice.api, s.product, s.warehouseId)).toBe(1);
    // Out of stock (no negative stock by default): refused, nothing written.
    const empty = await plainStock(alice.api, 0);
    const none = await ok(alice.api, 'addOrder', { ...plan({ parents: plan().parents.map((p) => ({ ...p, itemId: empty[p.key as 'co2' | 'o2' | 'n2'] })) }), cylinderNumber: 'CY-E', productItemId: empty.product, warehouseId: empty.warehouseId });
    expect((await post(alice.api, 'recordFill', { id: none.id, masses: fillMasses })).code).toBe(50001);
    expect((await get(alice.api, 'getOrder', { id: none.id })).data.state).toBe('draft');
    expect(await quantity(alice.api, empty.product, empty.warehouseId)).toBe(0);
    // Another company's item or warehouse: 40400; half the inventory ids: 50001.
    const theirs = await plainStock(bob.api, 1);
    expect((await post(alice.api, 'addOrder', { ...plan(), cylinderNumber: 'CY-B', productItemId: theirs.product, warehouseId: s.warehouseId })).code).toBe(40400);
    expect((await post(alice.api, 'addOrder', { ...plan(), cylinderNumber: 'CY-B', productItemId: s.product })).code).toBe(50001);
  });
});

function certificateRequest(source: 'blend' | 'purity', sourceId: number, over: Record<string, unknown> = {}) {
  const today = localDate(Date.now(), 'Asia/Shanghai');
  return {
    source,
    sourceId,
    referenceStandards: 'NIM GBW(E)062001 CO2 in N2',
    traceability: 'Traceable to SI through national primary standards (NIM)',
    certifiedAt: today,
    expiresAt: addDays(today, 365),
    minUsePressureBar: 10,
    storageTemperature: '-10 °C … 40 °C',
    approver: 'Li Wei',
    ...over,
  };
}

describe('high-purity grades and analyses', () => {
  it('"< LOD" counts as 0 in the purity (its LOD in the upper bound); pass and fail against the grade', async () => {
    const grade = await ok(carol, 'addGrade', {
      gas: 'N2',
      grade: 'N5.0',
      impurities: [
        { gas: 'O2', maxPpm: 2 },
        { gas: 'H2O', maxPpm: 3 },
        { gas: 'CO2', maxPpm: 1 },
        { gas: 'THC', maxPpm: 1 },
      ],
      remarks: '',
    });
    expect((await post(carol, 'addGrade', { gas: 'N2', grade: 'N5.0', impurities: [], remarks: '' })).code).toBe(40900);
    expect((await post(carol, 'addGrade', { gas: 'N2', grade: '5N', impurities: [], remarks: '' })).code).toBe(50001);
    const results = [
      { gas: 'O2', valuePpm: 1.2, lodPpm: 0.1, belowLod: false },
      { gas: 'H2O', valuePpm: 2.0, lodPpm: 0.2, belowLod: false },
      { gas: 'CO2', valuePpm: null, lodPpm: 0.5, belowLod: true },
      { gas: 'THC', valuePpm: null, lodPpm: 0.1, belowLod: true },
    ];
    const passing = await ok(carol, 'addAnalysis', { gradeId: grade.id, cylinderNumber: 'HP-CY-1', lot: 'L1', analysedAt: Date.now(), results });
    expect(passing).toMatchObject({ passed: true });
    const view = (await get(carol, 'getAnalysis', { id: passing.id })).data;
    expect(view.impuritiesPpm).toBeCloseTo(3.2, 12);
    expect(view.impuritiesUpperPpm).toBeCloseTo(3.8, 12);
    expect(view.purityPercent).toBeCloseTo(99.99968, 10);
    expect(view.purityLowerPercent).toBeCloseTo(99.99962, 10);
    expect(view.minPurityPercent).toBeCloseTo(99.999, 10);
    expect(view.results.find((r: { gas: string }) => r.gas === 'CO2')).toMatchObject({ belowLod: true, valuePpm: null, pass: true });
    // O2 above its limit; a "< LOD" whose LOD is above the limit cannot show it is within: fail.
    const failing = await ok(carol, 'addAnalysis', { gradeId: grade.id, cylinderNumber: 'HP-CY-2', lot: 'L1', analysedAt: Date.now(), results: [{ ...results[0], valuePpm: 2.5 }, ...results.slice(1)] });
    expect(failing.passed).toBe(false);
    const lodTooHigh = await ok(carol, 'addAnalysis', { gradeId: grade.id, cylinderNumber: 'HP-CY-3', lot: 'L1', analysedAt: Date.now(), results: [results[0], results[1], { ...results[2], lodPpm: 1.5 }, results[3]] });
    expect(lodTooHigh.passed).toBe(false);
    // A value is required unless below the LOD; no negative values.
    expect((await post(carol, 'addAnalysis', { gradeId: grade.id, cylinderNumber: 'X', analysedAt: Date.now(), results: [{ gas: 'O2', valuePpm: null, lodPpm: 0.1, belowLod: false }] })).code).toBe(50001);
    expect((await post(carol, 'addAnalysis', { gradeId: grade.id, cylinderNumber: 'X', analysedAt: Date.now(), results: [{ gas: 'O2', valuePpm: -1, lodPpm: 0.1, belowLod: false }] })).code).toBe(50001);
    expect((await post(carol, 'deleteGrade', { id: grade.id })).code).toBe(40900);
    // Certificates: from a passing analysis only.
    expect((await post(alice.api, 'issueCertificate', certificateRequest('purity', failing.id))).code).toBe(40900);
    const certificate = await ok(alice.api, 'issueCertificate', certificateRequest('purity', passing.id));
    expect(certificate.number).toMatch(/^CERT-\d{4}-\d{5}$/);
    expect((await post(alice.api, 'issueCertificate', certificateRequest('purity', passing.id))).code).toBe(40900);
    const pdf = await alice.api({ method: 'GET', url: `/general/gas/certificatePdf?id=${certificate.id}&lang=en-US` });
    expect(pdf.rawPayload.subarray(0, 4).toString()).toBe('%PDF');
  });
});

describe('certificates and their public verification', () => {
  let certificate: { id: number; number: string; code: string };
  let orderNumber = '';

  beforeAll(async () => {
    const order = await ok(alice.api, 'addOrder', { ...plan(), cylinderNumber: 'CY-CERT', cylinderMaterial: 'Steel', valve: 'QF-2' });
    orderNumber = order.number;
    const fill = await ok(alice.api, 'recordFill', { id: order.id, masses: fillMasses });
    await ok(alice.api, 'recordAnalysis', { id: order.id, results: fill.components.map((c: { gas: string; fraction: number }) => ({ gas: c.gas, fraction: c.fraction })), method: 'ISO 6143' });
    expect((await post(alice.api, 'issueCertificate', certificateRequest('blend', order.id, { expiresAt: '2020-01-01' }))).code).toBe(50001);
    certificate = await ok(alice.api, 'issueCertificate', certificateRequest('blend', order.id));
  });

  it('has an unguessable code, a snapshot with every field, a PDF in both languages that renders', async () => {
    expect(certificate.code).toMatch(/^[A-Za-z0-9_-]{22}$/);
    const view = (await get(alice.api, 'getCertificate', { id: certificate.id })).data;
    expect(view.state).toBe('valid');
    expect(view.snapshot).toMatchObject({ issuer: 'Gas Works Ltd', cylinderNumber: 'CY-CERT', cylinderMaterial: 'Steel', valve: 'QF-2', volumeL: 50, fillPressureBar: 150, balance: 'N2', approver: 'Li Wei', minUsePressureBar: 10 });
    expect(view.snapshot.components.map((c: { gas: string }) => c.gas).sort()).toEqual(['CO2', 'O2']);
    expect(view.snapshot.components[0].U).toBeGreaterThan(0);
    for (const lang of ['zh-CN', 'en-US']) {
      const response = await alice.api({ method: 'GET', url: `/general/gas/certificatePdf?id=${certificate.id}&lang=${lang}` });
      expect(response.headers['content-type']).toBe('application/pdf');
      expect(response.rawPayload.subarray(0, 4).toString()).toBe('%PDF');
      const file = path.join(dataDir, `cert-${lang}.pdf`);
      fs.writeFileSync(file, response.rawPayload);
      execFileSync('pdftoppm', ['-png', '-r', '50', '-singlefile', file, path.join(dataDir, `cert-${lang}`)]);
      expect(fs.statSync(path.join(dataDir, `cert-${lang}.png`)).size).toBeGreaterThan(5000);
      const text = execFileSync('pdftotext', [file, '-']).toString();
      expect(text).toContain(certificate.number);
      expect(text).toContain(`/verify/${certificate.code}`);
    }
  });

  it('verify is public and answers only key facts; unknown, revoked and expired are said', async () => {
    const verify = (code: string) => t.app.inject({ method: 'GET', url: `/general/gas/verify?code=${encodeURIComponent(code)}` }).then(body);
    const valid = await verify(certificate.code);
    expect(valid.code).toBe(0);
    expect(valid.data.state).toBe('valid');
    expect(valid.data.certificate).toMatchObject({ number: certificate.number, issuer: 'Gas Works Ltd', cylinderNumber: 'CY-CERT', balance: 'N2' });
    const said = JSON.stringify(valid.data);
    for (const secret of ['Li Wei', orderNumber, '"id"', 'companyId', 'snapshot', 'traceability', certificate.code]) {
      expect(said, secret).not.toContain(secret);
    }
    expect((await verify('no-such-code')).data).toEqual({ state: 'unknown' });
    expect((await verify('')).data).toEqual({ state: 'unknown' });
    await ok(alice.api, 'revokeCertificate', { id: certificate.id, reason: 'Cylinder returned with a leak' });
    expect((await verify(certificate.code)).data.state).toBe('revoked');
    expect((await post(alice.api, 'revokeCertificate', { id: certificate.id, reason: 'again' })).code).toBe(40900);
    const revokedPdf = await alice.api({ method: 'GET', url: `/general/gas/certificatePdf?id=${certificate.id}&lang=zh-CN` });
    expect(revokedPdf.rawPayload.subarray(0, 4).toString()).toBe('%PDF');
    // An expired certificate (issued for the past).
    const grade = await ok(carol, 'addGrade', { gas: 'Ar', grade: 'N5.0', impurities: [{ gas: 'O2', maxPpm: 2 }], remarks: '' });
    const analysis = await ok(carol, 'addAnalysis', { gradeId: grade.id, cylinderNumber: 'AR-1', lot: '', analysedAt: Date.now(), results: [{ gas: 'O2', valuePpm: 0.5, lodPpm: 0.1, belowLod: false }] });
    const old = await ok(alice.api, 'issueCertificate', certificateRequest('purity', analysis.id, { certifiedAt: '2024-01-01', expiresAt: '2025-01-01' }));
    expect((await verify(old.code)).data.state).toBe('expired');
    const list = await get(alice.api, 'getCertificateList', { pageNum: 1, pageSize: 20, state: 'revoked' });
    expect(list.data.list.map((c: { id: number }) => c.id)).toEqual([certificate.id]);
  });

  it("dates are the company's days (issue 31.9): issued at 17:30 UTC without dates, certified on Shanghai's date — already the next day — and revoked on it", async () => {
    const grade = await ok(carol, 'addGrade', { gas: 'He', grade: 'N5.0', impurities: [{ gas: 'O2', maxPpm: 2 }], remarks: '' });
    const analysis = await ok(carol, 'addAnalysis', { gradeId: grade.id, cylinderNumber: 'HE-1', lot: '', analysedAt: Date.now(), results: [{ gas: 'O2', valuePpm: 0.5, lodPpm: 0.1, belowLod: false }] });
    // The next 17:30 UTC (after now, so the session stays valid): 01:30 of the next day in Shanghai.
    const utcDay = new Date().toISOString().slice(0, 10);
    const at = Date.parse(`${utcDay}T17:30:00Z`) > Date.now() ? Date.parse(`${utcDay}T17:30:00Z`) : Date.parse(`${addDays(utcDay, 1)}T17:30:00Z`);
    const shanghaiDay = addDays(new Date(at).toISOString().slice(0, 10), 1);
    const { certifiedAt: _certifiedAt, expiresAt: _expiresAt, ...undated } = certificateRequest('purity', analysis.id);
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(at);
    try {
      const issued = await ok(alice.api, 'issueCertificate', undated);
      const view = (await get(alice.api, 'getCertificate', { id: issued.id })).data;
      expect([view.certifiedAt, view.snapshot.certifiedAt, view.expiresAt]).toEqual([shanghaiDay, shanghaiDay, `${Number(shanghaiDay.slice(0, 4)) + 1}${shanghaiDay.slice(4)}`]);
      expect(view.state).toBe('valid');
      await ok(alice.api, 'revokeCertificate', { id: issued.id, reason: 'Issued to test the dates' });
      const verified = await t.app.inject({ method: 'GET', url: `/general/gas/verify?code=${issued.code}` }).then(body);
      expect(verified.data.certificate).toMatchObject({ certifiedAt: shanghaiDay, revokedAt: at, revokedOn: shanghaiDay });
    } finally {
      vi.useRealTimers();
    }
  });

  it("another company sees nothing of it: 40400 for its ids, empty lists", async () => {
    expect((await get(bob.api, 'getCertificate', { id: certificate.id })).code).toBe(40400);
    expect((await post(bob.api, 'revokeCertificate', { id: certificate.id, reason: 'x' })).code).toBe(40400);
    expect((await bob.api({ method: 'GET', url: `/general/gas/certificatePdf?id=${certificate.id}` }).then(body)).code).toBe(40400);
    const orders = (await get(alice.api, 'getOrderList', { pageNum: 1, pageSize: 50 })).data.list as { id: number }[];
    for (const url of ['getOrder']) {
      expect((await get(bob.api, url, { id: orders[0].id })).code).toBe(40400);
    }
    for (const url of ['deleteOrder', 'cancelOrder']) {
      expect((await post(bob.api, url, { id: orders[0].id })).code).toBe(40400);
    }
    expect((await post(bob.api, 'recordFill', { id: orders[0].id, masses: fillMasses })).code).toBe(40400);
    for (const url of ['getOrderList', 'getCertificateList', 'getGradeList', 'getAnalysisList']) {
      expect((await get(bob.api, url, { pageNum: 1, pageSize: 20 })).data.total, url).toBe(0);
    }
  });

  it('permission codes: gs_high_purity alone cannot calculate, order or certify', async () => {
    expect((await post(carol, 'calculate', CO2_IN_N2)).code).toBe(40300);
    expect((await post(carol, 'addOrder', { ...plan(), cylinderNumber: 'X' })).code).toBe(40300);
    expect((await post(carol, 'issueCertificate', certificateRequest('blend', 1))).code).toBe(40300);
    expect((await get(carol, 'getGradeList')).code).toBe(0);
    expect((await t.app.inject({ method: 'POST', url: '/general/gas/calculate', payload: CO2_IN_N2 }).then(body)).code).toBe(70004);
  });
});
