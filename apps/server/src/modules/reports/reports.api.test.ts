import ExcelJS from 'exceljs';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, body, createCompanyUser, createTestApp, signIn, type TestApp } from '@server/test/testApp';

/**
 * Report templates through the API (issue 17): values of bound cells and formulas against values
 * computed here by hand; the XLSX read back holds numbers with their formats; the PDF's text holds
 * the Chinese labels and values; refusals (validation, permissions, another company); scheduled
 * delivery into the personal center.
 */
type Api = ReturnType<typeof as>;
const codes = ['sd_capsule'];
const en = { 'accept-language': 'en-US' };

let t: TestApp;
let admin: Person;
interface Person {
  api: Api;
  companyId: number;
  userId: number;
}
beforeAll(async () => {
  t = await createTestApp();
  admin = await person(t.app, [...codes, 'um_role']);
});
afterAll(async () => {
  await t.close();
});

async function person(app: FastifyInstance, personCodes: string[], companyId?: number): Promise<Person> {
  const user = await createCompanyUser(app, { codes: personCodes, companyId });
  return { api: as(app, await signIn(app, user.userName, user.password)), companyId: user.companyId, userId: user.userId };
}
const post = (api: Api, url: string, payload: unknown, headers: Record<string, string> = {}) => api({ method: 'POST', url: `/general/${url}`, payload: payload as object, headers }).then(body);
const raw = (api: Api, url: string, query: Record<string, string | number>) => api({ method: 'GET', url: `/general/${url}?${new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)]))}` });
const get = (api: Api, url: string, query: Record<string, string | number> = {}, headers: Record<string, string> = {}) =>
  api({ method: 'GET', url: `/general/${url}?${new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)]))}`, headers }).then(body);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function addItem(api: Api, directoryId: number, name: string): Promise<number> {
  const answer = await post(api, 'dataItem/addDataItem', {
    directoryId,
    name,
    kind: 10,
    fields: [
      { name: '电量', fieldName: 'kwh', type: 1, unit: 'kWh', priority: 1 },
      { name: '备注', fieldName: 'note', type: 5, unit: '', priority: 2 },
    ],
  });
  expect(answer.code, JSON.stringify(answer)).toBe(0);
  return answer.data.id;
}

async function pdfText(buffer: Buffer): Promise<string> {
  const doc = await getDocument({ data: new Uint8Array(buffer), isEvalSupported: false }).promise;
  const parts: string[] = [];
  for (let p = 1; p <= doc.numPages; p++) {
    const content = await (await doc.getPage(p)).getTextContent();
    parts.push(content.items.map((item) => ('str' in item ? item.str : '')).join(' '));
  }
  return parts.join('\n');
}

const payloadOf = (response: LightMyRequestResponse) => response.rawPayload;

