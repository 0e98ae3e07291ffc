import { mkdirSync } from 'node:fs';
import type { Locator, Page } from '@playwright/test';
import { startSimulatedGateway, type SimulatedGateway } from '../apps/gateway-sim/src/index';
import { signInAt } from './support/accounts';
import { expect as baseExpect, test, uniqueName } from './support/fixtures';
import { confirmDialog, createCompanyAdmin, dialog, platformAdmin, tableRow, toast } from './support/organization';
import { chooseOption } from './support/select';

/**
 * Production and inventory in the browser (issue 18): a maker's administrator sets up a category,
 * a device model and a warehouse, makes a production order of 3 and completes it by pasting the
 * serials (a bad entry and a repeat are caught in the form), sees the 3 devices stored, puts them
 * on an outbound order to a new customer, ships it with carrier and tracking number, prints the
 * note, and finds the devices 已出库 with their lifecycle history. A user of the customer's
 * company then claims one device by its SN; the simulated gateway confirms it and the device is
 * theirs, bound. Screens in both languages (and the lists on a phone) go to /tmp/inv-shots.
 */

test.describe.configure({ timeout: 300_000 });
const expect = baseExpect.configure({ timeout: 20_000 });
const shots = '/tmp/inv-shots';
const mqttUrl = `mqtt://127.0.0.1:${process.env.E2E_MQTT_PORT ?? 18830}`;

let gateway: SimulatedGateway | null = null;
test.afterEach(async () => {
  await gateway?.close().catch(() => undefined);
  gateway = null;
});

async function shoot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: `${shots}/${name}.png`, fullPage: true, animations: 'disabled' });
}

/** A tab's panel (the tabs visited before stay in the page). */
function panel(page: Page, tab: string): Locator {
  return page.getByRole('tabpanel', { name: tab, exact: true });
}

function heading(page: Page): Locator {
  return page.getByRole('heading', { level: 1 });
}

/** Opens a console page and waits for its heading (a page's chunk and texts load on first use). */
async function open(page: Page, path: string, title: string | RegExp): Promise<void> {
  await page.goto(path);
  await expect(heading(page)).toHaveText(title, { timeout: 30_000 });
}

