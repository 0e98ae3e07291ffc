import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { signInAt } from './support/accounts';
import { expect, test, uniqueName, type ApiClient } from './support/fixtures';
import { createCompanyAdmin, dialog, platformAdmin, tableRow, toast } from './support/organization';
import { chooseOption } from './support/select';

/**
 * Data items (issue 4): the settings page (fields of every type, the form designer), the form
 * page, the records table (export, import with a per-row report, live updates). The directory
 * and the item are made through the API: the cabin tree has its own spec.
 */

interface Field {
  name: string;
  fieldName: string;
  type: number;
  required?: boolean;
  unit?: string;
  decimalPlaces?: number;
}

/** A directory and a data item in a new company, made through its administrator's API. */
async function itemWith(client: ApiClient, fields: Field[], prefix = '数据项'): Promise<{ id: number; name: string; nodeId: number }> {
  const directory = await client.post<{ id: number }>('cabin/addDirectory', { parentId: null, name: uniqueName('目录') });
  const name = uniqueName(prefix);
  const { id } = await client.post<{ id: number }>('dataItem/addDataItem', { directoryId: directory.id, name, kind: 10, fields });
  const item = await client.get<{ nodeId: number }>('dataItem/getDataItem', { id });
  return { id, name, nodeId: item.nodeId };
}

const settingsUrl = (item: { id: number; name: string; nodeId: number }) => `/smartdata/dataitem/config/${item.id}/${encodeURIComponent(item.name)}/${item.nodeId}`;
const recordsUrl = (item: { id: number; name: string; nodeId: number }) => `/smartdata/datavalue/${item.id}/${encodeURIComponent(item.name)}/10/${item.nodeId}/0/-`;

/** The visible rows of the records table (pages visited before stay mounted, hidden). */
const rows = (page: Page) => page.locator('.ant-table-tbody > tr.ant-table-row:visible');