describe('report templates', () => {
  let directoryId: number;
  let itemId: number;
  let templateId: number;
  let windowFrom: number;
  let windowTo: number;

  beforeAll(async () => {
    directoryId = (await post(admin.api, 'cabin/addDirectory', { name: '报表目录' })).data.id;
    itemId = await addItem(admin.api, directoryId, '一号车间');
    // A value before the window, then the window's values (computed by hand below).
    expect((await post(admin.api, 'dataItem/addRecord', { itemId, values: { kwh: 1000 } })).code).toBe(0);
    await sleep(5);
    windowFrom = Date.now();
    await sleep(2);
    for (const kwh of [10, 20.5, 30, 4.25]) {
      expect((await post(admin.api, 'dataItem/addRecord', { itemId, values: { kwh } })).code).toBe(0);
    }
    windowTo = Date.now() + 60_000;
  });

  const cells = () => [
    { ref: 'A1', text: '一号车间月报', bold: true, align: 'center', fill: '#FDE68A' },
    { ref: 'A2', text: '用电合计' },
    { ref: 'B2', bind: { itemId, fieldName: 'kwh', aggregate: 'sum' }, format: '#,##0.00' },
    { ref: 'A3', text: '平均' },
    { ref: 'B3', bind: { itemId, fieldName: 'kwh', aggregate: 'avg' }, format: '0.000' },
    { ref: 'A4', text: '最大' },
    { ref: 'B4', bind: { itemId, fieldName: 'kwh', aggregate: 'max' } },
    { ref: 'A5', text: '最小' },
    { ref: 'B5', bind: { itemId, fieldName: 'kwh', aggregate: 'min' } },
    { ref: 'A6', text: '最新' },
    { ref: 'B6', bind: { itemId, fieldName: 'kwh', aggregate: 'last' } },
    { ref: 'A7', text: '条数' },
    { ref: 'B7', bind: { itemId, fieldName: 'kwh', aggregate: 'count' } },
    { ref: 'A8', text: '费用（元）' },
    { ref: 'B8', formula: '=B2*0.5+B7', format: '0.00', color: '#C00000' },
    { ref: 'C8', formula: 'SUM(B4:B5)-B6' },
  ];

  it('adds a template (contract) and computes its cells for a period, as computed by hand', async () => {
    const added = await post(admin.api, 'report/addTemplate', { directoryId, name: '车间能耗报表', cells: cells(), merges: [{ from: 'A1', to: 'C1' }], columnWidths: [16, 14, 12] });
    expect(added.code, JSON.stringify(added)).toBe(0);
    templateId = added.data.id;
    expect(templateId).toBeGreaterThan(0);

    const preview = await get(admin.api, 'report/preview', { templateId, from: windowFrom, to: windowTo });
    expect(preview.code, JSON.stringify(preview)).toBe(0);
    const values = Object.fromEntries((preview.data.cells as { ref: string; value: unknown }[]).map((c) => [c.ref, c.value]));
    const inWindow = [10, 20.5, 30, 4.25];
    const sum = inWindow.reduce((a, b) => a + b, 0); // 64.75
    expect(values.B2).toBeCloseTo(sum, 9);
    expect(values.B3).toBeCloseTo(sum / 4, 9);
    expect(values.B4).toBe(30);
    expect(values.B5).toBe(4.25);
    expect(values.B6).toBe(4.25);
    expect(values.B7).toBe(4);
    expect(values.B8).toBeCloseTo(sum * 0.5 + 4, 9);
    expect(values.C8).toBeCloseTo(30 + 4.25 - 4.25, 9);
    expect(values.A2).toBe('用电合计');
    const texts = Object.fromEntries((preview.data.cells as { ref: string; text: string }[]).map((c) => [c.ref, c.text]));
    expect(texts.B2).toBe('64.75');
    expect(texts.B3).toBe('16.188');
    expect(texts.B8).toBe('36.38');

    // The day containing now (company zone) holds the earlier value too.
    const day = await get(admin.api, 'report/preview', { templateId, period: 'day' });
    const dayValues = Object.fromEntries((day.data.cells as { ref: string; value: unknown }[]).map((c) => [c.ref, c.value]));
    expect(day.data.to - day.data.from).toBe(86_400_000);
    expect(dayValues.B2).toBeCloseTo(sum + 1000, 9);
    expect(dayValues.B7).toBe(5);
  });

  it('exports XLSX with numeric cells, formats, formulas with results and merges', async () => {
    const response = await admin.api({ method: 'GET', url: `/general/report/export?templateId=${templateId}&from=${windowFrom}&to=${windowTo}&format=xlsx` });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(String(response.headers['content-disposition'])).toContain('attachment');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(payloadOf(response) as unknown as ArrayBuffer);
    const ws = workbook.worksheets[0]!;
    expect(ws.getCell('A2').value).toBe('用电合计');
    const b2 = ws.getCell('B2');
    expect(b2.type).toBe(ExcelJS.ValueType.Number);
    expect(b2.value).toBeCloseTo(64.75, 9);
    expect(b2.numFmt).toBe('#,##0.00');
    expect(ws.getCell('B7').value).toBe(4);
    const b8 = ws.getCell('B8');
    expect(b8.type).toBe(ExcelJS.ValueType.Formula);
    expect((b8.value as { formula: string }).formula).toBe('B2*0.5+B7');
    expect((b8.value as { result: number }).result).toBeCloseTo(36.375, 9);
    expect(ws.getCell('C1').isMerged).toBe(true);
    expect(ws.getCell('A1').font?.bold).toBe(true);
    expect(ws.getColumn(1).width).toBe(16);
  });

  it("names the file by its period in the company's zone (issue 31.9): a month yyyy-MM, a day yyyy-MM-dd, other days first_last", async () => {
    // 2026-11-30 17:30 UTC is 2026-12-01 01:30 in Shanghai: December, Tuesday the 1st.
    const at = Date.UTC(2026, 10, 30, 17, 30);
    const nameOf = async (query: string) => {
      const response = await admin.api({ method: 'GET', url: `/general/report/export?templateId=${templateId}&format=xlsx&${query}` });
      expect(response.statusCode).toBe(200);
      return decodeURIComponent(String(response.headers['content-disposition']).replace("attachment; filename*=UTF-8''", ''));
    };
    expect(await nameOf(`period=month&at=${at}`)).toBe('车间能耗报表-2026-12.xlsx');
    expect(await nameOf(`period=day&at=${at}`)).toBe('车间能耗报表-2026-12-01.xlsx');
    expect(await nameOf(`period=week&at=${at}`)).toBe('车间能耗报表-2026-11-30_2026-12-06.xlsx');
    const shanghaiMidnight = Date.UTC(2026, 11, 1) - 8 * 3_600_000;
    expect(await nameOf(`from=${shanghaiMidnight}&to=${shanghaiMidnight + 3 * 86_400_000}`)).toBe('车间能耗报表-2026-12-01_2026-12-03.xlsx');
  });

  it('exports a PDF whose text holds the Chinese labels and the values', async () => {
    const response = await admin.api({ method: 'GET', url: `/general/report/export?templateId=${templateId}&from=${windowFrom}&to=${windowTo}&format=pdf` });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    const text = await pdfText(payloadOf(response));
    for (const label of ['车间能耗报表', '一号车间月报', '用电合计', '平均', '费用（元）', '条数']) {
      expect(text).toContain(label);
    }
    expect(text).toContain('64.75');
    expect(text).toContain('16.188');
    expect(text).toContain('36.38');
  });

  it('reads and updates the layout; refuses bad cells with translated reasons (50001)', async () => {
    const template = await get(admin.api, 'report/getTemplate', { id: templateId });
    expect(template.code).toBe(0);
    expect(template.data.name).toBe('车间能耗报表');
    expect(template.data.cells.find((c: { ref: string }) => c.ref === 'B8').formula).toBe('B2*0.5+B7');
    expect(template.data.merges).toEqual([{ from: 'A1', to: 'C1' }]);

    const updated = await post(admin.api, 'report/updateTemplate', { id: templateId, cells: [...cells(), { ref: 'D1', text: '新增' }], merges: [], columnWidths: [20] });
    expect(updated.code, JSON.stringify(updated)).toBe(0);
    expect((await get(admin.api, 'report/getTemplate', { id: templateId })).data.columnWidths).toEqual([20]);

    const bad = async (cellsOrMore: Record<string, unknown>, reason: RegExp) => {
      const answer = await post(admin.api, 'report/updateTemplate', { id: templateId, cells: [], ...cellsOrMore }, en);
      expect(answer.code, JSON.stringify(answer)).toBe(50001);
      expect(String(answer.data)).toMatch(reason);
    };
    await bad({ cells: [{ ref: 'A1', text: 'x', formula: '1+1' }] }, /one of text, a formula or a binding/);
    await bad({ cells: [{ ref: 'AA1', text: 'x' }] }, /A1 to Z200/);
    await bad({ cells: [{ ref: 'A1', text: 'x' }, { ref: 'a1', text: 'y' }] }, /appears twice/);
    await bad({ cells: [{ ref: 'B2', formula: 'SUM(A1:A2' }] }, /formula of cell B2 cannot be read/);
    await bad({ cells: [{ ref: 'B2', bind: { itemId, fieldName: 'note', aggregate: 'sum' } }] }, /not a number field/);
    await bad({ cells: [{ ref: 'B2', bind: { itemId, fieldName: 'nope', aggregate: 'sum' } }] }, /does not exist/);
    await bad({ cells: [{ ref: 'B2', bind: { itemId, fieldName: 'kwh', aggregate: 'median' } }] }, /./);
    await bad({ merges: [{ from: 'A1', to: 'B2' }, { from: 'B1', to: 'C1' }] }, /cannot overlap/);
    await bad({ columnWidths: [500] }, /column width/);
    const zh = await post(admin.api, 'report/addTemplate', { directoryId, name: '', cells: [] });
    expect(zh.code).toBe(50001);
    expect(String(zh.data)).toContain('名称');

    const period = await get(admin.api, 'report/preview', { templateId, from: windowTo, to: windowFrom }, en);
    expect(period.code).toBe(50001);
    expect(String(period.data)).toMatch(/end must be after the start/);
    expect((await get(admin.api, 'report/preview', { templateId }, en)).code).toBe(50001);
  });

  it('computes formula errors and cycles instead of failing', async () => {
    const added = await post(admin.api, 'report/addTemplate', {
      directoryId,
      name: '公式',
      cells: [
        { ref: 'A1', formula: 'A2+1' },
        { ref: 'A2', formula: 'A1+1' },
        { ref: 'B1', formula: '1/0' },
        { ref: 'B2', formula: 'B1+1' },
        { ref: 'C1', formula: 'ROUND(10/3,2)' },
        { ref: 'C2', formula: 'IF(C1>3,"高","低")' },
      ],
    });
    expect(added.code, JSON.stringify(added)).toBe(0);
    const preview = await get(admin.api, 'report/preview', { templateId: added.data.id, period: 'month' });
    const byRef = Object.fromEntries((preview.data.cells as { ref: string; value: unknown; error?: string }[]).map((c) => [c.ref, c]));
    expect(byRef.A1.error).toBe('#CYCLE!');
    expect(byRef.B1.error).toBe('#DIV/0!');
    expect(byRef.B2.error).toBe('#DIV/0!');
    expect(byRef.C1.value).toBe(3.33);
    expect(byRef.C2.value).toBe('高');

    // The XLSX keeps a formula whose result is an error, with that error as its result (not the
    // text "#DIV/0!", issue 31.10).
    const response = await admin.api({ method: 'GET', url: `/general/report/export?templateId=${added.data.id}&from=${windowFrom}&to=${windowTo}&format=xlsx` });
    expect(response.statusCode).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(payloadOf(response) as unknown as ArrayBuffer);
    const ws = workbook.worksheets[0]!;
    expect(ws.getCell('B1').value).toEqual({ formula: '1/0', result: { error: '#DIV/0!' } });
    expect(ws.getCell('B2').value).toEqual({ formula: 'B1+1', result: { error: '#DIV/0!' } });
    expect(ws.getCell('C1').value).toEqual({ formula: 'ROUND(10/3,2)', result: 3.33 });
  });

  it('a meter binding is the meter consumption over the same period (the meters module)', async () => {
    const meter = await post(admin.api, 'meter/addMeter', { directoryId, name: '总表', nodeType: 101, source: { itemId, fieldName: 'kwh' } });
    expect(meter.code, JSON.stringify(meter)).toBe(0);
    const added = await post(admin.api, 'report/addTemplate', { directoryId, name: '电表报表', cells: [{ ref: 'A1', text: '总表用电' }, { ref: 'B1', bind: { meterId: meter.data.id } }, { ref: 'C1', formula: 'B1/2' }] });
    expect(added.code, JSON.stringify(added)).toBe(0);
    const day = await get(admin.api, 'report/preview', { templateId: added.data.id, period: 'day' });
    const consumption = await get(admin.api, 'meter/getConsumption', { meterId: meter.data.id, from: day.data.from, to: day.data.to, interval: 'day' });
    expect(consumption.code).toBe(0);
    const values = Object.fromEntries((day.data.cells as { ref: string; value: unknown }[]).map((c) => [c.ref, c.value]));
    expect(consumption.data.list.length).toBeGreaterThan(0);
    expect(values.B1).toBe(consumption.data.total);
    expect(values.C1).toBeCloseTo(consumption.data.total / 2, 9);
    // A meter the caller cannot read is refused on save.
    const other = await person(t.app, codes);
    const refused = await post(other.api, 'report/addTemplate', { directoryId: (await post(other.api, 'cabin/addDirectory', { name: '别的' })).data.id, name: 'x', cells: [{ ref: 'A1', bind: { meterId: meter.data.id } }] });
    expect(refused.code).toBe(40400);
  });

  it('answers by node permission: read to preview and export, write to edit; another company sees nothing', async () => {
    const reader = await person(t.app, codes, admin.companyId);
    const stranger = await person(t.app, codes, admin.companyId);
    const node = (await get(admin.api, 'report/getTemplate', { id: templateId })).data.nodeId;
    const grant = await post(admin.api, 'cabin/setPermission', { nodeId: node, mode: 'custom', grants: [{ scope: 'user', targetId: reader.userId, level: 'read' }] });
    expect(grant.code, JSON.stringify(grant)).toBe(0);
    expect((await get(stranger.api, 'report/getTemplate', { id: templateId })).code).toBe(40300);
    expect((await raw(stranger.api, 'report/export', { templateId, from: windowFrom, to: windowTo, format: 'xlsx' })).statusCode).toBe(403);
    expect((await get(reader.api, 'report/preview', { templateId, from: windowFrom, to: windowTo })).code).toBe(0);
    expect((await raw(reader.api, 'report/export', { templateId, from: windowFrom, to: windowTo, format: 'pdf' })).statusCode).toBe(200);
    expect((await post(reader.api, 'report/updateTemplate', { id: templateId, cells: [] })).code).toBe(40300);

    const other = await person(t.app, codes);
    expect((await get(other.api, 'report/getTemplate', { id: templateId })).code).toBe(40400);
    expect((await raw(other.api, 'report/export', { templateId, from: windowFrom, to: windowTo, format: 'xlsx' })).statusCode).toBe(404);
  });

  it('delivers a scheduled report of the closed period into the personal center', async () => {
    const schedule = await post(admin.api, 'report/setSchedule', { templateId, frequency: 'daily', format: 'xlsx', emails: ['ops@example.com'] });
    expect(schedule.code, JSON.stringify(schedule)).toBe(0);
    const next: number = schedule.data.nextRunAt;
    expect(next).toBeGreaterThan(Date.now());
    expect((next + 8 * 3_600_000) % 86_400_000).toBe(0); // local midnight in Asia/Shanghai
    expect(await t.app.reports.sweep(next - 1)).toBe(0);
    expect(await t.app.reports.sweep(next + 1000)).toBe(1);
    // The same run is not delivered twice.
    expect(await t.app.reports.sweep(next + 2000)).toBe(0);

    const list = await get(admin.api, 'report/getDeliveries');
    expect(list.code).toBe(0);
    expect(list.data.total).toBe(1);
    const delivery = list.data.list[0];
    expect(delivery.templateName).toBe('车间能耗报表');
    expect(delivery.to).toBe(next);
    expect(delivery.to - delivery.from).toBe(86_400_000);
    const file = await raw(admin.api, 'report/downloadDelivery', { id: delivery.id });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(file.rawPayload as unknown as ArrayBuffer);
    // The delivered period is the local day that closed at `next`: today, with all five values.
    expect(workbook.worksheets[0]!.getCell('B7').value).toBe(5);

    const other = await person(t.app, codes);
    expect((await get(other.api, 'report/getDeliveries')).data.total).toBe(0);
    expect((await raw(other.api, 'report/downloadDelivery', { id: delivery.id })).statusCode).toBe(404);
  });
});

