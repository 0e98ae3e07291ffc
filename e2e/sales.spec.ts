import { mkdirSync } from 'node:fs';
import type { Locator, Page } from '@playwright/test';
import { signInAt } from './support/accounts';
import { expect as baseExpect, test, uniqueName } from './support/fixtures';
import { confirmDialog, createCompanyAdmin, dialog, platformAdmin, tableRow, toast } from './support/organization';
import { chooseOption } from './support/select';

/**
 * Sales in the browser (issue 18, docs/sales.md). Master data and stock are set up through the
 * API (a device model with 2 produced devices, a cable with 10 in stock, a customer). The
 * company's administrator then makes a sales order of 2 devices and 3 cables with a service end
 * 10 days ahead (the form shows what is available), confirms it (the lines show reserved), makes
 * an outbound order for it by scanning the 2 serials and 2 of the cables, ships that on the
 * outbound page (部分发货), sends and ships the last cable (已发货) and closes the order. An
 * order of more cables than are left is refused on confirmation with its reason. A contract gets
 * a PDF file and is signed. The renewal view and the navbar's count list the order ending in 10
 * days. Screens in both languages (and the lists on a phone) go to /tmp/sales-shots.
 */

test.describe.configure({ timeout: 420_000 });
const expect = baseExpect.configure({ timeout: 20_000 });
const shots = '/tmp/sales-shots';

async function shoot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: `${shots}/${name}.png`, fullPage: true, animations: 'disabled' });
}

function heading(page: Page): Locator {
  return page.getByRole('heading', { level: 1 });
}

/** The page on show (pages visited before stay mounted, hidden, in their tabs). */
function visiblePage(page: Page): Locator {
  return page.locator('.sd-page:visible');
}

async function open(page: Page, path: string, title: string | RegExp): Promise<void> {
  await page.goto(path);
  await expect(heading(page)).toContainText(title, { timeout: 30_000 });
}

/** A calendar date `days` days from today in the company's zone (Asia/Shanghai, the default). */
function dateFromToday(days: number): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Shanghai', year: 'numeric', month: '2-digit', day: '2-digit' }).format(Date.now() + days * 86_400_000);
}

/** Types a date into an antd DatePicker and leaves the field (the typed date is taken). */
async function typeDate(field: Locator, date: string, leaveTo: Locator): Promise<void> {
  await field.click();
  await field.fill(date);
  await leaveTo.click();
  await expect(field).toHaveValue(date);
}

