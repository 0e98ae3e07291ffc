import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { as, body, createCompanyUser, createTestApp, signIn, type TestApp } from '@server/test/testApp';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

type Api = (options: InjectOptions) => Promise<LightMyRequestResponse>;

async function person(app: FastifyInstance, companyId?: number, codes = ['sd_capsule', 'um_role']) {
  const user = await createCompanyUser(app, { codes, companyId });
  return { api: as(app, await signIn(app, user.userName, user.password)), userId: user.userId, companyId: user.companyId };
}

const en = { 'accept-language': 'en-US' };
const fields = [
  { name: '名称', fieldName: 'label', type: 5, required: true },
  { name: 'Temperature', fieldName: 'temperature', type: 1, decimalPlaces: 1 },
  { name: 'Read at', fieldName: 'readAt', type: 4, dateDisplay: 'datetime' },
  { name: 'Count', fieldName: 'count', type: 10 },
];

async function setup(api: Api): Promise<number> {
  const dir = body(await api({ method: 'POST', url: '/general/cabin/addDirectory', payload: { name: 'Transfer' } })).data.id;
  const answer = body(await api({ method: 'POST', url: '/general/dataItem/addDataItem', payload: { directoryId: dir, name: 'Batch', kind: 10, fields } }));
  expect(answer.code).toBe(0);
  return answer.data.id;
}

const importFile = (api: Api, itemId: number, fileName: string, content: Buffer, dryRun = false) =>
  api({ method: 'POST', url: '/general/dataItem/importRecords', payload: { itemId, fileName, content: content.toString('base64'), dryRun }, headers: en }).then(body);

async function total(api: Api, itemId: number): Promise<number> {
  return body(await api({ url: `/general/dataItem/getRecords?itemId=${itemId}` })).data.total;
}

