import type { Locator, Page } from '@playwright/test';
import { expect, test, uniqueName, type ApiClient } from './support/fixtures';
import { addMember, createCompanyAdmin } from './support/organization';
import { signInAt } from './support/accounts';

/**
 * Issue 13, point 10: on a phone (390×844) the list tables were cut after two columns with no
 * hint that they scroll sideways, and the records' time-range bar stuck out of its card. Below
 * 576 px every list table scrolls sideways inside its card, a shade at its right edge says there
 * is more, and its first column stays in place while the others scroll under it.
 */

test.use({ viewport: { width: 390, height: 844 } });

/** The visible rows' first cells (pages visited before stay mounted, hidden). */
function visibleTable(page: Page): Locator {
  return page.locator('.ant-table-wrapper:visible').first();
}

/** Sideways scrolling of a table: how far its scroll box can go, and whether it scrolls. */
async function sideways(table: Locator) {
  return table.locator('.ant-table-content, .ant-table-body').first().evaluate((box) => ({
    overflow: box.scrollWidth - box.clientWidth,
    overflowX: getComputedStyle(box).overflowX,
  }));
}

/**
 * The opacity of the shade at the right edge of a table (headless Chromium draws no scroll bars);
 * 0 where it is not drawn at all.
 */
async function moreHint(table: Locator): Promise<number> {
  return table.locator('.ant-table-container').first().evaluate((box) => {
    const shade = getComputedStyle(box, '::after');
    return shade.display === 'none' || shade.boxShadow === 'none' ? 0 : Number(shade.opacity);
  });
}

/**
 * Hovered and selected rows are highlighted across the whole row, the fixed first cell included
 * (its own opaque background used to stay white while the rest of the row turned blue).
 */
async function expectHighlightCoversFixedCell(page: Page, table: Locator): Promise<void> {
  const row = table.locator('.ant-table-tbody > tr.ant-table-row').first();
  const fixed = row.locator('> td:not(.ant-table-selection-column)').first();
  const next = row.locator('> td:not(.ant-table-selection-column)').nth(1);
  const backgrounds = async () => [await fixed.evaluate((td) => getComputedStyle(td).backgroundColor), await next.evaluate((td) => getComputedStyle(td).backgroundColor)];
  const white = 'rgb(255, 255, 255)';
  await next.hover();
  await expect.poll(async () => new Set(await backgrounds()).size, 'hovered: one colour across the row').toBe(1);
  expect((await backgrounds())[0], 'hovered: the row is highlighted').not.toBe(white);
  const check = row.locator('.ant-table-selection-column input');
  if ((await check.count()) > 0) {
    await check.check();
    await page.mouse.move(1, 1);
    await expect.poll(async () => new Set(await backgrounds()).size, 'selected: one colour across the row').toBe(1);
    expect((await backgrounds())[0], 'selected: the row is highlighted').not.toBe(white);
    await page.screenshot({ path: '/tmp/hC-shots/phone-records-selected.png' });
    await check.uncheck();
  }
}

/** Scrolls a table to its right end, as a swipe would. */
async function scrollToEnd(table: Locator): Promise<void> {
  await table.locator('.ant-table-content, .ant-table-body').first().evaluate((box) => {
    box.scrollLeft = box.scrollWidth;
  });
}

/** Whether an element lies wholly inside the page's width. */
async function expectWithinPage(page: Page, locator: Locator, what: string): Promise<void> {
  const box = await locator.boundingBox();
  expect(box, what).not.toBeNull();
  expect(box!.x, `${what}: left edge`).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width, `${what}: right edge`).toBeLessThanOrEqual(page.viewportSize()!.width + 0.5);
}

