import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allPermissionCodes, platformOnlyCodes } from '@smartdata/domain';
import { as, body, createCompanyUser, createTestApp, signIn, type TestApp } from '@server/test/testApp';
import { asQueryString, sampleOf } from '@server/test/schemaSample';
import type { Db } from './db/database';
import type { RouteEntry } from './routeTable';

/**
 * The cross-company half of the generated isolation matrix (issue 12). Company A gets one object
 * of every kind through the API; then company B's administrator (every company code) calls every
 * route of the route table with a body generated from the route's own schema, once for each of A's
 * ids in every id field. No answer may carry A's data (every text A wrote carries a marker), and
 * A's rows must read back unchanged. A route the generator cannot give a valid body must be in
 * `exempt` with the reason; the list is printed.
 */

const marker = 'Qzx7';
const companyCodes = allPermissionCodes.filter((code) => !platformOnlyCodes.includes(code));

/** Routes not called here, with why. Printed; a new route is never silently left out. */
const exempt: Record<string, string> = {
  'GET /general/ws': 'WebSocket upgrade: covered by realtime.api.test.ts (channels keyed by the caller’s company)',
  'GET /general/health': 'public liveness answer, no company data',
  'GET /general/docs': 'public API reference page (Swagger UI), no company data',
  'GET /general/docs/json': 'public API description, no company data',
  'GET /general/docs/yaml': 'public API description, no company data',
  'GET /general/docs/static/index.html': "the reference page's own redirect, no company data",
  'GET /general/docs/static/swagger-initializer.js': "the reference page's script, no company data",
  'GET /general/docs/static/*': "the reference page's files (@fastify/swagger-ui), no company data",
  'POST /general/user/access/getToken': 'sign-in: form-encoded, no ids (auth.api.test.ts)',
  'GET /general/user/access/logout': 'would end the calling session: covered by auth.api.test.ts',
  'POST /general/user/access/resetPassword': 'public, by phone and SMS code; no ids',
  'GET /general/user/access/getSmsCode': 'public, by phone; no ids',
  'POST /general/user/addUser': 'public sign-up; no ids',
  'POST /general/user/addCompanyUser':
    "creates a user (a row of the shared user table) in the caller's own company whenever an id happens to be one of its roles; another company's roles refused in companyUsers.api.test.ts",
  'PUT /general/cos/upload': 'signed upload URL: the signature, not the session, names the object (storage.api.test.ts)',
  'GET /general/cos/public/*': 'public objects by design (logos, avatars)',
};
/**
 * Bodies for the routes whose schema has a rule across fields the generic sampler cannot meet
 * (a data item needs a kind and fields, a binding names an item or a device, an order ends after
 * it starts); `id` is one of A's ids.
 */
const bodies: Record<string, (id: number) => unknown> = {
  'POST /general/order/addOrder': (id) => ({ companyId: id, swProductId: 'p', subTypeId: 's', startAt: 1, expireAt: 2 }),
  'POST /general/dataItem/addDataItem': (id) => ({ directoryId: id, name: 'Probe', kind: 13, fields: [{ name: 'T', fieldName: 't', type: 1, unit: '', priority: 1 }] }),
  'GET /general/telemetry/getBindings': (id) => ({ itemId: id }),
  'GET /general/meter/getConsumption': (id) => ({ meterId: id, from: Date.UTC(2026, 10, 1), to: Date.UTC(2026, 10, 8), interval: 'day' }),
  'GET /general/meter/getMonthlyReport': (id) => ({ meterId: id, year: 2026, month: 11 }),
  'GET /general/meter/exportMonthlyReport': (id) => ({ meterId: id, year: 2026, month: 11, format: 'xlsx' }),
  'POST /general/template/addDocTemplate': (id) => ({ itemId: id, name: 'Probe', body: { type: 'doc', content: [] } }),
  'POST /general/template/updateDocTemplate': (id) => ({ id, name: 'Probe', body: { type: 'doc', content: [] } }),
  'GET /general/report/preview': (id) => ({ templateId: id, period: 'month' }),
  'GET /general/report/export': (id) => ({ templateId: id, period: 'month', format: 'xlsx' }),
  // An ICCID needs its Luhn check digit (B's own card: its first call adds it, the rest are duplicates).
  'POST /general/sim/addCard': () => ({ number: '14400000002', iccid: '89860012345678901246', carrier: 'mobile' }),
  // A grade is N and its number of nines (N5.0).
  'POST /general/gas/addGrade': () => ({ gas: 'Ar', grade: 'N6.0', impurities: [], remarks: '' }),
  'POST /general/gas/updateGrade': (id) => ({ id, gas: 'Ar', grade: 'N6.0', impurities: [], remarks: '' }),
};
/** Test-only routes registered when testRoutes is on. */
const testOnly = (route: RouteEntry) => route.url.startsWith('/general/test/');

