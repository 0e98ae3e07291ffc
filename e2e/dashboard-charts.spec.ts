import type { Page } from '@playwright/test';
import { signInAt } from './support/accounts';
import { expect, test, uniqueName, type ApiClient } from './support/fixtures';
import { createCompanyAdmin, platformAdmin, toast } from './support/organization';
import { chooseOption } from './support/select';

/**
 * Issue 13: a saved chart goes on a dashboard as it is (and follows it), a widget's settings show
 * the defaults it uses, and a full-screen board uses the whole screen.
 */

const shots = process.env.SHOTS_DIR;
async function shoot(page: Page, name: string): Promise<void> {
  if (shots) {
    await page.screenshot({ path: `${shots}/${name}.png` });
  }
}

async function readingsItem(client: ApiClient): Promise<{ itemId: number; itemName: string }> {
  const directory = await client.post<{ id: number }>('cabin/addDirectory', { parentId: null, name: uniqueName('车间') });
  const itemName = uniqueName('读数');
  const { id } = await client.post<{ id: number }>('dataItem/addDataItem', {
    directoryId: directory.id,
    name: itemName,
    kind: 13,
    fields: [
      { name: '温度', fieldName: 'temperature', type: 1, unit: '℃' },
      { name: '湿度', fieldName: 'humidity', type: 1, unit: '%' },
    ],
  });
  return { itemId: id, itemName };
}

test('a saved chart is put on a board, follows the chart, and shows a clear state once deleted', async ({ page, request }) => {
  test.setTimeout(240_000);
  const admin = await createCompanyAdmin(await platformAdmin(request), request);
  const { itemId, itemName } = await readingsItem(admin.api);
  await admin.api.post('dataItem/addRecord', { itemId, values: { temperature: 21.5, humidity: 40 } });
  const chartName = uniqueName('温度');
  const chart = await admin.api.post<{ id: number }>('chart/addChart', { itemId, name: chartName, kind: 'bar', series: [{ field: 'temperature', aggregate: 'MAX' }], bucket: 'hour', range: { preset: 'last7Days' } });
  const board = await admin.api.post<{ id: number }>('dashboard/addDashboard', { name: uniqueName('图表看板') });

  await signInAt(page, admin, `/smartdata/dashboard3/EditBoard/${board.id}/b/0`);
  await page.getByRole('button', { name: '添加组件' }).click();
  await page.getByRole('menuitem', { name: '已保存的图表' }).click();
  const widget = page.locator('section[aria-label="已保存的图表"]');
  // In the editor the hint points at the widget's settings, not at "the editor".
  await expect(widget).toContainText('点击组件右上角的“设置”，选择一个已保存的图表');
  await expect(page.getByText('在编辑页')).toHaveCount(0);
  await page.getByRole('button', { name: '设置 已保存的图表' }).click();
  const drawer = page.locator('.ant-drawer').filter({ hasText: '组件设置：已保存的图表' });
  await chooseOption(page, drawer.getByLabel('数据项'), itemName);
  await chooseOption(page, drawer.getByLabel('图表', { exact: true }), chartName);
  await expect(drawer.getByTestId('chart-summary')).toHaveText('柱状图 · 小时 · 最近 7 天');
  await shoot(page, 'saved-chart-settings-zh-CN');
  await drawer.getByRole('button', { name: '应用' }).click();
  await expect(drawer).toBeHidden();
  await expect(widget.getByTestId('chart-view')).toHaveAttribute('data-kind', 'bar');
  await page.getByRole('button', { name: /保存$/ }).click();
  await expect(toast(page, '操作成功')).toBeVisible();

  // The board follows the chart: its new kind shows on the board.
  await admin.api.post('chart/updateChart', { id: chart.id, name: chartName, kind: 'line', series: [{ field: 'temperature', aggregate: 'AVG' }], bucket: 'hour', range: { preset: 'last7Days' } });
  await page.goto(`/smartdata/currentshowdashboard/${board.id}`);
  const shown = page.locator('.sd-board-grid section[aria-label="已保存的图表"]');
  await expect(shown.getByTestId('chart-view')).toHaveAttribute('data-kind', 'line');
  await expect(shown.getByTestId('chart-view')).toHaveAttribute('data-state', 'ready');
  await shoot(page, 'saved-chart-board-zh-CN');

  // A deleted chart: the widget says so.
  await admin.api.post('chart/deleteChart', { id: chart.id });
  await page.reload();
  await expect(shown).toContainText('图表已删除');
  await page.evaluate(() => localStorage.setItem('language', 'en-US'));
  await page.reload();
  await expect(page.locator('.sd-board-grid section[aria-label="已保存的图表"]')).toContainText('The chart was deleted');
  await shoot(page, 'saved-chart-deleted-en-US');
});

