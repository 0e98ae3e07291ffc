import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { signInAt } from './support/accounts';
import { expect as baseExpect, test, uniqueName } from './support/fixtures';
import { createCompanyAdmin, platformAdmin, toast } from './support/organization';
import { chooseOption } from './support/select';

/**
 * Issue 13, charts: a value per location (a category axis over a text field) is configured and
 * drawn, and the chart page's live switch says what it does.
 */

const expect = baseExpect.configure({ timeout: 30_000 });
const shots = process.env.SHOTS_DIR;
async function shoot(page: Page, name: string): Promise<void> {
  if (shots) {
    await page.screenshot({ path: `${shots}/${name}.png` });
  }
}

test('a chart of the energy per location: a category axis over a text field, the top categories largest first', async ({ page, request }) => {
  test.setTimeout(180_000);
  const admin = await createCompanyAdmin(await platformAdmin(request), request);
  const directory = await admin.api.post<{ id: number }>('cabin/addDirectory', { parentId: null, name: uniqueName('能耗') });
  const itemName = uniqueName('库房能耗');
  const { id: itemId } = await admin.api.post<{ id: number }>('dataItem/addDataItem', {
    directoryId: directory.id,
    name: itemName,
    kind: 13,
    fields: [
      { name: '位置', fieldName: 'location', type: 5 },
      { name: '电量', fieldName: 'energy', type: 1, unit: 'kWh' },
      { name: '温度', fieldName: 'temperature', type: 1, unit: '℃' },
    ],
  });
  for (const [location, energy, temperature] of [
    ['一号库', 10, 20],
    ['二号库', 40, 22],
    ['一号库', 15, 21],
    ['三号库', 5, 25],
  ] as const) {
    await admin.api.post('dataItem/addRecord', { itemId, values: { location, energy, temperature } });
  }
  const item = await admin.api.get<{ nodeId: number }>('dataItem/getDataItem', { id: itemId });

  await signInAt(page, admin, `/smartdata/chart/chartConfig/${itemId}/0/${encodeURIComponent(itemName)}/${item.nodeId}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('新建图表');
  await page.getByLabel('图表名称', { exact: true }).fill('各库电量');
  await chooseOption(page, page.getByLabel('图表类型', { exact: true }), '柱状图');
  await chooseOption(page, page.getByLabel('字段', { exact: true }), '电量 (kWh)');
  await page.locator('label.ant-radio-button-wrapper').filter({ hasText: '分类（按文本字段）' }).click();
  // Grouping needs an aggregate: raw values became a sum.
  await expect(page.locator('.sd-chart-config__series').first()).toContainText('求和');
  await chooseOption(page, page.getByLabel('分组字段', { exact: true }), '位置');
  await page.getByLabel('显示前几个分类', { exact: true }).fill('2');
  const preview = page.getByTestId('chart-view');
  await expect(preview).toHaveAttribute('data-state', 'ready');
  // Two categories of one series: 二号库 (40) and 一号库 (25); 三号库 is cut by the top 2.
  await expect(preview).toHaveAttribute('data-points', '2');
  await shoot(page, 'chart-category-config-zh-CN');
  await page.getByRole('button', { name: /保存$/ }).click();
  await expect(toast(page, '图表已保存')).toBeVisible();

  await expect(page).toHaveURL(/\/smartdata\/chartpages\//);
  const chart = page.locator('[data-testid="chart-view"]:visible');
  await expect(chart).toHaveAttribute('data-state', 'ready');
  await expect(chart).toHaveAttribute('data-points', '2');
  // The live switch has a visible label, not only a tooltip.
  await expect(page.locator('label.sd-chart-panel__live').filter({ hasText: '实时刷新' })).toBeVisible();
  await expect(page.getByRole('switch', { name: '实时刷新' })).toBeChecked();

  const csvDownload = page.waitForEvent('download');
  await page.getByRole('button', { name: '导出 CSV' }).click();
  const lines = readFileSync((await (await csvDownload).path())!, 'utf8').replace(/^\uFEFF/, '').trimEnd().split('\r\n');
  expect(lines).toEqual(['分类,电量 (求和) (kWh)', '二号库,40', '一号库,25']);
  await shoot(page, 'chart-category-page-zh-CN');

  await page.evaluate(() => localStorage.setItem('language', 'en-US'));
  await page.reload();
  await expect(page.locator('label.sd-chart-panel__live').filter({ hasText: 'Live refresh' })).toBeVisible();
  await shoot(page, 'chart-category-page-en-US');
  await page.goto(`/smartdata/chart/chartConfig/${itemId}/0/${encodeURIComponent(itemName)}/${item.nodeId}`);
  await page.locator('label.ant-radio-button-wrapper').filter({ hasText: 'Categories (a text field)' }).click();
  await expect(page.getByTitle('Group by')).toBeVisible();
  await shoot(page, 'chart-category-config-en-US');
});