test('3 devices are produced by pasted serials, stored, put on an outbound order and shipped; they show 已出库 and a customer claims one on the device', async ({ page, request, browser }) => {
  mkdirSync(shots, { recursive: true });
  await page.setViewportSize({ width: 1440, height: 900 });
  const adminApi = await platformAdmin(request);
  const maker = await createCompanyAdmin(adminApi, request, '制造公司');
  const customer = await createCompanyAdmin(adminApi, request, '客户公司');
  const stamp = Date.now().toString(36).toUpperCase();
  const serials = [`INV${stamp}A1`, `INV${stamp}A2`, `INV${stamp}A3`];
  const categoryName = uniqueName('网关设备', 20);
  const itemName = uniqueName('DTU', 20);
  const warehouseName = uniqueName('成品仓', 20);
  const customerName = customer.companyName.slice(0, 25);

  // ---- category and a device model (serialized item) under it ----
  await signInAt(page, maker, '/inventory/category');
  await expect(heading(page)).toHaveText('分类', { timeout: 30_000 });
  await expect(page.getByText('还没有物料')).toBeVisible();
  await page.getByRole('button', { name: '新建分类' }).click();
  const categoryForm = dialog(page, '新建分类');
  await categoryForm.getByRole('button', { name: '保存' }).click();
  await expect(categoryForm.getByText('名称不能为空')).toBeVisible();
  await categoryForm.getByLabel('分类名称').fill(categoryName);
  await categoryForm.getByRole('button', { name: '保存' }).click();
  await expect(toast(page, '操作成功')).toBeVisible();
  await page.getByRole('tree').getByText(categoryName).click();
  await page.getByRole('button', { name: '新建物料' }).click();
  const itemForm = dialog(page, '新建物料');
  await itemForm.getByLabel('物料名称').fill(itemName);
  await itemForm.getByRole('switch', { name: '按序列号管理（设备型号）' }).click();
  await itemForm.getByLabel('单位').fill('台');
  await itemForm.getByRole('button', { name: '保存' }).click();
  await expect(toast(page, '操作成功')).toBeVisible();
  const itemRow = tableRow(page, itemName);
  await expect(itemRow).toContainText(categoryName);
  await expect(itemRow).toContainText('按序列号');
  await shoot(page, 'category-zh');

  // ---- a finished-goods warehouse ----
  await open(page, '/inventory/warehousing', '入库');
  await page.getByRole('tab', { name: '仓库' }).click();
  await expect(page.getByText('还没有仓库')).toBeVisible();
  await page.getByRole('button', { name: '新建仓库' }).click();
  const warehouseForm = dialog(page, '新建仓库');
  await warehouseForm.getByLabel('仓库名称').fill(warehouseName);
  await warehouseForm.getByRole('button', { name: '保存' }).click();
  await expect(tableRow(panel(page, '仓库'), warehouseName)).toContainText('成品仓');
  await shoot(page, 'warehouses-zh');

  // ---- a production order of 3, completed with pasted serials ----
  await open(page, '/production/order', '生产单');
  await expect(page.getByText('还没有生产单')).toBeVisible();
  await page.getByRole('button', { name: '新建生产单' }).click();
  const orderForm = dialog(page, '新建生产单');
  await chooseOption(page, orderForm.getByLabel('物料'), itemName, { search: itemName });
  await orderForm.getByLabel('数量').fill('3');
  await chooseOption(page, orderForm.getByLabel('入库仓库'), warehouseName, { search: warehouseName });
  await orderForm.getByRole('button', { name: '创建' }).click();
  const orderRow = tableRow(page, itemName);
  await expect(orderRow).toContainText('0 / 3');
  await expect(orderRow).toContainText('已计划');
  await orderRow.getByRole('button', { name: /^完工生产单/ }).click();
  const complete = dialog(page, `完工入库 · ${itemName}`);
  await expect(complete).toContainText('已完工 0 / 3，还需 3');
  const box = complete.getByLabel('完工设备序列号');
  await box.fill(`${serials[0]}\n${serials[1]}, ${serials[1]!.toLowerCase()} bad/sn\n${serials[2]}`);
  await expect(complete.getByTestId('serial-count')).toContainText('已识别 3 个 · 还需 3 个');
  await expect(complete.getByTestId('serial-count')).toContainText('已去掉 1 个重复');
  await expect(complete.getByTestId('serial-invalid')).toContainText('bad/sn');
  await complete.getByRole('button', { name: '完工入库' }).click();
  // One line lists the entries (the field), one states the rule (the form): not the same text twice.
  await expect(complete.getByText('请改正上面标红的 1 个')).toBeVisible();
  await expect(complete.getByText('不是有效序列号')).toHaveCount(1);
  await shoot(page, 'production-complete-zh');
  await box.fill(`${serials[0]}\n${serials[1]}, ${serials[2]}`);
  await expect(complete.getByTestId('serial-invalid')).toHaveCount(0);
  await complete.getByRole('button', { name: '完工入库' }).click();
  await expect(toast(page, '操作成功')).toBeVisible();
  await expect(orderRow).toContainText('3 / 3');
  await expect(orderRow).toContainText('已完成');
  await shoot(page, 'production-orders-zh');
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(orderRow).toBeVisible();
  await shoot(page, 'production-orders-phone-zh');
  await page.setViewportSize({ width: 1440, height: 900 });

  // ---- they are stored: the stock overview and the ledger say so ----
  await open(page, '/inventory/warehousing', '入库');
  await page.getByRole('tab', { name: '库存' }).click();
  const stockGroup = page.getByRole('region', { name: warehouseName });
  await expect(stockGroup).toContainText('合计 3');
  await expect(tableRow(stockGroup, itemName)).toContainText('3');
  await shoot(page, 'stock-zh');
  await page.getByRole('tab', { name: '台账' }).click();
  await expect(tableRow(panel(page, '台账'), serials[0]!)).toContainText('生产完工');
  await expect(tableRow(panel(page, '台账'), serials[0]!)).toContainText('+1');
  await shoot(page, 'ledger-zh');

  // ---- an outbound order of the 3 serials to a new customer ----
  await open(page, '/inventory/outbound', '出库单');
  await expect(page.getByText('还没有出库单')).toBeVisible();
  await page.getByRole('button', { name: '新建出库单' }).click();
  const outboundForm = dialog(page, '新建出库单');
  await outboundForm.getByRole('button', { name: '创建出库单' }).click();
  await expect(outboundForm.getByText('请填写序列号或添加物料行')).toBeVisible();
  await chooseOption(page, outboundForm.getByLabel('仓库', { exact: true }), warehouseName, { search: warehouseName });
  await outboundForm.getByLabel('客户', { exact: true }).fill(customerName);
  await outboundForm.getByLabel('序列号', { exact: true }).fill(serials.join(' '));
  await expect(outboundForm.getByTestId('serial-count')).toContainText('已识别 3 个序列号');
  await shoot(page, 'outbound-new-zh');
  await outboundForm.getByRole('button', { name: '创建出库单' }).click();
  await expect(heading(page)).toContainText(/出库单 CK-\d+/);
  await expect(heading(page)).toContainText('待发货');
  const serialList = page.getByTestId('outbound-serials');
  for (const serial of serials) {
    await expect(serialList).toContainText(serial);
  }
  const detailUrl = page.url();

  // ---- shipped with carrier and tracking number ----
  await page.getByRole('button', { name: '发货' }).click();
  const ship = dialog(page, '发货');
  await ship.getByRole('button', { name: '确认发货' }).click();
  await expect(ship.getByText('此项为必填项')).toHaveCount(2);
  await ship.getByLabel('承运商').fill('顺丰速运');
  await ship.getByLabel('运单号').fill('SF1234567890');
  await ship.getByRole('button', { name: '确认发货' }).click();
  await expect(toast(page, '操作成功')).toBeVisible();
  await expect(heading(page)).toContainText('已发货');
  // The list the order was made on stays open (hidden) behind the detail: look at the visible page.
  await expect(page.locator('.sd-page:visible').getByText('SF1234567890')).toBeVisible();
  await expect(page.getByRole('button', { name: '发货' })).toHaveCount(0);
  await shoot(page, 'outbound-detail-zh');

  // ---- the printable outbound note ----
  const [note] = await Promise.all([page.waitForEvent('popup'), page.getByRole('link', { name: '打印出库单' }).click()]);
  await note.setViewportSize({ width: 1440, height: 900 });
  const noteBody = note.getByRole('article', { name: '出库单' });
  await expect(noteBody).toContainText(customerName, { timeout: 30_000 });
  await expect(noteBody).toContainText('SF1234567890');
  await expect(noteBody).toContainText(warehouseName);
  for (const serial of serials) {
    await expect(noteBody).toContainText(serial);
  }
  await shoot(note, 'outbound-note-zh');
  await note.close();

  await open(page, '/inventory/outbound', '出库单');
  await expect(tableRow(panel(page, '出库单'), customerName)).toContainText('已发货');
  await shoot(page, 'outbound-list-zh');
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(tableRow(panel(page, '出库单'), customerName)).toBeVisible();
  await shoot(page, 'outbound-list-phone-zh');
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.getByRole('tab', { name: '客户' }).click();
  await expect(tableRow(panel(page, '客户'), customerName)).toBeVisible();
  await shoot(page, 'customers-zh');

  // ---- the devices are shipped out; the device page tells their history ----
  await open(page, '/smartdata/device', '设备');
  await page.getByRole('searchbox', { name: '搜索名称或 SN' }).fill(`INV${stamp}`);
  await page.getByRole('searchbox', { name: '搜索名称或 SN' }).press('Enter');
  for (const serial of serials) {
    await expect(tableRow(page, serial)).toContainText('已出库');
  }
  await tableRow(page, serials[0]!).getByRole('link', { name: serials[0]! }).click();
  await expect(heading(page)).toHaveText(serials[0]!);
  const history = page.getByTestId('lifecycle-history');
  await expect(history).toContainText('生产登记 · 生产单');
  await expect(history).toContainText('出库单中');
  await expect(history).toContainText('发货');
  await expect(history).toContainText(maker.userName);
  await expect(page.locator('header.sd-page__header:visible').getByText('已出库', { exact: true })).toBeVisible();
  await shoot(page, 'device-lifecycle-zh');

  // ---- the unit is flashed with a fresh secret and comes online ----
  await page.getByRole('button', { name: '重新生成密钥' }).click();
  await confirmDialog(page, '重新生成设备密钥？').getByRole('button', { name: '确定' }).click();
  const secretDialog = page.getByRole('dialog').filter({ hasText: '密钥只显示这一次' });
  const secret = (await secretDialog.getByTestId('device-secret').textContent())!.trim();
  await secretDialog.getByRole('button', { name: '我已保存' }).click();
  gateway = await startSimulatedGateway({ sn: serials[0]!, secret, url: mqttUrl });
  await expect(page.locator('header.sd-page__header:visible').getByText('在线')).toBeVisible({ timeout: 30_000 });

  // ---- a user of the customer's company claims it; the device confirms ----
  const customerContext = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const customerPage = await customerContext.newPage();
  await signInAt(customerPage, customer, '/smartdata/device');
  await expect(heading(customerPage)).toHaveText('设备', { timeout: 30_000 });
  await customerPage.getByRole('button', { name: '认领设备' }).click();
  const claim = dialog(customerPage, '认领设备');
  await claim.getByLabel('SN').fill('a/b');
  await claim.getByRole('button', { name: '认领' }).click();
  await expect(claim.getByText('SN 为 4–32 位字母、数字、连字符或下划线')).toBeVisible();
  await claim.getByLabel('SN').fill(serials[0]!);
  await shoot(customerPage, 'claim-form-zh');
  await claim.getByRole('button', { name: '认领' }).click();
  const device = gateway;
  await expect.poll(() => device.state.pendingBind?.code ?? null, { timeout: 15_000 }).not.toBeNull();
  expect(device.state.pendingBind!.companyName).toBe(customer.companyName);
  await expect(claim.getByTestId('claim-awaiting')).toContainText(device.state.pendingBind!.code);
  await shoot(customerPage, 'claim-code-zh');
  await device.confirmBind();
  await expect(claim.getByTestId('claim-success')).toContainText('认领成功', { timeout: 30_000 });
  await shoot(customerPage, 'claim-done-zh');
  await claim.getByRole('button', { name: '完成' }).click();
  await expect(tableRow(customerPage, serials[0]!)).toContainText('已绑定');
  await tableRow(customerPage, serials[0]!).getByRole('link', { name: serials[0]! }).click();
  // The customer's history starts with the claim, made by the claiming user.
  const claimedHistory = customerPage.getByTestId('lifecycle-history');
  await expect(claimedHistory).toContainText('绑定');
  await expect(claimedHistory).toContainText(customer.userName);
  await expect(customerPage.locator('header.sd-page__header:visible').getByText('已绑定', { exact: true })).toBeVisible();
  await shoot(customerPage, 'device-claimed-zh');

  // ---- the same screens in English ----
  await page.evaluate(() => localStorage.setItem('language', 'en-US'));
  await customerPage.evaluate(() => localStorage.setItem('language', 'en-US'));
  await open(page, '/inventory/category', 'Categories');
  await expect(tableRow(page, itemName)).toContainText('Serialized');
  await shoot(page, 'category-en');
  await open(page, '/inventory/warehousing', 'Warehousing');
  await expect(page.getByText('No stock-in yet: click "New stock-in"')).toBeVisible();
  await shoot(page, 'stock-in-en');
  await page.getByRole('tab', { name: 'Stock', exact: true }).click();
  // All 3 left with the outbound order: the warehouse shows again only with zero rows.
  await expect(page.getByText('Nothing in stock yet')).toBeVisible();
  await page.getByRole('switch', { name: 'Show zero stock' }).click();
  await expect(tableRow(page.getByRole('region', { name: warehouseName }), itemName)).toContainText('0');
  await shoot(page, 'stock-en');
  await page.getByRole('tab', { name: 'Ledger' }).click();
  await expect(tableRow(panel(page, 'Ledger'), serials[0]!).filter({ hasText: 'Production #' })).toContainText('+1');
  await expect(tableRow(panel(page, 'Ledger'), serials[0]!).filter({ hasText: 'Outbound order OB-' })).toContainText('-1');
  await shoot(page, 'ledger-en');
  await page.getByRole('tab', { name: 'Warehouses' }).click();
  await expect(tableRow(panel(page, 'Warehouses'), warehouseName)).toContainText('Finished goods');
  await shoot(page, 'warehouses-en');
  await page.getByRole('tab', { name: 'Settings' }).click();
  await expect(page.getByText('Allow negative stock for items tracked by quantity')).toBeVisible();
  await shoot(page, 'settings-en');
  await page.getByRole('tab', { name: 'Returns' }).click();
  await page.getByRole('button', { name: 'New return' }).click();
  await expect(dialog(page, 'New return').getByText('Returns warehouse')).toBeVisible();
  await shoot(page, 'return-new-en');
  await dialog(page, 'New return').getByRole('button', { name: 'Cancel' }).click();
  await open(page, '/production/order', 'Production orders');
  await expect(tableRow(page, itemName)).toContainText('Completed');
  await shoot(page, 'production-orders-en');
  await page.getByRole('button', { name: 'New production order' }).click();
  await expect(dialog(page, 'New production order').getByText('A serialized item (device model) is completed by scanning its serials')).toBeVisible();
  await shoot(page, 'production-new-en');
  await dialog(page, 'New production order').getByRole('button', { name: 'Cancel' }).click();
  await open(page, '/inventory/outbound', 'Outbound orders');
  await expect(tableRow(panel(page, 'Outbound orders'), customerName)).toContainText('Shipped');
  await shoot(page, 'outbound-list-en');
  await page.getByRole('button', { name: 'New outbound order' }).click();
  const outboundEn = dialog(page, 'New outbound order');
  await outboundEn.getByLabel('Serials', { exact: true }).fill(`${serials[0]} x/y ${serials[0]}`);
  await expect(outboundEn.getByTestId('serial-invalid')).toContainText('x/y');
  await shoot(page, 'outbound-new-en');
  await outboundEn.getByRole('button', { name: 'Cancel' }).click();
  await page.goto(detailUrl);
  await expect(heading(page)).toContainText(/Outbound order OB-\d+/, { timeout: 30_000 });
  await expect(heading(page)).toContainText('Shipped');
  await shoot(page, 'outbound-detail-en');
  await customerPage.reload();
  await expect(customerPage.getByTestId('lifecycle-history')).toContainText('Binding', { timeout: 30_000 });
  await shoot(customerPage, 'device-claimed-en');
  await customerPage.goto('/smartdata/device');
  await expect(tableRow(customerPage, serials[0]!)).toContainText('Bound', { timeout: 30_000 });
  await customerPage.getByRole('button', { name: 'Claim a device' }).click();
  await expect(dialog(customerPage, 'Claim a device')).toContainText('Enter the SN of a device your supplier shipped');
  await shoot(customerPage, 'claim-form-en');
  await customerContext.close();
});
