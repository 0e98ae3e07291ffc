import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { adminPassword, as, body, createCompanyUser, createTestApp, signIn, type TestApp } from '@server/test/testApp';

let t: TestApp;
let dataDir: string;
beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sd-data-items-'));
  t = await createTestApp({ dataDir, storageSecret: 'data-items-api-test-secret-0123456789' });
});
afterAll(async () => {
  await t.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

type Api = (options: InjectOptions) => Promise<LightMyRequestResponse>;
interface Person {
  api: Api;
  userId: number;
  companyId: number;
}

async function person(app: FastifyInstance, companyId?: number, codes: string[] = ['sd_capsule', 'sd_item_group']): Promise<Person> {
  const user = await createCompanyUser(app, { codes, companyId });
  return { api: as(app, await signIn(app, user.userName, user.password)), userId: user.userId, companyId: user.companyId };
}
const companyAdmin = (app: FastifyInstance, companyId?: number) => person(app, companyId, ['sd_capsule', 'sd_item_group', 'um_role']);

const en = { 'accept-language': 'en-US' };
const post = (api: Api, url: string, payload: unknown, headers: Record<string, string> = {}) => api({ method: 'POST', url: `/general/${url}`, payload: payload as object, headers });
const get = (api: Api, url: string, query: Record<string, unknown> = {}, headers: Record<string, string> = {}) => {
  const params = new URLSearchParams(Object.entries(query).map(([k, v]) => [k, typeof v === 'string' ? v : JSON.stringify(v)]));
  return api({ method: 'GET', url: `/general/${url}?${params.toString()}`, headers });
};

async function addDir(api: Api, name: string, parentId: number | null = null): Promise<number> {
  return body(await post(api, 'cabin/addDirectory', { parentId, name })).data.id;
}

/** One field of every type (spec §3 codes). */
const everyType = [
  { name: '温度', fieldName: 'temperature', type: 1, unit: '℃', priority: 1, decimalPlaces: 1, indexed: true },
  { name: '金额', fieldName: 'amount', type: 2, unit: '元', priority: 2 },
  { name: '时间', fieldName: 'readAt', type: 4, unit: '', priority: 3, dateDisplay: 'datetime' },
  { name: '名称', fieldName: 'label', type: 5, unit: '', priority: 4, required: true, indexed: true },
  { name: '备注', fieldName: 'remark', type: 6, unit: '', priority: 5 },
  { name: '照片', fieldName: 'photo', type: 8, unit: '', priority: 6 },
  { name: '附件', fieldName: 'attachment', type: 9, unit: '', priority: 7 },
  { name: '数量', fieldName: 'count', type: 10, unit: '个', priority: 8, indexed: true },
];

async function addItem(api: Api, directoryId: number, name = 'Readings', fields: unknown[] = everyType, extra: Record<string, unknown> = {}): Promise<number> {
  const answer = body(await post(api, 'dataItem/addDataItem', { directoryId, name, kind: 10, fields, ...extra }));
  expect(answer.code, JSON.stringify(answer)).toBe(0);
  return answer.data.id;
}

async function addRecord(api: Api, itemId: number, values: Record<string, unknown>, parentRecordId?: number) {
  return body(await post(api, 'dataItem/addRecord', { itemId, values, ...(parentRecordId ? { parentRecordId } : {}) }));
}

async function records(api: Api, itemId: number, query: Record<string, unknown> = {}) {
  const answer = body(await get(api, 'dataItem/getRecords', { itemId: String(itemId), ...query }));
  expect(answer.code, JSON.stringify(answer)).toBe(0);
  return answer.data as { total: number; list: { id: number; values: Record<string, unknown>; createdAt: number; source: string; parentRecordId: number | null }[] };
}

async function upload(api: Api, fileName: string, contentType: string, bytes: Buffer): Promise<string> {
  const grant = body(await post(api, 'cos/getUploadCredential', { purpose: 'item', fileName, contentType, size: bytes.length }));
  expect(grant.code, JSON.stringify(grant)).toBe(0);
  const put = await t.app.inject({ method: 'PUT', url: grant.data.uploadUrl, headers: grant.data.headers, payload: bytes });
  expect(body(put).code).toBe(0);
  return grant.data.objectKey;
}

describe('data items', () => {
  it('creates an item with every field type and answers its definition', async () => {
    const admin = await companyAdmin(t.app);
    const dir = await addDir(admin.api, 'Plant');
    const id = await addItem(admin.api, dir, '一号线 数据', everyType, { expiryDays: 30 });
    const detail = body(await get(admin.api, 'dataItem/getDataItem', { id: String(id) })).data;
    expect(detail).toMatchObject({ id, name: '一号线 数据', kind: 10, directoryId: dir, expiryDays: 30, level: 'admin', recordCount: 0, forms: [], jumps: [], forwards: [] });
    expect(detail.fields.map((f: { fieldName: string; type: number }) => [f.fieldName, f.type])).toEqual(everyType.map((f) => [f.fieldName, f.type]));
    expect(detail.fields[0]).toEqual({ name: '温度', fieldName: 'temperature', type: 1, unit: '℃', priority: 1, required: false, decimalPlaces: 1, dateDisplay: null, indexed: true });
    expect(detail.fields[2].dateDisplay).toBe('datetime');
    const list = body(await get(admin.api, 'dataItem/getDataItemList', { keyword: '一号' })).data;
    expect(list.list.map((i: { id: number }) => i.id)).toEqual([id]);
  });

  it('checks the item name, kind, directory and fields', async () => {
    const admin = await companyAdmin(t.app);
    const dir = await addDir(admin.api, 'Rules');
    const add = (payload: Record<string, unknown>) => post(admin.api, 'dataItem/addDataItem', { directoryId: dir, name: 'Good name', kind: 10, fields: [everyType[0]], ...payload }, en).then(body);
    expect(await add({ name: 'Bad/name' })).toEqual({ code: 50001, msg: 'Validation failed', data: 'A data item name cannot contain special characters (only letters, digits, spaces, underscores and hyphens)' });
    expect((await add({ name: '' })).data).toBe('The name is required');
    expect((await add({ name: 'n'.repeat(26) })).data).toBe('A data item name can have at most 25 characters');
    expect((await add({ kind: 12 })).data).toBe('Choose the data item type');
    expect((await add({ kind: undefined })).code).toBe(50001);
    expect((await add({ directoryId: undefined })).data).toBe('Choose the parent directory');
    expect((await add({ fields: [] })).data).toBe('Add at least one field');
    expect((await add({ fields: [everyType[0], { ...everyType[1], fieldName: 'Temperature' }] })).data).toBe('Fields 2: Field keys must be unique within the data item');
    expect((await add({ fields: [{ ...everyType[0], fieldName: '温度' }] })).data).toContain('Fields 1: A field key must start with a letter');
    expect((await add({ fields: [{ ...everyType[0], fieldName: '1abc' }] })).code).toBe(50001);
    expect((await add({ fields: [{ ...everyType[0], fieldName: 'createdAt' }] })).data).toContain('reserved');
    expect((await add({ fields: [{ ...everyType[0], decimalPlaces: 4 }] })).data).toBe('Fields 1: Decimal places are 0 to 3');
    expect((await add({ fields: [{ ...everyType[3], decimalPlaces: 2 }] })).data).toBe('Fields 1: Only decimal and currency fields have decimal places');
    expect((await add({ fields: [{ ...everyType[0], dateDisplay: 'date' }] })).data).toBe('Fields 1: Only date-time fields have a date display');
    expect((await add({ fields: [{ ...everyType[0], type: 3 }] })).code).toBe(50001);
    expect((await add({ fields: [{ ...everyType[4], indexed: true }] })).data).toBe('Fields 1: Long text, picture and file fields cannot be indexed');
    expect((await add({ fields: [{ ...everyType[0], name: '' }] })).data).toBe('Fields 1: The name is required');
    expect((await add({ expiryDays: 0 })).data).toBe('Values are kept 1 to 3650 days');
    const itemNode = body(await get(admin.api, 'dataItem/getDataItem', { id: String(await addItem(admin.api, dir, 'Inner')) })).data.nodeId;
    expect((await add({ directoryId: itemNode })).data).toBe('The parent must be a directory or a project');
    expect((await add({ name: 'Inner' })).code).toBe(40900);
    expect((await add({ name: '合法 名称_1-2' })).code).toBe(0);
  });

  it('updates fields: types stay once there are records, fields in use stay', async () => {
    const admin = await companyAdmin(t.app);
    const dir = await addDir(admin.api, 'Update');
    const fields = [everyType[0], everyType[3]];
    const id = await addItem(admin.api, dir, 'Changing', fields);
    expect(body(await post(admin.api, 'dataItem/updateDataItem', { id, name: 'Changed', fields: [{ ...everyType[0], type: 10, decimalPlaces: null }, everyType[3]] })).code).toBe(0);
    expect(body(await post(admin.api, 'dataItem/updateDataItem', { id, fields })).code).toBe(0);
    expect((await addRecord(admin.api, id, { temperature: 1, label: 'x' })).code).toBe(0);
    expect(body(await post(admin.api, 'dataItem/updateDataItem', { id, fields: [{ ...everyType[0], type: 10, decimalPlaces: null }, everyType[3]] }, en))).toMatchObject({
      code: 50001,
      data: '温度: the data item has records, so the field type cannot change',
    });
    const form = { elements: [{ key: 'l', type: 'input', label: 'Label', field: 'label', required: true }] };
    expect(body(await post(admin.api, 'dataItem/addForm', { itemId: id, name: 'Entry', design: form })).code).toBe(0);
    expect(body(await post(admin.api, 'dataItem/updateDataItem', { id, fields: [everyType[0]] })).code).toBe(50001);
    expect(body(await post(admin.api, 'dataItem/updateDataItem', { id, fields: [...fields, everyType[1]], expiryDays: 7 })).code).toBe(0);
    const detail = body(await get(admin.api, 'dataItem/getDataItem', { id: String(id) })).data;
    expect(detail).toMatchObject({ name: 'Changed', expiryDays: 7 });
    expect(detail.fields.map((f: { fieldName: string }) => f.fieldName)).toEqual(['temperature', 'amount', 'label']);
  });
});

describe('records', () => {
  let admin: Person;
  let itemId: number;
  beforeAll(async () => {
    admin = await companyAdmin(t.app);
    itemId = await addItem(admin.api, await addDir(admin.api, 'Records'));
  });

  it('checks every value against its field type on the server', async () => {
    const bad = async (values: Record<string, unknown>) => body(await post(admin.api, 'dataItem/addRecord', { itemId, values: { label: 'ok', ...values } }, en));
    expect(await bad({ temperature: 'abc' })).toEqual({ code: 50001, msg: 'Validation failed', data: '温度: enter a number' });
    expect((await bad({ amount: 'ten' })).data).toBe('金额: enter a number');
    expect((await bad({ count: 1.5 })).data).toBe('数量: enter a whole number');
    expect((await bad({ count: '12a' })).data).toBe('数量: enter a whole number');
    expect((await bad({ readAt: '2026-02-30 10:00:00' })).data).toContain('时间: enter a valid date-time');
    expect((await bad({ readAt: true })).code).toBe(50001);
    expect((await bad({ label: '' })).data).toBe('名称: this field is required');
    expect((await bad({ label: '   ' })).data).toBe('名称: this field is required');
    expect((await bad({ label: null })).code).toBe(50001);
    expect((await bad({ label: 'x'.repeat(256) })).data).toBe('名称: Data too long');
    expect((await bad({ remark: { nested: true } })).data).toBe('备注: enter text');
    expect((await bad({ unknown: 1 })).data).toBe('unknown: the data item has no such field');
    expect((await bad({ photo: 'c1/item/not-a-key.png' })).data).toBe('照片: upload the file first');
    const missing = body(await post(admin.api, 'dataItem/addRecord', { itemId, values: { temperature: 1 } }));
    expect(missing).toEqual({ code: 50001, msg: '验证失败', data: '名称：此项为必填项' });
  });

  it('stores typed values: rounded decimals, currency cents, date-times in the company time zone', async () => {
    const added = await addRecord(admin.api, itemId, { temperature: '21.46', amount: 9.999, readAt: '2026-03-01 08:30:00', label: 'A', remark: 'long text', count: '42' });
    expect(added.code).toBe(0);
    const record = body(await get(admin.api, 'dataItem/getRecord', { id: String(added.data.id) })).data;
    expect(record.values).toEqual({ temperature: 21.5, amount: 10, readAt: Date.UTC(2026, 2, 1, 0, 30, 0), label: 'A', remark: 'long text', count: 42 });
    expect(record).toMatchObject({ itemId, source: 'manual', createdBy: admin.userId, parentRecordId: null });
    expect((await addRecord(admin.api, itemId, { readAt: 1767225600000, label: 'epoch' })).code).toBe(0);
    expect((await addRecord(admin.api, itemId, { readAt: '2026-03', label: 'month' })).code).toBe(0);
  });

  it('takes only uploaded JPG/PNG pictures of at most 3 MB of the caller’s company, and uploaded files', async () => {
    const png = await sharp({ create: { width: 4, height: 4, channels: 3, background: { r: 1, g: 2, b: 3 } } }).png().toBuffer();
    const photo = await upload(admin.api, 'photo.png', 'image/png', png);
    const text = await upload(admin.api, 'notes.txt', 'text/plain', Buffer.from('hello'));
    const huge = Buffer.concat([png, Buffer.alloc(3 * 1024 * 1024)]);
    const big = await upload(admin.api, 'big.png', 'image/png', huge);
    const added = await addRecord(admin.api, itemId, { label: 'pics', photo, attachment: [text] });
    expect(added.code).toBe(0);
    expect(body(await get(admin.api, 'dataItem/getRecord', { id: String(added.data.id) })).data.values).toMatchObject({ photo: [photo], attachment: [text] });
    expect(body(await post(admin.api, 'dataItem/addRecord', { itemId, values: { label: 'x', photo: text } }, en)).data).toBe('照片: The file format is incorrect');
    expect(body(await post(admin.api, 'dataItem/addRecord', { itemId, values: { label: 'x', photo: big } }, en)).data).toBe('照片: The image size exceeds 3M');
    expect(body(await post(admin.api, 'dataItem/addRecord', { itemId, values: { label: 'x', photo: big } })).data).toBe('照片：图片大小超过 3M');
    const stranger = await companyAdmin(t.app);
    const foreign = await upload(stranger.api, 'theirs.png', 'image/png', png);
    expect(body(await post(admin.api, 'dataItem/addRecord', { itemId, values: { label: 'x', photo: foreign } }, en)).data).toBe('照片: upload the file first');
    expect(body(await post(admin.api, 'dataItem/addRecord', { itemId, values: { label: 'x', attachment: Array(10).fill(text) } }, en)).data).toBe('附件: too many files');
  });

  it('a value longer than its field is refused with spec §8\'s 数据过长 / Data too long on add, update, form and import; a device\'s is dropped and logged', async () => {
    const fields = [
      { name: '名称', fieldName: 'label', type: 5, unit: '', priority: 1 },
      { name: '备注', fieldName: 'remark', type: 6, unit: '', priority: 2 },
      { name: '读数', fieldName: 'reading', type: 1, unit: '', priority: 3 },
    ];
    const dir = await addDir(admin.api, 'Lengths');
    const id = await addItem(admin.api, dir, 'Lengths', fields);
    const long = 'x'.repeat(256);
    const longer = 'y'.repeat(10_001);
    expect(await addRecord(admin.api, id, { label: long })).toEqual({ code: 50001, msg: '验证失败', data: '名称：数据过长' });
    expect((await post(admin.api, 'dataItem/addRecord', { itemId: id, values: { remark: longer } }, en).then(body)).data).toBe('备注: Data too long');
    const kept = (await addRecord(admin.api, id, { label: 'x'.repeat(255), remark: longer.slice(1) })).data.id;
    expect(body(await post(admin.api, 'dataItem/updateRecord', { id: kept, values: { label: long } }))).toEqual({ code: 50001, msg: '验证失败', data: '名称：数据过长' });

    const form = body(await post(admin.api, 'dataItem/addForm', { itemId: id, name: 'Notes', design: { elements: [{ key: 'n', type: 'input', label: 'Name', field: 'label' }, { key: 'r', type: 'textarea', label: 'Remark', field: 'remark' }] } }, en));
    expect(form.code, JSON.stringify(form)).toBe(0);
    expect((await post(admin.api, 'dataItem/submitForm', { formId: form.data.id, values: { label: long } }).then(body)).data).toBe('名称：数据过长');

    const csv = Buffer.from(`名称,备注\nok,fine\n${long},\n`).toString('base64');
    const dry = body(await post(admin.api, 'dataItem/importRecords', { itemId: id, fileName: 'long.csv', content: csv, dryRun: true }, en));
    expect(dry.data).toEqual({ rows: 2, imported: 0, errors: [{ row: 3, column: '名称', message: '名称: Data too long' }] });

    // A device's text over the field's length: dropped (not cut), the rest of the payload kept, said in the log once.
    const iot = body(await post(admin.api, 'dataItem/addDataItem', { directoryId: dir, name: 'Lengths IoT', kind: 13, fields }));
    expect(iot.code, JSON.stringify(iot)).toBe(0);
    const warn = vi.spyOn(t.app.log, 'warn');
    try {
      const ts = Date.now() - 60_000;
      await t.app.telemetry.commit.submit([
        { companyId: admin.companyId, itemId: iot.data.id, ts, values: { label: long, reading: 1 } },
        { companyId: admin.companyId, itemId: iot.data.id, ts: ts + 1000, values: { label: long, reading: 2 } },
      ]);
      expect((await records(admin.api, iot.data.id)).list.map((r) => r.values).sort((a, b) => Number(a.reading) - Number(b.reading))).toEqual([{ reading: 1 }, { reading: 2 }]);
      const said = warn.mock.calls.filter(([, message]) => typeof message === 'string' && message.includes('Data too long'));
      expect(said).toHaveLength(1);
      expect(said[0]![0]).toMatchObject({ itemId: iot.data.id, field: 'label', length: 256, max: 255 });
    } finally {
      warn.mockRestore();
    }
  });

  it('edits inline, deletes one and many', async () => {
    const a = (await addRecord(admin.api, itemId, { label: 'edit me', temperature: 1 })).data.id;
    expect(body(await post(admin.api, 'dataItem/updateRecord', { id: a, values: { temperature: 2.25 } })).code).toBe(0);
    expect(body(await get(admin.api, 'dataItem/getRecord', { id: String(a) })).data.values).toEqual({ label: 'edit me', temperature: 2.3 });
    expect(body(await post(admin.api, 'dataItem/updateRecord', { id: a, values: { label: '' } })).code).toBe(50001);
    expect(body(await post(admin.api, 'dataItem/updateRecord', { id: a, values: { temperature: 'hot' } })).code).toBe(50001);
    const b = (await addRecord(admin.api, itemId, { label: 'b' })).data.id;
    const c = (await addRecord(admin.api, itemId, { label: 'c' })).data.id;
    expect(body(await post(admin.api, 'dataItem/deleteRecord', { id: a })).code).toBe(0);
    expect(body(await get(admin.api, 'dataItem/getRecord', { id: String(a) })).code).toBe(40400);
    expect(body(await post(admin.api, 'dataItem/deleteRecords', { itemId, ids: [b, c] }))).toEqual({ code: 0, msg: 'success', data: { deleted: 2 } });
    expect(body(await post(admin.api, 'dataItem/deleteRecords', { itemId, ids: [b] })).code).toBe(40400);
    expect(body(await post(admin.api, 'dataItem/deleteRecords', { itemId, ids: [] })).code).toBe(50001);
  });

  it('filters by field and time range, sorts and pages', async () => {
    const id = await addItem(admin.api, await addDir(admin.api, 'Filters'));
    const now = Date.now();
    const day = 86_400_000;
    const rows = [
      { label: 'alpha', temperature: 10, count: 1, at: now },
      { label: 'beta', temperature: 30, count: 2, at: now - day },
      { label: 'gamma', temperature: 20, count: 3, at: now - 3 * day },
      { label: 'Delta', temperature: null, count: 4, at: now - 400 * day },
    ];
    for (const row of rows) {
      const added = await addRecord(admin.api, id, { label: row.label, temperature: row.temperature, count: row.count });
      await t.app.platform.db.updateTable('data_record').set({ created_at: row.at }).where('id', '=', added.data.id).execute();
    }
    const labels = async (query: Record<string, unknown>) => (await records(admin.api, id, query)).list.map((r) => r.values.label);
    expect(await labels({})).toEqual(['alpha', 'beta', 'gamma', 'Delta']);
    expect(await labels({ filters: [{ field: 'temperature', op: 'gt', value: 15 }] })).toEqual(['beta', 'gamma']);
    expect(await labels({ filters: [{ field: 'temperature', op: 'gte', value: '20' }, { field: 'count', op: 'lt', value: 3 }] })).toEqual(['beta']);
    expect(await labels({ filters: [{ field: 'label', op: 'contains', value: 'ELT' }] })).toEqual(['Delta']);
    expect(await labels({ filters: [{ field: 'label', op: 'in', value: ['alpha', 'gamma'] }] })).toEqual(['alpha', 'gamma']);
    expect(await labels({ filters: [{ field: 'temperature', op: 'empty' }] })).toEqual(['Delta']);
    expect(await labels({ filters: [{ field: 'temperature', op: 'ne', value: 10 }] })).toEqual(['beta', 'gamma', 'Delta']);
    expect(await labels({ sort: { field: 'temperature', order: 'desc' }, filters: [{ field: 'temperature', op: 'notEmpty' }] })).toEqual(['beta', 'gamma', 'alpha']);
    expect(await labels({ sort: { field: 'count', order: 'asc' } })).toEqual(['alpha', 'beta', 'gamma', 'Delta']);
    expect(await labels({ sort: { field: 'createdAt', order: 'asc' } })).toEqual(['Delta', 'gamma', 'beta', 'alpha']);
    expect(await labels({ timeRange: { preset: 'today' } })).toEqual(['alpha']);
    expect(await labels({ timeRange: { preset: 'yesterday' } })).toEqual(['beta']);
    expect(await labels({ timeRange: { preset: 'last7Days' } })).toEqual(['alpha', 'beta', 'gamma']);
    expect(await labels({ timeRange: { from: now - 2 * day, to: now } })).toEqual(['beta']);
    expect((await labels({ timeRange: { preset: 'thisYear' } })).includes('Delta')).toBe(false);
    const page = await records(admin.api, id, { pageNum: '2', pageSize: '3' });
    expect(page.total).toBe(4);
    expect(page.list.map((r) => r.values.label)).toEqual(['Delta']);
    const refused = async (query: Record<string, unknown>) => body(await get(admin.api, 'dataItem/getRecords', { itemId: String(id), ...query }, en));
    expect((await refused({ filters: [{ field: 'nope', value: 1 }] })).data).toBe('nope: no such field');
    expect((await refused({ filters: [{ field: 'temperature', op: 'gt', value: 'hot' }] })).data).toBe('temperature: the filter value is not valid for this field');
    expect((await refused({ filters: [{ field: 'count', op: 'contains', value: '1' }] })).code).toBe(50001);
    expect((await refused({ filters: 'not json' })).code).toBe(50001);
    expect((await refused({ timeRange: { preset: 'lastCentury' } })).code).toBe(50001);
    expect((await refused({ sort: { field: 'photo' } })).code).toBe(50001);
  });

  it('keeps child records under a master record of the parent item', async () => {
    const dir = await addDir(admin.api, 'Orders');
    const master = await addItem(admin.api, dir, 'Order', [everyType[3]]);
    const detail = await addItem(admin.api, dir, 'Order line', [everyType[9 - 2]], { parentItemId: master });
    const unrelated = await addItem(admin.api, dir, 'Other', [everyType[3]]);
    const order = (await addRecord(admin.api, master, { label: 'PO-1' })).data.id;
    const otherOrder = (await addRecord(admin.api, master, { label: 'PO-2' })).data.id;
    expect((await addRecord(admin.api, detail, { count: 5 }, order)).code).toBe(0);
    expect((await addRecord(admin.api, detail, { count: 6 }, order)).code).toBe(0);
    expect((await addRecord(admin.api, detail, { count: 7 }, otherOrder)).code).toBe(0);
    const lines = await records(admin.api, detail, { parentRecordId: String(order) });
    expect(lines.list.map((r) => [r.values.count, r.parentRecordId])).toEqual([
      [6, order],
      [5, order],
    ]);
    // The record list finds the child items of a master item (its "child records" action).
    const children = body(await get(admin.api, 'dataItem/getDataItemList', { parentItemId: String(master) })).data;
    expect(children.list.map((i: { id: number; parentItemId: number }) => [i.id, i.parentItemId])).toEqual([[detail, master]]);
    expect(body(await get(admin.api, 'dataItem/getDataItemList', { parentItemId: String(unrelated) })).data.total).toBe(0);
    const strayRecord = (await addRecord(admin.api, unrelated, { label: 'x' })).data.id;
    expect((await addRecord(admin.api, detail, { count: 1 }, strayRecord)).code).toBe(40400);
    expect((await addRecord(admin.api, unrelated, { label: 'y' }, order)).code).toBe(50001);
    expect(body(await post(admin.api, 'dataItem/updateDataItem', { id: master, parentItemId: master })).code).toBe(50001);
    // The master record goes with its lines.
    expect(body(await post(admin.api, 'dataItem/deleteRecord', { id: order })).code).toBe(0);
    expect((await records(admin.api, detail)).list.map((r) => r.values.count)).toEqual([7]);
  });
});

describe('forms, jumps, forwards, item groups', () => {
  it('validates a form design and a submission as designed, then writes a record', async () => {
    const admin = await companyAdmin(t.app);
    const id = await addItem(admin.api, await addDir(admin.api, 'Forms'));
    const design = {
      elements: [
        { key: 'name', type: 'input', label: 'Name', field: 'label', required: true, placeholder: 'Your name', max: 10 },
        { key: 'temp', type: 'number', label: 'Temp', field: 'temperature', required: true, min: -20, max: 50, decimalPlaces: 1 },
        { key: 'n', type: 'number', label: 'Count', field: 'count', decimalPlaces: 0 },
        { key: 'when', type: 'dateTime', label: 'When', field: 'readAt' },
        { key: 'shift', type: 'radio', label: 'Shift', field: 'remark', options: [{ label: 'Day', value: 'day' }, { label: 'Night', value: 'night' }] },
        { key: 'pics', type: 'upload', label: 'Pictures', field: 'photo', maxCount: 2 },
      ],
    };
    const addForm = (d: unknown) => post(admin.api, 'dataItem/addForm', { itemId: id, name: 'Inspection', design: d }, en).then(body);
    const broken = (change: Record<string, unknown>, index = 0) => ({ elements: design.elements.map((e, i) => (i === index ? { ...e, ...change } : e)) });
    expect((await addForm(broken({ field: 'nope' }))).data).toBe('Name: the bound field does not exist');
    expect((await addForm(broken({ type: 'number' }))).data).toBe('Name: the element does not suit the type of its bound field');
    expect((await addForm(broken({ min: 60 }, 1))).data).toBe('Temp: the minimum cannot be above the maximum');
    expect((await addForm(broken({ options: [] }, 4))).data).toBe('Shift: add at least one option');
    expect((await addForm(broken({ maxCount: 10 }, 5))).code).toBe(50001);
    expect((await addForm(broken({ decimalPlaces: 2 }, 2))).data).toBe('Count: an integer field has no decimal places');
    expect((await addForm({ elements: design.elements.slice(1) })).data).toBe('The required field "名称" must be on the form');
    expect((await addForm({ elements: [] })).code).toBe(50001);
    const form = await addForm(design);
    expect(form.code).toBe(0);

    const submit = (values: Record<string, unknown>) => post(admin.api, 'dataItem/submitForm', { formId: form.data.id, values }, en).then(body);
    expect((await submit({ temperature: 20 })).data).toBe('Name: this field is required');
    expect((await submit({ label: 'x', temperature: -21 })).data).toBe('Temp: cannot be less than -20');
    expect((await submit({ label: 'x', temperature: 20.25 })).data).toBe('Temp: at most 1 decimal places');
    expect((await submit({ label: 'abcdefghijk', temperature: 20 })).data).toBe('Name: at most 10 characters');
    expect((await submit({ label: 'x', temperature: 20, remark: 'evening' })).data).toBe('Shift: choose one of the options');
    expect((await submit({ label: 'x', temperature: 20, amount: 3 })).data).toBe('amount: not a field of this form');
    expect((await submit({ label: 'x', temperature: 20, readAt: 'soon' })).data).toContain('时间: enter a valid date-time');
    const done = await submit({ label: 'Ann', temperature: 20.5, remark: 'night', readAt: '2026-05-01 12:00:00' });
    expect(done.code).toBe(0);
    const record = body(await get(admin.api, 'dataItem/getRecord', { id: String(done.data.id) })).data;
    expect(record).toMatchObject({ source: 'form', values: { label: 'Ann', temperature: 20.5, remark: 'night' } });
    const page = body(await get(admin.api, 'dataItem/getForm', { id: String(form.data.id) })).data;
    expect(page).toMatchObject({ itemId: id, name: 'Inspection', design: { elements: expect.any(Array) } });
    expect(page.fields).toHaveLength(8);
  });

  it('refuses a jump to its own data item; keeps jumps with their conditions', async () => {
    const admin = await companyAdmin(t.app);
    const dir = await addDir(admin.api, 'Jumps');
    const source = await addItem(admin.api, dir, 'Source');
    const target = await addItem(admin.api, dir, 'Target');
    const self = await post(admin.api, 'dataItem/addJump', { itemId: source, name: 'Self', targetItemId: source, conditions: [] }, en);
    expect(body(self)).toEqual({ code: 50001, msg: 'Validation failed', data: 'A jump destination cannot be its own data item' });
    expect(body(await post(admin.api, 'dataItem/addJump', { itemId: source, name: 'Self', targetItemId: source })).data).toBe('跳转目标不能是数据项本身');
    expect(body(await post(admin.api, 'dataItem/addJump', { itemId: source, name: 'Bad', targetItemId: target, conditions: [{ targetField: 'nope', sourceField: 'label' }] })).code).toBe(50001);
    expect(body(await post(admin.api, 'dataItem/addJump', { itemId: source, name: 'Bad', targetItemId: target, conditions: [{ targetField: 'label' }] })).code).toBe(50001);
    const jump = body(await post(admin.api, 'dataItem/addJump', { itemId: source, name: 'Details', priority: 2, targetItemId: target, conditions: [{ targetField: 'label', op: 'eq', sourceField: 'label' }] }));
    expect(jump.code).toBe(0);
    expect(body(await post(admin.api, 'dataItem/updateJump', { id: jump.data.id, targetItemId: source })).code).toBe(50001);
    const jumps = body(await get(admin.api, 'dataItem/getJumps', { itemId: String(source) })).data;
    expect(jumps).toEqual([{ id: jump.data.id, itemId: source, name: 'Details', priority: 2, targetItemId: target, targetItemName: 'Target', conditions: [{ targetField: 'label', op: 'eq', sourceField: 'label' }] }]);
    const stranger = await companyAdmin(t.app);
    const foreign = await addItem(stranger.api, await addDir(stranger.api, 'X'), 'Foreign');
    expect(body(await post(admin.api, 'dataItem/addJump', { itemId: source, name: 'Foreign', targetItemId: foreign })).code).toBe(40400);
  });

  it('forwards chosen fields of a matching new record into another item', async () => {
    const admin = await companyAdmin(t.app);
    const dir = await addDir(admin.api, 'Forwards');
    const source = await addItem(admin.api, dir, 'Raw');
    const alarms = await addItem(admin.api, dir, 'Hot', [
      { name: 'What', fieldName: 'what', type: 5, required: true },
      { name: 'Value', fieldName: 'value', type: 1 },
    ]);
    const forward = (payload: Record<string, unknown>) => post(admin.api, 'dataItem/addForward', { itemId: source, name: 'Too hot', ...payload }, en).then(body);
    expect((await forward({ targetItemId: source, mappings: [{ from: 'label', to: 'label' }] })).data).toBe('A data item cannot forward to itself');
    expect((await forward({ targetItemId: alarms, mappings: [{ from: 'temperature', to: 'value' }] })).data).toBe('The required target field "What" is not mapped');
    expect((await forward({ targetItemId: alarms, mappings: [] })).code).toBe(50001);
    expect((await forward({ targetItemId: alarms, conditions: [{ field: 'nope', op: 'gt', value: 1 }], mappings: [{ from: 'label', to: 'what' }] })).code).toBe(50001);
    const ok = await forward({ targetItemId: alarms, conditions: [{ field: 'temperature', op: 'gt', value: 80 }], mappings: [{ from: 'label', to: 'what' }, { from: 'temperature', to: 'value' }] });
    expect(ok.code).toBe(0);
    await addRecord(admin.api, source, { label: 'cool', temperature: 20 });
    await addRecord(admin.api, source, { label: 'boiler', temperature: 95.5 });
    const copies = await records(admin.api, alarms);
    expect(copies.list.map((r) => [r.values, r.source])).toEqual([[{ what: 'boiler', value: 95.5 }, 'forward']]);
    expect(body(await get(admin.api, 'dataItem/getForwards', { itemId: String(source) })).data[0]).toMatchObject({ targetItemName: 'Hot', enabled: true });
  });

  it('keeps named groups of data items, showing each person only what they may read', async () => {
    const admin = await companyAdmin(t.app);
    const member = await person(t.app, admin.companyId);
    const dir = await addDir(admin.api, 'Groups');
    const open = await addItem(admin.api, dir, 'Open');
    const secret = await addItem(admin.api, dir, 'Secret');
    const secretNode = body(await get(admin.api, 'dataItem/getDataItem', { id: String(secret) })).data.nodeId;
    await post(admin.api, 'cabin/setPermission', { nodeId: secretNode, mode: 'custom', grants: [] });
    const group = body(await post(admin.api, 'itemGroup/addItemGroup', { name: 'Line 1', itemIds: [open, secret] }));
    expect(group.code).toBe(0);
    expect(body(await post(admin.api, 'itemGroup/addItemGroup', { name: 'Line 1', itemIds: [] })).code).toBe(40900);
    expect(body(await get(admin.api, 'itemGroup/getItemGroup', { id: String(group.data.id) })).data.items.map((i: { id: number }) => i.id)).toEqual([open, secret]);
    expect(body(await get(member.api, 'itemGroup/getItemGroup', { id: String(group.data.id) })).data.items.map((i: { id: number }) => i.id)).toEqual([open]);
    expect(body(await post(member.api, 'itemGroup/addItemGroup', { name: 'Mine', itemIds: [secret] })).code).toBe(40300);
    expect(body(await post(admin.api, 'itemGroup/updateItemGroup', { id: group.data.id, name: 'Line one', itemIds: [secret] })).code).toBe(0);
    expect(body(await get(admin.api, 'itemGroup/getItemGroupList')).data.map((g: { name: string }) => g.name)).toEqual(['Line one']);
    const stranger = await companyAdmin(t.app);
    expect(body(await post(stranger.api, 'itemGroup/addItemGroup', { name: 'Theirs', itemIds: [open] })).code).toBe(40400);
    expect(body(await post(stranger.api, 'itemGroup/deleteItemGroup', { id: group.data.id })).code).toBe(40400);
    expect(body(await post(admin.api, 'itemGroup/deleteItemGroup', { id: group.data.id })).code).toBe(0);
  });
});

describe('permissions and tenant isolation on data', () => {
  it('read reads, read-write writes, none refuses', async () => {
    const admin = await companyAdmin(t.app);
    const reader = await person(t.app, admin.companyId);
    const writer = await person(t.app, admin.companyId);
    const dir = await addDir(admin.api, 'Levels');
    const id = await addItem(admin.api, dir, 'Levels');
    await post(admin.api, 'cabin/setPermission', {
      nodeId: dir,
      mode: 'custom',
      grants: [
        { scope: 'company', level: 'none' },
        { scope: 'user', targetId: reader.userId, level: 'read' },
        { scope: 'user', targetId: writer.userId, level: 'readWrite' },
      ],
    });
    const outsider = await person(t.app, admin.companyId);
    const record = (await addRecord(writer.api, id, { label: 'w' })).data.id;
    expect(record).toBeGreaterThan(0);
    expect((await records(reader.api, id)).total).toBe(1);
    expect((await addRecord(reader.api, id, { label: 'r' })).code).toBe(40300);
    expect(body(await post(reader.api, 'dataItem/updateRecord', { id: record, values: { label: 'r' } })).code).toBe(40300);
    expect(body(await post(reader.api, 'dataItem/deleteRecord', { id: record })).code).toBe(40300);
    expect(body(await post(reader.api, 'dataItem/updateDataItem', { id, name: 'Mine' })).code).toBe(40300);
    expect(body(await post(writer.api, 'dataItem/updateDataItem', { id, expiryDays: 3 })).code).toBe(0);
    expect(body(await post(writer.api, 'dataItem/deleteDataItem', { id })).code).toBe(40300);
    expect(body(await get(outsider.api, 'dataItem/getRecords', { itemId: String(id) })).code).toBe(40300);
    expect(body(await get(outsider.api, 'dataItem/getDataItem', { id: String(id) })).code).toBe(40300);
    expect(body(await get(outsider.api, 'dataItem/getDataItemList')).data.total).toBe(0);
    expect(body(await post(admin.api, 'dataItem/deleteDataItem', { id })).code).toBe(0);
  });

  it("company B gets 40400 for company A's item, record, form and jump ids", async () => {
    const a = await companyAdmin(t.app);
    const b = await companyAdmin(t.app);
    const dirA = await addDir(a.api, 'A');
    const itemA = await addItem(a.api, dirA, 'A data');
    const other = await addItem(a.api, dirA, 'A other');
    const recordA = (await addRecord(a.api, itemA, { label: 'a' })).data.id;
    const formA = body(await post(a.api, 'dataItem/addForm', { itemId: itemA, name: 'F', design: { elements: [{ key: 'l', type: 'input', label: 'L', field: 'label', required: true }] } })).data.id;
    const jumpA = body(await post(a.api, 'dataItem/addJump', { itemId: itemA, name: 'J', targetItemId: other })).data.id;
    const dirB = await addDir(b.api, 'B');
    const itemB = await addItem(b.api, dirB, 'B data');
    const childB = await addItem(b.api, dirB, 'B lines', [everyType[3]], { parentItemId: itemB });
    const calls: [string, string, unknown][] = [
      ['GET', 'dataItem/getDataItem', { id: String(itemA) }],
      ['GET', 'dataItem/getRecords', { itemId: String(itemA) }],
      ['GET', 'dataItem/getRecord', { id: String(recordA) }],
      ['GET', 'dataItem/exportRecords', { itemId: String(itemA), format: 'csv' }],
      ['GET', 'dataItem/getForm', { id: String(formA) }],
      ['GET', 'dataItem/getJumps', { itemId: String(itemA) }],
      ['POST', 'dataItem/addDataItem', { directoryId: dirA, name: 'x', kind: 10, fields: [everyType[3]] }],
      ['POST', 'dataItem/updateDataItem', { id: itemA, name: 'x' }],
      ['POST', 'dataItem/deleteDataItem', { id: itemA }],
      ['POST', 'dataItem/addRecord', { itemId: itemA, values: { label: 'b' } }],
      ['POST', 'dataItem/updateRecord', { id: recordA, values: { label: 'b' } }],
      ['POST', 'dataItem/deleteRecord', { id: recordA }],
      ['POST', 'dataItem/deleteRecords', { itemId: itemB, ids: [recordA] }],
      ['POST', 'dataItem/importRecords', { itemId: itemA, fileName: 'a.csv', content: Buffer.from('名称\nx\n').toString('base64') }],
      ['POST', 'dataItem/submitForm', { formId: formA, values: { label: 'b' } }],
      ['POST', 'dataItem/deleteJump', { id: jumpA }],
      ['POST', 'dataItem/addJump', { itemId: itemB, name: 'J', targetItemId: itemA }],
      ['POST', 'dataItem/addRecord', { itemId: childB, values: { label: 'b' }, parentRecordId: recordA }],
      ['POST', 'dataItem/addDataItem', { directoryId: dirB, name: 'y', kind: 10, fields: [everyType[3]], parentItemId: itemA }],
    ];
    for (const [method, url, payload] of calls) {
      const answer = method === 'GET' ? await get(b.api, url, payload as Record<string, unknown>) : await post(b.api, url, payload);
      expect(body(answer).code, `${url} ${JSON.stringify(payload)}`).toBe(40400);
    }
    expect((await records(a.api, itemA)).total).toBe(1);
  });
});

describe('platform hooks', () => {
  it('expires values per data item, reports values received, and shows the home card', async () => {
    const admin = await companyAdmin(t.app);
    const dir = await addDir(admin.api, 'Expiry');
    const short = await addItem(admin.api, dir, 'Short', [everyType[3]], { expiryDays: 1 });
    const forever = await addItem(admin.api, dir, 'Forever', [everyType[3]]);
    const now = Date.now();
    for (const itemId of [short, forever]) {
      const old = (await addRecord(admin.api, itemId, { label: 'old' })).data.id;
      await t.app.platform.db.updateTable('data_record').set({ created_at: now - 2 * 86_400_000 }).where('id', '=', old).execute();
      await addRecord(admin.api, itemId, { label: 'new' });
    }
    let purged = 0;
    for (const purger of t.app.platform.registry.purgers) {
      purged += await purger(admin.companyId, 0);
    }
    expect(purged).toBe(1);
    expect((await records(admin.api, short)).list.map((r) => r.values.label)).toEqual(['new']);
    expect((await records(admin.api, forever)).total).toBe(2);
    // With the company's retention, every item keeps at most that long.
    for (const purger of t.app.platform.registry.purgers) {
      await purger(admin.companyId, now - 86_400_000);
    }
    expect((await records(admin.api, forever)).list.map((r) => r.values.label)).toEqual(['new']);

    const platformAdmin = as(t.app, await signIn(t.app, 'admin', adminPassword));
    const acquisition = body(await platformAdmin({ url: '/general/system/getAcquisitionStatus' })).data;
    const row = (Array.isArray(acquisition) ? acquisition : acquisition.list).find((r: { companyId: number }) => r.companyId === admin.companyId);
    expect(row).toMatchObject({ valuesToday: 2 });

    const overview = body(await admin.api({ url: '/general/home/getOverview' })).data;
    expect(overview.cards).toContainEqual({ code: 'dataItems', count: 2 });
  });
});
