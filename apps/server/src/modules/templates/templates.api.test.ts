import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import type { RichNode } from '@smartdata/domain';
import { SmsOutboxRepository } from '@server/platform/sms.repository';
import { as, body, createCompanyUser, createTestApp, signIn, type TestApp } from '@server/test/testApp';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

type Api = (options: InjectOptions) => Promise<LightMyRequestResponse>;
interface Person {
  api: Api;
  userId: number;
  companyId: number;
  userName: string;
}

async function person(app: FastifyInstance, companyId?: number, codes: string[] = ['sd_capsule'], companyName?: string): Promise<Person> {
  const user = await createCompanyUser(app, { codes, companyId, companyName });
  return { api: as(app, await signIn(app, user.userName, user.password)), userId: user.userId, companyId: user.companyId, userName: user.userName };
}

const post = (api: Api, url: string, payload: unknown, headers: Record<string, string> = {}) => api({ method: 'POST', url: `/general/${url}`, payload: payload as object, headers });
const get = (api: Api, url: string, headers: Record<string, string> = {}) => api({ method: 'GET', url: `/general/${url}`, headers });
const en = { 'accept-language': 'en-US' };

async function pdfText(bytes: Buffer): Promise<string> {
  const pdf = await getDocument({ data: new Uint8Array(bytes), useSystemFonts: false, isEvalSupported: false }).promise;
  const lines: string[] = [];
  for (let n = 1; n <= pdf.numPages; n += 1) {
    const content = await (await pdf.getPage(n)).getTextContent();
    lines.push(content.items.map((item) => ('str' in item ? item.str : '')).join(''));
  }
  await pdf.destroy();
  return lines.join('\n');
}

/** A data item with a text, a decimal with a unit and a date-time field, and one record of it. */
async function itemWithRecord(who: Person, name = '巡检记录') {
  const directory = body(await post(who.api, 'cabin/addDirectory', { parentId: null, name: `${name}目录` }));
  expect(directory.code, JSON.stringify(directory)).toBe(0);
  const item = body(
    await post(who.api, 'dataItem/addDataItem', {
      directoryId: directory.data.id,
      name,
      kind: 10,
      fields: [
        { name: '设备名称', fieldName: 'device', type: 5, priority: 1 },
        { name: '温度', fieldName: 'temp', type: 1, unit: '℃', priority: 2 },
        { name: '结论', fieldName: 'verdict', type: 5, priority: 3 },
      ],
    }),
  );
  expect(item.code, JSON.stringify(item)).toBe(0);
  const record = body(await post(who.api, 'dataItem/addRecord', { itemId: item.data.id, values: { device: '一号锅炉', temp: 36.5, verdict: '合格' } }));
  expect(record.code, JSON.stringify(record)).toBe(0);
  const itemNode = body(await get(who.api, `dataItem/getDataItem?id=${item.data.id}`)).data.nodeId as number;
  return { itemId: item.data.id as number, recordId: record.data.id as number, itemNode };
}

const placeholder = (key: string, label: string, marks?: { type: string }[]): RichNode => ({ type: 'placeholder', attrs: { key, label }, ...(marks ? { marks } : {}) });
const para = (...content: RichNode[]): RichNode => ({ type: 'paragraph', content });
const text = (value: string, marks?: { type: string }[]): RichNode => ({ type: 'text', text: value, ...(marks ? { marks } : {}) });

/** An inspection sheet: heading, paragraph with placeholders, a list and a table. */
const inspectionSheet: RichNode = {
  type: 'doc',
  content: [
    { type: 'heading', attrs: { level: 1 }, content: [text('设备巡检单')] },
    para(text('设备：'), placeholder('device', '设备名称', [{ type: 'bold' }]), text('，公司：'), placeholder('@companyName', '公司名称')),
    para(text('记录时间：', [{ type: 'italic' }]), placeholder('@recordTime', '记录时间'), text(' 填写人：', [{ type: 'underline' }]), placeholder('@creator', '创建人')),
    { type: 'bulletList', content: [{ type: 'listItem', content: [para(text('检查温度'))] }] },
    {
      type: 'table',
      content: [
        { type: 'tableRow', content: [{ type: 'tableHeader', content: [para(text('温度'))] }, { type: 'tableHeader', content: [para(text('结论'))] }] },
        { type: 'tableRow', content: [{ type: 'tableCell', content: [para(placeholder('temp', '温度'))] }, { type: 'tableCell', content: [para(placeholder('verdict', '结论'))] }] },
      ],
    },
  ],
};

