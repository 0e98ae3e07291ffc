import { readFileSync } from 'node:fs';
import type { Locator, Page, WebSocket } from '@playwright/test';
import { signInAt } from './support/accounts';
import { expect, test, uniqueName, type ApiClient } from './support/fixtures';
import { createCompanyAdmin, dialog, platformAdmin, tableRow, toast } from './support/organization';
import { chooseOption } from './support/select';

/**
 * Dashboards and carousels (issue 5): a board built in the editor updates live as records
 * arrive; a carousel of two boards switches in the big-screen kiosk; a board exported from one
 * company is imported into another with its data item re-mapped or reported.
 */

const fields = [
  { name: '温度', fieldName: 'temperature', type: 1, unit: '℃' },
  { name: '湿度', fieldName: 'humidity', type: 1, unit: '%' },
];

async function itemIn(client: ApiClient, directoryName: string, itemName: string, itemFields = fields): Promise<number> {
  const directory = await client.post<{ id: number }>('cabin/addDirectory', { parentId: null, name: directoryName });
  const { id } = await client.post<{ id: number }>('dataItem/addDataItem', { directoryId: directory.id, name: itemName, kind: 13, fields: itemFields });
  return id;
}

/** Saves a grid board of the default size (1920×1080, refreshed every 5 minutes) with these widgets. */
async function saveGridBoard(client: ApiClient, id: number, widgets: unknown[]): Promise<void> {
  await client.post('dashboard/saveDashboard', { id, boardType: 'grid', width: 1920, height: 1080, refreshMinutes: 5, widgets });
}

/** Adds a widget in the grid editor and binds it to the item's temperature field. */
async function addBoundWidget(page: Page, kind: string, itemName: string): Promise<void> {
  await page.getByRole('button', { name: '添加组件' }).click();
  await page.getByRole('menuitem', { name: kind }).click();
  await page.getByRole('button', { name: `设置 ${kind}` }).last().click();
  const drawer = page.locator('.ant-drawer').filter({ hasText: `组件设置：${kind}` });
  await chooseOption(page, drawer.getByLabel('数据项'), itemName);
  await chooseOption(page, drawer.getByLabel('字段'), '温度');
  await drawer.getByRole('button', { name: '应用' }).click();
  await expect(drawer).toBeHidden();
}

/** Counts the page's open WebSockets from now on. */
function openSockets(page: Page): () => number {
  const open = new Set<WebSocket>();
  page.on('websocket', (socket) => {
    open.add(socket);
    socket.on('close', () => open.delete(socket));
  });
  return () => open.size;
}

