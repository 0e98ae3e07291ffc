import { mkdirSync, readFileSync } from 'node:fs';
import type { Locator, Page } from '@playwright/test';
import { signInAt } from './support/accounts';
import { expect as baseExpect, test, uniqueName } from './support/fixtures';
import { createCompanyAdmin, dialog, platformAdmin, tableRow, toast } from './support/organization';
import { chooseOption } from './support/select';

/**
 * Document and content templates (issue 17): a company administrator makes a document template
 * for a data item in the rich-text editor with field placeholders, opens a record's document from
 * the record list, sees the record's values filled in, prints it (print CSS hides the console) and
 * downloads it as a PDF; then makes a content template and uses it as an intelligent rule's
 * notify message. Screens in both languages, desktop and
 * phone, go to /tmp/templates-shots.
 */

test.describe.configure({ timeout: 180_000 });
const expect = baseExpect.configure({ timeout: 20_000 });
const shots = '/tmp/templates-shots';

async function shoot(page: Page, name: string, fullPage = true): Promise<void> {
  await page.waitForTimeout(400); // fade-ins
  await page.screenshot({ path: `${shots}/${name}.png`, fullPage });
}

/** Puts the caret at the end of the editor's last block (a click lands where it lands; End moves it to the end of that line). */
async function caretAtEnd(editor: Locator): Promise<void> {
  await editor.locator(':scope > *').last().click();
  await editor.press('End');
}

