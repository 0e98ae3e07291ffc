import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, localDate } from '@smartdata/domain';
import { as, body, createCompanyUser, createTestApp, signIn, type TestApp } from '@server/test/testApp';
import { seededRandom } from '@smartdata/gateway-sim';

/**
 * Sales contracts and orders (issue 18, docs/sales.md): every allowed move and every refusal
 * through the calls, the reservation against plain outbound orders, partial shipments, cancels
 * that release, two confirmations racing for the same stock, tenant isolation, the renewal view,
 * and a seeded random sequence after which reserved ≤ on hand, the reservation ledger sums to the
 * reserved stock and the stock ledger to the stock. SQLite, and PostgreSQL with TEST_DATABASE_URL.
 */

type Api = ReturnType<typeof as>;
const codes = ['sl_order', 'sl_contract', 'iv_category', 'iv_warehousing', 'iv_outbound', 'pd_order', 'cd_device'];

let t: TestApp;
let dataDir = '';
let alice: { api: Api; companyId: number; userId: number };
let bob: { api: Api; companyId: number };
const today = () => localDate(Date.now(), 'Asia/Shanghai');

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sd-sales-'));
  t = await createTestApp({ dataDir });
  const a = await createCompanyUser(t.app, { codes, companyName: 'Seller Ltd' });
  const b = await createCompanyUser(t.app, { codes, companyName: 'Other Co' });
  alice = { api: as(t.app, await signIn(t.app, a.userName, a.password)), companyId: a.companyId, userId: a.userId };
  bob = { api: as(t.app, await signIn(t.app, b.userName, b.password)), companyId: b.companyId };
});