test('a dashboard with three widgets bound to a data item updates live as records arrive', async ({ page, request }) => {
  test.setTimeout(240_000);
  const admin = await createCompanyAdmin(await platformAdmin(request), request);
  const itemName = uniqueName('温湿度');
  const itemId = await itemIn(admin.api, uniqueName('车间'), itemName);
  const boardName = uniqueName('车间看板');

  await signInAt(page, admin, '/smartdata/dashboard3');
  await expect(page.getByText('暂无看板')).toBeVisible();
  await page.getByRole('button', { name: '新建看板' }).click();
  const create = dialog(page, '新建看板');
  // The name rule shows before anything is sent.
  await create.getByRole('button', { name: '创建' }).click();
  await expect(create.getByText('名称不能为空')).toBeVisible();
  await create.getByLabel('名称').fill(boardName);
  await create.getByRole('button', { name: '创建' }).click();

  // The grid editor of the new, blank board.
  await expect(page.getByRole('heading', { level: 1 })).toContainText(`编辑看板：${boardName}`);
  await expect(page.getByText('还没有组件')).toBeVisible();
  await addBoundWidget(page, '数字卡片', itemName);
  await addBoundWidget(page, '仪表盘', itemName);
  await addBoundWidget(page, '最新记录表', itemName);
  await expect(page.getByText('未保存')).toBeVisible();
  await page.getByRole('button', { name: '保存' }).click();
  await expect(toast(page, '操作成功')).toBeVisible();

  await page.getByRole('button', { name: '预览' }).click();
  await expect(page).toHaveURL(/\/smartdata\/currentshowdashboard\/\d+$/);
  await expect(page.getByRole('heading', { level: 1 })).toContainText(boardName);
  const board = page.locator('.sd-board-grid');
  await expect(board.getByText('暂无数据')).toHaveCount(3);
  await expect(page.getByTestId('live-state')).toHaveText('实时');

  // Records added through the API appear in all three widgets without a reload.
  await admin.api.post('dataItem/addRecord', { itemId, values: { temperature: 21.5, humidity: 40 } });
  const card = board.locator('section[aria-label="数字卡片"]');
  await expect(card.getByTestId('widget-value')).toContainText('21.5');
  await expect(board.getByRole('img', { name: '仪表盘: 21.5' })).toBeVisible();
  await expect(board.locator('section[aria-label="最新记录表"] tbody tr')).toHaveCount(1);

  await admin.api.post('dataItem/addRecord', { itemId, values: { temperature: 23.75, humidity: 41 } });
  await expect(card.getByTestId('widget-value')).toContainText('23.75');
  await expect(board.getByRole('img', { name: '仪表盘: 23.75' })).toBeVisible();
  await expect(board.locator('section[aria-label="最新记录表"] tbody tr')).toHaveCount(2);
  await expect(board.locator('section[aria-label="最新记录表"] tbody tr').first()).toContainText('23.75');
});

test('a board of five live charts over two data items holds one connection, and each chart follows its own item', async ({ page, request }) => {
  test.setTimeout(240_000);
  const admin = await createCompanyAdmin(await platformAdmin(request), request);
  const lineOne = await itemIn(admin.api, uniqueName('一车间'), uniqueName('一号线'));
  const lineTwo = await itemIn(admin.api, uniqueName('二车间'), uniqueName('二号线'));
  const board = await admin.api.post<{ id: number }>('dashboard/addDashboard', { name: uniqueName('图表看板') });
  const chart = (id: string, itemId: number, chartKind: string, x: number, y: number) => ({
    id,
    kind: 'chart',
    title: id,
    layout: { x, y, w: 4, h: 4 },
    binding: { itemId, fields: ['temperature'] },
    options: { chartKind, bucket: 'raw', rangePreset: 'today' },
  });
  await saveGridBoard(admin.api, board.id, [
    chart('一号线趋势', lineOne, 'line', 0, 0),
    chart('一号线柱状', lineOne, 'bar', 4, 0),
    chart('二号线趋势', lineTwo, 'line', 0, 4),
    chart('二号线面积', lineTwo, 'area', 4, 4),
    { id: 'sum', kind: 'numberCard', title: '一号线合计', layout: { x: 8, y: 0, w: 4, h: 4 }, binding: { itemId: lineOne, fields: ['temperature'] }, options: { aggregate: 'SUM', rangePreset: 'today' } },
  ]);
  const sockets = openSockets(page);

  await signInAt(page, admin, `/smartdata/currentshowdashboard/${board.id}`);
  const widget = (title: string) => page.locator(`section[aria-label="${title}"]`).getByTestId('chart-view');
  await expect(page.getByTestId('chart-view')).toHaveCount(5);
  await expect(widget('一号线趋势')).toHaveAttribute('data-state', 'empty');
  await expect(page.getByTestId('live-state')).toHaveText('实时');

  // A record of line one redraws line one's charts, not line two's.
  await admin.api.post('dataItem/addRecord', { itemId: lineOne, values: { temperature: 21.5, humidity: 40 } });
  await expect(widget('一号线趋势')).toHaveAttribute('data-points', '1');
  await expect(widget('一号线柱状')).toHaveAttribute('data-points', '1');
  await expect(widget('一号线合计')).toContainText('21.5');
  await expect(widget('二号线趋势')).toHaveAttribute('data-state', 'empty');
  await admin.api.post('dataItem/addRecord', { itemId: lineTwo, values: { temperature: 19, humidity: 50 } });
  await expect(widget('二号线趋势')).toHaveAttribute('data-points', '1');
  await expect(widget('二号线面积')).toHaveAttribute('data-points', '1');

  // Five live charts and the board share the tab's one connection.
  await expect.poll(sockets).toBe(1);
});