/** Chooses an option of an antd Select by its text. */
test('a data item gets a field of every type, a designed form is filled in, and the record shows in the table and in its export', async ({ page, request }) => {
  test.setTimeout(240_000);
  const companyAdmin = await createCompanyAdmin(await platformAdmin(request), request);
  const item = await itemWith(companyAdmin.api, [{ name: '名称', fieldName: 'label', type: 5, required: true }]);

  // ---- fields: one of every type (spec §3 codes), through the settings page ----
  await signInAt(page, companyAdmin, settingsUrl(item));
  await expect(page.getByRole('heading', { level: 1 })).toContainText(item.name);
  await expect(page.getByRole('tab', { name: '字段（1）' })).toHaveAttribute('aria-selected', 'true');
  const newFields: (Field & { typeName: string })[] = [
    { name: '温度', fieldName: 'temperature', type: 1, typeName: '小数', unit: '℃', decimalPlaces: 2 },
    { name: '金额', fieldName: 'amount', type: 2, typeName: '货币', unit: '元' },
    { name: '巡检日期', fieldName: 'checkedOn', type: 4, typeName: '日期时间' },
    { name: '备注', fieldName: 'remark', type: 6, typeName: '长文本' },
    { name: '照片', fieldName: 'photo', type: 8, typeName: '图片' },
    { name: '附件', fieldName: 'attachment', type: 9, typeName: '文件' },
    { name: '数量', fieldName: 'count', type: 10, typeName: '整数', unit: '个' },
  ];
  for (const [index, field] of newFields.entries()) {
    const n = index + 2;
    await page.getByRole('button', { name: '添加字段' }).click();
    await page.getByLabel(`第 ${n} 个字段的名称`).fill(field.name);
    await page.getByLabel(`第 ${n} 个字段的标识`).fill(field.fieldName);
    await chooseOption(page, page.getByLabel(`第 ${n} 个字段的类型`), field.typeName);
    if (field.unit) {
      await page.getByLabel(`第 ${n} 个字段的单位`).fill(field.unit);
    }
    if (field.decimalPlaces !== undefined) {
      await page.getByLabel(`第 ${n} 个字段的小数位数`).fill(String(field.decimalPlaces));
    }
    if (field.type === 4) {
      await chooseOption(page, page.getByLabel(`第 ${n} 个字段的日期显示方式`), /^日期\s+yyyy-MM-dd$/);
    }
  }
  // The key is an ASCII identifier, checked before anything is sent.
  await page.getByLabel('第 8 个字段的标识').fill('数量');
  await page.getByRole('button', { name: '保存字段' }).click();
  await expect(page.getByText('字段标识须以英文字母开头').first()).toBeVisible();
  await page.getByLabel('第 8 个字段的标识').fill('count');
  // The count goes before the attachment (arrows; rows can be dragged too).
  await page.getByRole('button', { name: '上移第 8 个字段' }).click();
  await page.getByRole('button', { name: '保存字段' }).click();
  await expect(toast(page, '操作成功')).toBeVisible();
  await expect(page.getByRole('tab', { name: '字段（8）' })).toBeVisible();
  const stored = await companyAdmin.api.get<{ fields: { fieldName: string; type: number; decimalPlaces: number | null; dateDisplay: string | null }[] }>('dataItem/getDataItem', { id: item.id });
  expect(stored.fields.map((f) => [f.fieldName, f.type])).toEqual([
    ['label', 5],
    ['temperature', 1],
    ['amount', 2],
    ['checkedOn', 4],
    ['remark', 6],
    ['photo', 8],
    ['count', 10],
    ['attachment', 9],
  ]);
  expect(stored.fields.find((f) => f.fieldName === 'temperature')?.decimalPlaces).toBe(2);
  expect(stored.fields.find((f) => f.fieldName === 'checkedOn')?.dateDisplay).toBe('date');

  // ---- the form designer ----
  await page.getByRole('tab', { name: '表单（0）' }).click();
  await page.getByRole('button', { name: '新建表单' }).click();
  const formName = uniqueName('巡检表');
  await page.getByLabel('表单名称').fill(formName);
  await page.getByRole('button', { name: '添加单行输入' }).click();
  await expect(page.getByLabel('绑定字段')).toBeVisible();
  await page.getByRole('button', { name: '添加数字输入' }).click();
  const properties = page.locator('.sd-designer__properties');
  await properties.getByLabel('标题').fill('温度读数');
  await properties.getByLabel('最小值').fill('0');
  await properties.getByLabel('最大值').fill('100');
  await properties.getByLabel('小数位数').fill('2');
  await page.getByRole('button', { name: '添加日期时间选择' }).click();
  await page.getByRole('button', { name: '添加单选' }).click();
  // A radio needs its options: the design is refused before it is sent.
  await page.getByRole('button', { name: '保存表单' }).click();
  await expect(page.getByText('表单还不能保存')).toBeVisible();
  await expect(page.getByText('单选：请至少添加一个选项')).toBeVisible();
  await page.getByRole('button', { name: '删除 单选' }).click();
  // The live canvas shows the elements in order; the number moves first.
  await page.getByRole('button', { name: '上移 温度读数' }).click();
  await expect(page.locator('.sd-designer__element-label')).toHaveText(['温度读数', '*单行输入', '日期时间选择']);
  await page.getByRole('button', { name: '保存表单' }).click();
  await expect(toast(page, '操作成功')).toBeVisible();
  await expect(tableRow(page, formName)).toBeVisible();

  // ---- the form page: checks as designed, writes a record ----
  await tableRow(page, formName).getByRole('button', { name: '填写' }).click();
  await expect(page).toHaveURL(/\/smartdata\/formpage\//);
  const filling = page.locator('.sd-form-page');
  await filling.getByLabel('温度读数 (℃)').fill('120');
  await filling.getByRole('button', { name: '提交' }).click();
  await expect(filling.getByText('温度读数：不能大于 100')).toBeVisible();
  await expect(filling.getByText('单行输入：此项为必填项')).toBeVisible();
  await filling.getByLabel('温度读数 (℃)').fill('36.555');
  await expect(filling.getByText('温度读数：最多 2 位小数')).toBeVisible();
  await filling.getByLabel('温度读数 (℃)').fill('36.55');
  await filling.getByLabel('单行输入').fill('Pump-1');
  // Enter in the last field takes the typed day and submits the form.
  await filling.getByLabel('日期时间选择').fill('2026-03-04');
  await filling.getByLabel('日期时间选择').press('Enter');
  await expect(page.getByText('提交成功')).toBeVisible();
  await page.getByRole('button', { name: '再填一份' }).click();
  await expect(filling.getByLabel('单行输入')).toHaveValue('');

  // ---- the records table ----
  await page.getByRole('button', { name: '数据记录' }).click();
  await expect(page).toHaveURL(/\/smartdata\/datavalue\//);
  const row = tableRow(page, 'Pump-1');
  await expect(row).toBeVisible();
  await expect(row).toContainText('36.55');
  await expect(row).toContainText('2026-03-04');
  await expect(page.getByRole('columnheader', { name: '温度 (℃)' })).toBeVisible();

  // ---- export: the download holds the value ----
  await page.getByRole('button', { name: '导出' }).click();
  const downloading = page.waitForEvent('download');
  await page.getByRole('menuitem', { name: '导出 CSV' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(new RegExp(`^${item.name}-\\d{14}\\.csv$`));
  const csv = readFileSync((await download.path())!, 'utf8');
  expect(csv).toContain('名称,温度,金额,巡检日期,备注,照片,数量,附件');
  expect(csv).toMatch(/\d+,Pump-1,36.55,,2026-03-04,,,,,/);
});

test('an import with one bad row shows the per-row report and imports nothing; a clean file imports every row', async ({ page, request }) => {
  const companyAdmin = await createCompanyAdmin(await platformAdmin(request), request);
  const item = await itemWith(companyAdmin.api, [
    { name: '名称', fieldName: 'label', type: 5, required: true },
    { name: '温度', fieldName: 'temperature', type: 1 },
  ]);

  await signInAt(page, companyAdmin, recordsUrl(item));
  await expect(page.getByText('还没有数据记录')).toBeVisible();
  await page.getByRole('button', { name: '导入' }).click();
  const importing = dialog(page, `导入数据记录：${item.name}`);
  await importing.locator('input[type=file]').setInputFiles({ name: 'readings.csv', mimeType: 'text/csv', buffer: Buffer.from('名称,温度\r\nA,1.5\r\nB,abc\r\nC,3\r\n', 'utf8') });
  await expect(importing.getByText('readings.csv 有问题，未导入任何数据')).toBeVisible();
  const report = importing.getByRole('table');
  await expect(report.locator('tbody tr')).toHaveCount(1);
  await expect(report.locator('tbody tr').first().getByRole('cell')).toHaveText(['3', '温度', /请输入数字/]);
  await importing.locator('.ant-modal-footer').getByRole('button', { name: '关闭' }).click();
  await expect(page.getByText('还没有数据记录')).toBeVisible();
  expect((await companyAdmin.api.get<{ total: number }>('dataItem/getRecords', { itemId: item.id })).total).toBe(0);

  await page.getByRole('button', { name: '导入' }).click();
  await importing.locator('input[type=file]').setInputFiles({ name: 'readings.csv', mimeType: 'text/csv', buffer: Buffer.from('名称,温度\r\nA,1.5\r\nC,3\r\n', 'utf8') });
  await expect(toast(page, '导入成功，共 2 条数据记录')).toBeVisible();
  await expect(tableRow(page, 'A')).toContainText('1.5');
  await expect(tableRow(page, 'C')).toBeVisible();
});

test('a record added by someone else appears in an open records table without a reload', async ({ page, request }) => {
  const companyAdmin = await createCompanyAdmin(await platformAdmin(request), request);
  const item = await itemWith(companyAdmin.api, [
    { name: '名称', fieldName: 'label', type: 5, required: true },
    { name: '数量', fieldName: 'count', type: 10 },
  ]);
  await companyAdmin.api.post('dataItem/addRecord', { itemId: item.id, values: { label: 'earlier', count: 1 } });

  await signInAt(page, companyAdmin, recordsUrl(item));
  await expect(tableRow(page, 'earlier')).toBeVisible();
  await expect(page.getByText('实时更新')).toBeVisible();
  await page.evaluate(() => Object.assign(window, { sdSamePage: true }));

  const label = uniqueName('pushed', 20);
  await companyAdmin.api.post('dataItem/addRecord', { itemId: item.id, values: { label, count: 7 } });
  const row = tableRow(page, label);
  await expect(row).toBeVisible();
  await expect(row.getByLabel('新数据记录')).toBeVisible();
  await expect(row).toHaveClass(/sd-records__row--new/);
  expect(await page.evaluate(() => (window as unknown as { sdSamePage?: boolean }).sdSamePage)).toBe(true);
  await expect(rows(page)).toHaveCount(2);
});

test('the record dialog tells the decimal places of a number only when the field has them', async ({ page, request }) => {
  const companyAdmin = await createCompanyAdmin(await platformAdmin(request), request);
  const item = await itemWith(companyAdmin.api, [
    { name: '读数', fieldName: 'reading', type: 1 },
    { name: '温度', fieldName: 'temperature', type: 1, decimalPlaces: 1 },
    { name: '金额', fieldName: 'amount', type: 2 },
    { name: '数量', fieldName: 'count', type: 10 },
  ]);
  await signInAt(page, companyAdmin, recordsUrl(item));
  await page.getByRole('button', { name: '新增数据记录' }).click();
  const adding = dialog(page, '新增数据记录');
  await expect(adding.getByLabel('读数')).toHaveAttribute('placeholder', '请输入数字');
  await expect(adding.getByLabel('温度')).toHaveAttribute('placeholder', '请输入数字（小数位：1）');
  await expect(adding.getByLabel('金额')).toHaveAttribute('placeholder', '请输入数字（小数位：2）');
  await expect(adding.getByLabel('数量')).toHaveAttribute('placeholder', '请输入整数');
});

test('the record dialog checks values like the server; a cell is edited in place; selected records are deleted', async ({ page, request }) => {
  const companyAdmin = await createCompanyAdmin(await platformAdmin(request), request);
  const item = await itemWith(companyAdmin.api, [
    { name: '名称', fieldName: 'label', type: 5, required: true },
    { name: '温度', fieldName: 'temperature', type: 1, unit: '℃', decimalPlaces: 1 },
    { name: '照片', fieldName: 'photo', type: 8 },
  ]);
  await companyAdmin.api.post('dataItem/addRecord', { itemId: item.id, values: { label: 'old-1' } });
  await companyAdmin.api.post('dataItem/addRecord', { itemId: item.id, values: { label: 'old-2' } });

  await signInAt(page, companyAdmin, recordsUrl(item));
  await page.getByRole('button', { name: '新增数据记录' }).click();
  const adding = dialog(page, '新增数据记录');
  await adding.getByLabel('温度 (℃)').fill('abc');
  await adding.getByRole('button', { name: '保存' }).click();
  await expect(adding.getByText('温度：请输入数字')).toBeVisible();
  await expect(adding.getByText('名称：此项为必填项')).toBeVisible();
  // Pictures are JPG or PNG of at most 3MB (spec texts), refused before they are sent.
  await adding.locator('input[type=file]').setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
  await expect(toast(page, '文件格式错误，请上传图片类型')).toBeVisible();
  await adding.locator('input[type=file]').setInputFiles({ name: 'big.png', mimeType: 'image/png', buffer: Buffer.alloc(3 * 1024 * 1024 + 1) });
  await expect(toast(page, '图片大小超过 3M')).toBeVisible();
  await adding.getByLabel('名称').fill('new-1');
  await adding.getByLabel('温度 (℃)').fill('20.26');
  await adding.getByRole('button', { name: '保存' }).click();
  await expect(toast(page, '操作成功')).toBeVisible();
  await expect(tableRow(page, 'new-1')).toContainText('20.3');

  // Double-click a cell: Enter saves, checked like the server.
  await tableRow(page, 'new-1').getByRole('cell', { name: '20.3' }).dblclick();
  const editor = page.locator('.sd-inline-editor');
  await editor.getByRole('textbox').fill('hot');
  await editor.getByRole('textbox').press('Enter');
  await expect(editor.getByText('温度：请输入数字')).toBeVisible();
  await editor.getByRole('textbox').fill('21');
  await editor.getByRole('textbox').press('Enter');
  await expect(tableRow(page, 'new-1')).toContainText('21.0');

  // Filter by a field, then clear it.
  await page.getByRole('button', { name: '添加筛选' }).click();
  const filterForm = page.locator('.sd-filter-form');
  await filterForm.getByLabel('值').fill('old');
  await filterForm.getByRole('button', { name: '添加筛选' }).click();
  await expect(rows(page)).toHaveCount(2);
  await page.getByRole('button', { name: '清除筛选' }).click();
  await expect(rows(page)).toHaveCount(3);
  await page.getByText('今天', { exact: true }).click();
  await expect(rows(page)).toHaveCount(3);
  await page.getByText('昨天', { exact: true }).click();
  await expect(page.getByText('没有符合筛选条件的数据记录')).toBeVisible();
  await page.getByText('全部', { exact: true }).click();

  // Batch delete with confirmation.
  await tableRow(page, 'old-1').getByRole('checkbox').check();
  await tableRow(page, 'old-2').getByRole('checkbox').check();
  await page.getByRole('button', { name: '批量删除（2）' }).click();
  await page.locator('.ant-modal-confirm').getByRole('button', { name: '删除' }).click();
  await expect(toast(page, '删除成功')).toBeVisible();
  await expect(rows(page)).toHaveCount(1);
});

test('a file whose download cannot be obtained says 下载信息获取失败！ instead of a dead link', async ({ page, request }) => {
  const companyAdmin = await createCompanyAdmin(await platformAdmin(request), request);
  const item = await itemWith(companyAdmin.api, [
    { name: '名称', fieldName: 'label', type: 5, required: true },
    { name: '附件', fieldName: 'doc', type: 9 },
  ]);
  const keys: string[] = [];
  for (const name of ['kept.txt', 'gone.txt']) {
    const bytes = Buffer.from(`contents of ${name}`);
    const grant = await companyAdmin.api.post<{ uploadUrl: string; headers: Record<string, string>; objectKey: string }>('cos/getUploadCredential', { purpose: 'item', fileName: name, contentType: 'text/plain', size: bytes.length });
    expect((await request.put(grant.uploadUrl, { headers: grant.headers, data: bytes })).ok()).toBe(true);
    keys.push(grant.objectKey);
    await companyAdmin.api.post('dataItem/addRecord', { itemId: item.id, values: { label: name, doc: [grant.objectKey] } });
  }
  // The second file is removed from storage after it was attached.
  await companyAdmin.api.post('cos/deleteObject', { objectKey: keys[1] });

  await signInAt(page, companyAdmin, recordsUrl(item));
  await expect(tableRow(page, 'kept.txt').getByRole('link', { name: /文件/ })).toBeVisible();
  const failed = tableRow(page, 'gone.txt').getByRole('note', { name: '下载信息获取失败！' });
  await expect(failed).toBeVisible();
  await expect(tableRow(page, 'gone.txt').getByRole('link')).toHaveCount(0);
  await failed.hover();
  await expect(page.getByRole('tooltip')).toHaveText('下载信息获取失败！');
});

test('a jump association refuses its own data item and opens the target filtered by the record', async ({ page, request }) => {
  const companyAdmin = await createCompanyAdmin(await platformAdmin(request), request);
  const orders = await itemWith(companyAdmin.api, [{ name: '订单号', fieldName: 'orderNo', type: 5, required: true }], '订单');
  const lines = await itemWith(companyAdmin.api, [
    { name: '订单号', fieldName: 'orderNo', type: 5, required: true },
    { name: '数量', fieldName: 'count', type: 10 },
  ], '订单明细');
  await companyAdmin.api.post('dataItem/addRecord', { itemId: orders.id, values: { orderNo: 'PO-1' } });
  for (const [orderNo, count] of [['PO-1', 5], ['PO-1', 6], ['PO-2', 7]] as const) {
    await companyAdmin.api.post('dataItem/addRecord', { itemId: lines.id, values: { orderNo, count } });
  }

  await signInAt(page, companyAdmin, `${settingsUrl(orders)}?tab=jumps`);
  await page.getByRole('button', { name: '新建跳转关联' }).click();
  const jump = dialog(page, '新建跳转关联');
  await jump.getByLabel('跳转数据名称').fill('查看明细');
  await chooseOption(page, jump.getByLabel('目标数据项'), `${orders.name} （本数据项）`);
  await jump.getByRole('button', { name: '保存' }).click();
  await expect(jump.getByText('跳转目标不能是数据项本身')).toBeVisible();
  await chooseOption(page, jump.getByLabel('目标数据项'), lines.name);
  await chooseOption(page, jump.getByLabel('第 1 个条件的目标字段'), '订单号');
  await chooseOption(page, jump.getByLabel('第 1 个条件的来源字段'), '订单号');
  await jump.getByRole('button', { name: '保存' }).click();
  await expect(toast(page, '操作成功')).toBeVisible();
  await expect(tableRow(page, '查看明细')).toContainText(lines.name);

  await page.getByRole('button', { name: '数据记录' }).click();
  await tableRow(page, 'PO-1').getByRole('button', { name: /更多操作/ }).click();
  await page.getByRole('menuitem', { name: '查看明细' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toContainText(lines.name);
  await expect(page.locator('.sd-filter-bar__chip:visible')).toContainText('订单号 等于 PO-1');
  await expect(rows(page)).toHaveCount(2);
});

test('a master record opens its child records below it, where a child record is added', async ({ page, request }) => {
  const companyAdmin = await createCompanyAdmin(await platformAdmin(request), request);
  const orders = await itemWith(companyAdmin.api, [{ name: '订单号', fieldName: 'orderNo', type: 5, required: true }], '订单');
  const directoryId = (await companyAdmin.api.get<{ directoryId: number }>('dataItem/getDataItem', { id: orders.id })).directoryId;
  const linesName = uniqueName('订单行');
  const { id: linesId } = await companyAdmin.api.post<{ id: number }>('dataItem/addDataItem', {
    directoryId,
    name: linesName,
    kind: 10,
    parentItemId: orders.id,
    fields: [
      { name: '物料', fieldName: 'material', type: 5, required: true },
      { name: '数量', fieldName: 'count', type: 10 },
    ],
  });
  const { id: orderId } = await companyAdmin.api.post<{ id: number }>('dataItem/addRecord', { itemId: orders.id, values: { orderNo: 'PO-7' } });
  await companyAdmin.api.post('dataItem/addRecord', { itemId: linesId, values: { material: '阀门', count: 2 }, parentRecordId: orderId });

  await signInAt(page, companyAdmin, recordsUrl(orders));
  await tableRow(page, 'PO-7').getByRole('button', { name: /更多操作/ }).click();
  await page.getByRole('menuitem', { name: linesName }).click();
  await expect(page).toHaveURL(/\/smartdata\/ChildValue\//);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`${linesName}：PO-7`);
  await expect(page.getByText(`主数据记录（${orders.name}）`)).toBeVisible();
  await expect(rows(page)).toHaveCount(1);

  await page.getByRole('button', { name: '新增子数据' }).click();
  const adding = dialog(page, '新增子数据');
  await adding.getByLabel('物料').fill('法兰');
  await adding.getByLabel('数量').fill('4');
  await adding.getByRole('button', { name: '保存' }).click();
  await expect(toast(page, '操作成功')).toBeVisible();
  await expect(tableRow(page, '法兰')).toContainText('4');
  await expect(rows(page)).toHaveCount(2);
  const children = await companyAdmin.api.get<{ list: { parentRecordId: number }[] }>('dataItem/getRecords', { itemId: linesId, parentRecordId: orderId });
  expect(children.list.map((r) => r.parentRecordId)).toEqual([orderId, orderId]);
});
