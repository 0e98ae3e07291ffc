import { mkdirSync, readFileSync } from 'node:fs';
import ExcelJS from 'exceljs';
import type { Locator, Page } from '@playwright/test';
import { signInAt } from './support/accounts';
import { expect as baseExpect, test, uniqueName } from './support/fixtures';
import { createCompanyAdmin, dialog, platformAdmin, toast } from './support/organization';
import { chooseOption } from './support/select';

/**
 * Report templates (issue 17): a company administrator makes a template in the cabin, builds it in
 * the editor — a label, a data-item field summed over the period, a formula over it, bold — previews
 * it for this month with the values computed here by hand, and downloads XLSX and PDF (the XLSX read
 * back holds numbers). In Chinese; screens of the editor and the preview in both languages, desktop
 * and phone, go to /tmp/reports-shots (with the PDF).
 */

test.describe.configure({ timeout: 180_000 });
const expect = baseExpect.configure({ timeout: 20_000 });
const shots = '/tmp/reports-shots';
const CABIN = '/smartdata/datacapsule';

async function shoot(page: Page, name: string): Promise<void> {
  await page.waitForTimeout(500);
  await page.screenshot({ path: `${shots}/${name}.png`, fullPage: true });
}

function treeItem(page: Page, name: string): Locator {
  return page
    .getByRole('tree')
    .locator('[role="treeitem"]:not(.ant-tree-treenode-motion [role="treeitem"])')
    .filter({ has: page.locator('.sd-cabin-tree__name').getByText(name, { exact: true }) });
}

const cell = (page: Page, ref: string) => page.locator(`.sd-sheet--editing:visible td[data-ref="${ref}"]`);
const panelSelect = (page: Page, label: string) => page.locator('.ant-form-item').filter({ has: page.locator('label', { hasText: new RegExp(`^${label}$`) }) }).getByRole('combobox');