let t: TestApp;
let a: { api: ReturnType<typeof as>; companyId: number; userId: number };
let b: { api: ReturnType<typeof as>; companyId: number; userId: number };
/** Every id A's objects have (nodes, items, records, devices, boards, users, roles…). */
const aIds = new Set<number>();
let aObjectKey = '';

const post = (api: ReturnType<typeof as>, url: string, payload: unknown) => api({ method: 'POST', url: `/general/${url}`, payload: payload as object }).then(body);
async function made(api: ReturnType<typeof as>, url: string, payload: unknown): Promise<any> {
  const answer = await post(api, url, payload);
  if (answer.code !== 0) {
    throw new Error(`${url}: ${JSON.stringify(answer)}`);
  }
  for (const value of Object.entries(answer.data ?? {})) {
    if (/(^id$|Id$)/.test(value[0]) && typeof value[1] === 'number') {
      aIds.add(value[1]);
    }
  }
  return answer.data;
}

beforeAll(async () => {
  t = await createTestApp();
  const ua = await createCompanyUser(t.app, { codes: companyCodes, companyName: `Alpha ${marker}` });
  const ub = await createCompanyUser(t.app, { codes: companyCodes, companyName: 'Beta' });
  a = { api: as(t.app, await signIn(t.app, ua.userName, ua.password)), companyId: ua.companyId, userId: ua.userId };
  b = { api: as(t.app, await signIn(t.app, ub.userName, ub.password)), companyId: ub.companyId, userId: ub.userId };
  const worker = await createCompanyUser(t.app, { codes: [], companyId: a.companyId, userName: `w${marker}${Date.now() % 100000}` });
  aIds.add(a.companyId).add(a.userId).add(worker.userId);

  // One object of every kind in company A, each text carrying the marker.
  const dir = await made(a.api, 'cabin/addDirectory', { name: `Dir ${marker}` });
  const fields = [
    { name: `Label ${marker}`, fieldName: 'label', type: 5, unit: '', priority: 1 },
    { name: 'Temp', fieldName: 'temp', type: 1, unit: '', priority: 2 },
  ];
  const item = await made(a.api, 'dataItem/addDataItem', { directoryId: dir.id, name: `Item ${marker}`, kind: 13, fields });
  const target = await made(a.api, 'dataItem/addDataItem', { directoryId: dir.id, name: `Target ${marker}`, kind: 13, fields });
  await made(a.api, 'alarm/addRule', { name: `Rule ${marker}`, enabled: true, target: { kind: 'field', itemId: item.id, fieldName: 'temp' }, levels: [{ level: 2, op: 'gt', threshold: 20, kind: 'simple' }] });
  await made(a.api, 'alarm/addUpdateWatch', { itemId: item.id, everyMinutes: 5, level: 1 });
  await made(a.api, 'task/addAnalysis', { name: `Analysis ${marker}`, enabled: true, schedule: { cron: '0 5 0 * * *' }, method: 'sum_daily', source: { itemId: item.id, fieldName: 'temp' }, decimals: 1, target: { itemId: target.id, fieldName: 'temp' } });
  const write = { kind: 'writeRecord', itemId: target.id, values: [{ fieldName: 'label', value: `w ${marker}` }] };
  await made(a.api, 'task/addRule', { name: `IRule ${marker}`, enabled: true, itemId: item.id, match: 'all', conditions: [{ fieldName: 'temp', op: 'gt', value: 1000 }], actions: [write] });
  const executable = await made(a.api, 'task/addExecutable', { name: `Exe ${marker}`, accessMode: 'everyone', actions: [write] });
  await made(a.api, 'task/addScheduled', { name: `Sched ${marker}`, enabled: true, executableId: executable.id, schedule: { cron: '0 0 3 * * *' } });
  await made(a.api, 'dataItem/addRecord', { itemId: item.id, values: { label: `rec ${marker}`, temp: 21 } });
  await t.app.alarms.idle();
  await t.app.tasks.idle();
  const records = (await a.api({ url: `/general/dataItem/getRecords?itemId=${item.id}` }).then(body)).data;
  for (const record of records.list) {
    aIds.add(record.id);
  }
  await made(a.api, 'dataItem/addJump', { itemId: item.id, name: `Jump ${marker}`, targetItemId: target.id, conditions: [] });
  await made(a.api, 'dataItem/addForward', { itemId: item.id, name: `Fwd ${marker}`, targetItemId: target.id, mappings: [{ from: 'label', to: 'label' }] });
  await made(a.api, 'itemGroup/addItemGroup', { name: `Group ${marker}`, itemIds: [item.id] });
  await made(a.api, 'chart/addChart', { itemId: item.id, name: `Chart ${marker}`, kind: 'line', series: [{ field: 'temp' }], bucket: 'raw', range: { preset: 'today' } });
  await made(a.api, 'dashboard/addDashboard', { name: `Board ${marker}`, templateCode: 'energy' });
  await made(a.api, 'boardPlay/addBoardPlay', { name: `Play ${marker}` });
  const device = await made(a.api, 'device/addDevice', { name: `Dev ${marker}`, sn: `SN${marker}01`, model: 'SD-DTU', parentId: dir.id });
  await made(a.api, 'telemetry/bindItem', { itemId: item.id, deviceId: device.id });
  // Electric meters (issue 17): a standard meter over the item, a virtual one over it, and a tariff; names carry the marker.
  const meter = await made(a.api, 'meter/addMeter', { directoryId: dir.id, name: `Meter ${marker}`, nodeType: 101, source: { itemId: item.id, fieldName: 'temp' } });
  await made(a.api, 'meter/addMeter', { directoryId: dir.id, name: `Virtual ${marker}`, nodeType: 100, formula: [{ meterId: meter.id, factor: 2 }] });
  await made(a.api, 'meter/setTariff', { windows: [{ period: 'flat', start: '00:00', end: '00:00', price: 0.5 }] });
  // A project holding a file node (issue 14.2): their names and the file's bytes carry the marker.
  const project = await made(a.api, 'project/addProject', { parentId: dir.id, name: `Project ${marker}`, description: `About ${marker}`, status: 'active', memberIds: [a.userId] });
  const pdfBytes = Buffer.from(`%PDF-1.4 ${marker}`);
  const pdfGrant = await made(a.api, 'cos/getUploadCredential', { purpose: 'object', fileName: `Doc ${marker}.pdf`, contentType: 'application/pdf', size: pdfBytes.length });
  await t.app.inject({ method: 'PUT', url: pdfGrant.uploadUrl, headers: pdfGrant.headers, payload: pdfBytes });
  await made(a.api, 'file/addFile', { parentId: project.nodeId, objectKey: pdfGrant.objectKey });
  // A document template of the item and a content template (issue 17): their names and texts carry the marker.
  const docBody = { type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text: `Sheet ${marker} ` }, { type: 'placeholder', attrs: { key: 'label', label: `Label ${marker}` } }] }] };
  await made(a.api, 'template/addDocTemplate', { itemId: item.id, name: `DocT ${marker}`, body: docBody });
  await made(a.api, 'template/addContentTemplate', { name: `ConT ${marker}`, itemId: item.id, content: `Text ${marker} {{label}}` });
  // Production and inventory (issue 18): an item, a warehouse, a production order completed into it and an outbound order of one of its devices; names and serials carry the marker.
  const invItem = await made(a.api, 'inventory/addItem', { name: `Model ${marker}`, serialized: true });
  const warehouse = await made(a.api, 'inventory/addWarehouse', { name: `WH ${marker}` });
  const production = await made(a.api, 'production/addOrder', { itemId: invItem.id, quantity: 2, warehouseId: warehouse.id });
  await made(a.api, 'production/complete', { id: production.id, serials: [`SN${marker}P1`, `SN${marker}P2`] });
  await made(a.api, 'inventory/addOutbound', { warehouseId: warehouse.id, customer: `Customer ${marker}`, serials: [`SN${marker}P1`] });
  // Sales (issue 18): a signed contract with a file and a confirmed order under it with an outbound order; titles, remarks and names carry the marker.
  const contract = await made(a.api, 'sales/addContract', { customer: `Customer ${marker}`, title: `Contract ${marker}`, endDate: '2027-12-31', remarks: `Terms ${marker}` });
  const contractBytes = Buffer.from(`%PDF-1.4 contract ${marker}`);
  const contractGrant = await made(a.api, 'cos/getUploadCredential', { purpose: 'object', fileName: `Contract ${marker}.pdf`, contentType: 'application/pdf', size: contractBytes.length });
  await t.app.inject({ method: 'PUT', url: contractGrant.uploadUrl, headers: contractGrant.headers, payload: contractBytes });
  await made(a.api, 'sales/addContractFile', { id: contract.id, objectKey: contractGrant.objectKey });
  await made(a.api, 'sales/signContract', { id: contract.id });
  const salesOrder = await made(a.api, 'sales/addOrder', { customer: `Customer ${marker}`, contractId: contract.id, lines: [{ itemId: invItem.id, warehouseId: warehouse.id, quantity: 1 }], serviceEndDate: '2027-12-31', remarks: `Order ${marker}` });
  await made(a.api, 'sales/confirmOrder', { id: salesOrder.id });
  await made(a.api, 'sales/addOutbound', { orderId: salesOrder.id, warehouseId: warehouse.id, serials: [`SN${marker}P2`] });
  // A report template (issue 17) with a text, a bound cell and a formula, scheduled and delivered once: its name and text carry the marker.
  const report = await made(a.api, 'report/addTemplate', {
    directoryId: dir.id,
    name: `Report ${marker}`,
    cells: [{ ref: 'A1', text: `Cell ${marker}` }, { ref: 'B1', bind: { itemId: item.id, fieldName: 'temp', aggregate: 'sum' } }, { ref: 'C1', formula: 'B1*2' }],
  });
  const schedule = await made(a.api, 'report/setSchedule', { templateId: report.id, frequency: 'daily', format: 'xlsx', emails: [] });
  expect(await t.app.reports.sweep(schedule.nextRunAt + 1)).toBe(1);
  // SIM traffic cards (issue 19): a card bound to the device with an operation handed to the (simulated) carrier, and a carrier connection; remarks and account carry the marker.
  const simCard = await made(a.api, 'sim/addCard', { number: '14400000001', iccid: '89860012345678901238', carrier: 'mobile', planMb: 100, remarks: `Card ${marker}` });
  await made(a.api, 'sim/bindDevice', { id: simCard.id, deviceId: device.id, dataFrequency: 1, payloadBytes: 512 });
  await made(a.api, 'sim/operate', { ids: [simCard.id], action: 'activate' });
  await made(a.api, 'sim/sync', { ids: [simCard.id] });
  await made(a.api, 'sim/updateConnection', { carrier: 'unicom', mode: 'live', account: `Acct ${marker}`, secret: `Secret ${marker}` });
  // Gas (issue 20): a blending order filled, analysed and certified, a grade and a purity analysis; remarks, lot and approver carry the marker.
  const gasParents = ['CO2', 'N2'].map((gas) => ({ key: gas.toLowerCase(), kind: 'pure', gas, delivers: gas }));
  const blend = await made(a.api, 'gas/addOrder', {
    method: 'gravimetric', volumeL: 10, pressureBar: 50, pressureMode: 'gauge', referenceTemperatureC: 15, fillTemperatureC: 15,
    targets: [{ gas: 'CO2', value: 5, unit: '%' }], balance: 'N2', parents: gasParents, order: ['co2', 'n2'], cylinderNumber: `CY${marker}`, remarks: `Blend ${marker}`,
  });
  const filled = await made(a.api, 'gas/recordFill', { id: blend.id, masses: [{ key: 'co2', massG: 45, uG: 0.01 }, { key: 'n2', massG: 560, uG: 0.02 }] });
  await made(a.api, 'gas/recordAnalysis', { id: blend.id, results: filled.components.map((c: { gas: string; fraction: number }) => ({ gas: c.gas, fraction: c.fraction })), method: `GC ${marker}` });
  const certificateDates = { certifiedAt: '2026-01-01', expiresAt: '2099-01-01', minUsePressureBar: 5, approver: `Approver ${marker}`, traceability: `Trace ${marker}` };
  await made(a.api, 'gas/issueCertificate', { source: 'blend', sourceId: blend.id, ...certificateDates });
  const grade = await made(a.api, 'gas/addGrade', { gas: 'N2', grade: 'N5.0', impurities: [{ gas: 'O2', maxPpm: 2 }], remarks: `Grade ${marker}` });
  const purity = await made(a.api, 'gas/addAnalysis', { gradeId: grade.id, cylinderNumber: `HP${marker}`, lot: `Lot ${marker}`, analysedAt: Date.now(), results: [{ gas: 'O2', valuePpm: null, lodPpm: 0.1, belowLod: true }] });
  await made(a.api, 'gas/issueCertificate', { source: 'purity', sourceId: purity.id, ...certificateDates });
  await made(a.api, 'company/group/addGroup', { name: `Team ${marker}` });
  await made(a.api, 'tag/addTag', { name: `Tag ${marker}` });
  await made(a.api, 'role/addRole', { name: `Role ${marker}`, codes: ['sd_capsule'] });
  await made(a.api, 'company/addAlertDelegator', { delegatorId: a.userId, delegateId: worker.userId });
  const invitee = await createCompanyUser(t.app, { codes: [] });
  await made(a.api, 'company/member/inviteMember', { account: invitee.userName });
  const grant = await made(a.api, 'cos/getUploadCredential', { purpose: 'private', fileName: `f${marker}.png`, contentType: 'image/png', size: 10 });
  aObjectKey = grant.objectKey;
  expect((await a.api({ url: '/general/alarm/getAlarms' }).then(body)).data.total).toBe(1);
  // Every id and reference in A's rows (ids of different tables overlap: each is tried everywhere).
  const db = t.app.platform.db;
  for (const table of await db.introspection.getTables()) {
    if (!table.columns.some((c) => c.name === 'company_id')) {
      continue;
    }
    for (const row of await db.selectFrom(table.name as 'role').selectAll().where('company_id', '=', a.companyId).execute()) {
      for (const [column, value] of Object.entries(row)) {
        if ((column === 'id' || column.endsWith('_id')) && Number.isSafeInteger(Number(value)) && Number(value) > 0) {
          aIds.add(Number(value));
        }
      }
    }
  }
  expect(aIds.size).toBeGreaterThan(5);
});
afterAll(async () => {
  await t.close();
});