describe('document templates', () => {
  it('fills a template for a record: JSON, HTML and a PDF whose text holds the Chinese labels and values', async () => {
    const owner = await person(t.app, undefined, ['sd_capsule'], '华东制造');
    const { itemId, recordId } = await itemWithRecord(owner);

    const added = body(await post(owner.api, 'template/addDocTemplate', { itemId, name: '巡检单', body: inspectionSheet }));
    expect(added.code, JSON.stringify(added)).toBe(0);
    const templateId = added.data.id as number;

    const list = body(await get(owner.api, `template/getDocTemplates?itemId=${itemId}`)).data;
    expect(list).toMatchObject({ itemName: '巡检记录', level: 'readWrite', list: [{ id: templateId, name: '巡检单', itemId }] });
    expect(body(await get(owner.api, `template/getDocTemplate?id=${templateId}`)).data.body).toEqual(inspectionSheet);

    const rendered = body(await get(owner.api, `template/renderDocument?templateId=${templateId}&recordId=${recordId}`));
    expect(rendered.code, JSON.stringify(rendered)).toBe(0);
    const json = JSON.stringify(rendered.data.document);
    expect(json).not.toContain('placeholder');
    expect(rendered.data.document.content[1].content).toEqual([text('设备：'), text('一号锅炉', [{ type: 'bold' }]), text('，公司：'), text('华东制造')]);
    expect(rendered.data.html).toContain('<strong>一号锅炉</strong>');
    expect(rendered.data.html).toContain('<td><p>36.5 ℃</p></td>');
    expect(rendered.data.html).toContain(`填写人：</u>${owner.userName}`);
    expect(rendered.data.html).toMatch(/记录时间：<\/em>\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}/);

    const exported = await get(owner.api, `template/exportDocumentPdf?templateId=${templateId}&recordId=${recordId}`);
    expect(exported.statusCode).toBe(200);
    expect(exported.headers['content-type']).toBe('application/pdf');
    expect(String(exported.headers['content-disposition'])).toContain(encodeURIComponent('巡检单'));
    const pdf = exported.rawPayload;
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const pdfString = await pdfText(pdf);
    for (const expected of ['设备巡检单', '设备：', '一号锅炉', '华东制造', '温度', '结论', '36.5 ℃', '合格', '检查温度']) {
      expect(pdfString).toContain(expected);
    }
    // The font is embedded as a subset: a whole CJK font is over 10 MB.
    expect(pdf.length).toBeLessThan(400_000);
  });

  it('refuses a body with an unknown node or an unknown field with a translated 50001', async () => {
    const owner = await person(t.app);
    const { itemId } = await itemWithRecord(owner);
    const withImage = { type: 'doc', content: [{ type: 'image', attrs: { src: 'http://example.invalid/x.png' } }] };
    const zh = body(await post(owner.api, 'template/addDocTemplate', { itemId, name: '带图片', body: withImage }));
    expect(zh.code).toBe(50001);
    expect(JSON.stringify(zh.data)).toContain('模板包含不支持的内容类型：image');
    const english = body(await post(owner.api, 'template/addDocTemplate', { itemId, name: 'image', body: withImage }, en));
    expect(english.code).toBe(50001);
    expect(JSON.stringify(english.data)).toContain('The template contains an unsupported element: image');

    const unknownField = body(await post(owner.api, 'template/addDocTemplate', { itemId, name: '错字段', body: { type: 'doc', content: [para(placeholder('pressure', '压力'))] } }, en));
    expect(unknownField.code).toBe(50001);
    expect(JSON.stringify(unknownField)).toContain('A placeholder names a field the data item does not have: pressure');
    const script = body(await post(owner.api, 'template/addDocTemplate', { itemId, name: '脚本', body: { type: 'doc', content: [para(text('x', [{ type: 'link' }]))] } }));
    expect(script.code).toBe(50001);
    expect(body(await get(owner.api, `template/getDocTemplates?itemId=${itemId}`)).data.list).toEqual([]);
  });

  it("keeps another company out (40400) and follows the item's node permissions: read prints, read-write edits", async () => {
    const owner = await person(t.app, undefined, ['sd_capsule', 'um_role']);
    const { itemId, recordId, itemNode } = await itemWithRecord(owner);
    const templateId = body(await post(owner.api, 'template/addDocTemplate', { itemId, name: '交货单', body: inspectionSheet })).data.id as number;

    const stranger = await person(t.app);
    const strangerItem = await itemWithRecord(stranger, '别家');
    expect(body(await get(stranger.api, `template/getDocTemplates?itemId=${itemId}`)).code).toBe(40400);
    expect(body(await get(stranger.api, `template/getDocTemplate?id=${templateId}`)).code).toBe(40400);
    expect(body(await get(stranger.api, `template/renderDocument?templateId=${templateId}&recordId=${recordId}`)).code).toBe(40400);
    expect((await get(stranger.api, `template/exportDocumentPdf?templateId=${templateId}&recordId=${recordId}`)).statusCode).toBe(404);
    expect(body(await post(stranger.api, 'template/updateDocTemplate', { id: templateId, name: 'x', body: inspectionSheet })).code).toBe(40400);
    expect(body(await post(stranger.api, 'template/deleteDocTemplate', { id: templateId })).code).toBe(40400);
    expect(body(await post(stranger.api, 'template/addDocTemplate', { itemId, name: 'x', body: inspectionSheet })).code).toBe(40400);
    // The owner's template is not filled with another company's record, nor with a record of another item.
    expect(body(await get(owner.api, `template/renderDocument?templateId=${templateId}&recordId=${strangerItem.recordId}`)).code).toBe(40400);
    const other = await itemWithRecord(owner, '其他');
    expect(body(await get(owner.api, `template/renderDocument?templateId=${templateId}&recordId=${other.recordId}`)).code).toBe(40400);

    const reader = await person(t.app, owner.companyId);
    const grants = [{ scope: 'user', targetId: reader.userId, level: 'read' }];
    expect(body(await post(owner.api, 'cabin/setPermission', { nodeId: itemNode, mode: 'custom', grants })).code).toBe(0);
    expect(body(await get(reader.api, `template/getDocTemplates?itemId=${itemId}`)).data.level).toBe('read');
    expect(body(await get(reader.api, `template/renderDocument?templateId=${templateId}&recordId=${recordId}`)).code).toBe(0);
    expect(body(await post(reader.api, 'template/updateDocTemplate', { id: templateId, name: '改名', body: inspectionSheet })).code).toBe(40300);
    expect(body(await post(reader.api, 'template/deleteDocTemplate', { id: templateId })).code).toBe(40300);
    expect(body(await post(reader.api, 'template/addDocTemplate', { itemId, name: 'x', body: inspectionSheet })).code).toBe(40300);

    const outsider = await person(t.app, owner.companyId);
    expect(body(await get(outsider.api, `template/renderDocument?templateId=${templateId}&recordId=${recordId}`)).code).toBe(40300);

    expect(body(await post(owner.api, 'template/updateDocTemplate', { id: templateId, name: '交货单（新）', body: inspectionSheet })).code).toBe(0);
    expect(body(await get(reader.api, `template/getDocTemplate?id=${templateId}`)).data.name).toBe('交货单（新）');
    // An item's templates go with the item.
    expect(body(await post(owner.api, 'cabin/deleteNode', { id: itemNode })).code).toBe(0);
    expect(body(await get(owner.api, `template/getDocTemplate?id=${templateId}`)).code).toBe(40400);
  });
});

