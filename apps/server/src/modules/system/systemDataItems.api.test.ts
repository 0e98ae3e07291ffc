import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { adminPassword, as, body, createCompanyUser, createTestApp, signIn, type TestApp } from '@server/test/testApp';

/**
 * System data items (issue 14.4): platform administrators list every company's data items with
 * size, last write, expiry and retention, search by company and name, page, and open one — its
 * metadata only. A company user is refused (40300); no answer carries a record value.
 */

type Api = (options: InjectOptions) => Promise<LightMyRequestResponse>;
let t: TestApp;
let dataDir: string;
let admin: Api;
let northUser: Api;
let northItemId = 0;
const SECRET_VALUE = 'secret-reading-7f3a9';
const attachmentBytes = Buffer.from('%PDF-1.4 a small attachment for the size figure\n');

const post = (api: Api, url: string, payload: unknown) => api({ method: 'POST', url: `/general/${url}`, payload: payload as object });
const get = (api: Api, url: string, query: Record<string, string | number> = {}, headers: Record<string, string> = {}) =>
  api({ method: 'GET', url: `/general/${url}?${new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)])).toString()}`, headers });

async function companyWithItems(companyName: string, itemNames: string[]): Promise<{ api: Api; itemIds: number[]; companyId: number }> {
  const user = await createCompanyUser(t.app, { codes: ['sd_capsule'], companyName });
  const api = as(t.app, await signIn(t.app, user.userName, user.password));
  const directoryId = body(await post(api, 'cabin/addDirectory', { parentId: null, name: '车间' })).data.id as number;
  const itemIds: number[] = [];
  for (const name of itemNames) {
    const answer = body(
      await post(api, 'dataItem/addDataItem', {
        directoryId,
        name,
        kind: 10,
        expiryDays: 30,
        fields: [
          { name: '读数', fieldName: 'reading', type: 5, unit: '', priority: 1 },
          { name: '温度', fieldName: 'temperature', type: 1, unit: '℃', priority: 2, decimalPlaces: 1 },
          { name: '附件', fieldName: 'attachment', type: 9, unit: '', priority: 3 },
        ],
      }),
    );
    expect(answer.code, JSON.stringify(answer)).toBe(0);
    itemIds.push(answer.data.id as number);
  }
  return { api, itemIds, companyId: user.companyId };
}

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sd-system-items-'));
  t = await createTestApp({ dataDir, storageSecret: 'system-items-api-test-secret-0123456789' });
  admin = as(t.app, await signIn(t.app, 'admin', adminPassword));
  const north = await companyWithItems('北方水务', ['进水流量', '出水水质']);
  northUser = north.api;
  northItemId = north.itemIds[0]!;
  const grant = body(await post(northUser, 'cos/getUploadCredential', { purpose: 'item', fileName: 'report.pdf', contentType: 'application/pdf', size: attachmentBytes.length }));
  expect(grant.code, JSON.stringify(grant)).toBe(0);
  expect(body(await t.app.inject({ method: 'PUT', url: grant.data.uploadUrl, headers: grant.data.headers, payload: attachmentBytes })).code).toBe(0);
  for (const values of [{ reading: SECRET_VALUE, temperature: 21.5, attachment: [grant.data.objectKey] }, { reading: `${SECRET_VALUE}-2`, temperature: 22 }]) {
    const added = body(await post(northUser, 'dataItem/addRecord', { itemId: northItemId, values }));
    expect(added.code, JSON.stringify(added)).toBe(0);
  }
  await companyWithItems('南方电力', ['进线电量', '变压器温度', '出水记录']);
  expect(body(await post(admin, 'system/setRetention', { companyId: north.companyId, rawDays: 180 })).code).toBe(0);
});
afterAll(async () => {
  await t.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('system data items', () => {
  it("lists every company's items with size, last write, expiry and retention, and no record value", async () => {
    const response = await get(admin, 'system/getSystemDataItemList', { pageNum: 1, pageSize: 20 });
    const answer = body(response);
    expect(answer.code).toBe(0);
    expect(answer.data.total).toBe(5);
    const names = answer.data.list.map((i: { name: string }) => i.name);
    expect(names).toEqual(expect.arrayContaining(['进水流量', '出水水质', '进线电量', '变压器温度', '出水记录']));
    const inflow = answer.data.list.find((i: { id: number }) => i.id === northItemId);
    expect(inflow).toMatchObject({ companyName: '北方水务', name: '进水流量', kind: 10, fieldCount: 3, recordCount: 2, expiryDays: 30, retentionDays: 180 });
    expect(inflow.lastWriteAt).toBeGreaterThan(Date.now() - 60_000);
    expect(answer.data.list.find((i: { name: string }) => i.name === '进线电量')).toMatchObject({ companyName: '南方电力', recordCount: 0, lastWriteAt: null, retentionDays: null });
    expect(response.body).not.toContain(SECRET_VALUE);
  });

  it('searches by company and by name, and pages', async () => {
    const byCompany = body(await get(admin, 'system/getSystemDataItemList', { companyName: '南方' })).data;
    expect(byCompany.total).toBe(3);
    expect(byCompany.list.every((i: { companyName: string }) => i.companyName === '南方电力')).toBe(true);
    const byName = body(await get(admin, 'system/getSystemDataItemList', { keyword: '出水' })).data;
    expect(byName.list.map((i: { name: string }) => i.name).sort()).toEqual(['出水水质', '出水记录']);
    const both = body(await get(admin, 'system/getSystemDataItemList', { companyName: '北方', keyword: '出水' })).data;
    expect(both.list.map((i: { name: string }) => i.name)).toEqual(['出水水质']);
    const none = body(await get(admin, 'system/getSystemDataItemList', { companyName: '没有这家公司' })).data;
    expect(none).toEqual({ list: [], total: 0 });
    const first = body(await get(admin, 'system/getSystemDataItemList', { pageNum: 1, pageSize: 2 })).data;
    const third = body(await get(admin, 'system/getSystemDataItemList', { pageNum: 3, pageSize: 2 })).data;
    expect(first.list).toHaveLength(2);
    expect(third.list).toHaveLength(1);
    expect(first.total).toBe(5);
    expect(third.list[0].id).not.toBe(first.list[0].id);
  });

  it('opens one: fields, settings and sizes (attachments from object storage), never the records', async () => {
    const response = await get(admin, 'system/getSystemDataItem', { id: northItemId }, { 'accept-language': 'en-US' });
    const answer = body(response);
    expect(answer.code).toBe(0);
    expect(answer.data).toMatchObject({
      id: northItemId,
      companyName: '北方水务',
      recordCount: 2,
      expiryDays: 30,
      retentionDays: 180,
      formCount: 0,
      jumpCount: 0,
      forwardCount: 0,
      attachmentCount: 1,
      attachmentBytes: attachmentBytes.length,
      attachmentsComplete: true,
    });
    expect(answer.data.fields.map((f: { fieldName: string; type: number }) => [f.fieldName, f.type])).toEqual([
      ['reading', 5],
      ['temperature', 1],
      ['attachment', 9],
    ]);
    expect(response.body).not.toContain(SECRET_VALUE);
    expect(response.body).not.toContain('values');
    expect(body(await get(admin, 'system/getSystemDataItem', { id: 999999 })).code).toBe(40400);
  });

  it('is refused to company users, even with every code of their company (40300)', async () => {
    const member = await createCompanyUser(t.app, { codes: ['system_sd_item', 'system_maintenance', 'sd_capsule'] });
    const api = as(t.app, await signIn(t.app, member.userName, member.password));
    for (const url of ['system/getSystemDataItemList', 'system/getSystemDataItem']) {
      const response = await get(api, url, { id: northItemId });
      expect(response.statusCode).toBe(403);
      expect(body(response).code).toBe(40300);
    }
    expect(body(await get(northUser, 'system/getSystemDataItemList')).code).toBe(40300);
  });
});