/** Every row of every table, as text, with the rows that are B's own (its company, its user) left out. */
async function snapshot(db: Db): Promise<Map<string, string>> {
  const own = new Set(['audit_log', 'access_token', 'auth_failure', 'sms_code', 'sms_outbox', 'scheduler_lease']);
  const tables = (await db.introspection.getTables()).filter((table) => !table.name.startsWith('kysely_') && !own.has(table.name));
  const rows = new Map<string, string>();
  for (const table of tables) {
    const columns = table.columns.map((c) => c.name);
    for (const row of await db.selectFrom(table.name as 'company').selectAll().execute()) {
      const record = row as Record<string, unknown>;
      if (record.company_id === b.companyId || (table.name === 'company' && record.id === b.companyId) || (table.name === 'app_user' && record.id === b.userId)) {
        continue;
      }
      const key = `${table.name}:${columns.map((c) => (c === 'id' || c.endsWith('_id') ? String(record[c]) : '')).join('/')}`;
      rows.set(key, JSON.stringify(record, (_k, v: unknown) => (typeof v === 'bigint' ? String(v) : v)));
    }
  }
  return rows;
}

const routeName = (route: RouteEntry) => `${route.method} ${route.url}`;

describe('isolation matrix across companies, generated from the route table', () => {
  it("B's administrator, with A's ids in every id field of every route, sees none of A's data and changes none of A's rows", async () => {
    const routes = t.app.routeTable.filter((route) => !testOnly(route) && route.url.startsWith('/general/'));
    const before = await snapshot(t.app.platform.db);
    const leaks: string[] = [];
    const unexercised: string[] = [];
    let calls = 0;
    for (const route of routes) {
      if (exempt[routeName(route)]) {
        continue;
      }
      const schema = route.method === 'GET' ? route.query : route.body;
      let usesIds = false;
      const ids = [...aIds];
      let exercised = schema === undefined;
      for (const id of ids) {
        const given = bodies[routeName(route)];
        usesIds ||= given !== undefined;
        const value = given
          ? given(id)
          : schema
          ? sampleOf(schema, {
              idFor: () => {
                usesIds = true;
                return id;
              },
              fieldValue: (field) => (field === 'objectKey' || field === 'key' ? aObjectKey : field === 'companyId' ? a.companyId : undefined),
            })
          : undefined;
        exercised ||= schema!.safeParse(value).success;
        const url = route.url.replace(/\*$/, aObjectKey);
        const answer =
          route.method === 'GET'
            ? await b.api({ method: 'GET', url: `${url}${asQueryString(value)}` })
            : await b.api({ method: route.method as 'POST', url, payload: (value ?? {}) as object });
        calls += 1;
        if (answer.payload.includes(marker) || answer.statusCode >= 500) {
          leaks.push(`${routeName(route)} with id ${id} → ${answer.statusCode} ${answer.payload.slice(0, 160)}`);
        }
        if (!usesIds) {
          break;
        }
      }
      if (!exercised) {
        unexercised.push(routeName(route));
      }
    }
    const after = await snapshot(t.app.platform.db);
    const changed = [...before.keys()].filter((key) => after.get(key) !== before.get(key));
    const added = [...after.keys()].filter((key) => !before.has(key));
    console.log(
      `isolation matrix: ${calls} calls over ${routes.length} routes with ${aIds.size} ids of company A; exempt (not called):\n  ` +
        Object.entries(exempt)
          .map(([name, why]) => `${name}: ${why}`)
          .join('\n  '),
    );
    expect(leaks).toEqual([]);
    expect({ changed: changed.map((key) => `${key} ${before.get(key)} → ${after.get(key)}`), added }).toEqual({ changed: [], added: [] });
    expect(unexercised).toEqual([]);
  }, 180_000);
});