test('a carousel of two boards with 5 s durations switches in big_screen, pauses with space and resumes after a reload', async ({ page, request }) => {
  test.setTimeout(240_000);
  const admin = await createCompanyAdmin(await platformAdmin(request), request);
  const first = uniqueName('一号看板');
  const second = uniqueName('二号看板');
  await admin.api.post('dashboard/addDashboard', { name: first, templateCode: 'deviceOverview' });
  await admin.api.post('dashboard/addDashboard', { name: second, templateCode: 'energy' });
  const carouselName = uniqueName('车间轮播');

  await signInAt(page, admin, '/smartdata/dashboarddisplay');
  await page.getByRole('button', { name: '新建轮播' }).click();
  const create = dialog(page, '新建轮播');
  await create.getByLabel('名称').fill(carouselName);
  await create.getByRole('button', { name: '创建' }).click();
  await expect(page.getByRole('heading', { level: 1, name: new RegExp(`轮播配置：${carouselName}`) })).toBeVisible({ timeout: 20_000 });
  await expect(page.getByTestId('carousel-state')).toHaveText('草稿');

  for (const [index, name] of [first, second].entries()) {
    await page.getByRole('button', { name: '添加看板' }).click();
    const entry = page.getByTestId('carousel-entry').nth(index);
    await chooseOption(page, entry.getByLabel('选择看板'), name);
    await entry.getByLabel('展示时长').fill('5');
  }
  // A window needs both ends in HH:mm: shown before sending.
  await page.getByTestId('carousel-entry').first().getByLabel('开始 HH:mm').fill('25:00');
  await page.getByRole('button', { name: '发布' }).click();
  await expect(page.getByText('时间格式为 HH:mm').first()).toBeVisible();
  await page.getByTestId('carousel-entry').first().getByLabel('开始 HH:mm').fill('');
  await page.getByRole('button', { name: '发布' }).click();
  await expect(toast(page, '已发布')).toBeVisible();
  await expect(page.getByTestId('carousel-state')).toHaveText('已发布');

  await page.getByRole('button', { name: '大屏播放' }).click();
  await expect(page).toHaveURL(/\/big_screen\/\d+$/);
  // No console chrome in the kiosk, and a grid board fills the screen without a scroll bar.
  await expect(page.locator('.ant-layout-sider')).toHaveCount(0);
  const grid = page.locator('.sd-board-grid');
  await expect(grid).toBeVisible();
  expect(await grid.evaluate((el) => el.scrollHeight <= el.clientHeight + 1 && el.getBoundingClientRect().bottom <= window.innerHeight)).toBe(true);
  expect(await page.evaluate(() => document.documentElement.scrollHeight <= window.innerHeight)).toBe(true);
  const shown = page.getByTestId('player-board');
  await expect(shown).toHaveText(new RegExp(`^(${first}|${second})$`));
  const before = await shown.textContent();
  const other = before === first ? second : first;
  await expect(shown).toHaveText(other, { timeout: 12_000 });
  await expect(shown).toHaveText(before!, { timeout: 12_000 });

  // Space pauses; the pause survives a reload and the board stays.
  await page.keyboard.press('Space');
  await expect(page.getByTestId('player-paused')).toBeVisible();
  const paused = await shown.textContent();
  await page.reload();
  await expect(shown).toHaveText(paused!);
  await expect(page.getByTestId('player-paused')).toBeVisible();
  await page.waitForTimeout(6_000);
  await expect(shown).toHaveText(paused!);
  // → shows the other board at once.
  await page.keyboard.press('ArrowRight');
  await expect(shown).toHaveText(paused === first ? second : first);
});