test('a template with a bound cell and a formula is built in the editor, previewed with hand-computed values, and downloaded as XLSX and PDF', async ({ page, request }) => {
  mkdirSync(shots, { recursive: true });
  await page.setViewportSize({ width: 1440, height: 900 });
  const adminApi = await platformAdmin(request);
  const company = await createCompanyAdmin(adminApi, request, '能源公司');
  const templateName = uniqueName('车间能耗月报', 20);

  // A directory with a data item and this month's readings (made through the API).
  const directory = await company.api.post<{ id: number }>('cabin/addDirectory', { name: '报表目录' });
  const item = await company.api.post<{ id: number }>('dataItem/addDataItem', {
    directoryId: directory.id,
    name: '一号车间',
    kind: 10,
    fields: [{ name: '电量', fieldName: 'kwh', type: 1, unit: 'kWh', priority: 1 }],
  });
  const readings = [12.5, 30, 7.25];
  for (const kwh of readings) {
    await company.api.post('dataItem/addRecord', { itemId: item.id, values: { kwh } });
  }
  const sum = readings.reduce((a, b) => a + b, 0); // 49.75

  // ---- the cabin: New report template in the directory, then its page ----
  await signInAt(page, company, CABIN);
  await treeItem(page, '报表目录').click();
  await page.getByRole('button', { name: '新建报表模板' }).click();
  const create = dialog(page, '新建报表模板');
  await create.getByRole('button', { name: '创建' }).click();
  await expect(create.getByText('请输入名称')).toBeVisible();
  await create.getByLabel('名称').fill(templateName);
  await create.getByRole('button', { name: '创建' }).click();
  await expect(page).toHaveURL(/\/smartdata\/reportTemplate\/\d+\//);
  await expect(page.getByRole('heading', { name: templateName, level: 1 })).toBeVisible();
  await expect(page.getByText('模板还没有单元格')).toBeVisible();

  // ---- the editor: a label, a bound cell, a formula ----
  await page.getByRole('button', { name: '编辑模板' }).click();
  await expect(page).toHaveURL(/\/smartdata\/editTemplate\/\d+\//);
  const bar = page.getByLabel('内容或公式（以 = 开头）');
  await cell(page, 'A1').click();
  await bar.fill('本月用电');
  await bar.press('Enter');
  await expect(cell(page, 'A1')).toHaveText('本月用电');
  await expect(cell(page, 'A2')).toHaveClass(/is-selected/);
  // Keyboard: up and right reach B1.
  await page.getByRole('grid', { name: '报表模板表格' }).press('ArrowUp');
  await page.getByRole('grid', { name: '报表模板表格' }).press('ArrowRight');
  await expect(cell(page, 'B1')).toHaveClass(/is-selected/);
  await page.getByText('数据项字段', { exact: true }).click();
  await chooseOption(page, panelSelect(page, '数据项'), '一号车间');
  await chooseOption(page, panelSelect(page, '字段'), '电量 (kWh)');
  await expect(cell(page, 'B1')).toHaveText('{一号车间.电量 · 求和}');
  await chooseOption(page, panelSelect(page, '数字格式'), '#,##0.00');
  await page.getByRole('button', { name: '加粗' }).click();
  await cell(page, 'C1').click();
  await bar.fill('=B1*2');
  await bar.press('Enter');
  await expect(cell(page, 'C1')).toHaveText('=B1*2');
  // A cell cleared with Delete after confirmation-free keyboard clear.
  await cell(page, 'D1').click();
  await bar.fill('临时');
  await bar.press('Enter');
  await cell(page, 'D1').click();
  await page.getByRole('grid', { name: '报表模板表格' }).press('Delete');
  await expect(cell(page, 'D1')).toHaveText('');
  await page.getByRole('button', { name: '保存' }).click();
  await expect(toast(page, '模板已保存')).toBeVisible();
  await cell(page, 'B1').click();
  await shoot(page, 'editor-zh-CN');

  // ---- the preview: this month, the values computed by hand ----
  await page.getByRole('button', { name: '返回' }).click();
  await expect(page.getByRole('heading', { name: templateName, level: 1 })).toBeVisible();
  // The saved layout on the template page, and a daily schedule by e-mail.
  await expect(page.getByRole('table', { name: '报表布局' }).locator('td[data-ref="B1"]')).toHaveText('{一号车间.电量 · 求和}');
  await chooseOption(page, panelSelect(page, '发送频率'), '每天（前一天）');
  const emails = panelSelect(page, '接收邮箱');
  await emails.fill('not-an-address');
  await emails.press('Enter');
  await page.getByRole('button', { name: '保存定时设置' }).click();
  await expect(page.getByText('请输入有效的电子邮件地址')).toBeVisible();
  await page.locator('.ant-select-selection-item-remove').first().click();
  await emails.fill('ops@example.com');
  await emails.press('Enter');
  await page.getByRole('button', { name: '保存定时设置' }).click();
  await expect(toast(page, '定时设置已保存')).toBeVisible();
  await expect(page.getByText(/^下次生成：/)).toBeVisible();
  await shoot(page, 'template-zh-CN');
  await page.getByRole('button', { name: '预览' }).click();
  await expect(page).toHaveURL(/\/previewReport\/\d+$/);
  await expect(page.getByRole('heading', { name: `报表预览 · ${templateName}` })).toBeVisible();
  const table = page.getByRole('table', { name: '报表计算结果' });
  await expect(table.locator('td[data-ref="A1"]')).toHaveText('本月用电');
  await expect(table.locator('td[data-ref="B1"]')).toHaveText(sum.toFixed(2));
  await expect(table.locator('td[data-ref="B1"]')).toHaveCSS('font-weight', '600');
  await expect(table.locator('td[data-ref="C1"]')).toHaveText(String(sum * 2));
  await shoot(page, 'preview-zh-CN');

  // ---- the downloads come from the server's export ----
  for (const format of ['xlsx', 'pdf'] as const) {
    const answer = page.waitForResponse((response) => response.url().includes('/general/report/export') && response.url().includes(`format=${format}`));
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: `下载 ${format.toUpperCase()}` }).click();
    const response = await answer;
    expect(response.status()).toBe(200);
    expect(response.headers()['content-type']).toBe(format === 'xlsx' ? 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' : 'application/pdf');
    expect(response.headers()['content-disposition']).toMatch(/^attachment/);
    const file = await download;
    // The month's file says the month (issue 31.9; was its first day).
    expect(file.suggestedFilename()).toMatch(new RegExp(`^${templateName}-\\d{4}-\\d{2}\\.${format}$`));
    await file.saveAs(`${shots}/report.${format}`);
    const body = readFileSync(`${shots}/report.${format}`);
    if (format === 'xlsx') {
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load(body as unknown as ArrayBuffer);
      const ws = workbook.worksheets[0]!;
      expect(ws.getCell('A1').value).toBe('本月用电');
      expect(ws.getCell('B1').type).toBe(ExcelJS.ValueType.Number);
      expect(ws.getCell('B1').value).toBe(sum);
      expect(ws.getCell('B1').numFmt).toBe('#,##0.00');
      expect(ws.getCell('C1').value).toEqual({ formula: 'B1*2', result: sum * 2 });
    } else {
      expect(body.subarray(0, 5).toString()).toBe('%PDF-');
    }
  }

  // ---- the same screens in English, desktop and phone ----
  const previewUrl = page.url();
  await page.evaluate(() => localStorage.setItem('language', 'en-US'));
  await page.reload();
  await expect(page.getByRole('button', { name: 'Download XLSX' })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Computed report' }).locator('td[data-ref="B1"]')).toHaveText(sum.toFixed(2));
  await shoot(page, 'preview-en-US');
  await page.getByRole('button', { name: 'Back to the template' }).click();
  await page.getByRole('button', { name: 'Edit template' }).click();
  await expect(page.getByLabel('Content or formula (starting with =)')).toBeVisible();
  await cell(page, 'B1').click();
  await shoot(page, 'editor-en-US');
  const editorUrl = page.url();

  await page.setViewportSize({ width: 390, height: 844 });
  await page.reload();
  await expect(page.getByLabel('Content or formula (starting with =)')).toBeVisible();
  await shoot(page, 'editor-en-US-phone');
  await page.goto(previewUrl);
  await expect(page.getByRole('button', { name: 'Download PDF' })).toBeVisible();
  await shoot(page, 'preview-en-US-phone');
  await page.evaluate(() => localStorage.setItem('language', 'zh-CN'));
  await page.reload();
  await expect(page.getByRole('button', { name: '下载 PDF' })).toBeVisible();
  await shoot(page, 'preview-zh-CN-phone');
  await page.goto(editorUrl);
  await expect(page.getByLabel('内容或公式（以 = 开头）')).toBeVisible();
  await shoot(page, 'editor-zh-CN-phone');
});
