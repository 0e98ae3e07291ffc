import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seededRandom, startSimulatedGateway, type SimulatedGateway } from '@smartdata/gateway-sim';
import { as, body, createCompanyUser, createTestApp, signIn, type TestApp } from '@server/test/testApp';

/**
 * Production and inventory driving the device lifecycle (issue 18): every allowed move and every
 * refusal through the calls, the ledger against the stock, tenant isolation, and a shipped device
 * bound through the existing binding flow. Runs on SQLite, and on PostgreSQL with TEST_DATABASE_URL.
 */

type Api = ReturnType<typeof as>;
const codes = ['iv_category', 'iv_warehousing', 'iv_outbound', 'pd_order', 'cd_device'];

let t: TestApp;
let dataDir = '';
let port = 0;
let alice: { api: Api; companyId: number; userName: string };
let bob: { api: Api; companyId: number };
const sims: SimulatedGateway[] = [];

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sd-inventory-'));
  t = await createTestApp({ mqttPort: 0, dataDir });
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  port = t.app.platform.broker!.port!;
  const a = await createCompanyUser(t.app, { codes, companyName: 'Maker Ltd' });
  const b = await createCompanyUser(t.app, { codes, companyName: 'Other Co' });
  alice = { api: as(t.app, await signIn(t.app, a.userName, a.password)), companyId: a.companyId, userName: a.userName };
  bob = { api: as(t.app, await signIn(t.app, b.userName, b.password)), companyId: b.companyId };
});