test('a board exported from one company is imported into another: its data item is re-mapped by path and name, a missing field reported', async ({ page, request }) => {
  test.setTimeout(240_000);
  const platform = await platformAdmin(request);
  const a = await createCompanyAdmin(platform, request, '甲公司');
  const b = await createCompanyAdmin(platform, request, '乙公司');
  const directoryName = uniqueName('工厂');
  const itemName = uniqueName('读数');
  const aItem = await itemIn(a.api, directoryName, itemName);
  const bItem = await itemIn(b.api, directoryName, itemName, [fields[0]!]);
  const boardName = uniqueName('导出看板');
  const board = await a.api.post<{ id: number }>('dashboard/addDashboard', { name: boardName });
  await saveGridBoard(a.api, board.id, [
    { id: 'card', kind: 'numberCard', title: '温度卡片', layout: { x: 0, y: 0, w: 3, h: 3 }, binding: { itemId: aItem, fields: ['temperature'] } },
    { id: 'table', kind: 'table', title: '温湿度表', layout: { x: 3, y: 0, w: 6, h: 6 }, binding: { itemId: aItem, fields: ['temperature', 'humidity'] } },
  ]);

  await signInAt(page, a, '/smartdata/dashboard3');
  const download = page.waitForEvent('download');
  await tableRow(page, boardName).getByRole('button', { name: `导出 ${boardName}` }).click();
  const file = await (await download).path();
  const document = JSON.parse(readFileSync(file, 'utf8')) as { format: string; widgets: { item: { path: string[]; name: string } | null }[] };
  expect(document.format).toBe('smartdata.dashboard');
  expect(document.widgets[0]!.item).toEqual({ path: [directoryName], name: itemName });

  // Company B imports the file.
  await page.context().clearCookies();
  await page.evaluate(() => window.localStorage.clear());
  await signInAt(page, b, '/smartdata/dashboard3');
  await page.getByTestId('import-file').setInputFiles(file);
  const report = dialog(page, `已导入看板“${boardName}”`);
  await expect(report.getByTestId('import-report')).toContainText('温湿度表');
  await expect(report.getByTestId('import-report')).toContainText('数据项缺少字段：humidity');
  await report.getByRole('button', { name: '打开看板' }).click();
  await expect(page.getByRole('heading', { level: 1, name: new RegExp(boardName) })).toBeVisible({ timeout: 20_000 });
  await expect(page.getByTestId('live-state')).toHaveText('实时');
  // The number card reads company B's item.
  await b.api.post('dataItem/addRecord', { itemId: bItem, values: { temperature: 18.25 } });
  await expect(page.locator('section[aria-label="温度卡片"]').getByTestId('widget-value')).toContainText('18.25');
});

/** A widget's line is shown whole: not wider than its box, and inside its widget. */
async function expectShownWhole(line: Locator, what: string): Promise<void> {
  const size = await line.evaluate((element) => {
    const widget = element.closest('.sd-widget')!.getBoundingClientRect();
    const box = element.getBoundingClientRect();
    return { scroll: element.scrollWidth, client: element.clientWidth, left: box.left - widget.left, right: widget.right - box.right };
  });
  expect(size.scroll, `${what}: not cut (scrollWidth ≤ clientWidth)`).toBeLessThanOrEqual(size.client);
  expect(Math.min(size.left, size.right), `${what}: inside its widget`).toBeGreaterThanOrEqual(0);
}

