import { mkdirSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { errorNotice, signInAt } from './support/accounts';
import { expect as baseExpect, test, uniqueName } from './support/fixtures';
import { addMember, confirmDialog, createCompanyAdmin, dialog, platformAdmin, PLATFORM_ADMIN, tableRow, toast, type CompanyAdmin } from './support/organization';
import { chooseOption } from './support/select';

/**
 * Smart analysis in the browser (issue 16): a daily sum over a data item with records is made in
 * the analysis dialog, previewed (nothing written), run now; its result is a record of the target
 * item, and its run is in the task log. Then intelligent rules (a rule that copies a value into
 * another item when a field is over a limit), an executable task run from its list, scheduled
 * tasks, and the scheduler's jobs page of the platform administrator (pause and resume).
 * Every screen, in both languages, goes to /tmp/hE-shots.
 */

const expect = baseExpect.configure({ timeout: 30_000 });
const shots = process.env.TASKS_SHOTS ?? '/tmp/hE-shots';

async function shoot(page: Page, name: string, fullPage = true): Promise<void> {
  await page.waitForTimeout(400); // fade-ins
  await page.screenshot({ path: `${shots}/${name}.png`, fullPage });
}

test('a daily-sum analysis is made in its dialog, previewed, run now, writes its record and shows in the task log', async ({ page, request }) => {
  test.setTimeout(240_000);
  mkdirSync(shots, { recursive: true });
  await page.setViewportSize({ width: 1440, height: 900 });
  const admin = await createCompanyAdmin(await platformAdmin(request), request);
  const directory = await admin.api.post<{ id: number }>('cabin/addDirectory', { parentId: null, name: uniqueName('目录') });
  const sourceName = uniqueName('电表读数');
  const { id: sourceId } = await admin.api.post<{ id: number }>('dataItem/addDataItem', {
    directoryId: directory.id,
    name: sourceName,
    kind: 10,
    fields: [
      { name: '用电量', fieldName: 'power', type: 1, unit: 'kWh' },
      { name: '备注', fieldName: 'remark', type: 5, unit: '' },
    ],
  });
  const targetName = uniqueName('日报');
  const { id: targetId } = await admin.api.post<{ id: number }>('dataItem/addDataItem', {
    directoryId: directory.id,
    name: targetName,
    kind: 10,
    fields: [{ name: '日用电量', fieldName: 'total', type: 1, unit: 'kWh' }],
  });
  for (const power of [1.25, 2.5, 3.004]) {
    await admin.api.post('dataItem/addRecord', { itemId: sourceId, values: { power, remark: 'e2e' } });
  }

  // ---- the list is empty; the dialog checks before sending ----
  await signInAt(page, admin, '/taskmanagement/taskdefine');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('任务定义');
  await expect(page.getByText('还没有智能分析任务')).toBeVisible();
  await shoot(page, 'define-empty-zh-CN');
  await page.getByRole('button', { name: '添加任务' }).click();
  const form = dialog(page, '添加智能分析');
  await form.getByRole('button', { name: '保存' }).click();
  await expect(form.getByText('请选择数据项').first()).toBeVisible();

  const taskName = uniqueName('今日用电汇总');
  await form.getByLabel('任务名称').fill(taskName);
  await chooseOption(page, form.getByRole('combobox', { name: '取值方式' }), '今日累计');
  await chooseOption(page, form.getByRole('combobox', { name: '来源数据项' }), sourceName);
  await chooseOption(page, form.getByRole('combobox', { name: '来源字段' }), '用电量');
  await chooseOption(page, form.getByRole('combobox', { name: '目标数据项' }), targetName);
  await chooseOption(page, form.getByRole('combobox', { name: '目标字段' }), '日用电量');
  await form.getByLabel('执行时间').fill('23:55');
  await shoot(page, 'form-zh-CN');
  // Enter in a field saves (the dialog is one form).
  await form.getByLabel('任务名称').press('Enter');
  await expect(toast(page, '操作成功')).toBeVisible();
  const row = tableRow(page, taskName);
  await expect(row).toContainText('今日累计');
  await expect(row).toContainText('每天 23:55');
  // Fields by their names, not their keys (issue 31.12); the analysis's type (spec §3).
  await expect(row).toContainText(`${sourceName} · 用电量`);
  await expect(row).toContainText(`→ ${targetName} · 日用电量`);
  await expect(row).toContainText('数据项');
  await expect(row).toContainText('尚未执行');

  // ---- preview: the value it would write, nothing written ----
  await page.getByRole('button', { name: `预览 ${taskName}` }).click();
  const preview = dialog(page, `预览：${taskName}`);
  await expect(preview).toContainText('预览不会写入任何数据');
  await expect(preview).toContainText('6.75');
  await shoot(page, 'preview-zh-CN', false);
  await preview.locator('.ant-modal-footer').getByRole('button', { name: '关闭' }).click();
  expect((await admin.api.get<{ total: number }>('dataItem/getRecords', { itemId: targetId })).total).toBe(0);

  // ---- run now: the record lands in the target item ----
  await page.getByRole('button', { name: `立即执行 ${taskName}` }).click();
  const result = dialog(page, `执行结果：${taskName}`);
  await expect(result).toContainText('成功');
  await expect(result).toContainText('6.75');
  await expect(result).toContainText(`已写入 ${targetName} · 日用电量`);
  await shoot(page, 'run-result-zh-CN', false);
  await result.locator('.ant-modal-footer').getByRole('button', { name: '关闭' }).click();
  const records = await admin.api.get<{ list: { values: Record<string, unknown> }[] }>('dataItem/getRecords', { itemId: targetId });
  expect(records.list.map((r) => Number(r.values.total))).toEqual([6.75]);
  await expect(row).toContainText('成功');
  await shoot(page, 'define-zh-CN');

  // A second analysis over yesterday, which has no values: its run is skipped, and says why.
  const emptyName = uniqueName('昨日用电汇总');
  const { id: emptyId } = await admin.api.post<{ id: number }>('task/addAnalysis', {
    name: emptyName,
    enabled: false,
    schedule: { cron: '5 0 * * *' },
    method: 'sum_yesterday',
    source: { itemId: sourceId, fieldName: 'power' },
    decimals: 2,
    target: { itemId: targetId, fieldName: 'total' },
  });
  await admin.api.post('task/runNow', { id: emptyId });

  // ---- the runs in the task log ----
  await page.goto('/taskmanagement/tasklog');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('任务日志');
  const logRow = tableRow(page, taskName);
  await expect(logRow).toContainText('成功');
  await expect(logRow).toContainText('6.75');
  const emptyRow = tableRow(page, emptyName);
  await expect(emptyRow).toContainText('已跳过');
  await expect(emptyRow).toContainText('取值时间段内没有数据');
  await chooseOption(page, page.getByRole('combobox', { name: '按状态筛选' }), '失败');
  await expect(page.getByText('没有符合条件的执行记录')).toBeVisible();
  await page.getByRole('combobox', { name: '按状态筛选' }).press('Escape');
  await page.locator('.sd-task-filters__state .ant-select-clear').click({ force: true });
  await expect(logRow).toBeVisible();
  await shoot(page, 'log-zh-CN');

  // ---- the same screens in English ----
  await page.evaluate(() => localStorage.setItem('language', 'en-US'));
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Task log');
  await expect(tableRow(page, taskName)).toContainText('Succeeded');
  await expect(tableRow(page, emptyName)).toContainText('No values in the window');
  await shoot(page, 'log-en-US');
  await page.goto('/taskmanagement/taskdefine');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Task definitions');
  await expect(tableRow(page, taskName)).toContainText('Every day at 23:55');
  await expect(tableRow(page, taskName)).toContainText('Sum of today');
  await shoot(page, 'define-en-US');
  await page.getByRole('button', { name: `Edit ${taskName}` }).click();
  const edit = dialog(page, `Edit smart analysis: ${taskName}`);
  await expect(edit.getByRole('textbox', { name: 'Time' })).toHaveValue('23:55');
  await shoot(page, 'form-en-US');
  // A range method asks for its range; more sources ask for an aggregation (nothing saved here).
  await chooseOption(page, edit.getByRole('combobox', { name: 'Acquisition method' }), 'Sum over a time range');
  await expect(edit.getByText('Time range', { exact: true })).toBeVisible();
  await edit.getByRole('button', { name: 'Add a source' }).click();
  await expect(edit.getByText('Aggregation', { exact: true })).toBeVisible();
  await edit.getByRole('radio', { name: /^Run all/ }).check();
  await page.locator('.ant-modal-wrap').filter({ has: edit }).evaluate((wrap) => wrap.scrollTo(0, wrap.scrollHeight));
  await shoot(page, 'form-more-en-US', false);
  await edit.getByRole('button', { name: 'Cancel' }).click();

  // ---- delete asks first ----
  await page.getByRole('button', { name: `Delete ${taskName}` }).click();
  await confirmDialog(page, taskName).getByRole('button', { name: 'Delete' }).click();
  await expect(tableRow(page, taskName)).toHaveCount(0);
  await expect(tableRow(page, emptyName)).toBeVisible();
});

/** On a phone (390 px) the list's row actions are on screen (issue 31.11); shot in both languages by the caller. */
async function actionsOnPhone(page: Page, rowName: string, button: string, shot: string): Promise<void> {
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(tableRow(page, rowName).getByRole('button', { name: button, exact: true })).toBeInViewport({ ratio: 1 });
  await shoot(page, shot);
  await page.setViewportSize({ width: 1440, height: 900 });
}

test('a meter analysis: the dialog picks a meter, the run reads its consumption as the meter report does, the list names the meter and the type', async ({ page, request }) => {
  test.setTimeout(180_000);
  mkdirSync(shots, { recursive: true });
  await page.setViewportSize({ width: 1440, height: 900 });
  const admin = await createCompanyAdmin(await platformAdmin(request), request);
  const directory = await admin.api.post<{ id: number }>('cabin/addDirectory', { parentId: null, name: uniqueName('目录') });
  const { id: counterId } = await admin.api.post<{ id: number }>('dataItem/addDataItem', {
    directoryId: directory.id,
    name: uniqueName('进线计数'),
    kind: 10,
    fields: [{ name: '电能', fieldName: 'kwh', type: 1, unit: 'kWh' }],
  });
  const targetName = uniqueName('日用电');
  const { id: targetId } = await admin.api.post<{ id: number }>('dataItem/addDataItem', {
    directoryId: directory.id,
    name: targetName,
    kind: 10,
    fields: [{ name: '日用电量', fieldName: 'total', type: 1, unit: 'kWh' }],
  });
  // Counter readings of today: 110 − 100 + 125.5 − 110 = 25.5 used today.
  for (const kwh of [100, 110, 125.5]) {
    await admin.api.post('dataItem/addRecord', { itemId: counterId, values: { kwh } });
  }
  const meterName = uniqueName('总进线');
  const { id: meterId } = await admin.api.post<{ id: number }>('meter/addMeter', { directoryId: directory.id, name: meterName, nodeType: 101, source: { itemId: counterId, fieldName: 'kwh' } });
  const { today } = await admin.api.get<{ today: number | null }>('meter/getMeter', { meterId });
  expect(today).toBe(25.5);

  await signInAt(page, admin, '/taskmanagement/taskdefine');
  await page.getByRole('button', { name: '添加任务' }).click();
  const form = dialog(page, '添加智能分析');
  const taskName = uniqueName('今日进线用电');
  await form.getByLabel('任务名称').fill(taskName);
  await form.locator('.ant-radio-button-wrapper').filter({ hasText: /^电表$/ }).click();
  // A meter is read by its consumption: only the methods that add up a window are offered.
  const methods = form.getByRole('combobox', { name: '取值方式' });
  await methods.click();
  const methodList = page.locator('.ant-select-dropdown').filter({ has: page.locator(`[id="${await methods.getAttribute('aria-controls')}"]`) });
  await expect(methodList.locator('.ant-select-item-option')).toHaveText(['昨日累计', '今日累计', '本月累计', '时间段求和']);
  await methods.press('Escape');
  await chooseOption(page, form.getByRole('combobox', { name: '取值方式' }), '今日累计');
  await chooseOption(page, form.getByRole('combobox', { name: '来源电表' }), meterName);
  await chooseOption(page, form.getByRole('combobox', { name: '目标数据项' }), targetName);
  await chooseOption(page, form.getByRole('combobox', { name: '目标字段' }), '日用电量');
  await shoot(page, 'form-meter-zh-CN');
  await form.getByRole('button', { name: '保存' }).click();
  await expect(toast(page, '操作成功')).toBeVisible();
  const row = tableRow(page, taskName);
  await expect(row).toContainText('电表');
  await expect(row).toContainText(`⚡ ${meterName}`);
  await expect(row).toContainText(`→ ${targetName} · 日用电量`);

  await page.getByRole('button', { name: `立即执行 ${taskName}` }).click();
  const result = dialog(page, `执行结果：${taskName}`);
  await expect(result).toContainText('成功');
  await expect(result).toContainText('25.5');
  await result.locator('.ant-modal-footer').getByRole('button', { name: '关闭' }).click();
  const records = await admin.api.get<{ list: { values: Record<string, unknown> }[] }>('dataItem/getRecords', { itemId: targetId });
  expect(records.list.map((r) => Number(r.values.total))).toEqual([25.5]);
  // At 1440 px the last run's value is not under the sticky actions column (issue 31.14).
  const value = row.locator('.sd-task-last-run strong');
  await expect(value).toHaveText('25.5');
  const [valueBox, actionsBox] = [await value.boundingBox(), await row.locator('td').last().boundingBox()];
  expect(valueBox!.x + valueBox!.width).toBeLessThanOrEqual(actionsBox!.x);
  await shoot(page, 'define-meter-zh-CN');
  await actionsOnPhone(page, taskName, `立即执行 ${taskName}`, 'define-phone-zh-CN');

  await toEnglish(page);
  await expect(tableRow(page, taskName)).toContainText('Electric meter');
  await shoot(page, 'define-meter-en-US');
  await actionsOnPhone(page, taskName, `Run ${taskName} now`, 'define-phone-en-US');
  await page.getByRole('button', { name: `Edit ${taskName}` }).click();
  const edit = dialog(page, `Edit smart analysis: ${taskName}`);
  await expect(edit.getByRole('combobox', { name: 'Source meter' })).toBeVisible();
  await shoot(page, 'form-meter-en-US', false);
});

/** Two items of a new company: a meter (power, remark) and a report (total, note), with the report's record-list address. */
async function meterAndReport(admin: CompanyAdmin) {
  const directory = await admin.api.post<{ id: number }>('cabin/addDirectory', { parentId: null, name: uniqueName('目录') });
  const meterName = uniqueName('电表');
  const { id: meterId } = await admin.api.post<{ id: number }>('dataItem/addDataItem', {
    directoryId: directory.id,
    name: meterName,
    kind: 10,
    fields: [
      { name: '用电量', fieldName: 'power', type: 1, unit: 'kWh' },
      { name: '备注', fieldName: 'remark', type: 5, unit: '' },
    ],
  });
  const reportName = uniqueName('超限记录');
  const { id: reportId } = await admin.api.post<{ id: number }>('dataItem/addDataItem', {
    directoryId: directory.id,
    name: reportName,
    kind: 10,
    fields: [
      { name: '超限读数', fieldName: 'reading', type: 1, unit: 'kWh' },
      { name: '说明', fieldName: 'note', type: 5, unit: '' },
    ],
  });
  const { nodeId } = await admin.api.get<{ nodeId: number }>('dataItem/getDataItem', { id: reportId });
  const reportRecordsUrl = `/smartdata/datavalue/${reportId}/${encodeURIComponent(reportName)}/10/${nodeId}/0/-`;
  return { meterId, meterName, reportId, reportName, reportRecordsUrl };
}

async function toEnglish(page: Page): Promise<void> {
  await page.evaluate(() => localStorage.setItem('language', 'en-US'));
  await page.reload();
}

test('an intelligent rule made on its page copies a reading over the limit into another item, and its run is in the task log', async ({ page, request }) => {
  test.setTimeout(240_000);
  mkdirSync(shots, { recursive: true });
  await page.setViewportSize({ width: 1440, height: 900 });
  const admin = await createCompanyAdmin(await platformAdmin(request), request);
  const { meterId, meterName, reportId, reportName, reportRecordsUrl } = await meterAndReport(admin);

  // ---- the empty list, then the editor checks before sending ----
  await signInAt(page, admin, '/taskmanagement/intelligentrules');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('智能规则');
  await expect(page.getByText('还没有智能规则')).toBeVisible();
  await shoot(page, 'rules-empty-zh-CN');
  await page.getByRole('button', { name: '新建规则' }).first().click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('新建智能规则');
  await page.getByRole('button', { name: '保存' }).click();
  await expect(page.getByText('请选择数据项').first()).toBeVisible();

  const ruleName = uniqueName('超限转存');
  await page.getByRole('textbox', { name: '规则名称' }).fill(ruleName);
  await chooseOption(page, page.getByRole('combobox', { name: '监测数据项' }), meterName);
  await chooseOption(page, page.getByRole('combobox', { name: '条件 1 的字段' }), '用电量');
  await page.getByRole('spinbutton', { name: '条件 1 的值' }).fill('100');
  // Action 1 (a record write) is there from the start.
  await chooseOption(page, page.getByRole('combobox', { name: '写入数据项' }), reportName);
  await chooseOption(page, page.getByRole('combobox', { name: '第 1 个写入字段' }), '超限读数');
  await page.getByText('复制监测字段').click();
  await chooseOption(page, page.getByRole('combobox', { name: '第 1 个字段的来源字段' }), '用电量');
  await page.getByRole('button', { name: '添加字段' }).click();
  await chooseOption(page, page.getByRole('combobox', { name: '第 2 个写入字段' }), '说明');
  await page.getByRole('textbox', { name: '第 2 个字段的值' }).fill('超过 100');
  // A second action that is not complete: the form says so and nothing is sent.
  await page.getByRole('button', { name: '通知用户' }).click();
  await page.getByLabel('消息内容').fill('用电量超限');
  await page.getByRole('button', { name: '保存' }).click();
  await expect(page.getByRole('alert').filter({ hasText: '请选择接收人并至少选择短信或邮件，或选择通知渠道' })).toBeVisible();
  await shoot(page, 'rule-editor-zh-CN', false);
  await page.getByRole('button', { name: '删除动作 2' }).click();
  await page.getByRole('button', { name: '保存' }).click();
  await expect(toast(page, '操作成功')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('智能规则');
  const row = tableRow(page, ruleName);
  await expect(row).toContainText(meterName);
  await expect(row).toContainText('用电量 > 100');
  await expect(row).toContainText(`写入数据记录：${reportName}（超限读数 ← 用电量，说明 = “超过 100”）`);
  await expect(row).toContainText('尚未执行');

  // ---- a record under the limit does nothing; one over it is copied ----
  await admin.api.post('dataItem/addRecord', { itemId: meterId, values: { power: 80, remark: '正常' } });
  await admin.api.post('dataItem/addRecord', { itemId: meterId, values: { power: 123.5, remark: '偏高' } });
  await expect
    .poll(async () => (await admin.api.get<{ list: { values: Record<string, unknown> }[] }>('dataItem/getRecords', { itemId: reportId })).list.map((r) => Number(r.values.reading)), { timeout: 20_000 })
    .toEqual([123.5]);
  await page.goto(reportRecordsUrl);
  await expect(page.locator('.ant-table-tbody > tr.ant-table-row:visible').filter({ hasText: '123.5' })).toContainText('超过 100');

  // ---- its run in the task log, and on the rule ----
  await page.goto('/taskmanagement/tasklog');
  await chooseOption(page, page.getByRole('combobox', { name: '按类型筛选' }), '智能规则');
  const logRow = tableRow(page, ruleName);
  await expect(logRow).toContainText('智能规则');
  await expect(logRow).toContainText('新记录触发');
  await expect(logRow).toContainText('成功');
  await expect(page.locator('.ant-table-tbody > tr.ant-table-row')).toHaveCount(1);
  await shoot(page, 'log-rules-zh-CN');
  await page.goto('/taskmanagement/intelligentrules');
  await expect(tableRow(page, ruleName)).toContainText('成功');
  await shoot(page, 'rules-zh-CN');

  // ---- a rule that would write back into the watched meter is refused by the server, in words ----
  await page.getByRole('button', { name: '新建规则' }).first().click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('新建智能规则');
  await page.getByRole('textbox', { name: '规则名称' }).fill(uniqueName('回写'));
  await chooseOption(page, page.getByRole('combobox', { name: '监测数据项' }), reportName);
  await chooseOption(page, page.getByRole('combobox', { name: '条件 1 的字段' }), '超限读数');
  await page.getByRole('spinbutton', { name: '条件 1 的值' }).fill('0');
  await chooseOption(page, page.getByRole('combobox', { name: '写入数据项' }), meterName);
  await chooseOption(page, page.getByRole('combobox', { name: '第 1 个写入字段' }), '用电量');
  await page.getByText('复制监测字段').click();
  await chooseOption(page, page.getByRole('combobox', { name: '第 1 个字段的来源字段' }), '超限读数');
  await page.getByRole('button', { name: '保存' }).click();
  await expect(errorNotice(page, '规则会循环触发自身')).toBeVisible();
  await expect(errorNotice(page, ruleName)).toBeVisible();
  await page.getByRole('button', { name: '取消' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('智能规则');
  await expect(page.locator('.ant-table-tbody > tr.ant-table-row:visible')).toHaveCount(1);

  // ---- the switch saves ----
  await tableRow(page, ruleName).getByRole('switch').click();
  await expect.poll(async () => (await admin.api.get<{ id: number; enabled: boolean }[]>('task/getRuleList'))[0]?.enabled).toBe(false);
  await tableRow(page, ruleName).getByRole('switch').click();
  await expect.poll(async () => (await admin.api.get<{ id: number; enabled: boolean }[]>('task/getRuleList'))[0]?.enabled).toBe(true);

  // ---- English ----
  await toEnglish(page);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Intelligent rules');
  await expect(tableRow(page, ruleName)).toContainText(`Write a record: ${reportName} (超限读数 ← 用电量, 说明 = “超过 100”)`);
  await shoot(page, 'rules-en-US');
  await page.getByRole('button', { name: `Edit ${ruleName}` }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Edit intelligent rule: ${ruleName}`);
  await expect(page.getByRole('spinbutton', { name: 'Value of condition 1' })).toHaveValue('100');
  await shoot(page, 'rule-editor-en-US', false);
  await page.goto('/taskmanagement/tasklog');
  await expect(tableRow(page, ruleName)).toContainText('New record');
  await shoot(page, 'log-en-US-types');

  // ---- delete asks first ----
  await page.goto('/taskmanagement/intelligentrules');
  await page.getByRole('button', { name: `Delete ${ruleName}` }).click();
  await confirmDialog(page, ruleName).getByRole('button', { name: 'Delete' }).click();
  await expect(tableRow(page, ruleName)).toHaveCount(0);
  await expect(page.getByText('No intelligent rules yet')).toBeVisible();
});

test('an executable task is made on its settings page and run from its list; a scheduled task runs it', async ({ page, request }) => {
  test.setTimeout(240_000);
  mkdirSync(shots, { recursive: true });
  await page.setViewportSize({ width: 1440, height: 900 });
  const admin = await createCompanyAdmin(await platformAdmin(request), request);
  const { reportId, reportName } = await meterAndReport(admin);

  await signInAt(page, admin, '/taskmanagement/executabletask');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('可执行任务');
  await expect(page.getByText('还没有可执行任务')).toBeVisible();
  await shoot(page, 'executable-empty-zh-CN');
  await page.getByRole('button', { name: '新建可执行任务' }).first().click();
  await expect(page).toHaveURL(/ExecutableTaskConfig\/new\/everyone$/);
  const taskName = uniqueName('盘点写入');
  await page.getByRole('textbox', { name: '任务名称' }).fill(taskName);
  await chooseOption(page, page.getByRole('combobox', { name: '写入数据项' }), reportName);
  await chooseOption(page, page.getByRole('combobox', { name: '第 1 个写入字段' }), '超限读数');
  // No copies here: nothing triggered the task.
  await expect(page.getByText('复制监测字段')).toHaveCount(0);
  await page.getByRole('spinbutton', { name: '第 1 个字段的值' }).fill('7');
  await page.getByText('指定用户').click();
  await expect(page.getByText('可执行的用户')).toBeVisible();
  await page.getByText('所有有权限的用户').click();
  await page.getByRole('button', { name: '产生告警' }).click();
  await page.getByRole('button', { name: '上移动作 2' }).click();
  await expect(page.locator('.sd-task-action').first()).toContainText('告警数据项');
  await shoot(page, 'executable-config-zh-CN', false);
  await page.getByRole('button', { name: '删除动作 1' }).click();
  await page.getByRole('button', { name: '保存' }).click();
  await expect(toast(page, '操作成功')).toBeVisible();
  const row = tableRow(page, taskName);
  await expect(row).toContainText(`写入数据记录：${reportName}（超限读数 = 7）`);
  await expect(row).toContainText('所有有权限的用户');

  await page.getByRole('button', { name: `执行 ${taskName}` }).click();
  const result = dialog(page, `执行结果：${taskName}`);
  await expect(result).toContainText('成功');
  await shoot(page, 'executable-run-zh-CN', false);
  await result.locator('.ant-modal-footer').getByRole('button', { name: '关闭' }).click();
  const records = await admin.api.get<{ list: { values: Record<string, unknown> }[] }>('dataItem/getRecords', { itemId: reportId });
  expect(records.list.map((r) => Number(r.values.reading))).toEqual([7]);
  await expect(row).toContainText('成功');
  await shoot(page, 'executable-zh-CN');
  await actionsOnPhone(page, taskName, `执行 ${taskName}`, 'executable-phone-zh-CN');

  // ---- a scheduled task that runs it ----
  await page.goto('/taskmanagement/scheduledtask');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('定时任务');
  await shoot(page, 'scheduled-empty-zh-CN');
  await page.getByRole('button', { name: '新建定时任务' }).first().click();
  const form = dialog(page, '新建定时任务');
  const scheduledName = uniqueName('每日盘点');
  await form.getByLabel('任务名称').fill(scheduledName);
  await chooseOption(page, form.getByRole('combobox', { name: '可执行任务' }), taskName);
  await form.getByLabel('执行时间').fill('07:30');
  await shoot(page, 'scheduled-form-zh-CN', false);
  await form.getByRole('button', { name: '保存' }).click();
  await expect(toast(page, '操作成功')).toBeVisible();
  const scheduledRow = tableRow(page, scheduledName);
  await expect(scheduledRow).toContainText(taskName);
  await expect(scheduledRow).toContainText('每天 07:30');
  await expect(scheduledRow).toContainText('下次');
  await page.getByRole('button', { name: `立即执行 ${scheduledName}` }).click();
  await expect(dialog(page, `执行结果：${scheduledName}`)).toContainText('成功');
  await dialog(page, `执行结果：${scheduledName}`).locator('.ant-modal-footer').getByRole('button', { name: '关闭' }).click();
  await expect(scheduledRow).toContainText('成功');
  await shoot(page, 'scheduled-zh-CN');
  await actionsOnPhone(page, scheduledName, `立即执行 ${scheduledName}`, 'scheduled-phone-zh-CN');

  // ---- English ----
  await toEnglish(page);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Scheduled tasks');
  await expect(tableRow(page, scheduledName)).toContainText('Every day at 07:30');
  await shoot(page, 'scheduled-en-US');
  await actionsOnPhone(page, scheduledName, `Run ${scheduledName} now`, 'scheduled-phone-en-US');
  await page.getByRole('button', { name: `Edit ${scheduledName}` }).click();
  await expect(dialog(page, `Edit scheduled task: ${scheduledName}`).getByRole('textbox', { name: 'Time' })).toHaveValue('07:30');
  await shoot(page, 'scheduled-form-en-US', false);
  await dialog(page, `Edit scheduled task: ${scheduledName}`).getByRole('button', { name: 'Cancel' }).click();
  await page.goto('/taskmanagement/executabletask');
  await expect(tableRow(page, taskName)).toContainText(`Write a record: ${reportName} (超限读数 = 7)`);
  await shoot(page, 'executable-en-US');
  await actionsOnPhone(page, taskName, `Run ${taskName}`, 'executable-phone-en-US');
  await page.getByRole('button', { name: `Edit ${taskName}` }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Edit executable task: ${taskName}`);
  await shoot(page, 'executable-config-en-US', false);

  // ---- a member holding only the executable tasks' code may run the task for everyone, not a creator-only one ----
  const member = await addMember(await platformAdmin(request), request, admin.companyId);
  const { id: roleId } = await admin.api.post<{ id: number }>('role/addRole', { name: uniqueName('执行者'), codes: ['smart_assignment', 'sa_executable_task'] });
  await admin.api.post('company/member/setMemberRoles', { userId: member.userId, roleIds: [roleId] });
  const privateName = uniqueName('仅本人');
  await admin.api.post('task/addExecutable', { name: privateName, accessMode: 'creator', actions: [{ kind: 'writeRecord', itemId: reportId, values: [{ fieldName: 'reading', value: 1 }] }] });
  await page.evaluate(() => localStorage.clear());
  await page.context().clearCookies();
  await signInAt(page, member, '/taskmanagement/executabletask');
  const privateRun = tableRow(page, privateName).getByRole('button', { name: `执行 ${privateName}` });
  await expect(privateRun).toBeDisabled();
  await expect(tableRow(page, taskName).getByRole('button', { name: `执行 ${taskName}` })).toBeEnabled();
  // Only its creator or a company administrator changes a task: no edit or delete offered to the member.
  await expect(tableRow(page, taskName).getByRole('button', { name: new RegExp(`^(编辑|删除) `) })).toHaveCount(0);
  await privateRun.hover({ force: true });
  await expect(page.getByRole('tooltip')).toContainText('您不在此任务的执行范围内');
  // Without the data cabin's code the actions show ids, and no error notice appears.
  await expect(tableRow(page, taskName)).toContainText('写入数据记录');
  await expect(page.locator('.ant-notification-notice')).toHaveCount(0);
  await shoot(page, 'executable-member-zh-CN');
});

test('the platform administrator sees an analysis among the scheduler jobs, pauses and resumes it', async ({ page, request }) => {
  test.setTimeout(180_000);
  mkdirSync(shots, { recursive: true });
  await page.setViewportSize({ width: 1440, height: 900 });
  const admin = await createCompanyAdmin(await platformAdmin(request), request);
  const { meterId, reportId } = await meterAndReport(admin);
  const jobName = uniqueName('日用电汇总');
  const { id: jobId } = await admin.api.post<{ id: number }>('task/addAnalysis', {
    name: jobName,
    enabled: true,
    schedule: { cron: '5 0 * * *' },
    method: 'sum_yesterday',
    source: { itemId: meterId, fieldName: 'power' },
    decimals: 2,
    target: { itemId: reportId, fieldName: 'reading' },
  });

  // The analysis's own page, linked from the analysis list.
  await signInAt(page, admin, '/taskmanagement/taskdefine');
  await page.getByRole('link', { name: jobName }).click();
  await expect(page).toHaveURL(new RegExp(`/taskmanagement/taskdefine/taskconfig/${jobId}$`));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(jobName);
  await expect(page.getByText('还没有执行记录')).toBeVisible();
  await shoot(page, 'taskconfig-zh-CN');
  await page.evaluate(() => localStorage.clear());
  await page.context().clearCookies();

  await signInAt(page, PLATFORM_ADMIN, '/systemMaintenance/systemquartz');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('调度任务');
  await page.getByRole('searchbox', { name: '搜索任务名称' }).fill(jobName);
  await page.getByRole('searchbox', { name: '搜索任务名称' }).press('Enter');
  const row = tableRow(page, jobName);
  await expect(row).toContainText(admin.companyName);
  await expect(row).toContainText('智能分析');
  await expect(row).toContainText('每天 00:05');
  await expect(row).toContainText('运行中');
  await shoot(page, 'quartz-zh-CN');

  await row.getByRole('button', { name: `暂停 ${jobName}` }).click();
  await confirmDialog(page, jobName).getByRole('button', { name: '暂停' }).click();
  await expect(row).toContainText('已暂停');
  expect((await admin.api.get<{ id: number; enabled: boolean }[]>('task/getAnalysisList')).find((a) => a.id === jobId)?.enabled).toBe(false);
  await row.getByRole('button', { name: `恢复 ${jobName}` }).click();
  await confirmDialog(page, jobName).getByRole('button', { name: '恢复' }).click();
  await expect(row).toContainText('运行中');
  expect((await admin.api.get<{ id: number; enabled: boolean }[]>('task/getAnalysisList')).find((a) => a.id === jobId)?.enabled).toBe(true);

  await toEnglish(page);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Scheduler jobs');
  await chooseOption(page, page.getByRole('combobox', { name: 'Filter by type' }), 'Smart analysis');
  await shoot(page, 'quartz-en-US');

});