afterAll(async () => {
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
async function done(api: Api, url: string, payload: unknown): Promise<void> {
  const answer = await post(api, url, payload);
  expect(answer.code, `${url} ${JSON.stringify(answer)}`).toBe(0);
}

let seq = 0;
const serial = () => `SALE${String(++seq).padStart(5, '0')}x${process.pid % 1000}`;

/** A non-serialized item with `n` in a new warehouse. */
async function plainStock(n: number, api: Api = alice.api) {
  const itemId = await made(api, 'inventory/addItem', { name: `Cable ${++seq}`, serialized: false });
  const warehouseId = await made(api, 'inventory/addWarehouse', { name: `WH ${++seq}` });
  if (n > 0) {
    await made(api, 'inventory/addStockIn', { warehouseId, lines: [{ itemId, quantity: n }] });
  }
  return { itemId, warehouseId };
}

/** A device model with `n` units produced into a new warehouse. */
async function devices(n: number) {
  const itemId = await made(alice.api, 'inventory/addItem', { name: `DTU ${++seq}`, serialized: true });
  const warehouseId = await made(alice.api, 'inventory/addWarehouse', { name: `WH ${++seq}` });
  const orderId = await made(alice.api, 'production/addOrder', { itemId, quantity: n, warehouseId });
  const serials = Array.from({ length: n }, serial);
  await done(alice.api, 'production/complete', { id: orderId, serials });
  return { itemId, warehouseId, serials };
}

async function stockOf(itemId: number, warehouseId: number, api: Api = alice.api): Promise<{ quantity: number; reserved: number; available: number }> {
  const answer = await get(api, 'inventory/getStock', { itemId, warehouseId });
  expect(answer.code).toBe(0);
  return answer.data.list[0] ?? { quantity: 0, reserved: 0, available: 0 };
}

const order = async (id: number, api: Api = alice.api) => {
  const answer = await get(api, 'sales/getOrder', { id });
  expect(answer.code, JSON.stringify(answer)).toBe(0);
  return answer.data;
};

/**
 * The company's books: stock ledger sums = stock; reservation ledger sums = reserved;
 * 0 ≤ reserved ≤ on hand; reserved = what open orders' lines hold; each running order's line
 * quantity = reserved + on outbound + shipped, and on outbound = its open outbound orders' lines.
 */
async function checkBooks(companyId: number) {
  const db = t.app.platform.db;
  const key = (r: { item_id: number; warehouse_id: number }) => `${r.item_id}/${r.warehouse_id}`;
  const stock = await db.selectFrom('inv_stock').selectAll().where('company_id', '=', companyId).execute();
  const ledger = await db.selectFrom('inv_ledger').select(['item_id', 'warehouse_id', (eb) => eb.fn.sum<number>('quantity').as('q')]).where('company_id', '=', companyId).groupBy(['item_id', 'warehouse_id']).execute();
  expect(new Map(stock.map((r) => [key(r), Number(r.quantity)]))).toEqual(new Map(ledger.map((r) => [key(r), Number(r.q)])));
  const reservations = await db.selectFrom('inv_reservation').select(['item_id', 'warehouse_id', (eb) => eb.fn.sum<number>('quantity').as('q')]).where('company_id', '=', companyId).groupBy(['item_id', 'warehouse_id']).execute();
  const reservedByLedger = new Map(reservations.map((r) => [key(r), Number(r.q)]));
  const orders = await db.selectFrom('sl_order').selectAll().where('company_id', '=', companyId).execute();
  const lines = await db.selectFrom('sl_order_line').selectAll().where('company_id', '=', companyId).execute();
  const held = new Map<string, number>();
  for (const line of lines) {
    const state = orders.find((o) => o.id === line.order_id)!.state;
    if (state === 'draft' || state === 'cancelled' || state === 'closed') {
      expect(line.reserved, `${state} order ${line.order_id}`).toBe(0);
    }
    if (state === 'confirmed' || state === 'partiallyShipped' || state === 'shipped') {
      expect(line.reserved + line.on_outbound + line.shipped).toBe(line.quantity);
    }
    held.set(key(line), (held.get(key(line)) ?? 0) + line.reserved);
  }
  for (const row of stock) {
    expect(Number(row.reserved)).toBeGreaterThanOrEqual(0);
    expect(Number(row.reserved), key(row)).toBeLessThanOrEqual(Number(row.quantity));
    expect(Number(row.reserved), key(row)).toBe(reservedByLedger.get(key(row)) ?? 0);
    expect(Number(row.reserved), key(row)).toBe(held.get(key(row)) ?? 0);
  }
  // What is on open outbound orders of a sales order is what its lines say is on outbound.
  const outbound = await db
    .selectFrom('inv_outbound as o')
    .innerJoin('inv_outbound_line as l', 'l.outbound_id', 'o.id')
    .select(['o.sales_order_id', 'o.warehouse_id', 'l.item_id', 'l.quantity'])
    .where('o.company_id', '=', companyId)
    .where('o.state', '=', 'open')
    .where('o.sales_order_id', 'is not', null)
    .execute();
  for (const line of lines) {
    const open = outbound.filter((o) => o.sales_order_id === line.order_id && o.item_id === line.item_id && o.warehouse_id === line.warehouse_id).reduce((sum, o) => sum + o.quantity, 0);
    expect(line.on_outbound, `order ${line.order_id} item ${line.item_id}`).toBe(open);
  }
  return { orders: orders.length, stockRows: stock.length };
}

describe('sales orders: draft → confirmed (reserves) → partially shipped → shipped → closed', () => {
  it('reserves on confirm, keeps reserved stock from plain outbound orders, and ships in parts', async () => {
    const { itemId, warehouseId } = await plainStock(10);
    const id = await made(alice.api, 'sales/addOrder', { customer: 'Water Works', lines: [{ itemId, warehouseId, quantity: 5 }], remarks: 'first' });
    let o = await order(id);
    expect(o).toMatchObject({ state: 'draft', customerName: 'Water Works', remarks: 'first', contractId: null, outboundIds: [] });
    expect(o.number).toMatch(/^SO-\d{8}-\d{3}$/);
    expect(await stockOf(itemId, warehouseId)).toMatchObject({ quantity: 10, reserved: 0, available: 10 });

    // A draft can change; the lines are replaced.
    await done(alice.api, 'sales/updateOrder', { id, number: `SO-T-${seq}`, customer: o.customerId, lines: [{ itemId, warehouseId, quantity: 6 }], remarks: 'changed' });
    o = await order(id);
    expect(o).toMatchObject({ number: `SO-T-${seq}`, remarks: 'changed', lines: [{ itemId, warehouseId, quantity: 6, reserved: 0, onOutbound: 0, shipped: 0 }] });

    await done(alice.api, 'sales/confirmOrder', { id });
    o = await order(id);
    expect(o).toMatchObject({ state: 'confirmed', lines: [{ quantity: 6, reserved: 6 }] });
    expect(o.confirmedAt).toBeGreaterThan(0);
    expect(await stockOf(itemId, warehouseId)).toMatchObject({ quantity: 10, reserved: 6, available: 4 });

    // A plain outbound order cannot take reserved stock (both languages), only what is available.
    const greedy = { warehouseId, customer: 'Someone', lines: [{ itemId, quantity: 5 }] };
    const refused = await post(alice.api, 'inventory/addOutbound', greedy);
    expect(refused.code).toBe(50001);
    expect(refused.data).toMatch(/^Not enough "Cable \d+" available in this warehouse \(10 on hand, 6 of it reserved for sales orders\)$/);
    expect((await post(alice.api, 'inventory/addOutbound', greedy, 'zh-CN')).data).toMatch(/可用库存不足（现有 10，其中 6 已被销售订单预留）/);
    const plainId = await made(alice.api, 'inventory/addOutbound', { ...greedy, lines: [{ itemId, quantity: 4 }] });
    expect(await stockOf(itemId, warehouseId)).toMatchObject({ quantity: 6, reserved: 6, available: 0 });
    // Cancelling that plain outbound gives the stock back, not to any reservation.
    await done(alice.api, 'inventory/cancelOutbound', { id: plainId });
    expect(await stockOf(itemId, warehouseId)).toMatchObject({ quantity: 10, reserved: 6, available: 4 });

    // Partial shipment: 4 of 6 on an outbound order, shipped.
    const first = await made(alice.api, 'sales/addOutbound', { orderId: id, warehouseId, lines: [{ itemId, quantity: 4 }] });
    expect(await stockOf(itemId, warehouseId)).toMatchObject({ quantity: 6, reserved: 2, available: 4 });
    o = await order(id);
    expect(o).toMatchObject({ state: 'confirmed', outboundIds: [first], lines: [{ reserved: 2, onOutbound: 4, shipped: 0 }] });
    expect((await get(alice.api, 'inventory/getOutbound', { id: first })).data).toMatchObject({ customerId: o.customerId, state: 'open', lines: [{ itemId, quantity: 4 }] });
    // Closing or cancelling while an outbound order is open is refused.
    expect(await post(alice.api, 'sales/cancelOrder', { id })).toEqual({ code: 50001, msg: expect.any(String), data: `The order still has open outbound orders (${first}): ship or cancel them first` });
    await done(alice.api, 'inventory/ship', { id: first, carrier: 'SF', trackingNo: 'SF1' });
    o = await order(id);
    expect(o).toMatchObject({ state: 'partiallyShipped', lines: [{ reserved: 2, onOutbound: 0, shipped: 4 }] });
    expect((await post(alice.api, 'sales/cancelOrder', { id })).data).toBe('Only a draft or confirmed (unshipped) order can be cancelled');

    // More than the order still holds is refused; the rest goes out and ships.
    expect((await post(alice.api, 'sales/addOutbound', { orderId: id, warehouseId, lines: [{ itemId, quantity: 3 }] })).data).toMatch(/^"Cable \d+" is more than the order still has to ship \(2 left\)$/);
    const second = await made(alice.api, 'sales/addOutbound', { orderId: id, warehouseId, lines: [{ itemId, quantity: 2 }] });
    await done(alice.api, 'inventory/ship', { id: second, carrier: 'SF', trackingNo: 'SF2' });
    o = await order(id);
    expect(o).toMatchObject({ state: 'shipped', outboundIds: [first, second], lines: [{ reserved: 0, onOutbound: 0, shipped: 6 }] });
    expect(await stockOf(itemId, warehouseId)).toMatchObject({ quantity: 4, reserved: 0, available: 4 });
    expect((await post(alice.api, 'sales/addOutbound', { orderId: id, warehouseId, lines: [{ itemId, quantity: 1 }] })).data).toBe('Only a confirmed or partially shipped order can go out');

    await done(alice.api, 'sales/closeOrder', { id });
    expect((await order(id)).state).toBe('closed');
    expect((await post(alice.api, 'sales/closeOrder', { id })).data).toBe('Only a shipped or partially shipped order can be closed');
    const ledger = (await get(alice.api, 'inventory/getLedger', { itemId, warehouseId })).data;
    expect(ledger.total).toBe(5);
    await checkBooks(alice.companyId);
  });

  it('an outbound of devices for an order moves them to 2; cancelling it gives the quantity back to the reservation; cancelling the order releases it', async () => {
    const { itemId, warehouseId, serials } = await devices(3);
    const id = await made(alice.api, 'sales/addOrder', { customer: 'Grid Co', lines: [{ itemId, warehouseId, quantity: 2 }] });
    await done(alice.api, 'sales/confirmOrder', { id });
    expect(await stockOf(itemId, warehouseId)).toMatchObject({ quantity: 3, reserved: 2, available: 1 });
    // Only one unit is free for a plain outbound order.
    expect((await post(alice.api, 'inventory/addOutbound', { warehouseId, customer: 'X', serials: serials.slice(0, 2) })).code).toBe(50001);
    const plain = await made(alice.api, 'inventory/addOutbound', { warehouseId, customer: 'X', serials: [serials[2]] });
    const outboundId = await made(alice.api, 'sales/addOutbound', { orderId: id, warehouseId, serials: [serials[0]] });
    const device = (await get(alice.api, 'device/getDeviceList', { keyword: serials[0] })).data.list[0];
    expect(device.status).toBe(2);
    expect(await order(id)).toMatchObject({ state: 'confirmed', lines: [{ reserved: 1, onOutbound: 1, shipped: 0 }] });
    // A serial of an item not on the order is refused; so is an item of another warehouse.
    const other = await devices(1);
    expect((await post(alice.api, 'sales/addOutbound', { orderId: id, warehouseId: other.warehouseId, serials: other.serials })).data).toMatch(/^"DTU \d+" is not on a line of this order for this warehouse$/);

    await done(alice.api, 'inventory/cancelOutbound', { id: outboundId });
    expect((await get(alice.api, 'device/getDevice', { id: device.id })).data.status).toBe(1);
    expect(await order(id)).toMatchObject({ state: 'confirmed', lines: [{ reserved: 2, onOutbound: 0, shipped: 0 }] });
    expect(await stockOf(itemId, warehouseId)).toMatchObject({ quantity: 2, reserved: 2, available: 0 });

    await done(alice.api, 'sales/cancelOrder', { id });
    expect(await order(id)).toMatchObject({ state: 'cancelled', lines: [{ reserved: 0 }] });
    expect(await stockOf(itemId, warehouseId)).toMatchObject({ quantity: 2, reserved: 0, available: 2 });
    expect((await post(alice.api, 'sales/confirmOrder', { id })).data).toBe('Only a draft order can be confirmed');
    await done(alice.api, 'inventory/cancelOutbound', { id: plain });
    await checkBooks(alice.companyId);
  });

  it('refuses confirming without enough available stock (the reason in both languages) and leaves nothing reserved', async () => {
    const a = await plainStock(3);
    const b = await plainStock(10);
    const id = await made(alice.api, 'sales/addOrder', {
      customer: 'Short Co',
      lines: [
        { itemId: b.itemId, warehouseId: b.warehouseId, quantity: 4 },
        { itemId: a.itemId, warehouseId: a.warehouseId, quantity: 5 },
      ],
    });
    const en = await post(alice.api, 'sales/confirmOrder', { id });
    expect(en.code).toBe(50001);
    expect(en.data).toMatch(/^Not enough "Cable \d+" available in warehouse "WH \d+" \(5 needed, 3 available\)$/);
    expect((await post(alice.api, 'sales/confirmOrder', { id }, 'zh-CN')).data).toMatch(/^“Cable \d+”在仓库“WH \d+”的可用库存不足（需要 5，可用 3）$/);
    expect(await order(id)).toMatchObject({ state: 'draft', lines: [{ reserved: 0 }, { reserved: 0 }] });
    expect(await stockOf(b.itemId, b.warehouseId)).toMatchObject({ reserved: 0 });
    // An item never in the warehouse has nothing available.
    const empty = await plainStock(0);
    const none = await made(alice.api, 'sales/addOrder', { customer: 'Short Co', lines: [{ itemId: empty.itemId, warehouseId: empty.warehouseId, quantity: 1 }] });
    expect((await post(alice.api, 'sales/confirmOrder', { id: none })).data).toMatch(/\(1 needed, 0 available\)$/);
    // Cancelled from draft: nothing to release.
    await done(alice.api, 'sales/cancelOrder', { id });
    expect((await order(id)).state).toBe('cancelled');
    await checkBooks(alice.companyId);
  });

  it('refuses every other move and bad input with a reason', async () => {
    const { itemId, warehouseId } = await plainStock(5);
    const line = { itemId, warehouseId, quantity: 1 };
    const id = await made(alice.api, 'sales/addOrder', { customer: 'Rules', lines: [line] });
    expect((await post(alice.api, 'sales/closeOrder', { id })).data).toBe('Only a shipped or partially shipped order can be closed');
    expect((await post(alice.api, 'sales/addOutbound', { orderId: id, warehouseId, lines: [{ itemId, quantity: 1 }] })).data).toBe('Only a confirmed or partially shipped order can go out');
    expect((await post(alice.api, 'sales/renewOrder', { id, serviceEndDate: '2030-01-01' })).data).toBe('A draft or cancelled order cannot be renewed');
    await done(alice.api, 'sales/confirmOrder', { id });
    expect((await post(alice.api, 'sales/confirmOrder', { id })).data).toBe('Only a draft order can be confirmed');
    expect((await post(alice.api, 'sales/updateOrder', { id, customer: 'Rules', lines: [line] })).data).toBe('Only a draft order can be changed');
    expect((await post(alice.api, 'sales/updateOrder', { id, customer: 'Rules', lines: [line] }, 'zh-CN')).data).toBe('只有草稿订单可以修改');
    // Shape: no lines, a line twice, a bad date, a bad number, a zero quantity.
    expect((await post(alice.api, 'sales/addOrder', { customer: 'Rules', lines: [] })).code).toBe(50001);
    expect((await post(alice.api, 'sales/addOrder', { customer: 'Rules', lines: [line, line] })).code).toBe(50001);
    expect((await post(alice.api, 'sales/addOrder', { customer: 'Rules', lines: [line], serviceEndDate: '2026-02-30' })).code).toBe(50001);
    expect((await post(alice.api, 'sales/addOrder', { customer: 'Rules', lines: [line], number: 'a b' })).code).toBe(50001);
    expect((await post(alice.api, 'sales/addOrder', { customer: 'Rules', lines: [{ ...line, quantity: 0 }] })).code).toBe(50001);
    // Unknown item, warehouse, contract, order: 40400.
    expect((await post(alice.api, 'sales/addOrder', { customer: 'Rules', lines: [{ ...line, itemId: 999999 }] })).code).toBe(40400);
    expect((await post(alice.api, 'sales/addOrder', { customer: 'Rules', lines: [{ ...line, warehouseId: 999999 }] })).code).toBe(40400);
    expect((await post(alice.api, 'sales/addOrder', { customer: 'Rules', lines: [line], contractId: 999999 })).code).toBe(40400);
    expect((await post(alice.api, 'sales/confirmOrder', { id: 999999 })).code).toBe(40400);
    // A number taken: 40900.
    const number = `DUP-${seq}`;
    await made(alice.api, 'sales/addOrder', { number, customer: 'Rules', lines: [line] });
    expect((await post(alice.api, 'sales/addOrder', { number, customer: 'Rules', lines: [line] })).code).toBe(40900);
    await checkBooks(alice.companyId);
  });

  it('two confirmations at once over the same stock: one reserves, the other is refused', async () => {
    const { itemId, warehouseId } = await plainStock(5);
    const ids = [
      await made(alice.api, 'sales/addOrder', { customer: 'Race', lines: [{ itemId, warehouseId, quantity: 3 }] }),
      await made(alice.api, 'sales/addOrder', { customer: 'Race', lines: [{ itemId, warehouseId, quantity: 3 }] }),
      await made(alice.api, 'sales/addOrder', { customer: 'Race', lines: [{ itemId, warehouseId, quantity: 3 }] }),
    ];
    const answers = await Promise.all(ids.map((id) => post(alice.api, 'sales/confirmOrder', { id })));
    expect(answers.filter((a) => a.code === 0)).toHaveLength(1);
    expect(answers.filter((a) => a.code === 50001)).toHaveLength(2);
    expect(await stockOf(itemId, warehouseId)).toMatchObject({ quantity: 5, reserved: 3, available: 2 });
    // The same order confirmed twice at once moves once.
    const again = await made(alice.api, 'sales/addOrder', { customer: 'Race', lines: [{ itemId, warehouseId, quantity: 1 }] });
    const twice = await Promise.all([post(alice.api, 'sales/confirmOrder', { id: again }), post(alice.api, 'sales/confirmOrder', { id: again })]);
    expect(twice.map((a) => a.code).sort()).toEqual([0, 50001]);
    expect(await stockOf(itemId, warehouseId)).toMatchObject({ reserved: 4, available: 1 });
    await checkBooks(alice.companyId);
  });
});

describe('sales contracts', () => {
  it('draft → active (signed) → closed; files in object storage; orders under a contract', async () => {
    const id = await made(alice.api, 'sales/addContract', { customer: 'Metro Water', title: 'Meters 2027', startDate: '2027-01-01', endDate: '2027-12-31', amount: 12345.67, remarks: 'r' });
    let c = (await get(alice.api, 'sales/getContract', { id })).data;
    expect(c).toMatchObject({ state: 'draft', customerName: 'Metro Water', title: 'Meters 2027', startDate: '2027-01-01', endDate: '2027-12-31', signedDate: null, amount: 12345.67, files: [] });
    expect(c.number).toMatch(/^HT-\d{8}-\d{3}$/);
    expect((await post(alice.api, 'sales/addContract', { customer: 'Metro Water', title: 'X', amount: 1.234 })).code).toBe(50001);
    expect((await post(alice.api, 'sales/addContract', { customer: 'Metro Water', title: 'X', startDate: '2027-02-01', endDate: '2027-01-01' })).data).toBe('The end date cannot be before the start date');
    expect((await post(alice.api, 'sales/addContract', { number: c.number, customer: 'Metro Water', title: 'X' })).code).toBe(40900);
    await done(alice.api, 'sales/updateContract', { id, number: `HT-OWN-${seq}`, customer: c.customerId, title: 'Meters 2027 v2', startDate: '2027-01-01', endDate: '2027-12-31', amount: 100 });
    c = (await get(alice.api, 'sales/getContract', { id })).data;
    expect(c).toMatchObject({ number: `HT-OWN-${seq}`, title: 'Meters 2027 v2', amount: 100, remarks: '' });

    // A file: upload credential, PUT the bytes, attach, list, download, remove.
    const bytes = Buffer.from('%PDF-1.4 contract');
    const grant = (await post(alice.api, 'cos/getUploadCredential', { purpose: 'object', fileName: 'contract.pdf', contentType: 'application/pdf', size: bytes.length })).data;
    expect((await post(alice.api, 'sales/addContractFile', { id, objectKey: grant.objectKey })).data).toBe('The file has not been uploaded yet');
    expect((await t.app.inject({ method: 'PUT', url: grant.uploadUrl, headers: grant.headers, payload: bytes })).statusCode).toBe(200);
    await done(alice.api, 'sales/addContractFile', { id, objectKey: grant.objectKey });
    expect((await post(alice.api, 'sales/addContractFile', { id, objectKey: grant.objectKey })).code).toBe(40900);
    c = (await get(alice.api, 'sales/getContract', { id })).data;
    expect(c.files).toEqual([{ objectKey: grant.objectKey, fileName: 'contract.pdf', contentType: 'application/pdf', size: bytes.length, createdAt: expect.any(Number) }]);
    const link = await get(alice.api, 'sales/getContractFileUrl', { id, objectKey: grant.objectKey });
    expect(link.code).toBe(0);
    const download = await t.app.inject({ method: 'GET', url: link.data.url });
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.equals(bytes)).toBe(true);

    // Sign: draft → active; then no edits, files still allowed; renew; orders under it.
    await done(alice.api, 'sales/signContract', { id, signedDate: '2026-12-20' });
    c = (await get(alice.api, 'sales/getContract', { id })).data;
    expect(c).toMatchObject({ state: 'active', signedDate: '2026-12-20' });
    expect((await post(alice.api, 'sales/signContract', { id })).data).toBe('Only a draft contract can be signed');
    expect((await post(alice.api, 'sales/updateContract', { id, customer: c.customerId, title: 'no' })).data).toBe('Only a draft contract can be changed');
    expect((await post(alice.api, 'sales/renewContract', { id, endDate: '2027-06-30' })).data).toBe('The new end date must be after the current one (2027-12-31)');
    await done(alice.api, 'sales/renewContract', { id, endDate: '2028-12-31' });
    expect((await get(alice.api, 'sales/getContract', { id })).data.endDate).toBe('2028-12-31');

    const { itemId, warehouseId } = await plainStock(2);
    expect((await post(alice.api, 'sales/addOrder', { customer: 'Someone Else', contractId: id, lines: [{ itemId, warehouseId, quantity: 1 }] })).data).toBe("The order's customer is not the contract's");
    const orderId = await made(alice.api, 'sales/addOrder', { customer: c.customerId, contractId: id, lines: [{ itemId, warehouseId, quantity: 1 }] });
    expect((await get(alice.api, 'sales/getOrderList', { contractId: id })).data).toMatchObject({ total: 1, list: [{ id: orderId, contractId: id }] });
    expect((await post(alice.api, 'sales/closeContract', { id })).data).toMatch(/^The contract still has open orders \(SO-/);
    await done(alice.api, 'sales/cancelOrder', { id: orderId });
    await done(alice.api, 'sales/removeContractFile', { id, objectKey: grant.objectKey });
    expect((await get(alice.api, 'sales/getContract', { id })).data.files).toEqual([]);
    expect((await get(alice.api, 'sales/getContractFileUrl', { id, objectKey: grant.objectKey })).code).toBe(40400);
    await done(alice.api, 'sales/closeContract', { id });
    expect((await get(alice.api, 'sales/getContract', { id })).data.state).toBe('closed');
    expect((await post(alice.api, 'sales/cancelContract', { id })).data).toBe('The contract is closed or cancelled');
    expect((await post(alice.api, 'sales/addOrder', { customer: c.customerId, contractId: id, lines: [{ itemId, warehouseId, quantity: 1 }] })).data).toBe('The contract is cancelled or closed and cannot take new orders');

    // A draft contract is cancelled; lists search by number, title and customer and filter by state.
    const draft = await made(alice.api, 'sales/addContract', { customer: 'Harbour Gas', title: 'Pilot' });
    await done(alice.api, 'sales/cancelContract', { id: draft });
    expect((await get(alice.api, 'sales/getContractList', { keyword: 'harbour' })).data).toMatchObject({ total: 1, list: [{ id: draft, state: 'cancelled' }] });
    expect((await get(alice.api, 'sales/getContractList', { keyword: 'v2', state: 'closed' })).data).toMatchObject({ total: 1, list: [{ id }] });
    expect((await get(alice.api, 'sales/getContractList', { state: 'active' })).data.list.every((x: { state: string }) => x.state === 'active')).toBe(true);
  });
});

describe('renewal view', () => {
  it('lists orders and signed contracts whose service ends within N days or has ended, with the days left', async () => {
    const seller = await createCompanyUser(t.app, { codes, companyName: 'Renewals Co' });
    const api = as(t.app, await signIn(t.app, seller.userName, seller.password));
    const { itemId, warehouseId } = await plainStock(10, api);
    const line = [{ itemId, warehouseId, quantity: 1 }];
    const soon = await made(api, 'sales/addOrder', { customer: 'A', lines: line, serviceEndDate: addDays(today(), 10), remarks: 'SIM service' });
    const ended = await made(api, 'sales/addOrder', { customer: 'B', lines: line, serviceEndDate: addDays(today(), -3) });
    const later = await made(api, 'sales/addOrder', { customer: 'C', lines: line, serviceEndDate: addDays(today(), 60) });
    const draft = await made(api, 'sales/addOrder', { customer: 'D', lines: line, serviceEndDate: addDays(today(), 1) });
    for (const id of [soon, ended, later]) {
      await done(api, 'sales/confirmOrder', { id });
    }
    const contract = await made(api, 'sales/addContract', { customer: 'A', title: 'Platform', startDate: addDays(today(), -300), endDate: today() });
    await done(api, 'sales/signContract', { id: contract });
    await made(api, 'sales/addContract', { customer: 'A', title: 'Unsigned', endDate: today() });

    const view = (await get(api, 'sales/getRenewals', { days: 30 })).data;
    expect(view).toMatchObject({ today: today(), days: 30, dueCount: 2, expiredCount: 1 });
    expect(view.list.map((e: { kind: string; id: number; daysLeft: number }) => [e.kind, e.id, e.daysLeft])).toEqual([
      ['order', ended, -3],
      ['contract', contract, 0],
      ['order', soon, 10],
    ]);
    expect(view.list[2]).toMatchObject({ customerName: 'A', title: 'SIM service', state: 'confirmed', endDate: addDays(today(), 10) });
    expect((await get(api, 'sales/getRenewals', { days: 90 })).data.dueCount).toBe(3);
    expect((await get(api, 'sales/getRenewals', { days: 30, pastDays: 1 })).data.expiredCount).toBe(0);
    expect((await get(api, 'sales/getRenewals', { days: 9999 })).code).toBe(50001);

    // Renewing moves an entry out of the window; a draft cannot be renewed.
    expect((await post(api, 'sales/renewOrder', { id: ended, serviceEndDate: addDays(today(), -10) })).code).toBe(50001);
    await done(api, 'sales/renewOrder', { id: ended, serviceEndDate: addDays(today(), 365) });
    expect((await post(api, 'sales/renewOrder', { id: draft, serviceEndDate: addDays(today(), 365) })).code).toBe(50001);
    expect((await get(api, 'sales/getRenewals', {})).data).toMatchObject({ days: 30, dueCount: 2, expiredCount: 0 });

    // A user with only the contract code sees only contracts.
    const clerk = await createCompanyUser(t.app, { codes: ['sl_contract'], companyId: seller.companyId });
    const clerkApi = as(t.app, await signIn(t.app, clerk.userName, clerk.password));
    expect((await get(clerkApi, 'sales/getRenewals', { days: 30 })).data.list.map((e: { kind: string }) => e.kind)).toEqual(['contract']);
    expect((await get(clerkApi, 'sales/getOrderList')).code).toBe(40300);
  });
});

describe('permissions and tenant isolation', () => {
  it('the warehouse (iv_outbound) reads orders and makes their outbound orders; another company sees and changes nothing', async () => {
    const { itemId, warehouseId } = await plainStock(4);
    const id = await made(alice.api, 'sales/addOrder', { customer: 'Iso', lines: [{ itemId, warehouseId, quantity: 2 }] });
    await done(alice.api, 'sales/confirmOrder', { id });
    const contract = await made(alice.api, 'sales/addContract', { customer: 'Iso', title: 'Secret' });

    const keeper = await createCompanyUser(t.app, { codes: ['iv_outbound'], companyId: alice.companyId });
    const keeperApi = as(t.app, await signIn(t.app, keeper.userName, keeper.password));
    expect((await get(keeperApi, 'sales/getOrder', { id })).code).toBe(0);
    expect((await post(keeperApi, 'sales/confirmOrder', { id })).code).toBe(40300);
    expect((await get(keeperApi, 'sales/getContract', { id: contract })).code).toBe(40300);
    expect((await post(keeperApi, 'sales/addOutbound', { orderId: id, warehouseId, lines: [{ itemId, quantity: 1 }] })).code).toBe(0);
    const seller = await createCompanyUser(t.app, { codes: ['sl_order'], companyId: alice.companyId });
    const sellerApi = as(t.app, await signIn(t.app, seller.userName, seller.password));
    expect((await post(sellerApi, 'sales/addOutbound', { orderId: id, warehouseId, lines: [{ itemId, quantity: 1 }] })).code).toBe(40300);
    expect((await get(sellerApi, 'inventory/getStock', { itemId })).code).toBe(0);

    for (const [url, payload] of [
      ['sales/confirmOrder', { id }],
      ['sales/cancelOrder', { id }],
      ['sales/closeOrder', { id }],
      ['sales/updateOrder', { id, customer: 'Iso', lines: [{ itemId: 1, warehouseId: 1, quantity: 1 }] }],
      ['sales/renewOrder', { id, serviceEndDate: '2030-01-01' }],
      ['sales/addOutbound', { orderId: id, warehouseId, lines: [{ itemId, quantity: 1 }] }],
      ['sales/signContract', { id: contract }],
      ['sales/cancelContract', { id: contract }],
      ['sales/updateContract', { id: contract, customer: 'Iso', title: 'Mine' }],
    ] as const) {
      expect((await post(bob.api, url, payload)).code, url).toBe(40400);
    }
    expect((await get(bob.api, 'sales/getOrder', { id })).code).toBe(40400);
    expect((await get(bob.api, 'sales/getContract', { id: contract })).code).toBe(40400);
    expect((await get(bob.api, 'sales/getOrderList')).data.total).toBe(0);
    expect((await get(bob.api, 'sales/getContractList')).data.total).toBe(0);
    // Bob cannot order Alice's item from Alice's warehouse, nor name her contract.
    expect((await post(bob.api, 'sales/addOrder', { customer: 'Iso', lines: [{ itemId, warehouseId, quantity: 1 }] })).code).toBe(40400);
    const own = await plainStock(1, bob.api);
    expect((await post(bob.api, 'sales/addOrder', { customer: 'Iso', contractId: contract, lines: [{ ...own, quantity: 1 }] })).code).toBe(40400);
    expect(await order(id)).toMatchObject({ state: 'confirmed', lines: [{ reserved: 1, onOutbound: 1 }] });
    await checkBooks(alice.companyId);
  });
});

describe('property: 200 random sales and stock documents (seed 240)', () => {
  it('keeps reserved within on hand, the reservation ledger equal to the reserved stock and the stock ledger equal to the stock', async () => {
    const owner = await createCompanyUser(t.app, { codes, companyName: 'Random Sales' });
    const api = as(t.app, await signIn(t.app, owner.userName, owner.password));
    const next = seededRandom(240); // the same sequence of documents on every run
    const pick = <T>(list: readonly T[]): T | undefined => (list.length === 0 ? undefined : list[Math.floor(next() * list.length)]);
    const items = [await made(api, 'inventory/addItem', { name: 'R-Cable', serialized: false }), await made(api, 'inventory/addItem', { name: 'R-Antenna', serialized: false })];
    const warehouses = [await made(api, 'inventory/addWarehouse', { name: 'R-A' }), await made(api, 'inventory/addWarehouse', { name: 'R-B' })];
    const orders: number[] = [];
    const outbound: number[] = [];
    const outcomes = { ok: 0, refused: 0 };
    const qty = () => 1 + Math.floor(next() * 6);
    for (let i = 0; i < 200; i++) {
      const roll = next();
      let answer: { code: number; data: any };
      if (roll < 0.15) {
        answer = await post(api, 'inventory/addStockIn', { warehouseId: pick(warehouses)!, lines: [{ itemId: pick(items)!, quantity: qty() * 2 }] });
      } else if (roll < 0.3) {
        const lines = [{ itemId: items[0], warehouseId: pick(warehouses)!, quantity: qty() }, ...(next() < 0.4 ? [{ itemId: items[1], warehouseId: pick(warehouses)!, quantity: qty() }] : [])];
        answer = await post(api, 'sales/addOrder', { customer: pick(['C1', 'C2'])!, lines });
        if (answer.code === 0) {
          orders.push(answer.data.id);
        }
      } else if (roll < 0.45) {
        answer = await post(api, 'sales/confirmOrder', { id: pick(orders) ?? 1 });
      } else if (roll < 0.6) {
        answer = await post(api, 'sales/addOutbound', { orderId: pick(orders) ?? 1, warehouseId: pick(warehouses)!, lines: [{ itemId: pick(items)!, quantity: 1 + Math.floor(next() * 3) }] });
        if (answer.code === 0) {
          outbound.push(answer.data.id);
        }
      } else if (roll < 0.7) {
        answer = await post(api, 'inventory/addOutbound', { warehouseId: pick(warehouses)!, customer: 'Walk-in', lines: [{ itemId: pick(items)!, quantity: qty() }] });
        if (answer.code === 0) {
          outbound.push(answer.data.id);
        }
      } else if (roll < 0.82) {
        answer = await post(api, 'inventory/ship', { id: pick(outbound) ?? 1, carrier: 'SF', trackingNo: `R${i}` });
      } else if (roll < 0.9) {
        answer = await post(api, 'inventory/cancelOutbound', { id: pick(outbound) ?? 1 });
      } else if (roll < 0.95) {
        answer = await post(api, 'sales/cancelOrder', { id: pick(orders) ?? 1 });
      } else {
        answer = await post(api, 'sales/closeOrder', { id: pick(orders) ?? 1 });
      }
      expect([0, 50001, 40400], JSON.stringify(answer)).toContain(answer.code);
      outcomes[answer.code === 0 ? 'ok' : 'refused'] += 1;
    }
    expect(outcomes.ok).toBeGreaterThan(60);
    expect(outcomes.refused).toBeGreaterThan(10);
    const states = (await get(api, 'sales/getOrderList', { pageSize: 500 })).data.list.map((o: { state: string }) => o.state);
    expect(new Set(states).size).toBeGreaterThanOrEqual(4);
    const books = await checkBooks(owner.companyId);
    expect(books.orders).toBeGreaterThan(10);
  }, 120_000);
});