async function expectScrollsWithFixedFirstColumn(page: Page, table: Locator, firstHeader: string, lastHeader: string, shot: string) {
  const header = (name: string) => table.getByRole('columnheader', { name, exact: true });
  await expect(header(firstHeader)).toBeInViewport({ ratio: 0.99 });
  await expect(header(lastHeader)).not.toBeInViewport({ ratio: 0.99 });
  const scrolling = await sideways(table);
  expect(scrolling.overflow, 'the table is wider than the phone').toBeGreaterThan(0);
  expect(scrolling.overflowX, 'the table scrolls sideways').toMatch(/auto|scroll/);
  expect(await moreHint(table), 'a shade at the right edge says there is more').toBe(1);
  await page.screenshot({ path: `/tmp/hC-shots/${shot}-start.png` });

  await scrollToEnd(table);
  await expect(header(lastHeader)).toBeInViewport({ ratio: 0.99 });
  // The first column stayed where it was, the others scrolled under it.
  await expect(header(firstHeader)).toBeInViewport({ ratio: 0.99 });
  await expectWithinPage(page, header(firstHeader), firstHeader);
  await expect.poll(() => moreHint(table), 'at the end the shade is gone').toBe(0);
  await page.screenshot({ path: `/tmp/hC-shots/${shot}-end.png` });
}

test('the users list scrolls sideways on a phone, its first column fixed', async ({ page, adminApi, request }) => {
  const admin = await createCompanyAdmin(adminApi, request);
  for (let i = 0; i < 3; i += 1) {
    await addMember(adminApi, request, admin.companyId);
  }
  await signInAt(page, admin, '/userManagement/users');
  const table = visibleTable(page);
  await expect(table.getByRole('row')).toHaveCount(5);
  await expectScrollsWithFixedFirstColumn(page, table, '成员', '操作', 'phone-users');
  await expectHighlightCoversFixedCell(page, table);
});

async function recordsItem(client: ApiClient) {
  const directory = await client.post<{ id: number }>('cabin/addDirectory', { parentId: null, name: uniqueName('目录') });
  const name = uniqueName('巡检');
  const fields = [
    { name: '位置', fieldName: 'place', type: 5 },
    { name: '温度', fieldName: 'temperature', type: 1, decimalPlaces: 1, unit: '℃' },
    { name: '湿度', fieldName: 'humidity', type: 1, decimalPlaces: 1, unit: '%' },
    { name: '压力', fieldName: 'pressure', type: 1, decimalPlaces: 2, unit: 'kPa' },
    { name: '备注', fieldName: 'remark', type: 5 },
  ];
  const { id } = await client.post<{ id: number }>('dataItem/addDataItem', { directoryId: directory.id, name, kind: 10, fields });
  const item = await client.get<{ nodeId: number }>('dataItem/getDataItem', { id });
  for (const place of ['一号车间', '二号车间']) {
    await client.post('dataItem/addRecord', { itemId: id, values: { place, temperature: 21.5, humidity: 40, pressure: 101.3, remark: '正常' } });
  }
  return `/smartdata/datavalue/${id}/${encodeURIComponent(name)}/10/${item.nodeId}/0/-`;
}

