import { execFileSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import type { Locator, Page } from '@playwright/test';
import { signInAt } from './support/accounts';
import { expect as baseExpect, test } from './support/fixtures';
import { createCompanyAdmin, dialog, platformAdmin, tableRow } from './support/organization';
import { chooseOption } from './support/select';

/**
 * Gas blending, high-purity gas and certificates in the browser (issue 20): a company
 * administrator calculates 10 % CO2 + 5 % O2 in N2 (50 L, 150 bar g, 15 °C) in the form — the
 * GERG-2008 stop pressure beside the ideal-gas comparison, the safety checks passed — saves it as a
 * blending order, records the weighed fill (gravimetric composition with U) and the analysis,
 * issues the certificate, downloads its PDF in Chinese and English (rendered to PNG with pdftoppm
 * for a look), opens the verification link as an anonymous visitor (valid), revokes the
 * certificate with a reason and the visitor's page says revoked. A high-purity grade N2 N5.0 and a
 * passing analysis with a "< LOD" impurity. Screens in both languages and on a phone go to
 * /tmp/gas-shots.
 */

test.describe.configure({ timeout: 300_000 });
const expect = baseExpect.configure({ timeout: 20_000 });
const shots = '/tmp/gas-shots';

async function shoot(page: Page, name: string, fullPage = true): Promise<void> {
  await page.waitForTimeout(400);
  await page.screenshot({ path: `${shots}/${name}.png`, fullPage });
}

/** The visible gas page (the tab bar keeps other pages in the DOM). */
const gasPage = (page: Page): Locator => page.locator('.sd-gas:visible');

/** Renders the first page of a PDF to PNG (pdftoppm -png -r 80) and answers the PNG's path. */
function pdfToPng(pdf: string, prefix: string): string {
  execFileSync('/usr/bin/pdftoppm', ['-png', '-r', '80', '-f', '1', '-l', '1', '-singlefile', pdf, prefix]);
  return `${prefix}.png`;
}

test('a 3-component blend calculated, saved, filled, analysed and certified; its PDF and public verification page, valid and then revoked', async ({ page, request, browser, baseURL }) => {
  mkdirSync(shots, { recursive: true });
  await page.setViewportSize({ width: 1440, height: 900 });
  const admin = await createCompanyAdmin(await platformAdmin(request), request, '特气公司');
  const cylinder = `CY${Date.now().toString(36).toUpperCase()}`;

  // ---- the calculator, empty ----
  await signInAt(page, admin, '/gas/blending');
  const blending = gasPage(page);
  await expect(blending.getByRole('heading', { name: '配气计算', level: 1 })).toBeVisible();
  await expect(blending.getByText('填写条件后点“计算”，结果显示在这里')).toBeVisible();
  await shoot(page, 'calculator-empty-zh-CN');

  // A form the server would refuse is stopped here first: the targets add up to 100 % or more.
  await chooseOption(page, blending.getByRole('combobox', { name: '组分 1 的气体' }), /^CO2 /, { search: 'CO2' });
  await blending.getByLabel('组分 1 的含量', { exact: true }).fill('120');
  await blending.getByRole('button', { name: '计算' }).click();
  await expect(blending.getByRole('alert').filter({ hasText: '目标组分合计 120 %' })).toBeVisible();

  // ---- 10 % CO2 + 5 % O2 in N2, 50 L, 150 bar g, 15 °C ----
  await blending.getByLabel('组分 1 的含量', { exact: true }).fill('10');
  await blending.getByRole('button', { name: '添加组分' }).click();
  await chooseOption(page, blending.getByRole('combobox', { name: '组分 2 的气体' }), /^O2 /, { search: 'O2' });
  await blending.getByLabel('组分 2 的含量', { exact: true }).fill('5');
  await expect(blending.getByRole('combobox', { name: '平衡气' })).toBeVisible();
  const order = blending.getByRole('list', { name: '充装顺序' });
  await expect(order.getByRole('listitem')).toHaveText([/CO2/, /O2/, /N2/]);
  await blending.getByRole('button', { name: '计算' }).click();
  const result = blending.getByRole('region', { name: '计算结果' });
  await expect(result.getByText('安全检查通过')).toBeVisible();
  const steps = result.getByRole('table').filter({ hasText: '累计停充压力' });
  await expect(steps).toContainText('理想气体对照');
  // The last step stops at the final pressure (150 bar g), in both pressure types.
  // CO2 first: the real-gas stop (13.254 bar g) beside the ideal-gas one (14.088 bar g).
  await expect(tableRow(steps, 'CO2')).toContainText('13.254');
  await expect(tableRow(steps, 'CO2')).toContainText('14.088');
  await expect(tableRow(steps, 'N2')).toContainText('150.000');
  await expect(tableRow(steps, 'N2')).toContainText('151.013');
  await expect(result.getByText('不同温度下的瓶内压力')).toBeVisible();
  await shoot(page, 'calculator-result-zh-CN', false);

  // ---- saved as a blending order ----
  await result.getByRole('button', { name: '保存为配气单' }).click();
  const save = dialog(page, '保存为配气单');
  await save.getByLabel('气瓶编号', { exact: true }).fill(cylinder);
  await save.getByRole('button', { name: '保存' }).click();
  await expect(page).toHaveURL(/\/gas\/blending\/order\/\d+$/);
  const detail = gasPage(page);
  await expect(detail.getByRole('heading', { name: /配气单 GB-\d{8}-\d{3}/, level: 1 })).toBeVisible();
  await expect(detail.locator('.ant-tag').filter({ hasText: '草稿' })).toBeVisible();
  const orderNumber = ((await detail.getByRole('heading', { level: 1 }).textContent()) ?? '').match(/GB-\d{8}-\d{3}/)?.[0] ?? '';
  expect(orderNumber).not.toBe('');

  // ---- a draft is changed in the calculator and saved back ----
  await detail.getByRole('button', { name: '编辑' }).click();
  await expect(page).toHaveURL(/\/gas\/blending\?edit=\d+$/);
  const editor = gasPage(page);
  await expect(editor.getByText(`正在修改草稿配气单 ${orderNumber}`)).toBeVisible();
  await expect(editor.getByLabel('组分 2 的含量', { exact: true })).toHaveValue('5');
  await editor.getByRole('button', { name: '计算' }).click();
  await editor.getByRole('button', { name: '保存修改' }).click();
  const update = dialog(page, '保存对配气单的修改');
  await expect(update.getByLabel('气瓶编号', { exact: true })).toHaveValue(cylinder);
  await update.getByLabel('备注', { exact: true }).fill('首瓶');
  await update.getByRole('button', { name: '保存' }).click();
  await expect(page).toHaveURL(/\/gas\/blending\/order\/\d+$/);
  await expect(detail.getByText('首瓶')).toBeVisible();

  // ---- the fill: the weighed masses (the target masses, as prefilled) → gravimetric composition ----
  await detail.getByRole('button', { name: '记录充装' }).click();
  const fill = dialog(page, `记录充装：${orderNumber}`);
  await expect(fill.getByLabel('CO2 的称量质量', { exact: true })).not.toHaveValue('');
  await shoot(page, 'fill-zh-CN', false);
  await fill.getByRole('button', { name: '保存充装' }).click();
  await expect(fill).toBeHidden();
  await expect(detail.locator('.ant-tag').filter({ hasText: '已充装' })).toBeVisible();
  const composition = detail.getByRole('table').filter({ hasText: '标准不确定度 u' });
  await expect(tableRow(composition, 'CO2')).toContainText('%');

  // ---- the analysis, beside the gravimetric values ----
  await detail.getByRole('button', { name: '记录分析' }).click();
  const analysis = dialog(page, `记录分析：${orderNumber}`);
  await analysis.getByLabel('CO2 的分析值', { exact: true }).fill('10.01');
  await analysis.getByLabel('CO2 分析的扩展不确定度', { exact: true }).fill('0.05');
  await analysis.getByLabel('O2 的分析值', { exact: true }).fill('4.995');
  await analysis.getByLabel('O2 分析的扩展不确定度', { exact: true }).fill('0.03');
  await shoot(page, 'analysis-zh-CN', false);
  await analysis.getByRole('button', { name: '保存分析' }).click();
  await expect(analysis).toBeHidden();
  await expect(detail.locator('.ant-tag').filter({ hasText: '已分析' })).toBeVisible();
  await expect(tableRow(composition, 'CO2')).toContainText('一致');
  await shoot(page, 'order-analysed-zh-CN');

  // ---- the certificate ----
  await detail.getByRole('button', { name: '发证' }).click();
  const issue = dialog(page, `为 ${orderNumber} 发证`);
  await issue.getByLabel('参考标准物质', { exact: true }).fill('GBW(E)061234 CO2/N2, GBW(E)062345 O2/N2');
  await issue.getByLabel('批准人', { exact: true }).fill('王工');
  await issue.getByRole('button', { name: '发证' }).click();
  await expect(page).toHaveURL(/\/gas\/certificate\/detail\/\d+$/);
  const certificate = gasPage(page);
  await expect(certificate.getByRole('heading', { name: /证书 CERT-\d{4}-\d{5}/, level: 1 })).toBeVisible();
  await expect(certificate.locator('.ant-tag').filter({ hasText: '有效' })).toBeVisible();
  await expect(certificate.getByText(cylinder)).toBeVisible();
  await shoot(page, 'certificate-zh-CN');

  // ---- its PDF in both languages, rendered to PNG ----
  for (const [label, lang] of [
    ['中文', 'zh-CN'],
    ['English', 'en-US'],
  ] as const) {
    await certificate.getByRole('button', { name: '下载 PDF' }).click();
    const download = page.waitForEvent('download');
    await page.getByRole('menuitem', { name: label }).click();
    const pdf = `${shots}/certificate-${lang}.pdf`;
    await (await download).saveAs(pdf);
    pdfToPng(pdf, `${shots}/certificate-pdf-${lang}`);
  }

  // ---- the verification link, opened by an anonymous visitor: valid ----
  const link = (await certificate.locator('a.sd-gas-link').getAttribute('href')) ?? '';
  expect(link).toMatch(/^\/verify\/[\w-]+$/);
  const visitor = await browser.newContext({ locale: 'zh-CN', baseURL });
  const verify = await visitor.newPage();
  await verify.setViewportSize({ width: 390, height: 844 });
  await verify.goto(link);
  await expect(verify.getByRole('status')).toHaveAttribute('data-state', 'valid');
  await expect(verify.getByRole('heading', { name: '证书有效' })).toBeVisible();
  await expect(verify.getByText(cylinder)).toBeVisible();
  await verify.screenshot({ path: `${shots}/verify-valid-phone-zh-CN.png`, fullPage: true });
  await verify.getByRole('button', { name: 'English' }).click();
  await expect(verify.getByRole('heading', { name: 'Valid certificate' })).toBeVisible();
  await verify.screenshot({ path: `${shots}/verify-valid-phone-en-US.png`, fullPage: true });
  await verify.setViewportSize({ width: 1280, height: 800 });
  await verify.screenshot({ path: `${shots}/verify-valid-en-US.png`, fullPage: true });

  // ---- revoked with a reason: the visitor's page says so ----
  await certificate.getByRole('button', { name: '撤销证书' }).click();
  const revoke = dialog(page, /撤销证书 CERT-/);
  await revoke.getByRole('button', { name: '撤销证书' }).click();
  await expect(revoke.getByText('请填写撤销原因')).toBeVisible();
  await revoke.getByLabel('撤销原因', { exact: true }).fill('分析复核发现 O2 偏差');
  await revoke.getByRole('button', { name: '撤销证书' }).click();
  await expect(revoke).toBeHidden();
  await expect(certificate.locator('.ant-tag').filter({ hasText: '已撤销' })).toBeVisible();
  await expect(certificate.getByText('原因：分析复核发现 O2 偏差')).toBeVisible();
  await verify.reload();
  await expect(verify.getByRole('status')).toHaveAttribute('data-state', 'revoked');
  await expect(verify.getByRole('heading', { name: 'Certificate revoked' })).toBeVisible();
  await verify.screenshot({ path: `${shots}/verify-revoked-en-US.png`, fullPage: true });
  await verify.getByRole('button', { name: '中文' }).click();
  await expect(verify.getByRole('heading', { name: '证书已撤销' })).toBeVisible();
  await verify.screenshot({ path: `${shots}/verify-revoked-zh-CN.png`, fullPage: true });
  // An unknown code.
  await verify.goto('/verify/no-such-code');
  await expect(verify.getByRole('status')).toHaveAttribute('data-state', 'unknown');
  await expect(verify.getByRole('heading', { name: '未找到该证书' })).toBeVisible();
  await visitor.close();

  // ---- lists: the orders (certified) and the certificates (revoked) ----
  await page.goto('/gas/blending?tab=orders');
  await expect(tableRow(gasPage(page), orderNumber)).toContainText('已发证');
  await shoot(page, 'orders-zh-CN');
  await page.goto('/gas/certificate');
  await expect(tableRow(gasPage(page), cylinder)).toContainText('已撤销');
  await shoot(page, 'certificates-zh-CN');

  // ---- high-purity: a grade N2 N5.0 and a passing analysis with a "< LOD" impurity ----
  await page.goto('/gas/highPurity');
  const purity = gasPage(page);
  await expect(purity.getByText('还没有等级')).toBeVisible();
  await purity.getByRole('button', { name: '新增等级' }).click();
  const grade = dialog(page, '新增等级');
  await chooseOption(page, grade.getByRole('combobox', { name: '气体' }), /^N2 /, { search: 'N2' });
  await expect(grade.getByText('纯度 ≥ 99.999 %')).toBeVisible();
  await chooseOption(page, grade.getByRole('combobox', { name: '杂质 1' }), /^O2 /, { search: 'O2' });
  await grade.getByLabel('杂质 1 的上限', { exact: true }).fill('2');
  await grade.getByRole('button', { name: '添加杂质' }).click();
  await chooseOption(page, grade.getByRole('combobox', { name: '杂质 2' }), /^H2O /, { search: 'H2O' });
  await grade.getByLabel('杂质 2 的上限', { exact: true }).fill('3');
  await shoot(page, 'grade-form-zh-CN', false);
  await grade.getByRole('button', { name: /确\s*定|OK/ }).click();
  await expect(grade).toBeHidden();
  await expect(tableRow(purity, 'N5.0')).toContainText('O2 ≤ 2 ppm');

  await purity.getByRole('tab', { name: '分析' }).click();
  await purity.getByRole('button', { name: '新增分析' }).click();
  const hp = dialog(page, '新增分析');
  await chooseOption(page, hp.getByRole('combobox', { name: '等级' }), 'N2 N5.0');
  await hp.getByLabel('气瓶编号', { exact: true }).fill(`${cylinder}-HP`);
  await hp.getByLabel('O2 的分析值', { exact: true }).fill('0.8');
  await hp.getByLabel('H2O 低于检出限', { exact: true }).check();
  await expect(hp.getByText('合格')).toBeVisible();
  await shoot(page, 'analysis-form-zh-CN', false);
  await hp.getByRole('button', { name: /确\s*定|OK/ }).click();
  await expect(hp).toBeHidden();
  await expect(tableRow(purity, `${cylinder}-HP`)).toContainText('合格');
  await expect(tableRow(purity, `${cylinder}-HP`)).toContainText('99.99992 %');
  await shoot(page, 'analyses-zh-CN');

  // ---- 100 ppm CO in N2: the direct step is too small, a 1 % premix is proposed ----
  await page.goto('/gas/blending');
  const small = gasPage(page);
  await chooseOption(page, small.getByRole('combobox', { name: '组分 1 的气体' }), /^CO /, { search: 'CO' });
  await small.getByLabel('组分 1 的含量', { exact: true }).fill('100');
  await chooseOption(page, small.getByRole('combobox', { name: '组分 1 的单位' }), 'ppm');
  await small.getByRole('button', { name: '计算' }).click();
  const premix = small.getByRole('region', { name: '计算结果' });
  await expect(premix.getByText('预混建议')).toBeVisible();
  await expect(premix.getByText('第一步：配制 1 % CO 预混气')).toBeVisible();
  // The product's premix parent is named in Chinese from its composition (the server's id says "CO 1 % in N2").
  await expect(premix.getByText('1 % CO 预混气（N2 平衡）')).toBeVisible();
  await expect(premix.getByText('CO 1 % in N2')).toHaveCount(0);
  await premix.getByText('预混建议').scrollIntoViewIfNeeded();
  await shoot(page, 'calculator-premix-zh-CN', false);

  // ---- cancel and delete ask first: two drafts made through the API ----
  const draftInput = (cylinderNumber: string) => ({
    method: 'manometric',
    volumeL: 10,
    pressureBar: 100,
    pressureMode: 'gauge',
    referenceTemperatureC: 15,
    fillTemperatureC: 15,
    targets: [{ gas: 'CO2', value: 5, unit: '%' }],
    balance: 'N2',
    parents: [
      { key: 'CO2', kind: 'pure', gas: 'CO2', purity: 1, impurities: [], delivers: 'CO2' },
      { key: 'N2', kind: 'pure', gas: 'N2', purity: 1, impurities: [], delivers: 'N2' },
    ],
    order: ['CO2', 'N2'],
    cylinderNumber,
    cylinderMaterial: '',
    valve: '',
    remarks: '',
  });
  const toCancel = await admin.api.post<{ id: number; number: string }>('gas/addOrder', draftInput(`${cylinder}-C`));
  const toDelete = await admin.api.post<{ id: number; number: string }>('gas/addOrder', draftInput(`${cylinder}-D`));
  await page.goto(`/gas/blending/order/${toCancel.id}`);
  await gasPage(page).getByRole('button', { name: '取消配气单' }).click();
  const cancelQuestion = page.locator('.ant-modal-confirm').filter({ hasText: `取消配气单 ${toCancel.number}？` });
  await expect(cancelQuestion).toBeVisible();
  await cancelQuestion.getByRole('button', { name: '取消配气单' }).click();
  await expect(gasPage(page).locator('.ant-tag').filter({ hasText: '已取消' })).toBeVisible();
  await page.goto(`/gas/blending/order/${toDelete.id}`);
  await gasPage(page).getByRole('button', { name: '删除' }).click();
  const deleteQuestion = page.locator('.ant-modal-confirm').filter({ hasText: `删除配气单 ${toDelete.number}？` });
  await deleteQuestion.getByRole('button', { name: '返回' }).click();
  await expect(deleteQuestion).toBeHidden();
  await gasPage(page).getByRole('button', { name: '删除' }).click();
  await deleteQuestion.getByRole('button', { name: '删除' }).click();
  await expect(page).toHaveURL('/gas/blending?tab=orders');
  await expect(tableRow(gasPage(page), toCancel.number)).toContainText('已取消');
  await expect(tableRow(gasPage(page), toDelete.number)).toHaveCount(0);

  // ---- the screens in English, then on a phone ----
  await page.evaluate(() => localStorage.setItem('language', 'en-US'));
  await page.goto('/gas/blending');
  await expect(gasPage(page).getByRole('heading', { name: 'Gas blending calculation', level: 1 })).toBeVisible();
  await shoot(page, 'calculator-empty-en-US');
  await page.goto('/gas/blending?tab=orders');
  await gasPage(page).getByRole('link', { name: orderNumber }).click();
  await expect(gasPage(page).getByRole('heading', { name: `Blending order ${orderNumber}`, level: 1 })).toBeVisible();
  await shoot(page, 'order-en-US');
  await page.goto('/gas/certificate');
  await expect(tableRow(gasPage(page), cylinder)).toContainText('Revoked');
  await shoot(page, 'certificates-en-US');
  await gasPage(page).getByRole('link', { name: /CERT-/ }).first().click();
  await expect(gasPage(page).getByRole('heading', { name: /Certificate CERT-/, level: 1 })).toBeVisible();
  await shoot(page, 'certificate-en-US');
  await page.goto('/gas/highPurity?tab=analyses');
  await expect(tableRow(gasPage(page), `${cylinder}-HP`)).toContainText('Pass');
  await shoot(page, 'analyses-en-US');
  await page.goto('/gas/highPurity');
  await expect(tableRow(gasPage(page), 'N5.0')).toBeVisible();
  await shoot(page, 'grades-en-US');

  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/gas/blending');
  await expect(gasPage(page).getByRole('button', { name: 'Calculate' })).toBeVisible();
  await shoot(page, 'calculator-phone-en-US');
  await page.evaluate(() => localStorage.setItem('language', 'zh-CN'));
  await page.goto('/gas/blending?tab=orders');
  await expect(tableRow(gasPage(page), orderNumber)).toBeVisible();
  await shoot(page, 'orders-phone-zh-CN');
  await page.goto('/gas/certificate');
  await expect(tableRow(gasPage(page), 'CERT-')).toContainText('已撤销');
  await shoot(page, 'certificates-phone-zh-CN');
});

test('a blending order linked to inventory: the fill takes the parent cylinders out and stocks the product cylinder in (配气单 in the ledger)', async ({ page, request }) => {
  mkdirSync(shots, { recursive: true });
  await page.setViewportSize({ width: 1440, height: 900 });
  const admin = await createCompanyAdmin(await platformAdmin(request), request, '配气库存');
  const tag = Date.now().toString(36).toUpperCase();
  // Inventory through its API: a category, the cylinder items (counted by quantity), a warehouse, parent stock.
  const { id: categoryId } = await admin.api.post<{ id: number }>('inventory/addCategory', { name: `气瓶${tag}` });
  const { id: co2Item } = await admin.api.post<{ id: number }>('inventory/addItem', { name: `CO2 钢瓶 ${tag}`, categoryId, serialized: false, unit: '瓶' });
  const { id: n2Item } = await admin.api.post<{ id: number }>('inventory/addItem', { name: `N2 钢瓶 ${tag}`, categoryId, serialized: false, unit: '瓶' });
  const { id: productItem } = await admin.api.post<{ id: number }>('inventory/addItem', { name: `5% CO2/N2 标准气 ${tag}`, categoryId, serialized: false, unit: '瓶' });
  const warehouseName = `气瓶库${tag}`;
  const { id: warehouseId } = await admin.api.post<{ id: number }>('inventory/addWarehouse', { name: warehouseName });
  await admin.api.post('inventory/addStockIn', { warehouseId, lines: [{ itemId: co2Item, quantity: 5 }, { itemId: n2Item, quantity: 5 }] });
  const draftInput = (cylinderNumber: string) => ({
    method: 'manometric',
    volumeL: 10,
    pressureBar: 100,
    pressureMode: 'gauge',
    referenceTemperatureC: 15,
    fillTemperatureC: 15,
    targets: [{ gas: 'CO2', value: 5, unit: '%' }],
    balance: 'N2',
    parents: [
      { key: 'CO2', kind: 'pure', gas: 'CO2', purity: 1, impurities: [], delivers: 'CO2' },
      { key: 'N2', kind: 'pure', gas: 'N2', purity: 1, impurities: [], delivers: 'N2' },
    ],
    order: ['CO2', 'N2'],
    cylinderNumber,
    cylinderMaterial: '',
    valve: '',
    remarks: '',
  });
  const draft = await admin.api.post<{ id: number; number: string }>('gas/addOrder', draftInput(`INV${tag}`));
  const english = await admin.api.post<{ id: number; number: string }>('gas/addOrder', draftInput(`INV${tag}-EN`));

  // ---- the draft's save dialog offers the inventory links ----
  await signInAt(page, admin, `/gas/blending?edit=${draft.id}`);
  const editor = gasPage(page);
  await expect(editor.getByText(`正在修改草稿配气单 ${draft.number}`)).toBeVisible();
  await editor.getByRole('button', { name: '计算' }).click();
  await editor.getByRole('button', { name: '保存修改' }).click();
  const save = dialog(page, '保存对配气单的修改');
  const links = save.getByRole('group', { name: '库存' });
  await expect(links).toBeVisible();
  // An item without the warehouse is stopped here, as the server would refuse it.
  await chooseOption(page, links.getByRole('combobox', { name: '原料气 CO2 的钢瓶物料' }), `CO2 钢瓶 ${tag}`);
  await save.getByRole('button', { name: '保存' }).click();
  await expect(links.getByText('选了物料，请选择仓库')).toBeVisible();
  await chooseOption(page, links.getByRole('combobox', { name: '原料气 N2 的钢瓶物料' }), `N2 钢瓶 ${tag}`);
  await chooseOption(page, links.getByRole('combobox', { name: '产品钢瓶物料' }), `5% CO2/N2 标准气 ${tag}`);
  await chooseOption(page, links.getByRole('combobox', { name: '仓库' }), new RegExp(warehouseName));
  await expect(links.getByText('选了物料，请选择仓库')).toBeHidden();
  await shoot(page, 'order-inventory-form-zh-CN', false);
  await save.getByRole('button', { name: '保存' }).click();
  await expect(page).toHaveURL(new RegExp(`/gas/blending/order/${draft.id}$`));

  // ---- the detail says what will move, then what moved ----
  const detail = gasPage(page);
  const card = detail.locator('.sd-gas-inventory-card');
  await expect(card).toContainText(warehouseName);
  await expect(tableRow(card, '原料气 CO2（出库）')).toContainText(`CO2 钢瓶 ${tag}`);
  await expect(tableRow(card, '产品（入库）')).toContainText(`5% CO2/N2 标准气 ${tag}`);
  await expect(card).toContainText('记录充装时出入库');
  await detail.getByRole('button', { name: '记录充装' }).click();
  const fill = dialog(page, `记录充装：${draft.number}`);
  await fill.getByRole('button', { name: '保存充装' }).click();
  await expect(fill).toBeHidden();
  await expect(detail.locator('.ant-tag').filter({ hasText: '已充装' })).toBeVisible();
  await expect(card).toContainText(`已随充装记录出入库（配气单 ${draft.number}）`);
  await expect(tableRow(card, '原料气 N2（出库）')).toContainText('−1');
  await expect(tableRow(card, '产品（入库）')).toContainText('+1');
  await shoot(page, 'order-inventory-detail-zh-CN');

  // ---- the ledger: 配气单 rows, parents out and the product in; the stock changed ----
  await card.getByRole('link', { name: '查看库存台账' }).click();
  await expect(page).toHaveURL(/\/inventory\/warehousing\?tab=ledger$/);
  const ledger = page.getByRole('tabpanel', { name: '台账', exact: true });
  await expect(tableRow(ledger, `CO2 钢瓶 ${tag}`).filter({ hasText: '配气单' })).toContainText('-1');
  await expect(tableRow(ledger, `N2 钢瓶 ${tag}`).filter({ hasText: '配气单' })).toContainText('-1');
  await expect(tableRow(ledger, `5% CO2/N2 标准气 ${tag}`).filter({ hasText: '配气单' })).toContainText('+1');
  await shoot(page, 'order-inventory-ledger-zh-CN', false);
  const stock = await admin.api.get<{ list: { itemId: number; quantity: number }[] }>('inventory/getStock', { warehouseId });
  const onHand = (itemId: number) => stock.list.find((row) => row.itemId === itemId)?.quantity;
  expect([onHand(co2Item), onHand(n2Item), onHand(productItem)]).toEqual([4, 4, 1]);

  // ---- the same in English: the form section and the detail ----
  await page.evaluate(() => localStorage.setItem('language', 'en-US'));
  await page.goto(`/gas/blending?edit=${english.id}`);
  await gasPage(page).getByRole('button', { name: 'Calculate' }).click();
  await gasPage(page).getByRole('button', { name: 'Save changes' }).click();
  const saveEn = dialog(page, 'Save the changes to the order');
  const linksEn = saveEn.getByRole('group', { name: 'Inventory' });
  await chooseOption(page, linksEn.getByRole('combobox', { name: 'Product cylinder item' }), `5% CO2/N2 标准气 ${tag}`);
  await chooseOption(page, linksEn.getByRole('combobox', { name: 'Warehouse' }), new RegExp(warehouseName));
  await shoot(page, 'order-inventory-form-en-US', false);
  await saveEn.getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveURL(new RegExp(`/gas/blending/order/${english.id}$`));
  await expect(gasPage(page).locator('.sd-gas-inventory-card')).toContainText('Moved in stock when the fill is recorded');
  await page.goto(`/gas/blending/order/${draft.id}`);
  await expect(gasPage(page).locator('.sd-gas-inventory-card')).toContainText(`Moved in stock when the fill was recorded (blending order ${draft.number})`);
  await shoot(page, 'order-inventory-detail-en-US');
  await page.evaluate(() => localStorage.setItem('language', 'zh-CN'));
});