afterAll(async () => {
  await Promise.all(sims.map((s) => s.close().catch(() => undefined)));
  await t.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const post = (api: Api, url: string, payload: unknown, lang = 'en-US') => api({ method: 'POST', url: `/general/${url}`, payload: payload as object, headers: { 'accept-language': lang } }).then(body);
const get = (api: Api, url: string, query: Record<string, string | number> = {}, lang = 'en-US') =>
  api({ method: 'GET', url: `/general/${url}?${new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)]))}`, headers: { 'accept-language': lang } }).then(body);

async function made(api: Api, url: string, payload: unknown): Promise<number> {
  const answer = await post(api, url, payload);
  expect(answer.code, `${url} ${JSON.stringify(answer)}`).toBe(0);
  return answer.data.id as number;
}

let seq = 0;
const serial = () => `UNIT${String(++seq).padStart(5, '0')}x${process.pid % 1000}`;
const serialsOf = (n: number) => Array.from({ length: n }, serial);

async function status(sn: string, api: Api = alice.api): Promise<number> {
  const list = await get(api, 'device/getDeviceList', { keyword: sn, pageSize: 5 });
  expect(list.code).toBe(0);
  const found = list.data.list.find((d: { sn: string }) => d.sn === sn);
  expect(found, sn).toBeDefined();
  const one = await get(api, 'device/getDevice', { id: found.id });
  expect(one.code).toBe(0);
  return one.data.status as number;
}

async function deviceId(sn: string): Promise<number> {
  const list = await get(alice.api, 'device/getDeviceList', { keyword: sn, pageSize: 5 });
  return list.data.list.find((d: { sn: string }) => d.sn === sn).id as number;
}

async function stockOf(itemId: number, warehouseId: number, api: Api = alice.api): Promise<number> {
  const answer = await get(api, 'inventory/getStock', { itemId, warehouseId });
  expect(answer.code).toBe(0);
  return answer.data.list.reduce((sum: number, row: { quantity: number }) => sum + row.quantity, 0);
}

/** A serialized item, a finished-goods warehouse and `n` devices produced into it. */
async function produced(n: number, name = `Gateway ${++seq}`) {
  const itemId = await made(alice.api, 'inventory/addItem', { name, serialized: true });
  const warehouseId = await made(alice.api, 'inventory/addWarehouse', { name: `WH ${++seq}` });
  const orderId = await made(alice.api, 'production/addOrder', { itemId, quantity: n, warehouseId });
  const serials = serialsOf(n);
  const done = await post(alice.api, 'production/complete', { id: orderId, serials });
  expect(done.code, JSON.stringify(done)).toBe(0);
  return { itemId, warehouseId, orderId, serials };
}

/** The company's ledger summed per item and warehouse equals its stock table; every serial has one place. */
async function checkBooks(companyId: number) {
  const db = t.app.platform.db;
  const sums = await db.selectFrom('inv_ledger').select(['item_id', 'warehouse_id', (eb) => eb.fn.sum<number>('quantity').as('q')]).where('company_id', '=', companyId).groupBy(['item_id', 'warehouse_id']).execute();
  const stock = await db.selectFrom('inv_stock').selectAll().where('company_id', '=', companyId).execute();
  const key = (r: { item_id: number; warehouse_id: number }) => `${r.item_id}/${r.warehouse_id}`;
  expect(new Map(stock.map((r) => [key(r), Number(r.quantity)]))).toEqual(new Map(sums.map((r) => [key(r), Number(r.q)])));
  const serials = await db.selectFrom('inv_serial').selectAll().where('company_id', '=', companyId).execute();
  expect(new Set(serials.map((s) => s.serial.toLowerCase())).size).toBe(serials.length);
  for (const s of serials) {
    expect((s.warehouse_id === null) !== (s.outbound_id === null), s.serial).toBe(true);
  }
  // A serialized item's stock in a warehouse is the number of its serials there, never below zero.
  const items = await db.selectFrom('inv_item').selectAll().where('company_id', '=', companyId).where('serialized', '=', 1).execute();
  for (const row of stock.filter((r) => items.some((i) => i.id === r.item_id))) {
    expect(Number(row.quantity)).toBeGreaterThanOrEqual(0);
    expect(serials.filter((s) => s.item_id === row.item_id && s.warehouse_id === row.warehouse_id).length).toBe(Number(row.quantity));
  }
  // Each device's status agrees with its serial's place: 1 in a warehouse, 2 on an order, none otherwise.
  const devices = await db.selectFrom('device').select(['id', 'sn', 'status']).where('company_id', '=', companyId).execute();
  for (const device of devices) {
    const place = serials.find((s) => s.device_id === device.id);
    const expected = place ? (place.warehouse_id !== null ? 1 : 2) : undefined;
    if (expected !== undefined) {
      expect(device.status, device.sn).toBe(expected);
    } else {
      expect([0, 3, 4, 9], device.sn).toContain(device.status);
    }
  }
  return { serials: serials.length, rows: stock.length };
}

describe('production → stock-in → outbound → ship (the contract)', () => {
  it('produces devices at 0 then stores them (1), puts two on an outbound order (2) and ships them (3), each move in the history', async () => {
    const { itemId, warehouseId, orderId, serials } = await produced(3);
    for (const sn of serials) {
      expect(await status(sn)).toBe(1);
    }
    expect(await stockOf(itemId, warehouseId)).toBe(3);
    const order = await get(alice.api, 'production/getOrder', { id: orderId });
    expect(order.data).toMatchObject({ state: 'completed', produced: 3, quantity: 3 });

    const outboundId = await made(alice.api, 'inventory/addOutbound', { warehouseId, customer: 'ACME Water', serials: serials.slice(0, 2) });
    expect(await status(serials[0])).toBe(2);
    expect(await status(serials[2])).toBe(1);
    expect(await stockOf(itemId, warehouseId)).toBe(1);

    const shipped = await post(alice.api, 'inventory/ship', { id: outboundId, carrier: 'SF Express', trackingNo: 'SF123456' });
    expect(shipped.code, JSON.stringify(shipped)).toBe(0);
    expect(await status(serials[0])).toBe(3);
    expect(await status(serials[1])).toBe(3);
    expect(await status(serials[2])).toBe(1);
    const note = await get(alice.api, 'inventory/getOutbound', { id: outboundId });
    expect(note.data).toMatchObject({ state: 'shipped', customerName: 'ACME Water', serials: serials.slice(0, 2), carrier: 'SF Express', trackingNo: 'SF123456' });

    const history = await get(alice.api, 'device/getLifecycle', { id: await deviceId(serials[0]) });
    expect(history.code).toBe(0);
    expect(history.data.map((h: { from: number | null; to: number; document: string; documentKind: string | null }) => [h.from, h.to, h.document, h.documentKind])).toEqual([
      [null, 0, 'production', 'production'],
      [0, 1, 'stockIn', 'production'],
      [1, 2, 'outbound', 'outbound'],
      [2, 3, 'shipment', 'outbound'],
    ]);
    expect(history.data[3]).toMatchObject({ documentId: outboundId, userName: alice.userName });

    const ledger = await get(alice.api, 'inventory/getLedger', { itemId });
    expect(ledger.data.total).toBe(5);
    expect(ledger.data.list.map((r: { quantity: number }) => r.quantity).sort()).toEqual([-1, -1, 1, 1, 1]);
    const customers = await get(alice.api, 'inventory/getCustomerList', { keyword: 'acme' });
    expect(customers.data.list.map((c: { name: string }) => c.name)).toEqual(['ACME Water']);
    await checkBooks(alice.companyId);
  });

  it('completes an order in parts and refuses more than it needs', async () => {
    const itemId = await made(alice.api, 'inventory/addItem', { name: `Partial ${++seq}`, serialized: true });
    const warehouseId = await made(alice.api, 'inventory/addWarehouse', { name: `WH ${++seq}` });
    const orderId = await made(alice.api, 'production/addOrder', { itemId, quantity: 3, warehouseId });
    expect((await post(alice.api, 'production/complete', { id: orderId, serials: serialsOf(2) })).data).toMatchObject({ state: 'inProgress', produced: 2 });
    const tooMany = await post(alice.api, 'production/complete', { id: orderId, serials: serialsOf(2) });
    expect(tooMany).toMatchObject({ code: 50001, data: 'More than the order still needs (1 left)' });
    expect((await post(alice.api, 'production/complete', { id: orderId, serials: serialsOf(1) })).data).toMatchObject({ state: 'completed', produced: 3 });
    expect(await post(alice.api, 'production/complete', { id: orderId, serials: serialsOf(1) })).toMatchObject({ code: 50001, data: 'The production order is completed or cancelled' });
    expect(await post(alice.api, 'production/cancelOrder', { id: orderId })).toMatchObject({ code: 50001 });
    const planned = await made(alice.api, 'production/addOrder', { itemId, quantity: 1, warehouseId });
    expect((await post(alice.api, 'production/cancelOrder', { id: planned })).code).toBe(0);
    const list = await get(alice.api, 'production/getOrderList', { state: 'cancelled' });
    expect(list.data.list.map((o: { id: number }) => o.id)).toContain(planned);
  });
});

describe('refusals: moves out of order answer 50001 with the reason', () => {
  it('receiving a serial twice: production of an SN already registered writes nothing', async () => {
    const { itemId, warehouseId, serials } = await produced(1);
    const orderId = await made(alice.api, 'production/addOrder', { itemId, quantity: 2, warehouseId });
    const fresh = serial();
    const again = await post(alice.api, 'production/complete', { id: orderId, serials: [fresh, serials[0]] });
    expect(again).toMatchObject({ code: 50001, data: `Serial ${serials[0]} is already registered as a device and cannot be received again` });
    expect((await get(alice.api, 'production/getOrder', { id: orderId })).data).toMatchObject({ produced: 0, state: 'planned' });
    expect((await get(alice.api, 'device/getDeviceList', { keyword: fresh })).data.total).toBe(0);
    expect(await stockOf(itemId, warehouseId)).toBe(1);
  });

  it('receiving a device twice through stock-in: the second is refused naming the serial', async () => {
    const itemId = await made(alice.api, 'inventory/addItem', { name: `Loose ${++seq}`, serialized: true });
    const warehouseId = await made(alice.api, 'inventory/addWarehouse', { name: `WH ${++seq}` });
    const sn = serial();
    expect((await post(alice.api, 'device/addDevice', { name: sn.slice(-20), sn, model: 'SD-DTU' })).code).toBe(0);
    expect(await status(sn)).toBe(0);
    await made(alice.api, 'inventory/addStockIn', { warehouseId, itemId, serials: [sn] });
    expect(await status(sn)).toBe(1);
    const twice = await post(alice.api, 'inventory/addStockIn', { warehouseId, itemId, serials: [sn] });
    expect(twice).toMatchObject({ code: 50001, data: `${sn}: The device is already "Stored"` });
    const zh = await post(alice.api, 'inventory/addStockIn', { warehouseId, itemId, serials: [sn] }, 'zh-CN');
    expect(zh).toMatchObject({ code: 50001, data: `${sn}: 设备已处于“已入库”状态` });
    // A serial that is no device of the company is registered by the stock-in now (issue 31.13); one of another company is refused.
    const theirs = serial();
    expect((await post(bob.api, 'device/addDevice', { name: theirs.slice(-20), sn: theirs, model: 'SD-DTU' })).code).toBe(0);
    expect(await post(alice.api, 'inventory/addStockIn', { warehouseId, itemId, serials: [theirs] })).toMatchObject({ code: 50001, data: `Serial ${theirs} is already registered as a device and cannot be received again` });
    expect(await stockOf(itemId, warehouseId)).toBe(1);
    expect(await post(alice.api, 'inventory/cancelStockIn', { id: (await get(alice.api, 'inventory/getLedger', { serial: sn })).data.list[0].documentId })).toMatchObject({ code: 50001 });
  });

  it('a stock-in of new serials registers each as a device of the item, as the form says, and stores it (issue 31.13)', async () => {
    const name = `Bought ${++seq}`;
    const itemId = await made(alice.api, 'inventory/addItem', { name, serialized: true });
    const warehouseId = await made(alice.api, 'inventory/addWarehouse', { name: `WH ${++seq}` });
    const known = serial();
    expect((await post(alice.api, 'device/addDevice', { name: known.slice(-20), sn: known, model: 'SD-DTU' })).code).toBe(0);
    const fresh = serialsOf(2);
    const id = await made(alice.api, 'inventory/addStockIn', { warehouseId, itemId, serials: [fresh[0], known, fresh[1]] });
    for (const sn of [...fresh, known]) {
      expect(await status(sn), sn).toBe(1);
    }
    expect(await stockOf(itemId, warehouseId)).toBe(3);
    const created = await deviceId(fresh[0]);
    expect((await get(alice.api, 'device/getDevice', { id: created })).data).toMatchObject({ sn: fresh[0], model: name });
    const history = (await get(alice.api, 'device/getLifecycle', { id: created })).data as { from: number | null; to: number; document: string; documentKind: string; documentId: number }[];
    expect(history.map((h) => [h.from, h.to, h.document, h.documentKind, h.documentId])).toEqual([
      [null, 0, 'stockIn', 'stockIn', id],
      [0, 1, 'stockIn', 'stockIn', id],
    ]);
    expect((await get(alice.api, 'inventory/getLedger', { serial: fresh[1] })).data.list).toMatchObject([{ documentKind: 'stockIn', documentId: id, quantity: 1 }]);

    // Another company cannot take these serials in: nothing of its stock-in is written, its new serial not registered either.
    const c = await createCompanyUser(t.app, { codes, companyName: 'Reseller Co' });
    const other = as(t.app, await signIn(t.app, c.userName, c.password));
    const otherItem = await made(other, 'inventory/addItem', { name: `Model ${++seq}`, serialized: true });
    const otherWarehouse = await made(other, 'inventory/addWarehouse', { name: `WH ${++seq}` });
    const theirs = serial();
    const refused = await post(other, 'inventory/addStockIn', { warehouseId: otherWarehouse, itemId: otherItem, serials: [theirs, fresh[0]] }, 'zh-CN');
    expect(refused).toMatchObject({ code: 50001, data: `序列号 ${fresh[0]} 已登记为设备，不能重复入库` });
    expect(await stockOf(otherItem, otherWarehouse, other)).toBe(0);
    expect((await get(other, 'device/getDeviceList', { keyword: theirs })).data.total).toBe(0);
  });

  it('an outbound with a serial not in that warehouse, or one already on an order, is refused and writes nothing', async () => {
    const first = await produced(2);
    const otherWarehouse = await made(alice.api, 'inventory/addWarehouse', { name: `WH ${++seq}` });
    const wrong = await post(alice.api, 'inventory/addOutbound', { warehouseId: otherWarehouse, customer: 'ACME Water', serials: [first.serials[0]] });
    expect(wrong).toMatchObject({ code: 50001, data: `Serial ${first.serials[0]} is not in this warehouse` });
    expect(await status(first.serials[0])).toBe(1);
    await made(alice.api, 'inventory/addOutbound', { warehouseId: first.warehouseId, customer: 'ACME Water', serials: [first.serials[0]] });
    const onOrder = await post(alice.api, 'inventory/addOutbound', { warehouseId: first.warehouseId, customer: 'ACME Water', serials: [first.serials[1], first.serials[0]] });
    expect(onOrder).toMatchObject({ code: 50001, data: `${first.serials[0]}: The device is already "On an outbound order"` });
    expect(await status(first.serials[1])).toBe(1);
    expect(await stockOf(first.itemId, first.warehouseId)).toBe(1);
  });

  it('two outbound orders of the same serial at once: exactly one takes it, the stock counts it once', async () => {
    const { serials, warehouseId, itemId } = await produced(3);
    const answers = await Promise.all([0, 1, 2].map(() => post(alice.api, 'inventory/addOutbound', { warehouseId, customer: 'Race', serials: [serials[0]] })));
    expect(answers.map((a) => a.code).sort()).toEqual([0, 50001, 50001]);
    expect(await stockOf(itemId, warehouseId)).toBe(2);
    await checkBooks(alice.companyId);
  });

  it('a device on an outbound order is neither taken off nor disabled by hand; shipping twice and shipping a cancelled order are refused', async () => {
    const { serials, warehouseId, itemId } = await produced(2);
    const outboundId = await made(alice.api, 'inventory/addOutbound', { warehouseId, customer: 'Beta Farm', serials });
    // Only the documents move stock: the device page cannot take a device off its order (2 → 1)
    // or ship it (2 → 3), and disabling waits for the order to be cancelled.
    const id = await deviceId(serials[1]);
    expect(await post(alice.api, 'device/setStatus', { id, status: 1 })).toMatchObject({ code: 40900, msg: '"On an outbound order" becomes "Stored" only through a document: a production completion, stock-in, outbound order, shipment or return' });
    expect(await post(alice.api, 'device/setStatus', { id, status: 3 })).toMatchObject({ code: 40900 });
    expect(await post(alice.api, 'device/setStatus', { id, status: 9 })).toMatchObject({ code: 40900, msg: 'The device is on an outbound order: cancel the order before disabling it' });
    expect(await status(serials[1])).toBe(2);
    expect((await post(alice.api, 'inventory/ship', { id: outboundId, carrier: 'SF', trackingNo: 'T1' })).code).toBe(0);
    expect(await post(alice.api, 'inventory/ship', { id: outboundId, carrier: 'SF', trackingNo: 'T1' })).toMatchObject({ code: 50001, data: 'The outbound order is shipped or cancelled' });
    expect(await post(alice.api, 'inventory/cancelOutbound', { id: outboundId })).toMatchObject({ code: 50001 });
    expect(await stockOf(itemId, warehouseId)).toBe(0);
  });

  it('cancelling an outbound order reverses it: devices back to 1, stock back, reversing ledger rows; then it cannot ship', async () => {
    const { serials, warehouseId, itemId } = await produced(2);
    const outboundId = await made(alice.api, 'inventory/addOutbound', { warehouseId, customer: 'Gamma', serials });
    expect(await stockOf(itemId, warehouseId)).toBe(0);
    expect((await post(alice.api, 'inventory/cancelOutbound', { id: outboundId })).code).toBe(0);
    expect(await stockOf(itemId, warehouseId)).toBe(2);
    expect(await status(serials[0])).toBe(1);
    const rows = (await get(alice.api, 'inventory/getLedger', { itemId, documentKind: 'outbound' })).data.list;
    expect(rows.map((r: { quantity: number; reversal: boolean }) => [r.quantity, r.reversal]).sort()).toEqual([
      [-1, false],
      [-1, false],
      [1, true],
      [1, true],
    ]);
    expect(await post(alice.api, 'inventory/ship', { id: outboundId, carrier: 'SF', trackingNo: 'T' })).toMatchObject({ code: 50001, data: 'The outbound order is shipped or cancelled' });
    const history = (await get(alice.api, 'device/getLifecycle', { id: await deviceId(serials[0]) })).data;
    expect(history.at(-1)).toMatchObject({ from: 2, to: 1, document: 'outboundCancel' });
    await checkBooks(alice.companyId);
  });

  it('returns: a shipped device comes back into a returns warehouse at 1; other warehouses and stored devices are refused', async () => {
    const { serials, warehouseId, itemId } = await produced(2);
    const returns = await made(alice.api, 'inventory/addWarehouse', { name: `Returns ${++seq}`, kind: 'returns' });
    const outboundId = await made(alice.api, 'inventory/addOutbound', { warehouseId, customer: 'Delta', serials: [serials[0]] });
    expect((await post(alice.api, 'inventory/ship', { id: outboundId, carrier: 'SF', trackingNo: 'T' })).code).toBe(0);
    expect(await post(alice.api, 'inventory/addReturn', { warehouseId, serials: [serials[0]] })).toMatchObject({ code: 50001, data: 'Returns go into a returns warehouse' });
    expect(await post(alice.api, 'inventory/addReturn', { warehouseId: returns, serials: [serials[1]] })).toMatchObject({ code: 50001, data: `${serials[1]}: The device is already "Stored"` });
    await made(alice.api, 'inventory/addReturn', { warehouseId: returns, serials: [serials[0]] });
    expect(await status(serials[0])).toBe(1);
    expect(await stockOf(itemId, returns)).toBe(1);
    expect(await stockOf(itemId, warehouseId)).toBe(1);
    // Back in stock, it can go out again from the returns warehouse.
    await made(alice.api, 'inventory/addOutbound', { warehouseId: returns, customer: 'Delta', serials: [serials[0]] });
    expect(await status(serials[0])).toBe(2);
    await checkBooks(alice.companyId);
  });

  it('non-serialized items: no negative stock unless the company allows it; a stock-in is cancelled by reversing rows', async () => {
    const cable = await made(alice.api, 'inventory/addItem', { name: `Cable ${++seq}`, serialized: false, unit: 'm' });
    const warehouseId = await made(alice.api, 'inventory/addWarehouse', { name: `Raw ${++seq}`, kind: 'raw' });
    const stockInId = await made(alice.api, 'inventory/addStockIn', { warehouseId, lines: [{ itemId: cable, quantity: 10 }] });
    expect(await stockOf(cable, warehouseId)).toBe(10);
    const over = await post(alice.api, 'inventory/addOutbound', { warehouseId, customer: 'Echo', lines: [{ itemId: cable, quantity: 11 }] });
    expect(over).toMatchObject({ code: 50001 });
    expect(over.data).toMatch(/^Not enough "Cable \d+" in this warehouse \(10 on hand\)$/);
    expect((await get(alice.api, 'inventory/getSettings')).data).toEqual({ allowNegativeStock: false });
    expect((await post(alice.api, 'inventory/updateSettings', { allowNegativeStock: true })).code).toBe(0);
    await made(alice.api, 'inventory/addOutbound', { warehouseId, customer: 'Echo', lines: [{ itemId: cable, quantity: 11 }] });
    expect(await stockOf(cable, warehouseId)).toBe(-1);
    expect((await post(alice.api, 'inventory/updateSettings', { allowNegativeStock: false })).code).toBe(0);
    expect(await post(alice.api, 'inventory/cancelStockIn', { id: stockInId })).toMatchObject({ code: 50001 });
    expect((await post(alice.api, 'inventory/addStockIn', { warehouseId, lines: [{ itemId: cable, quantity: 20 }] })).code).toBe(0);
    expect((await post(alice.api, 'inventory/cancelStockIn', { id: stockInId })).code).toBe(0);
    expect(await stockOf(cable, warehouseId)).toBe(9);
    expect(await post(alice.api, 'inventory/cancelStockIn', { id: stockInId })).toMatchObject({ code: 50001, data: 'The stock-in document is already cancelled' });
    // A serialized item needs serials; a plain one a quantity.
    const model = await made(alice.api, 'inventory/addItem', { name: `Model ${++seq}`, serialized: true });
    expect(await post(alice.api, 'inventory/addStockIn', { warehouseId, lines: [{ itemId: model, quantity: 1 }] })).toMatchObject({ code: 50001 });
    await checkBooks(alice.companyId);
  });

  it('a device in stock cannot be deleted; an item name is unique per company', async () => {
    const { serials, itemId } = await produced(1, `Unique ${++seq}`);
    const deleted = await post(alice.api, 'device/deleteDevice', { id: await deviceId(serials[0]) });
    expect(deleted.code).not.toBe(0);
    expect(await status(serials[0])).toBe(1);
    const item = (await get(alice.api, 'inventory/getItemList', { keyword: 'Unique' })).data.list.find((i: { id: number }) => i.id === itemId);
    expect((await post(alice.api, 'inventory/addItem', { name: item.name, serialized: false })).code).toBe(40900);
  });
});

describe('tenant isolation', () => {
  it("another company's items, warehouses, orders and devices are not found; its stock is not listed", async () => {
    const { itemId, warehouseId, orderId, serials } = await produced(1);
    const outboundId = await made(alice.api, 'inventory/addOutbound', { warehouseId, customer: 'Zeta', serials });
    expect((await get(bob.api, 'inventory/getStock')).data.list).toEqual([]);
    expect((await get(bob.api, 'inventory/getItemList')).data.total).toBe(0);
    expect((await post(bob.api, 'production/addOrder', { itemId, quantity: 1, warehouseId })).code).toBe(40400);
    expect((await post(bob.api, 'production/complete', { id: orderId, serials: serialsOf(1) })).code).toBe(40400);
    expect((await post(bob.api, 'inventory/ship', { id: outboundId, carrier: 'SF', trackingNo: 'X' })).code).toBe(40400);
    expect((await post(bob.api, 'inventory/cancelOutbound', { id: outboundId })).code).toBe(40400);
    expect((await get(bob.api, 'inventory/getOutbound', { id: outboundId })).code).toBe(40400);
    expect((await get(bob.api, 'device/getLifecycle', { id: await deviceId(serials[0]) })).code).toBe(40400);
    const bobWarehouse = await made(bob.api, 'inventory/addWarehouse', { name: 'Bob WH' });
    expect(await post(bob.api, 'inventory/addOutbound', { warehouseId: bobWarehouse, customer: 'Zeta', serials })).toMatchObject({ code: 50001, data: `Serial ${serials[0]} is not a device of the company` });
    expect(await status(serials[0])).toBe(2);
    // The same item name and serial rules hold per company: Bob may name an item as Alice did.
    const aliceItem = (await get(alice.api, 'inventory/getItemList', { pageSize: 500 })).data.list.find((i: { id: number }) => i.id === itemId);
    expect((await post(bob.api, 'inventory/addItem', { name: aliceItem.name, serialized: true })).code).toBe(0);
  });

  it('needs the inventory and production codes', async () => {
    const nobody = await createCompanyUser(t.app, { codes: ['cd_device'], companyId: alice.companyId });
    const api = as(t.app, await signIn(t.app, nobody.userName, nobody.password));
    expect((await post(api, 'inventory/addItem', { name: 'X', serialized: false })).code).toBe(40300);
    expect((await get(api, 'inventory/getStock')).code).toBe(40300);
    expect((await post(api, 'production/addOrder', { itemId: 1, quantity: 1, warehouseId: 1 })).code).toBe(40300);
  });
});

describe('binding after shipping', () => {
  it('a shipped device is bound through the existing binding flow and becomes 4', async () => {
    const { serials, warehouseId } = await produced(1);
    const outboundId = await made(alice.api, 'inventory/addOutbound', { warehouseId, customer: 'Omega', serials });
    expect((await post(alice.api, 'inventory/ship', { id: outboundId, carrier: 'SF', trackingNo: 'B1' })).code).toBe(0);
    const id = await deviceId(serials[0]);
    // The device never saw its secret: the device page hands one out (rotateSecret), as for any device.
    // Rotating a secret needs the admin level on the node: a company administrator does it.
    const admin = await createCompanyUser(t.app, { codes: [...codes, 'um_role'], companyId: alice.companyId });
    const adminApi = as(t.app, await signIn(t.app, admin.userName, admin.password));
    const rotated = await post(adminApi, 'device/rotateSecret', { id });
    expect(rotated.code, JSON.stringify(rotated)).toBe(0);
    const secret = rotated.data.secret as string;
    const sim = await startSimulatedGateway({ sn: serials[0], secret, url: `mqtt://127.0.0.1:${port}`, reconnectMs: 200 });
    sims.push(sim);
    await sim.waitFor('connected', undefined, 10_000);
    const deadline = Date.now() + 10_000;
    while (!(await get(alice.api, 'device/getDevice', { id })).data.online && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const request = sim.waitFor<{ code: string }>('bindRequest');
    expect((await post(alice.api, 'device/bind', { id })).code).toBe(0);
    await request;
    await sim.confirmBind();
    let device = (await get(alice.api, 'device/getDevice', { id })).data;
    while (device.status !== 4 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      device = (await get(alice.api, 'device/getDevice', { id })).data;
    }
    expect(device).toMatchObject({ status: 4, bindState: 'bound' });
    const history = (await get(alice.api, 'device/getLifecycle', { id })).data;
    expect(history.at(-1)).toMatchObject({ from: 3, to: 4, document: 'bind', userId: null });
    // A bound device cannot come back as a return: it must be unbound first.
    const returns = await made(alice.api, 'inventory/addWarehouse', { name: `Returns ${++seq}`, kind: 'returns' });
    expect(await post(alice.api, 'inventory/addReturn', { warehouseId: returns, serials })).toMatchObject({ code: 50001, data: `${serials[0]}: A bound device must be unbound first ("Bound" cannot become "Stored")` });
  });
});

describe("binding by the customer's company", () => {
  it("a user of the customer's company claims a shipped device by its SN, confirms on the device, and it is theirs, bound (4)", async () => {
    const { serials, warehouseId } = await produced(2);
    const outboundId = await made(alice.api, 'inventory/addOutbound', { warehouseId, customer: 'Customer Co', serials: [serials[0]] });
    expect((await post(alice.api, 'inventory/ship', { id: outboundId, carrier: 'SF', trackingNo: 'C1' })).code).toBe(0);
    const id = await deviceId(serials[0]);
    const admin = await createCompanyUser(t.app, { codes: [...codes, 'um_role'], companyId: alice.companyId });
    const secret = (await post(as(t.app, await signIn(t.app, admin.userName, admin.password)), 'device/rotateSecret', { id })).data.secret as string;
    const sim = await startSimulatedGateway({ sn: serials[0], secret, url: `mqtt://127.0.0.1:${port}`, reconnectMs: 200 });
    sims.push(sim);
    await sim.waitFor('connected', undefined, 10_000);
    const deadline = Date.now() + 10_000;
    while (!(await get(alice.api, 'device/getDevice', { id })).data.online && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const buyer = await createCompanyUser(t.app, { codes: ['cd_device'], companyName: 'Customer Co' });
    const buyerApi = as(t.app, await signIn(t.app, buyer.userName, buyer.password));
    // A stored device, an unknown SN and one's own device cannot be claimed (nothing is told about them).
    expect((await post(buyerApi, 'device/claim', { sn: serials[1] })).code).toBe(40400);
    expect((await post(buyerApi, 'device/claim', { sn: 'NOSUCH0002' })).code).toBe(40400);
    expect((await post(alice.api, 'device/claim', { sn: serials[0] })).code).toBe(40400);
    const request = sim.waitFor<{ code: string; companyName: string }>('bindRequest');
    const claim = await post(buyerApi, 'device/claim', { sn: serials[0] });
    expect(claim.code, JSON.stringify(claim)).toBe(0);
    const shown = await request;
    expect(shown).toMatchObject({ code: claim.data.code, companyName: 'Customer Co' });
    await sim.confirmBind();
    let mine: any;
    while (Date.now() < deadline) {
      mine = (await get(buyerApi, 'device/getDeviceList', { keyword: serials[0] })).data.list[0];
      if (mine?.status === 4) {
        break;
      }
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(mine).toMatchObject({ id, sn: serials[0], status: 4, bindState: 'bound' });
    expect((await get(alice.api, 'device/getDevice', { id })).code).toBe(40400);
    const history = (await get(buyerApi, 'device/getLifecycle', { id })).data;
    expect(history).toEqual([expect.objectContaining({ from: 3, to: 4, document: 'bind', userId: buyer.userId })]);
    // The maker's books are untouched: the ledger still shows the unit going out.
    expect((await get(alice.api, 'inventory/getLedger', { serial: serials[0] })).data.total).toBe(2);
    await checkBooks(alice.companyId);
  });
});

describe('property: 200 random documents (seed 18)', () => {
  it('leaves the ledger equal to the stock, every serial in at most one place and every status matching its place', async () => {
    const owner = await createCompanyUser(t.app, { codes, companyName: 'Property Co' });
    const api = as(t.app, await signIn(t.app, owner.userName, owner.password));
    const next = seededRandom(18); // the same sequence of documents on every run
    const pick = <T>(list: readonly T[]): T | undefined => (list.length === 0 ? undefined : list[Math.floor(next() * list.length)]);
    const models = [await made(api, 'inventory/addItem', { name: 'P-DTU', serialized: true }), await made(api, 'inventory/addItem', { name: 'P-Meter', serialized: true })];
    const plain = [await made(api, 'inventory/addItem', { name: 'P-Cable', serialized: false }), await made(api, 'inventory/addItem', { name: 'P-Antenna', serialized: false })];
    const warehouses = [await made(api, 'inventory/addWarehouse', { name: 'P-A' }), await made(api, 'inventory/addWarehouse', { name: 'P-B' })];
    const returns = await made(api, 'inventory/addWarehouse', { name: 'P-R', kind: 'returns' });
    const all = [...warehouses, returns];
    const known: string[] = [];
    const outbound: number[] = [];
    const stockIns: number[] = [];
    const outcomes = { ok: 0, refused: 0 };
    for (let i = 0; i < 200; i++) {
      const roll = next();
      let answer: { code: number; data: any };
      if (roll < 0.2) {
        const orderId = await made(api, 'production/addOrder', { itemId: pick(models)!, quantity: 3, warehouseId: pick(warehouses)! });
        // Sometimes a serial produced before: refused as a whole.
        const serials = [serial(), serial(), ...(next() < 0.2 && known.length > 0 ? [pick(known)!] : [serial()])];
        answer = await post(api, 'production/complete', { id: orderId, serials });
        if (answer.code === 0) {
          known.push(...serials);
        }
      } else if (roll < 0.35) {
        answer = await post(api, 'inventory/addStockIn', { warehouseId: pick(all)!, lines: [{ itemId: pick(plain)!, quantity: 1 + Math.floor(next() * 5) }] });
        if (answer.code === 0) {
          stockIns.push(answer.data.id);
        }
      } else if (roll < 0.6) {
        const serials = [...new Set([pick(known), pick(known)].filter((s): s is string => s !== undefined))];
        const lines = next() < 0.3 ? [{ itemId: pick(plain)!, quantity: 1 + Math.floor(next() * 3) }] : [];
        answer = await post(api, 'inventory/addOutbound', { warehouseId: pick(all)!, customer: pick(['C1', 'C2', 'C3'])!, serials, lines });
        if (answer.code === 0) {
          outbound.push(answer.data.id);
        }
      } else if (roll < 0.75) {
        answer = await post(api, 'inventory/ship', { id: pick(outbound) ?? 1, carrier: 'SF', trackingNo: `T${i}` });
      } else if (roll < 0.85) {
        answer = await post(api, 'inventory/cancelOutbound', { id: pick(outbound) ?? 1 });
      } else if (roll < 0.95) {
        answer = await post(api, 'inventory/addReturn', { warehouseId: returns, serials: [pick(known) ?? 'NONE0000'] });
      } else {
        answer = await post(api, 'inventory/cancelStockIn', { id: pick(stockIns) ?? 1 });
      }
      // Every answer is a success or a reasoned refusal, never an internal error.
      expect([0, 50001, 40400], JSON.stringify(answer)).toContain(answer.code);
      outcomes[answer.code === 0 ? 'ok' : 'refused'] += 1;
    }
    expect(outcomes.ok).toBeGreaterThan(60);
    expect(outcomes.refused).toBeGreaterThan(10);
    const books = await checkBooks(owner.companyId);
    expect(books.serials).toBeGreaterThan(5);
  }, 120_000);
});
