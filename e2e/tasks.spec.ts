import { mkdirSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { signInAt } from './support/accounts';
import { expect as baseExpect, test, uniqueName } from './support/fixtures';
import { confirmDialog, createCompanyAdmin, dialog, platformAdmin, tableRow, toast } from './support/organization';
import { chooseOption } from './support/select';

/**
 * Smart analysis in the browser (issue 16): a daily sum over a data item with records is made in
 * the analysis dialog, previewed (nothing written), run now; its result is a record of the target
 * item, and its run is in the task log. Both screens and the form in both languages go to
 * /tmp/hE-shots.
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
  await expect(row).toContainText(`${sourceName} · power`);
  await expect(row).toContainText(`→ ${targetName} · total`);
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
  await expect(result).toContainText(`已写入 ${targetName} · total`);
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