test('a document template with placeholders, filled for a record, printed and downloaded as PDF; a content template', async ({ page, request }) => {
  mkdirSync(shots, { recursive: true });
  await page.setViewportSize({ width: 1440, height: 900 });
  const adminApi = await platformAdmin(request);
  const company = await createCompanyAdmin(adminApi, request, '制造公司');
  const itemName = uniqueName('巡检记录', 20);
  const templateName = uniqueName('巡检单', 20);

  // A data item with a record (through the API: the item's own pages are issue 4's).
  const directory = await company.api.post<{ id: number }>('cabin/addDirectory', { parentId: null, name: uniqueName('车间', 20) });
  const item = await company.api.post<{ id: number }>('dataItem/addDataItem', {
    directoryId: directory.id,
    name: itemName,
    kind: 10,
    fields: [
      { name: '设备名称', fieldName: 'device', type: 5, priority: 1 },
      { name: '温度', fieldName: 'temp', type: 1, unit: '℃', priority: 2 },
    ],
  });
  const record = await company.api.post<{ id: number }>('dataItem/addRecord', { itemId: item.id, values: { device: '一号锅炉', temp: 36.5 } });
  const detail = await company.api.get<{ nodeId: number }>('dataItem/getDataItem', { id: item.id });
  const recordsUrl = `/smartdata/datavalue/${item.id}/${encodeURIComponent(itemName)}/10/${detail.nodeId}/${directory.id}/-`;

  await signInAt(page, company, '/home');
  await page.goto(recordsUrl);
  await expect(page.getByRole('heading', { name: itemName, level: 1 })).toBeVisible();

  // The item's document templates, reached from its page: none yet.
  await page.getByRole('button', { name: '文档模板' }).click();
  await expect(page).toHaveURL(/\/smartdata\/Doctemplate\?itemId=\d+/);
  await expect(page.getByText('暂无文档模板')).toBeVisible();
  await page.getByRole('button', { name: '新建文档模板' }).click();
  await expect(page).toHaveURL(new RegExp(`/smartdata/richEditorTemplate/${item.id}/0/.+/0$`));

  // The editor: a heading, then lines with placeholders of the item's fields and the creator.
  const editor = page.locator('.tpl-editor .ProseMirror');
  await expect(editor).toBeVisible();
  await page.getByLabel('模板名称').fill(templateName);
  await editor.click();
  await page.keyboard.type('设备巡检单');
  await chooseOption(page, page.getByRole('combobox', { name: '段落格式' }), '标题 1');
  await expect(editor.locator('h1')).toHaveText('设备巡检单');
  // The editor keeps an empty paragraph after a heading at the end (TipTap's trailing node): write there.
  await expect(editor.locator('p')).toHaveCount(1);
  await caretAtEnd(editor);
  await page.keyboard.type('设备：');
  await chooseOption(page, page.getByRole('combobox', { name: '插入字段' }), '设备名称');
  await expect(editor.locator('.tpl-placeholder')).toHaveText(['{设备名称}']);
  await caretAtEnd(editor);
  await page.keyboard.press('Enter');
  await page.keyboard.type('温度：');
  await chooseOption(page, page.getByRole('combobox', { name: '插入字段' }), '温度');
  await caretAtEnd(editor);
  await page.keyboard.press('Enter');
  await page.keyboard.type('填写人：');
  await chooseOption(page, page.getByRole('combobox', { name: '插入字段' }), '创建人');
  await expect(editor.locator('.tpl-placeholder')).toHaveText(['{设备名称}', '{温度}', '{创建人}']);
  await expect(editor.locator('p').first()).toHaveText('设备：{设备名称}');
  await shoot(page, 'editor-zh-CN');
  await page.getByRole('button', { name: '保存' }).click();
  await expect(toast(page, '已保存')).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/smartdata/richEditorTemplate/${item.id}/0/.+/[1-9]\\d*$`));
  const templateId = Number(/\/(\d+)$/.exec(page.url())![1]);
  const saved = await company.api.get<{ body: unknown }>('template/getDocTemplate', { id: templateId });
  expect(JSON.stringify(saved.body)).toContain('"key":"temp"');

  // The record's document, opened from its row in the record list.
  await page.goto(recordsUrl);
  await expect(page.getByRole('button', { name: `打开记录 ${record.id} 的文档` })).toBeVisible();
  await shoot(page, 'records-zh-CN');
  await page.getByRole('button', { name: `打开记录 ${record.id} 的文档` }).click();
  await expect(page.getByText(`选择一个文档模板，打印记录 #${record.id} 或导出为 PDF`)).toBeVisible();
  await shoot(page, 'templates-zh-CN');
  await page.getByRole('button', { name: `打开文档 ${templateName}` }).click();
  const sheet = page.locator('article.tpl-sheet');
  await expect(sheet.locator('h1')).toHaveText('设备巡检单');
  await expect(sheet).toContainText('设备：一号锅炉');
  await expect(sheet).toContainText('温度：36.5 ℃');
  await expect(sheet).toContainText(`填写人：${company.userName}`);
  await expect(sheet.locator('.tpl-placeholder')).toHaveCount(0);
  await shoot(page, 'document-zh-CN');

  // Printing shows the sheet and nothing of the console.
  await page.emulateMedia({ media: 'print' });
  await expect(sheet).toBeVisible();
  await expect(page.getByRole('button', { name: '打印' })).toBeHidden();
  await expect(page.getByRole('heading', { name: templateName, level: 1 })).toBeHidden();
  await page.emulateMedia({ media: 'screen' });
  await expect(page.getByRole('button', { name: '打印' })).toBeVisible();

  // The PDF from the server.
  const answered = page.waitForResponse((response) => response.url().includes('/general/template/exportDocumentPdf'));
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: '下载 PDF' }).click();
  const response = await answered;
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toBe('application/pdf');
  const file = await download;
  expect(file.suggestedFilename()).toBe(`${templateName}-${record.id}.pdf`);
  expect(readFileSync(await file.path()).subarray(0, 5).toString()).toBe('%PDF-');

  // A content template for notifications, with a placeholder of the item's field.
  const contentName = uniqueName('超温通知', 20);
  await page.goto('/smartdata/contenttemplate');
  await expect(page.getByRole('heading', { name: '内容模板', level: 1 })).toBeVisible();
  await page.getByRole('button', { name: '新建内容模板' }).click();
  const form = dialog(page, '新建内容模板');
  await form.getByLabel('名称').fill(contentName);
  await chooseOption(page, form.getByRole('combobox', { name: '数据项' }), itemName, { search: itemName.slice(0, 4) });
  await form.getByLabel('内容').fill('设备 ');
  await form.getByRole('button', { name: '设备名称' }).click();
  await form.getByLabel('内容').press('End');
  await form.getByLabel('内容').pressSequentially(' 温度过高');
  await expect(form.getByLabel('内容')).toHaveValue('设备 {{device}} 温度过高');
  await shoot(page, 'content-form-zh-CN');
  await form.getByRole('button', { name: '保存' }).click();
  await expect(toast(page, '已保存')).toBeVisible();
  await expect(tableRow(page, contentName)).toContainText(itemName);
  const { list } = await company.api.get<{ list: { id: number; name: string }[] }>('template/getContentTemplates');
  const content = list.find((c) => c.name === contentName)!;
  expect(await company.api.get<{ text: string }>('template/renderContent', { templateId: content.id, recordId: record.id })).toMatchObject({ text: '设备 一号锅炉 温度过高' });
  await shoot(page, 'content-zh-CN');

  // An intelligent rule's notify message takes the content template's text (filled when sent).
  await page.goto('/taskmanagement/intelligentrules');
  await page.getByRole('button', { name: '新建规则' }).first().click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('新建智能规则');
  await page.getByRole('button', { name: '通知用户' }).click();
  await chooseOption(page, page.getByRole('combobox', { name: '使用内容模板' }), contentName);
  await expect(page.getByLabel('消息内容')).toHaveValue('设备 {{device}} 温度过高');
  // The rule editor scrolls inside the layout: a full-page shot would cut it.
  await shoot(page, 'rule-notify-zh-CN', false);

  // The same screens in English.
  await page.evaluate(() => localStorage.setItem('language', 'en-US'));
  await page.goto('/smartdata/contenttemplate');
  await expect(page.getByRole('heading', { name: 'Content templates', level: 1 })).toBeVisible();
  await shoot(page, 'content-en-US');
  await page.goto(`/smartdata/richEditorTemplate/${item.id}/${record.id}/${encodeURIComponent(itemName)}/${templateId}`);
  await expect(page.getByRole('button', { name: 'Download PDF' })).toBeVisible();
  await expect(sheet).toContainText('一号锅炉');
  await shoot(page, 'document-en-US');
  await page.goto(`/smartdata/richEditorTemplate/${item.id}/0/${encodeURIComponent(itemName)}/${templateId}`);
  await expect(page.getByRole('button', { name: 'Insert table' })).toBeVisible();
  await expect(editor.locator('.tpl-placeholder')).toHaveCount(3);
  await shoot(page, 'editor-en-US');
  await page.goto(`/smartdata/Doctemplate?itemId=${item.id}&itemName=${encodeURIComponent(itemName)}&recordId=${record.id}`);
  await expect(page.getByRole('button', { name: `Open document ${templateName}` })).toBeVisible();
  await shoot(page, 'templates-en-US');

  // Phone.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.reload();
  await expect(page.getByRole('button', { name: `Open document ${templateName}` })).toBeVisible();
  await shoot(page, 'templates-en-US-phone');
  await page.goto(`/smartdata/richEditorTemplate/${item.id}/0/${encodeURIComponent(itemName)}/${templateId}`);
  await expect(editor.locator('.tpl-placeholder')).toHaveCount(3);
  await shoot(page, 'editor-en-US-phone');
  await page.evaluate(() => localStorage.setItem('language', 'zh-CN'));
  await page.goto(`/smartdata/richEditorTemplate/${item.id}/${record.id}/${encodeURIComponent(itemName)}/${templateId}`);
  await expect(sheet).toContainText('温度：36.5 ℃');
  await shoot(page, 'document-zh-CN-phone');
  await page.goto('/smartdata/contenttemplate');
  await expect(tableRow(page, contentName)).toBeVisible();
  await shoot(page, 'content-zh-CN-phone');
});