test('a sales order is confirmed (reserved), goes out through two outbound orders (partially shipped, shipped) and is closed; a contract with a PDF is signed; the renewal view lists the order ending soon', async ({ page, request }) => {
  mkdirSync(shots, { recursive: true });
  await page.setViewportSize({ width: 1440, height: 900 });
  const adminApi = await platformAdmin(request);
  const admin = await createCompanyAdmin(adminApi, request, '销售公司');
  const stamp = Date.now().toString(36).toUpperCase();
  const serials = [`SO${stamp}D1`, `SO${stamp}D2`];
  const deviceName = uniqueName('DTU', 20);
  const cableName = uniqueName('天线线缆', 20);
  const warehouseName = uniqueName('成品仓', 20);
  const customerName = uniqueName('客户', 20);
  const serviceEnd = dateFromToday(10);

  // ---- master data and stock through the API ----
  const { id: deviceId } = await admin.api.post<{ id: number }>('inventory/addItem', { name: deviceName, serialized: true, unit: '台' });
  const { id: cableId } = await admin.api.post<{ id: number }>('inventory/addItem', { name: cableName, serialized: false, unit: '根' });
  const { id: warehouseId } = await admin.api.post<{ id: number }>('inventory/addWarehouse', { name: warehouseName });
  const { id: productionId } = await admin.api.post<{ id: number }>('production/addOrder', { itemId: deviceId, quantity: 2, warehouseId });
  await admin.api.post('production/complete', { id: productionId, serials });
  await admin.api.post('inventory/addStockIn', { warehouseId, lines: [{ itemId: cableId, quantity: 10 }] });
  await admin.api.post('inventory/addCustomer', { name: customerName });

  // ---- a new sales order: 2 devices and 3 cables, service ending in 10 days ----
  await signInAt(page, admin, '/sales/order');
  await expect(heading(page)).toHaveText('销售订单', { timeout: 30_000 });
  await expect(page.getByText('还没有销售订单')).toBeVisible();
  await shoot(page, 'orders-empty-zh');
  await page.getByRole('button', { name: '新建订单' }).click();
  const orderForm = dialog(page, '新建订单');
  await orderForm.getByRole('button', { name: '保存' }).click();
  await expect(orderForm.getByText('此项为必填项').first()).toBeVisible();
  await orderForm.getByLabel('客户', { exact: true }).fill(customerName);
  await chooseOption(page, orderForm.getByLabel('第 1 行物料'), deviceName, { search: deviceName });
  await chooseOption(page, orderForm.getByLabel('第 1 行仓库'), warehouseName, { search: warehouseName });
  await orderForm.getByLabel('第 1 行数量').fill('2');
  await expect(orderForm.getByTestId('available-1')).toHaveText('可用 2（现有 2）');
  await orderForm.getByRole('button', { name: '添加一行' }).click();
  await chooseOption(page, orderForm.getByLabel('第 2 行物料'), cableName, { search: cableName });
  await chooseOption(page, orderForm.getByLabel('第 2 行仓库'), warehouseName, { search: warehouseName });
  await orderForm.getByLabel('第 2 行数量').fill('3');
  await expect(orderForm.getByTestId('available-2')).toHaveText('可用 10（现有 10）');
  await typeDate(orderForm.getByLabel('服务到期'), serviceEnd, orderForm.getByLabel('备注'));
  await orderForm.getByLabel('备注').fill('一期项目');
  await shoot(page, 'order-new-zh');
  await orderForm.getByRole('button', { name: '保存' }).click();
  await expect(heading(page)).toContainText(/销售订单 SO-\d{8}-\d{3}/);
  await expect(heading(page)).toContainText('草稿');
  const orderNumber = /SO-\d{8}-\d{3}/.exec((await heading(page).textContent()) ?? '')![0];
  const orderUrl = page.url();

  // ---- confirmed: both lines reserved ----
  await page.getByRole('button', { name: '确认订单' }).click();
  await confirmDialog(page, `确认订单 ${orderNumber}`).getByRole('button', { name: '确认订单' }).click();
  await expect(toast(page, '操作成功')).toBeVisible();
  await expect(heading(page)).toContainText('已确认');
  const lines = visiblePage(page).locator('.ant-card').filter({ hasText: '明细（2 行）' });
  // Item, warehouse, quantity, reserved, on outbound, shipped.
  await expect(tableRow(lines, deviceName)).toContainText(`${deviceName}${warehouseName}2200`);
  await expect(tableRow(lines, cableName)).toContainText(`${cableName}${warehouseName}3300`);
  const stock = await admin.api.get<{ list: { itemId: number; reserved: number; available: number }[] }>('inventory/getStock', { warehouseId });
  expect(stock.list.find((row) => row.itemId === cableId)).toMatchObject({ reserved: 3, available: 7 });
  await expect(visiblePage(page).getByText('还没有出库单')).toBeVisible();

  // ---- an outbound order for part of it: the 2 serials scanned, 2 of the 3 cables ----
  await page.getByRole('button', { name: '为订单出库' }).click();
  const outboundForm = dialog(page, `为订单 ${orderNumber} 出库`);
  await expect(outboundForm.getByLabel(`${cableName} 数量`)).toHaveValue('3');
  await outboundForm.getByLabel('设备序列号').fill(serials.join('\n'));
  await expect(outboundForm.getByTestId('serial-count')).toContainText('已识别 2 个序列号');
  await outboundForm.getByLabel(`${cableName} 数量`).fill('2');
  await shoot(page, 'order-outbound-zh');
  await outboundForm.getByRole('button', { name: '生成出库单' }).click();
  await expect(toast(page, '操作成功')).toBeVisible();
  const outbounds = visiblePage(page).locator('.ant-card').filter({ hasText: /出库单（\d）/ });
  await expect(tableRow(outbounds, '待发货')).toContainText('设备 2 台，物料 2 件');
  await expect(tableRow(lines, cableName)).toContainText(`${cableName}${warehouseName}3120`);

  /** Opens the open outbound order of the order, ships it and comes back to the order. */
  const shipOpenOutbound = async (trackingNo: string) => {
    await tableRow(outbounds, '待发货').getByRole('link', { name: /CK-\d+/ }).click();
    await expect(heading(page)).toContainText(/出库单 CK-\d+/);
    await expect(heading(page)).toContainText('待发货');
    await page.getByRole('button', { name: '发货' }).click();
    const ship = dialog(page, '发货');
    await ship.getByLabel('承运商').fill('顺丰速运');
    await ship.getByLabel('运单号').fill(trackingNo);
    await ship.getByRole('button', { name: '确认发货' }).click();
    await expect(toast(page, '操作成功')).toBeVisible();
    await expect(heading(page)).toContainText('已发货');
    await open(page, orderUrl, orderNumber);
  };

  // ---- shipped on the outbound page: the order is partially shipped ----
  await shipOpenOutbound('SF2026112801');
  await expect(heading(page)).toContainText('部分发货');
  await expect(tableRow(lines, deviceName)).toContainText(`${deviceName}${warehouseName}2002`);
  await expect(tableRow(lines, cableName)).toContainText(`${cableName}${warehouseName}3102`);
  await expect(tableRow(outbounds, '已发货')).toContainText('SF2026112801');

  // ---- the last cable: prefilled, out, shipped — the order is shipped, then closed ----
  await page.getByRole('button', { name: '为订单出库' }).click();
  const restForm = dialog(page, `为订单 ${orderNumber} 出库`);
  await expect(restForm.getByLabel(`${cableName} 数量`)).toHaveValue('1');
  await expect(restForm.getByLabel('设备序列号')).toHaveCount(0);
  await restForm.getByRole('button', { name: '生成出库单' }).click();
  await expect(toast(page, '操作成功')).toBeVisible();
  await expect(tableRow(outbounds, '待发货')).toContainText('物料 1 件');
  await expect(tableRow(outbounds, '待发货')).not.toContainText('设备');
  await shipOpenOutbound('SF2026112802');
  await expect(heading(page)).toContainText('已发货');
  await expect(tableRow(lines, cableName)).toContainText(`${cableName}${warehouseName}3003`);
  await expect(tableRow(outbounds, 'SF2026112802')).toContainText('已发货');
  await shoot(page, 'order-detail-zh');
  await page.getByRole('button', { name: '关闭订单' }).click();
  await confirmDialog(page, `关闭订单 ${orderNumber}`).getByRole('button', { name: '关闭订单' }).click();
  await expect(toast(page, '操作成功')).toBeVisible();
  await expect(heading(page)).toContainText('已关闭');
  await expect(page.getByRole('button', { name: '续期' })).toBeVisible();

  // ---- more cables than are left: confirming is refused with the reason ----
  const { id: shortId } = await admin.api.post<{ id: number }>('sales/addOrder', { customer: customerName, lines: [{ itemId: cableId, warehouseId, quantity: 100 }] });
  await open(page, `/sales/order/detail/${shortId}`, '草稿');
  await page.getByRole('button', { name: '确认订单' }).click();
  await confirmDialog(page, '确认订单').getByRole('button', { name: '确认订单' }).click();
  await expect(visiblePage(page).getByTestId('order-refusal')).toContainText(`“${cableName}”在仓库“${warehouseName}”的可用库存不足（需要 100，可用 7）`);
  await expect(heading(page)).toContainText('草稿');
  await shoot(page, 'order-refused-zh');

  // ---- the order list ----
  await open(page, '/sales/order', '销售订单');
  const orderRow = tableRow(visiblePage(page), orderNumber);
  await expect(orderRow).toContainText('已关闭');
  await expect(orderRow).toContainText('5 / 5');
  await expect(orderRow).toContainText(serviceEnd);
  await shoot(page, 'orders-zh');
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(orderRow).toBeVisible();
  await shoot(page, 'orders-phone-zh');
  await page.setViewportSize({ width: 1440, height: 900 });

  // ---- the renewal view and the navbar count list the order ending in 10 days ----
  const badge = page.getByTestId('sales-renewal-badge');
  await expect(badge).toHaveText('销售订单到期 1');
  await badge.click();
  await expect(page).toHaveURL('/sales/order?tab=renewals');
  const renewals = page.getByRole('tabpanel', { name: '续费到期' });
  await expect(tableRow(renewals, orderNumber)).toContainText('剩余 10 天');
  await expect(tableRow(renewals, orderNumber)).toContainText(serviceEnd);
  await shoot(page, 'renewals-zh');
  await renewals.getByText('7 天内').click();
  await expect(renewals.getByText('7 天内没有到期的订单或合同')).toBeVisible();
  await renewals.getByText('30 天内').click();
  await expect(tableRow(renewals, orderNumber)).toBeVisible();

  // ---- a contract with a PDF file, signed ----
  await open(page, '/sales/contract', '合同');
  await expect(page.getByText('还没有合同')).toBeVisible();
  await page.getByRole('button', { name: '新建合同' }).click();
  const contractForm = dialog(page, '新建合同');
  await contractForm.getByRole('button', { name: '保存' }).click();
  await expect(contractForm.getByText('此项为必填项')).toHaveCount(2);
  await contractForm.getByLabel('客户', { exact: true }).fill(customerName);
  await contractForm.getByLabel('合同名称').fill('网关设备年度服务合同');
  await typeDate(contractForm.getByLabel('开始日期'), dateFromToday(0), contractForm.getByLabel('合同名称'));
  await typeDate(contractForm.getByLabel('到期日期'), dateFromToday(-1), contractForm.getByLabel('合同名称'));
  await expect(contractForm.getByText('结束日期不能早于开始日期')).toBeVisible();
  await typeDate(contractForm.getByLabel('到期日期'), dateFromToday(365), contractForm.getByLabel('合同名称'));
  await expect(contractForm.getByText('结束日期不能早于开始日期')).toHaveCount(0);
  await contractForm.getByLabel('金额').fill('12000.5');
  await shoot(page, 'contract-new-zh');
  await contractForm.getByRole('button', { name: '保存' }).click();
  await expect(heading(page)).toContainText(/合同 HT-\d{8}-\d{3}/);
  await expect(heading(page)).toContainText('草稿');
  const contractNumber = /HT-\d{8}-\d{3}/.exec((await heading(page).textContent()) ?? '')![0];
  await expect(visiblePage(page).getByText('12,000.50 元')).toBeVisible();
  await expect(visiblePage(page).getByText('还没有文件')).toBeVisible();
  await visiblePage(page)
    .locator('input[type=file]')
    .setInputFiles({ name: '服务合同.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4\n% sales e2e\n%%EOF\n') });
  await expect(toast(page, '已上传 服务合同.pdf')).toBeVisible();
  const files = visiblePage(page).getByTestId('contract-files');
  await expect(files).toContainText('服务合同.pdf');
  await expect(visiblePage(page).getByText('合同文件（1）')).toBeVisible();
  const [download] = await Promise.all([page.waitForEvent('popup'), files.getByRole('button', { name: '下载' }).click()]);
  await expect.poll(() => download.url()).toContain('/general/');
  await download.close();
  await page.getByRole('button', { name: '签订' }).click();
  const signForm = dialog(page, `签订合同 ${contractNumber}`);
  await expect(signForm.getByLabel('签订日期')).toHaveValue(dateFromToday(0));
  await signForm.getByRole('button', { name: '签订' }).click();
  await expect(toast(page, '操作成功')).toBeVisible();
  await expect(heading(page)).toContainText('已签订');
  await expect(page.getByRole('button', { name: '续期' })).toBeVisible();
  await shoot(page, 'contract-detail-zh');
  await open(page, '/sales/contract', '合同');
  const contractRow = tableRow(visiblePage(page), contractNumber);
  await expect(contractRow).toContainText('已签订');
  await expect(contractRow).toContainText('12,000.50');
  await shoot(page, 'contracts-zh');
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(contractRow).toBeVisible();
  await shoot(page, 'contracts-phone-zh');
  await page.setViewportSize({ width: 1440, height: 900 });

  // ---- the same screens in English ----
  await page.evaluate(() => localStorage.setItem('language', 'en-US'));
  await open(page, '/sales/order', 'Sales orders');
  await expect(tableRow(visiblePage(page), orderNumber)).toContainText('Closed');
  await expect(page.getByTestId('sales-renewal-badge')).toHaveText('1 sales order ending');
  await shoot(page, 'orders-en');
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(tableRow(visiblePage(page), orderNumber)).toBeVisible();
  await shoot(page, 'orders-phone-en');
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.getByRole('button', { name: 'New order' }).click();
  const orderFormEn = dialog(page, 'New order');
  await chooseOption(page, orderFormEn.getByLabel('Item of line 1'), cableName, { search: cableName });
  await chooseOption(page, orderFormEn.getByLabel('Warehouse of line 1'), warehouseName, { search: warehouseName });
  await expect(orderFormEn.getByTestId('available-1')).toHaveText('7 available (7 on hand)');
  await shoot(page, 'order-new-en');
  await orderFormEn.getByRole('button', { name: 'Cancel' }).click();
  await open(page, orderUrl, `Sales order ${orderNumber}`);
  await expect(heading(page)).toContainText('Closed');
  await shoot(page, 'order-detail-en');
  await open(page, `/sales/order/detail/${shortId}`, 'Draft');
  await page.getByRole('button', { name: 'Confirm order' }).click();
  await confirmDialog(page, 'Confirm order').getByRole('button', { name: 'Confirm order' }).click();
  await expect(visiblePage(page).getByTestId('order-refusal')).toContainText(`Not enough "${cableName}" available in warehouse "${warehouseName}" (100 needed, 7 available)`);
  await shoot(page, 'order-refused-en');
  await open(page, '/sales/order?tab=renewals', 'Sales orders');
  await expect(tableRow(page.getByRole('tabpanel', { name: 'Renewals' }), orderNumber)).toContainText('10 days left');
  await shoot(page, 'renewals-en');
  await open(page, '/sales/contract', 'Contracts');
  await expect(tableRow(visiblePage(page), contractNumber)).toContainText('Signed');
  await shoot(page, 'contracts-en');
  await page.getByRole('button', { name: 'New contract' }).click();
  await expect(dialog(page, 'New contract').getByPlaceholder('Empty: numbered automatically')).toBeVisible();
  await shoot(page, 'contract-new-en');
  await dialog(page, 'New contract').getByRole('button', { name: 'Cancel' }).click();
  await tableRow(visiblePage(page), contractNumber).getByRole('link', { name: contractNumber }).click();
  await expect(heading(page)).toContainText(`Contract ${contractNumber}`);
  await expect(visiblePage(page).getByTestId('contract-files')).toContainText('服务合同.pdf');
  await shoot(page, 'contract-detail-en');
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(heading(page)).toContainText(contractNumber);
  await shoot(page, 'contract-detail-phone-en');
});