describe('scheduled reports by e-mail', () => {
  it('mails the delivered file as an attachment to the schedule addresses when SMTP is configured', async () => {
    const { SMTPServer } = await import('smtp-server');
    const received: Array<{ to: string[]; text: string }> = [];
    const smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      onData(stream, session, done) {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          received.push({ to: session.envelope.rcptTo.map((r) => r.address), text: Buffer.concat(chunks).toString('utf8') });
          done();
        });
      },
    });
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
    const smtpPort = (smtp.server.address() as { port: number }).port;
    const mailed = await createTestApp({ smtpUrl: `smtp://127.0.0.1:${smtpPort}`, mailFrom: 'reports@example.com' });
    try {
      const boss = await person(mailed.app, [...codes, 'um_role']);
      const dir = (await post(boss.api, 'cabin/addDirectory', { name: '月报' })).data.id;
      const added = await post(boss.api, 'report/addTemplate', { directoryId: dir, name: '月度报表', cells: [{ ref: 'A1', text: '合计' }, { ref: 'B1', formula: '6*7' }] });
      expect(added.code).toBe(0);
      const schedule = await post(boss.api, 'report/setSchedule', { templateId: added.data.id, frequency: 'monthly', format: 'pdf', emails: ['Ops@Example.com'] });
      expect(schedule.code, JSON.stringify(schedule)).toBe(0);
      expect(schedule.data.emails).toEqual(['ops@example.com']);
      expect(await mailed.app.reports.sweep(schedule.data.nextRunAt + 1)).toBe(1);
      await expect.poll(() => received.length).toBe(1);
      expect(received[0]!.to).toEqual(['reports@example.com', 'ops@example.com']);
      expect(received[0]!.text).toMatch(/Content-Type: application\/pdf/i);
      expect(received[0]!.text).toMatch(/Content-Disposition: attachment/i);
      const list = (await get(boss.api, 'report/getDeliveries')).data;
      expect(list.total).toBe(1);
      expect(list.list[0].format).toBe('pdf');
    } finally {
      await mailed.close();
      await new Promise<void>((resolve) => smtp.close(() => resolve()));
    }
  });
});