test('on a phone a board stacks its widgets two a row: number cards are wide enough and their values and titles are never cut', async ({ page, request }) => {
  test.setTimeout(180_000);
  const admin = await createCompanyAdmin(await platformAdmin(request), request);
  const itemId = await itemIn(admin.api, uniqueName('能源'), uniqueName('电能'), [{ name: '累计电量', fieldName: 'energy', type: 1, unit: 'kWh' }]);
  await admin.api.post('dataItem/addRecord', { itemId, values: { energy: 123456.78 } });
  const board = await admin.api.post<{ id: number }>('dashboard/addDashboard', { name: uniqueName('手机看板') });
  const card = (id: string, title: string, x: number, options: Record<string, unknown> = {}) => ({ id, kind: 'numberCard', title, layout: { x, y: 0, w: 3, h: 3 }, binding: { itemId, fields: ['energy'] }, options });
  await saveGridBoard(admin.api, board.id, [
    card('now', '当前累计电量', 0),
    card('today', '今日累计用电', 3, { aggregate: 'SUM', rangePreset: 'today' }),
    card('third', '三号表读数', 6),
    { id: 'clock', kind: 'clock', title: '时钟', layout: { x: 9, y: 0, w: 3, h: 3 }, binding: null, options: {} },
  ]);
  await page.setViewportSize({ width: 390, height: 844 });
  await signInAt(page, admin, `/smartdata/currentshowdashboard/${board.id}`);

  for (const language of ['zh-CN', 'en-US']) {
    if (language === 'en-US') {
      await page.evaluate(() => localStorage.setItem('language', 'en-US'));
      await page.reload();
    }
    const widget = (title: string) => page.locator(`section[aria-label="${title}"]`);
    await expect(widget('当前累计电量').getByTestId('widget-value')).toContainText('123456.78');
    await expect(widget('今日累计用电').locator('.sd-chart__number')).toContainText('123456.78');
    await page.screenshot({ path: `/tmp/h31/board-phone-${language}.png`, fullPage: true });
    const first = (await widget('当前累计电量').boundingBox())!;
    const second = (await widget('今日累计用电').boundingBox())!;
    expect(first.width, 'a number card takes half the phone').toBeGreaterThan(150);
    expect(second.x, 'the second card beside the first').toBeGreaterThan(first.x + first.width - 1);
    expect(Math.abs(second.y - first.y), 'on the same row').toBeLessThan(1);
    expect(second.x + second.width, 'inside the phone').toBeLessThanOrEqual(390);
    await expectShownWhole(widget('当前累计电量').getByTestId('widget-value'), `${language}: the value`);
    await expectShownWhole(widget('今日累计用电').locator('.sd-chart__number'), `${language}: the aggregate`);
    for (const title of ['当前累计电量', '今日累计用电', '三号表读数']) {
      await expectShownWhole(widget(title).locator('.sd-widget__title'), `${language}: the title ${title}`);
    }
  }
});

test('the grid editor puts a new widget beside the ones already there, not under them at the left edge', async ({ page, request }) => {
  const admin = await createCompanyAdmin(await platformAdmin(request), request);
  const name = uniqueName('布局看板');
  const board = await admin.api.post<{ id: number; nodeId: number }>('dashboard/addDashboard', { name });
  await signInAt(page, admin, '/smartdata/dashboard3');
  await page.goto(`/smartdata/dashboard3/EditBoard/${board.id}/${encodeURIComponent(name)}/${board.nodeId}`);
  // The editor's chunk (the grid layout) loads on first use; 2 shared cores can be slow here.
  await expect(page.getByRole('button', { name: '添加组件' })).toBeVisible({ timeout: 30_000 });
  for (let i = 0; i < 2; i += 1) {
    await page.getByRole('button', { name: '添加组件' }).click();
    await page.getByRole('menuitem', { name: '数字卡片' }).click();
  }
  const cards = page.locator('.react-grid-item');
  await expect(cards).toHaveCount(2);
  const [first, second] = [(await cards.nth(0).boundingBox())!, (await cards.nth(1).boundingBox())!];
  await page.screenshot({ path: '/tmp/h31/editor-new-widgets.png' });
  expect(Math.abs(second.y - first.y), 'the second card on the first row').toBeLessThan(1);
  expect(second.x, 'to the right of the first').toBeGreaterThan(first.x + first.width - 1);
});