async function xlsx(rows: unknown[][]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Data');
  for (const row of rows) {
    sheet.addRow(row);
  }
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

describe('export', () => {
  it("names the file by the company's wall clock, not UTC (issue 31.9): 17:30 UTC is 01:30 the next day in Shanghai", async () => {
    const admin = await person(t.app);
    const itemId = await setup(admin.api);
    // The next 17:30:15 UTC (after now, so the session stays valid).
    const today = Date.parse(`${new Date().toISOString().slice(0, 10)}T17:30:15Z`);
    const at = today > Date.now() ? today : today + 86_400_000;
    const shanghai = new Date(at + 8 * 3_600_000).toISOString().replace(/[-:T]/g, '').slice(0, 14);
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(at);
    try {
      const csv = await admin.api({ url: `/general/dataItem/exportRecords?itemId=${itemId}&format=csv` });
      expect(csv.headers['content-disposition']).toBe(`attachment; filename*=UTF-8''Batch-${shanghai}.csv`);
      expect(shanghai.slice(8)).toBe('013015');
    } finally {
      vi.useRealTimers();
    }
  });

  it('downloads the filtered records as CSV (BOM, formula guard) and XLSX', async () => {
    const admin = await person(t.app);
    const itemId = await setup(admin.api);
    for (const values of [
      { label: 'pump, "A"', temperature: 20.5, readAt: '2026-01-02 03:04:05', count: 3 },
      { label: '=SUM(A1)', temperature: 30, count: 4 },
    ]) {
      expect(body(await admin.api({ method: 'POST', url: '/general/dataItem/addRecord', payload: { itemId, values } })).code).toBe(0);
    }
    const csv = await admin.api({ url: `/general/dataItem/exportRecords?itemId=${itemId}&format=csv&sort=${encodeURIComponent(JSON.stringify({ field: 'count', order: 'asc' }))}`, headers: en });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.headers['content-disposition']).toMatch(/^attachment; filename\*=UTF-8''Batch-\d{14}\.csv$/);
    expect(csv.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    const lines = csv.rawPayload.subarray(3).toString('utf8').trimEnd().split('\r\n');
    expect(lines[0]).toBe('ID,名称,Temperature,Read at,Count,Created at');
    expect(lines[1]).toMatch(/^\d+,"pump, ""A""",20.5,2026-01-02 03:04:05,3,\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
    expect(lines[2]).toMatch(/^\d+,'=SUM\(A1\),30,,4,/);

    const filtered = await admin.api({ url: `/general/dataItem/exportRecords?itemId=${itemId}&format=xlsx&filters=${encodeURIComponent(JSON.stringify([{ field: 'count', op: 'eq', value: 3 }]))}` });
    expect(filtered.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(filtered.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    expect(sheet.rowCount).toBe(2);
    expect(sheet.getRow(1).values).toEqual([undefined, 'ID', '名称', 'Temperature', 'Read at', 'Count', '创建时间']);
    expect((sheet.getRow(2).values as unknown[]).slice(2, 6)).toEqual(['pump, "A"', 20.5, '2026-01-02 03:04:05', 3]);
  });

  it('needs read on the item', async () => {
    const admin = await person(t.app);
    const itemId = await setup(admin.api);
    const reader = await person(t.app, admin.companyId, ['sd_capsule']);
    const nodeId = body(await admin.api({ url: `/general/dataItem/getDataItem?id=${itemId}` })).data.nodeId;
    await admin.api({ method: 'POST', url: '/general/cabin/setPermission', payload: { nodeId, mode: 'custom', grants: [{ scope: 'user', targetId: reader.userId, level: 'read' }] } });
    expect((await reader.api({ url: `/general/dataItem/exportRecords?itemId=${itemId}&format=csv` })).statusCode).toBe(200);
    const outsider = await person(t.app, admin.companyId, ['sd_capsule']);
    expect(body(await outsider.api({ url: `/general/dataItem/exportRecords?itemId=${itemId}` })).code).toBe(40300);
    // Importing needs read-write.
    expect((await importFile(reader.api, itemId, 'a.csv', Buffer.from('名称\nx\n'))).code).toBe(40300);
  });
});

describe('import', () => {
  it('imports every row of a good CSV file, matching columns by name or key and skipping ID and times', async () => {
    const admin = await person(t.app);
    const itemId = await setup(admin.api);
    const csv = Buffer.from('\uFEFFID,名称,temperature,Read at,count,Created at\r\n1,"Line, 1",21.25,2026-02-03 04:05:06,7,2026-01-01\r\n2,\'=1+2,,,,\r\n,,,,,\r\n', 'utf8');
    const report = await importFile(admin.api, itemId, 'data.csv', csv);
    expect(report).toEqual({ code: 0, msg: 'success', data: { rows: 2, imported: 2, errors: [] } });
    const list = body(await admin.api({ url: `/general/dataItem/getRecords?itemId=${itemId}&sort=${encodeURIComponent('{"field":"id","order":"asc"}')}` })).data.list;
    expect(list.map((r: { values: unknown; source: string }) => [r.values, r.source])).toEqual([
      [{ label: 'Line, 1', temperature: 21.3, readAt: Date.UTC(2026, 1, 2, 20, 5, 6), count: 7 }, 'import'],
      [{ label: '=1+2' }, 'import'],
    ]);
  });

  it('imports nothing from a file with one bad row, and reports the row', async () => {
    const admin = await person(t.app);
    const itemId = await setup(admin.api);
    const csv = Buffer.from('名称,Temperature,Count\r\nok 1,1,1\r\nok 2,2,2\r\nbad,hot,3\r\nok 4,4,4\r\n');
    const dry = await importFile(admin.api, itemId, 'data.csv', csv, true);
    expect(dry).toEqual({ code: 0, msg: 'success', data: { rows: 4, imported: 0, errors: [{ row: 4, column: 'Temperature', message: 'Temperature: enter a number' }] } });
    const real = await importFile(admin.api, itemId, 'data.csv', csv);
    expect(real).toEqual({ code: 50001, msg: 'Validation failed', data: 'Nothing was imported: the file has 1 problems:\nRow 4: Temperature: enter a number' });
    expect(await total(admin.api, itemId)).toBe(0);

    const book = await xlsx([
      ['名称', 'Count', 'Read at'],
      ['a', 1, new Date(Date.UTC(2026, 4, 6, 7, 8, 9))],
      ['', 2, null],
      ['c', 2.5, null],
    ]);
    const xlsxReport = await importFile(admin.api, itemId, 'data.xlsx', book, true);
    expect(xlsxReport.data.errors).toEqual([
      { row: 3, column: '名称', message: '名称: this field is required' },
      { row: 4, column: 'Count', message: 'Count: enter a whole number' },
    ]);
    expect((await importFile(admin.api, itemId, 'data.xlsx', book)).code).toBe(50001);
    expect(await total(admin.api, itemId)).toBe(0);

    const good = await xlsx([
      ['名称', 'Count', 'Read at'],
      ['a', 1, new Date(Date.UTC(2026, 4, 6, 7, 8, 9))],
    ]);
    expect((await importFile(admin.api, itemId, 'data.xlsx', good)).data).toEqual({ rows: 1, imported: 1, errors: [] });
    const record = body(await admin.api({ url: `/general/dataItem/getRecords?itemId=${itemId}` })).data.list[0];
    // The spreadsheet's wall clock is read in the company's time zone (Asia/Shanghai).
    expect(record.values).toEqual({ label: 'a', count: 1, readAt: Date.UTC(2026, 4, 5, 23, 8, 9) });
  });

  it('reads the cached result of a formula cell; a formula saved without one, or resulting in an error, is a row error naming the cell', async () => {
    const admin = await person(t.app);
    const itemId = await setup(admin.api);
    // What Excel and WPS save: the formula with its result.
    const calculated = await xlsx([
      ['名称', 'Temperature', 'Count'],
      ['pump', { formula: '20.5+1', result: 21.5 }, { formula: 'LEN(A2)', result: 4 }],
    ]);
    expect((await importFile(admin.api, itemId, 'calculated.xlsx', calculated)).data).toEqual({ rows: 1, imported: 1, errors: [] });
    const record = body(await admin.api({ url: `/general/dataItem/getRecords?itemId=${itemId}` })).data.list[0];
    expect(record.values).toEqual({ label: 'pump', temperature: 21.5, count: 4 });

    // What openpyxl (and pandas through it) saves: only the formula, no result to read.
    const uncalculated = await xlsx([
      ['名称', 'Temperature', 'Count'],
      ['valve', { formula: 'B3*2' }, 3],
      ['fan', 2, { formula: '1/0', result: { error: '#DIV/0!' } }],
    ]);
    const report = await importFile(admin.api, itemId, 'uncalculated.xlsx', uncalculated, true);
    expect(report.data).toEqual({
      rows: 2,
      imported: 0,
      errors: [
        { row: 2, column: 'Temperature', message: 'Cell B2 holds a formula (=B3*2) saved without its result: open and save the file in Excel or WPS before importing, or enter the value' },
        { row: 3, column: 'Count', message: 'The formula in cell C3 results in the error #DIV/0!' },
      ],
    });
    const refused = await importFile(admin.api, itemId, 'uncalculated.xlsx', uncalculated);
    expect(refused.code).toBe(50001);
    expect(refused.data).toContain('Row 2: Cell B2 holds a formula');
    expect(await total(admin.api, itemId)).toBe(1);
  });

  it('reports unknown and missing columns, and refuses other files', async () => {
    const admin = await person(t.app);
    const itemId = await setup(admin.api);
    const dry = await importFile(admin.api, itemId, 'x.csv', Buffer.from('Temperature,Colour\n1,red\n'), true);
    expect(dry.data.errors).toEqual([
      { row: 1, column: 'Colour', message: 'The data item has no such field' },
      { row: 1, column: '名称', message: 'The column of this required field is missing' },
    ]);
    expect((await importFile(admin.api, itemId, 'x.txt', Buffer.from('a'))).data).toBe('Upload a CSV or XLSX file');
    expect((await importFile(admin.api, itemId, 'x.xlsx', Buffer.from('not a zip'))).data).toBe('The file cannot be read');
    expect((await importFile(admin.api, itemId, 'x.csv', Buffer.from(''))).code).toBe(50001);
    // A Chinese Excel CSV (GB18030) is read too.
    const gbk = Buffer.from([0xc3, 0xfb, 0xb3, 0xc6, 0x0d, 0x0a, 0xb1, 0xc3, 0x0d, 0x0a]); // 名称\r\n泵\r\n
    expect((await importFile(admin.api, itemId, 'gbk.csv', gbk)).data).toEqual({ rows: 1, imported: 1, errors: [] });
    expect(body(await admin.api({ url: `/general/dataItem/getRecords?itemId=${itemId}` })).data.list[0].values).toEqual({ label: '泵' });
  });
});