test('the settings of a chart widget show the defaults it draws with, in both languages', async ({ page, request }) => {
  test.setTimeout(180_000);
  const admin = await createCompanyAdmin(await platformAdmin(request), request);
  const board = await admin.api.post<{ id: number }>('dashboard/addDashboard', { name: uniqueName('默认值') });
  await admin.api.post('dashboard/saveDashboard', {
    id: board.id,
    boardType: 'grid',
    width: 1920,
    height: 1080,
    refreshMinutes: 5,
    widgets: [
      { id: 'c', kind: 'chart', title: '趋势', layout: { x: 0, y: 0, w: 6, h: 6 } },
      { id: 'g', kind: 'gauge', title: '压力', layout: { x: 6, y: 0, w: 3, h: 5 } },
    ],
  });
  await signInAt(page, admin, `/smartdata/dashboard3/EditBoard/${board.id}/b/0`);
  await page.getByRole('button', { name: '设置 趋势' }).click();
  let drawer = page.locator('.ant-drawer').filter({ hasText: '组件设置：图表' });
  await expect(drawer.locator('.ant-form-item').filter({ hasText: '图表类型' }).locator('.ant-select')).toContainText('折线图');
  await expect(drawer.locator('.ant-form-item').filter({ hasText: '聚合' }).locator('.ant-select')).toContainText('原始值');
  await expect(drawer.locator('.ant-form-item').filter({ hasText: '时间粒度' }).locator('.ant-select')).toContainText('原始');
  await expect(drawer.locator('.ant-form-item').filter({ hasText: '时间范围' }).locator('.ant-select')).toContainText('今天');
  await shoot(page, 'chart-widget-defaults-zh-CN');
  await drawer.getByRole('button', { name: '取消' }).click();
  await page.getByRole('button', { name: '设置 压力' }).click();
  drawer = page.locator('.ant-drawer').filter({ hasText: '组件设置：仪表盘' });
  await expect(drawer.locator('.ant-form-item').filter({ hasText: '聚合' }).locator('.ant-select')).toContainText('最新值');
  await expect(drawer.getByLabel('最小值')).toHaveValue('0');
  await expect(drawer.getByLabel('最大值')).toHaveValue('100');
  await drawer.getByRole('button', { name: '取消' }).click();

  await page.evaluate(() => localStorage.setItem('language', 'en-US'));
  await page.reload();
  await page.getByRole('button', { name: 'Settings of 趋势' }).click();
  drawer = page.locator('.ant-drawer').filter({ hasText: 'Widget settings: Chart' });
  await expect(drawer.locator('.ant-form-item').filter({ hasText: 'Time range' }).locator('.ant-select')).toContainText('Today');
  await shoot(page, 'chart-widget-defaults-en-US');
});

test('a full-screen board of one half-width widget fills the screen', async ({ page, request }) => {
  test.setTimeout(120_000);
  const admin = await createCompanyAdmin(await platformAdmin(request), request);
  const board = await admin.api.post<{ id: number }>('dashboard/addDashboard', { name: uniqueName('单组件') });
  await admin.api.post('dashboard/saveDashboard', {
    id: board.id,
    boardType: 'grid',
    width: 1920,
    height: 1080,
    refreshMinutes: 5,
    widgets: [{ id: 't', kind: 'text', title: '公告', layout: { x: 0, y: 0, w: 6, h: 6 }, options: { text: '今日安全生产' } }],
  });
  await signInAt(page, admin, `/smartdata/currentshowdashboard/${board.id}`);
  await page.goto(`/showdashboard/${board.id}`);
  const widget = page.locator('.sd-board-grid section[aria-label="公告"]');
  await expect(widget).toBeVisible();
  const box = (await widget.boundingBox())!;
  const viewport = page.viewportSize()!;
  expect(box.width).toBeGreaterThan(viewport.width * 0.9);
  expect(box.y + box.height).toBeGreaterThan(viewport.height * 0.9);
  await shoot(page, 'fullscreen-one-widget-zh-CN');
});