describe('content templates', () => {
  it('are named texts filled for a record, kept within the company', async () => {
    const owner = await person(t.app, undefined, ['sd_capsule'], '华南物流');
    const { itemId, recordId } = await itemWithRecord(owner);
    const added = body(await post(owner.api, 'template/addContentTemplate', { name: '超温通知', itemId, content: '【{{@itemName}}】{{device}} 温度 {{ temp }}，{{@companyName}}' }));
    expect(added.code, JSON.stringify(added)).toBe(0);
    const id = added.data.id as number;
    expect(body(await get(owner.api, 'template/getContentTemplates')).data.list).toMatchObject([{ id, name: '超温通知', itemId, itemName: '巡检记录' }]);
    const rendered = body(await get(owner.api, `template/renderContent?templateId=${id}&recordId=${recordId}`));
    expect(rendered.data.text).toBe('【巡检记录】一号锅炉 温度 36.5 ℃，华南物流');

    expect(body(await post(owner.api, 'template/updateContentTemplate', { id, name: '超温通知', itemId: null, content: '{{verdict}}' })).code).toBe(0);
    expect(body(await get(owner.api, `template/renderContent?templateId=${id}&recordId=${recordId}`)).data.text).toBe('合格');
    expect(body(await post(owner.api, 'template/addContentTemplate', { name: '空', content: '   ' })).code).toBe(50001);

    const stranger = await person(t.app);
    const strangerItem = await itemWithRecord(stranger, '别家');
    expect(body(await get(stranger.api, 'template/getContentTemplates')).data.list).toEqual([]);
    expect(body(await get(stranger.api, `template/renderContent?templateId=${id}&recordId=${strangerItem.recordId}`)).code).toBe(40400);
    expect(body(await get(owner.api, `template/renderContent?templateId=${id}&recordId=${strangerItem.recordId}`)).code).toBe(40400);
    expect(body(await post(stranger.api, 'template/updateContentTemplate', { id, name: 'x', content: 'x' })).code).toBe(40400);
    expect(body(await post(stranger.api, 'template/addContentTemplate', { name: 'x', itemId, content: 'x' })).code).toBe(40400);
    expect(body(await post(stranger.api, 'template/deleteContentTemplate', { id })).code).toBe(40400);
    expect(body(await post(owner.api, 'template/deleteContentTemplate', { id })).code).toBe(0);
    expect(body(await get(owner.api, 'template/getContentTemplates')).data.list).toEqual([]);
  });

  it("fill an intelligent rule's notify message with the record that triggered it", async () => {
    const owner = await person(t.app, undefined, ['sd_capsule', 'sa_rules']);
    const { itemId } = await itemWithRecord(owner, '锅炉巡检');
    const phone = `138${String(Date.now()).slice(-8)}`;
    const recipient = await createCompanyUser(t.app, { codes: [], companyId: owner.companyId, phone });
    const template = body(await post(owner.api, 'template/addContentTemplate', { name: '超温', itemId, content: '{{@itemName}}：{{device}} 温度 {{temp}}' }));
    const { list } = body(await get(owner.api, 'template/getContentTemplates')).data as { list: { id: number; content: string }[] };
    const message = list.find((c) => c.id === template.data.id)!.content;
    const notify = { kind: 'notify', userIds: [recipient.userId], groupIds: [], sms: true, email: false, message };
    const rule = body(await post(owner.api, 'task/addRule', { name: '超温通知', enabled: true, itemId, match: 'all', conditions: [{ fieldName: 'temp', op: 'gt', value: 30 }], actions: [notify] }));
    expect(rule.code, JSON.stringify(rule)).toBe(0);
    expect(body(await post(owner.api, 'dataItem/addRecord', { itemId, values: { device: '二号锅炉', temp: 41.2 } })).code).toBe(0);
    await t.app.tasks.idle();
    // Sent through the delivery queue, after the task's run (issue 32).
    await t.app.notify.idle();
    expect(await new SmsOutboxRepository(t.app.platform.db).latestTo(phone)).toBe('【超温通知】锅炉巡检：二号锅炉 温度 41.2 ℃');
  });
});
