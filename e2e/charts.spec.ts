import { readFileSync } from 'node:fs';
import type { Locator, Page } from '@playwright/test';
import { submitPasswordSignIn } from './support/accounts';
import { expect as baseExpect, test, uniqueName, type ApiClient } from './support/fixtures';
import { createCompanyAdmin, platformAdmin, toast } from './support/organization';
import { chooseOption } from './support/select';

/**
 * Charts (issue 5): from a data item's records to a configured line chart, its live refresh,
 * the dialog view and the PNG and CSV exports. The item and its records are made through the API.
 */

async function itemWithRecords(client: ApiClient, temperatures: number[]): Promise<{ id: number; name: string; nodeId: number }> {
  const directory = await client.post<{ id: number }>('cabin/addDirectory', { parentId: null, name: uniqueName('目录') });
  const name = uniqueName('锅炉');
  const { id } = await client.post<{ id: number }>('dataItem/addDataItem', {
    directoryId: directory.id,
    name,
    kind: 13,
    fields: [
      { name: '温度', fieldName: 'temperature', type: 1, unit: '℃', decimalPlaces: 2 },
      { name: '数量', fieldName: 'count', type: 10 },
      { name: '备注', fieldName: 'remark', type: 5 },
    ],
  });
  for (const [index, temperature] of temperatures.entries()) {
    await client.post('dataItem/addRecord', { itemId: id, values: { temperature, count: index, remark: `r${index}` } });
  }
  const item = await client.get<{ nodeId: number }>('dataItem/getDataItem', { id });
  return { id, name, nodeId: item.nodeId };
}

/** Chooses an option of an antd Select by its text (the select's own dropdown). */
// The 2-core machine is shared with other runs: wait longer than the default for each step.
const expect = baseExpect.configure({ timeout: 30_000 });

/** The chart shown (pages of other tabs stay mounted, hidden). */
const chartView = (scope: Page | Locator) => scope.locator('[data-testid="chart-view"]:visible');

test('a line chart of a data item is configured, drawn with every value, refreshed live, shown in a dialog and exported as PNG and CSV', async ({ page, request }) => {
  test.setTimeout(180_000);
  const companyAdmin = await createCompanyAdmin(await platformAdmin(request), request);
  const item = await itemWithRecords(companyAdmin.api, [21.5, 23, 19.25, 30, 25]);

  // ---- from the records page to the item's (empty) chart list ----
  const recordsPath = `/smartdata/datavalue/${item.id}/${encodeURIComponent(item.name)}/13/${item.nodeId}/0/-`;
  await page.goto(recordsPath);
  await submitPasswordSignIn(page, companyAdmin.userName, companyAdmin.password);
  await expect(page).toHaveURL(recordsPath);
  await expect(page.getByRole('heading', { level: 1 })).toContainText(item.name);
  await page.getByRole('button', { name: '图表' }).click();
  await expect(page).toHaveURL(new RegExp(`/smartdata/chartpages/${item.id}/`));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`${item.name} · 图表`);
  await expect(page.getByText('该数据项还没有图表').first()).toBeVisible();

  // ---- configure a line chart of the temperature, raw values of today ----
  await page.getByRole('button', { name: '新建图表' }).first().click();
  await expect(page).toHaveURL(new RegExp(`/smartdata/chart/chartConfig/${item.id}/0/`));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('新建图表');
  // Saving without a name or a field shows the rules before anything is sent.
  await page.getByRole('button', { name: '保存' }).click();
  await expect(page.getByText('名称不能为空')).toBeVisible();
  await expect(page.getByText('请选择字段').first()).toBeVisible();
  await page.getByLabel('图表名称', { exact: true }).fill('温度曲线');
  await chooseOption(page, page.getByLabel('字段', { exact: true }), '温度 (℃)');
  await expect(page.getByRole('radio', { name: '今天' })).toBeChecked();
  // The preview draws the five values before saving.
  await expect(chartView(page)).toHaveAttribute('data-points', '5');
  await page.getByRole('button', { name: '保存' }).click();
  await expect(toast(page, '图表已保存')).toBeVisible();

  // ---- the chart page draws every value ----
  await expect(page).toHaveURL(new RegExp(`/smartdata/chartpages/${item.id}/${encodeURIComponent('温度曲线')}/line/\\d+/`));
  const chart = chartView(page);
  await expect(chart).toHaveAttribute('data-state', 'ready');
  await expect(chart).toHaveAttribute('data-points', '5');
  await expect(chart.locator('canvas').first()).toBeVisible();
  await expect(page.getByRole('link', { name: /温度曲线/ })).toBeVisible();
  await expect(page.getByText('折线图 · 原始 · 今天 · 5 个数据点')).toBeVisible();

  // ---- a record added elsewhere reaches the chart without a reload ----
  await companyAdmin.api.post('dataItem/addRecord', { itemId: item.id, values: { temperature: 27.75 } });
  await expect(chart).toHaveAttribute('data-points', '6', { timeout: 15_000 });

  // ---- the dialog view, and the exports from it ----
  await page.getByRole('button', { name: '弹窗查看' }).click();
  await expect(page).toHaveURL(/\/smartdata\/ChartDialogs\//);
  const modal = page.getByRole('dialog');
  await expect(chartView(modal)).toHaveAttribute('data-points', '6');
  await expect(modal.locator('canvas').first()).toBeVisible();

  const csvDownload = page.waitForEvent('download');
  await modal.getByRole('button', { name: '导出 CSV' }).click();
  const csvFile = await csvDownload;
  expect(csvFile.suggestedFilename()).toBe('温度曲线.csv');
  const lines = readFileSync((await csvFile.path())!, 'utf8').replace(/^\uFEFF/, '').trimEnd().split('\r\n');
  expect(lines[0]).toBe('时间,温度 (℃)');
  expect(lines.slice(1).map((line) => Number(line.split(',')[1]))).toEqual([21.5, 23, 19.25, 30, 25, 27.75]);
  expect(lines[1]).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d,21\.5$/);

  const pngDownload = page.waitForEvent('download');
  await modal.getByRole('button', { name: '导出 PNG' }).click();
  const pngFile = await pngDownload;
  expect(pngFile.suggestedFilename()).toBe('温度曲线.png');
  const png = readFileSync((await pngFile.path())!);
  expect(png.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
  expect(png.length).toBeGreaterThan(5_000);

  await modal.getByRole('button', { name: '关闭' }).click();
  await expect(page).toHaveURL(/\/smartdata\/chartpages\//);
  await expect(page.getByRole('dialog')).toHaveCount(0);
});