test('the records list scrolls sideways on a phone, its first column fixed; the time-range bar stays inside its card', async ({ page, adminApi, request }) => {
  const admin = await createCompanyAdmin(adminApi, request);
  const url = await recordsItem(admin.api);
  await signInAt(page, admin, url);
  const table = visibleTable(page);
  await expect(table.getByRole('row')).toHaveCount(3);
  await expectFilterBarInsideCard(page, 'zh-CN');
  await expectScrollsWithFixedFirstColumn(page, table, '位置', '操作', 'phone-records');
  await expectHighlightCoversFixedCell(page, table);

  // English labels are longer: the eight time choices wrap instead of running out of the card.
  await page.evaluate(() => localStorage.setItem('language', 'en-US'));
  await page.reload();
  await expect(visibleTable(page).getByRole('row')).toHaveCount(3);
  await expectFilterBarInsideCard(page, 'en-US');
  // The custom range adds a date-range picker to the bar: it stays inside too. Custom sits on the
  // second row of the wrapped choices: the highlight does not slide there diagonally from the first.
  const choices = page.getByRole('radiogroup', { name: 'Time range' });
  const rowOf = (label: string) => choices.locator('.ant-segmented-item').filter({ hasText: label }).evaluate((item) => item.getBoundingClientRect().top);
  expect(await rowOf('Custom'), 'the English choices wrap onto a second row').toBeGreaterThan(await rowOf('All'));
  await choices.evaluate((group) => {
    const seen = { slid: false };
    (window as unknown as { sdThumb: typeof seen }).sdThumb = seen;
    const look = () => {
      const thumb = group.querySelector('.ant-segmented-thumb');
      seen.slid ||= thumb !== null && getComputedStyle(thumb).display !== 'none' && getComputedStyle(thumb).opacity !== '0';
    };
    new MutationObserver(look).observe(group, { childList: true, subtree: true, attributes: true });
  });
  await choices.getByText('Custom', { exact: true }).click();
  await expect(choices.locator('.ant-segmented-item-selected')).toHaveText('Custom');
  expect(await page.evaluate(() => (window as unknown as { sdThumb: { slid: boolean } }).sdThumb.slid), 'no highlight sliding between the rows').toBe(false);
  await expect(page.locator('.sd-filter-bar:visible .ant-picker-range')).toBeVisible();
  await expectFilterBarInsideCard(page, 'en-US-custom');
});

/** Every control of the records' filter bar lies inside its card and inside the phone's width. */
async function expectFilterBarInsideCard(page: Page, shot: string): Promise<void> {
  const bar = page.locator('.sd-filter-bar:visible');
  const card = page.locator('.ant-card:visible').filter({ has: bar });
  await expect(bar).toBeVisible();
  await page.screenshot({ path: `/tmp/hC-shots/phone-records-filter-${shot}.png`, fullPage: true });
  const cardBox = (await card.boundingBox())!;
  for (const control of [bar, ...(await bar.locator('.ant-segmented-item, .ant-picker, .ant-btn, .sd-filter-bar__bounds').all())]) {
    const box = (await control.boundingBox())!;
    const name = (await control.innerText()).slice(0, 40);
    expect(box.x, `${name}: left edge inside the card`).toBeGreaterThanOrEqual(cardBox.x);
    expect(box.x + box.width, `${name}: right edge inside the card`).toBeLessThanOrEqual(cardBox.x + cardBox.width + 0.5);
    await expectWithinPage(page, control, name);
  }
}

// The alarm log puts its row actions in its first column on a phone (issue 31.11: a ⋯ menu, checked
// in alarms.spec); the data-update watches still pin theirs at the right on a desktop.
test('a column a page fixes at the right (the data-update watches\' actions) scrolls with the others on a phone', async ({ page, adminApi, request }) => {
  const admin = await createCompanyAdmin(adminApi, request);
  await signInAt(page, admin, '/cloudSurveillance/dataUpdate');
  const table = visibleTable(page);
  const level = table.getByRole('columnheader', { name: '等级', exact: true });
  const actions = table.getByRole('columnheader', { name: '操作', exact: true });
  await expect(level).toBeVisible();
  const levelBox = (await level.boundingBox())!;
  const actionsBox = (await actions.boundingBox())!;
  expect(actionsBox.x, 'the actions column starts after the level column').toBeGreaterThanOrEqual(levelBox.x + levelBox.width - 0.5);
  // One shade for "there is more" whatever the page pinned: antd's own right-edge shadow of a
  // table with a pinned column is hidden by antd, the console's shade is shown in its place, and
  // antd's pinned-cell shadow (its column no longer pinned) is not drawn beside it.
  if ((await sideways(table)).overflow > 0) {
    expect(await moreHint(table), 'the shade at the right edge').toBe(1);
  }
  const pinnedShadows = await table.locator('.ant-table-cell-fix-end').evaluateAll((cells) => cells.filter((cell) => getComputedStyle(cell, '::after').display !== 'none').length);
  expect(pinnedShadows, "antd's pinned-column shadows are off on a phone").toBe(0);
});
