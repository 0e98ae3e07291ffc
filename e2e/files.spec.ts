import { mkdirSync } from 'node:fs';
import type { Locator, Page } from '@playwright/test';
import { signInAt } from './support/accounts';
import { expect as baseExpect, test, uniqueName, type ApiClient } from './support/fixtures';
import { createCompanyAdmin, dialog, platformAdmin, toast } from './support/organization';

/**
 * File and project nodes of the data cabin (issue 14.2): a company administrator makes a project,
 * uploads a PDF into it, previews it on the file page, uploads a second version and sees the
 * history; the project page lists what is under it with the latest value of its data item.
 * Screens in both languages, desktop and phone, go to /tmp/h14b-shots.
 */

test.describe.configure({ timeout: 180_000 });
const expect = baseExpect.configure({ timeout: 20_000 });
const shots = '/tmp/h14b-shots';
const CABIN = '/smartdata/datacapsule';

/** A one-page PDF that says `text` (Chromium's viewer draws it). */
function pdf(text: string): Buffer {
  const stream = `BT /F1 24 Tf 40 120 Td (${text}) Tj ET`;
  return Buffer.from(
    [
      '%PDF-1.4',
      '1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj',
      '2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj',
      '3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 420 240]/Contents 4 0 R/Resources<</Font<</F1 5 0 R>>>>>>endobj',
      `4 0 obj<</Length ${stream.length}>>stream`,
      stream,
      'endstream endobj',
      '5 0 obj<</Type/Font/Subtype/Type1/BaseFont/Helvetica>>endobj',
      'trailer<</Root 1 0 R>>',
      '%%EOF',
    ].join('\n'),
  );
}

async function shoot(page: Page, name: string): Promise<void> {
  await page.waitForTimeout(600); // fade-ins, the PDF viewer
  await page.screenshot({ path: `${shots}/${name}.png`, fullPage: true });
}

function treeItem(page: Page, name: string): Locator {
  return page
    .getByRole('tree')
    .locator('[role="treeitem"]:not(.ant-tree-treenode-motion [role="treeitem"])')
    .filter({ has: page.locator('.sd-cabin-tree__name').getByText(name, { exact: true }) });
}

interface TreeNode {
  id: number;
  kind: string;
  name: string;
  refId: number | null;
  children: TreeNode[];
}

async function nodeNamed(client: ApiClient, name: string): Promise<TreeNode> {
  const found: TreeNode[] = [];
  const visit = (list: TreeNode[]) => {
    for (const node of list) {
      if (node.name === name) {
        found.push(node);
      }
      visit(node.children);
    }
  };
  visit(await client.get<TreeNode[]>('cabin/getTree'));
  expect(found, name).toHaveLength(1);
  return found[0]!;
}

test('a PDF uploaded into a project is previewed on its page; a second version keeps the history; the project page lists it', async ({ page, request }) => {
  mkdirSync(shots, { recursive: true });
  await page.setViewportSize({ width: 1440, height: 900 });
  const adminApi = await platformAdmin(request);
  const company = await createCompanyAdmin(adminApi, request, '燃气公司');
  const projectName = uniqueName('一号门站', 20);

  await signInAt(page, company, CABIN);
  await expect(page.getByRole('heading', { name: '数据舱', level: 1 })).toBeVisible();

  // A project at the top of the cabin, with its status and dates.
  await page.getByRole('button', { name: '新建项目' }).click();
  const create = dialog(page, '新建项目');
  await create.getByLabel('项目名称').fill(projectName);
  await create.getByLabel('状态').click();
  await page.locator('.ant-select-dropdown:visible').getByTitle('进行中', { exact: true }).click();
  await create.getByLabel('项目描述').fill('城东门站的计量与调压设备');
  await create.getByRole('button', { name: '创建' }).click();
  await expect(toast(page, '操作成功')).toBeVisible();
  await expect(treeItem(page, projectName)).toHaveAttribute('aria-selected', 'true');

  // A data item with a record inside the project (made through the API: its form is issue 4's).
  const project = await nodeNamed(company.api, projectName);
  const item = await company.api.post<{ id: number }>('dataItem/addDataItem', {
    directoryId: project.id,
    name: '进站压力',
    kind: 10,
    fields: [{ name: '压力', fieldName: 'pressure', type: 1, unit: 'MPa', priority: 1 }],
  });
  await company.api.post('dataItem/addRecord', { itemId: item.id, values: { pressure: 0.42 } });

  // Upload a PDF into the selected project.
  await page.getByTestId('cabin-upload-file-input').setInputFiles({ name: '调压器说明书.pdf', mimeType: 'application/pdf', buffer: pdf('Regulator manual v1') });
  await expect(toast(page, '操作成功').last()).toBeVisible();
  await expect(treeItem(page, '调压器说明书.pdf')).toBeVisible();
  await expect(treeItem(page, '调压器说明书.pdf')).toHaveAttribute('aria-selected', 'true');
  await shoot(page, 'cabin-zh-CN');

  // Its page previews it in a frame from a signed URL.
  const served = page.waitForResponse((response) => response.url().includes('/general/cos/object/') && response.status() === 200);
  await page.locator('.sd-cabin-detail').getByRole('button', { name: '打开文件' }).click();
  await expect(page).toHaveURL(/\/smartdata\/file\/\d+$/);
  await expect(page.getByRole('heading', { name: '调压器说明书.pdf', level: 1 })).toBeVisible();
  const frame = page.locator('iframe.sd-file-preview__frame');
  await expect(frame).toHaveAttribute('src', /^\/general\/cos\/object\/c\d+\/object\/.+\.pdf\?expires=\d+&sig=/);
  await expect(frame).toHaveAttribute('title', '调压器说明书.pdf 的预览');
  const pdfAnswer = await served;
  expect(pdfAnswer.headers()['content-type']).toBe('application/pdf');
  expect(pdfAnswer.headers()['content-disposition']).toMatch(/^inline; /);
  await expect(page.getByText('版本历史（1）')).toBeVisible();
  await shoot(page, 'file-preview-zh-CN');

  // A second version: the history keeps the first, the current one is the new one.
  await page.getByTestId('file-version-input').setInputFiles({ name: '调压器说明书-修订.pdf', mimeType: 'application/pdf', buffer: pdf('Regulator manual v2') });
  await expect(toast(page, '新版本已上传，历史版本已保留')).toBeVisible();
  await expect(page.getByText('版本历史（2）')).toBeVisible();
  const rows = page.locator('.sd-file-versions tbody tr.ant-table-row');
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(0)).toContainText('v2');
  await expect(rows.nth(0)).toContainText('当前');
  await expect(rows.nth(0)).toContainText('调压器说明书-修订.pdf');
  await expect(rows.nth(1)).toContainText('v1');
  await expect(rows.nth(1)).toContainText('调压器说明书.pdf');
  await expect(page.getByText('预览：v2 调压器说明书-修订.pdf')).toBeVisible();
  // The old version can be previewed and downloaded.
  await page.getByRole('button', { name: '预览版本 v1' }).click();
  await expect(page.getByText('预览：v1 调压器说明书.pdf')).toBeVisible();
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: '下载版本 v1' }).click();
  expect((await download).suggestedFilename()).toBe('调压器说明书.pdf');
  await page.getByRole('button', { name: '查看当前版本' }).click();
  await shoot(page, 'file-versions-zh-CN');
  // When the signed URL cannot be had, the page says so in the spec's words (§8).
  await page.route('**/general/file/getFileDownloadUrl', (route) => route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ code: 50000, msg: 'internal', data: null }) }));
  await page.locator('.sd-page__actions').getByRole('button', { name: /下载/ }).click();
  await expect(toast(page, '下载信息获取失败！')).toBeVisible();
  await page.unroute('**/general/file/getFileDownloadUrl');

  // The project page lists the item with its latest value and the file.
  const projectDetail = await nodeNamed(company.api, projectName);
  await page.goto(`/smartdata/project/${projectDetail.refId}`);
  await expect(page.getByRole('heading', { name: projectName, level: 1 })).toBeVisible();
  await expect(page.locator('.sd-page__description').getByText('进行中')).toBeVisible();
  await expect(page.getByText('项目内容（2）')).toBeVisible();
  await expect(page.getByRole('row', { name: /进站压力/ })).toContainText('0.42 MPa');
  await expect(page.getByRole('link', { name: '调压器说明书.pdf' })).toBeVisible();
  await shoot(page, 'project-zh-CN');

  // The same screens in English.
  await page.evaluate(() => localStorage.setItem('language', 'en-US'));
  await page.reload();
  await expect(page.getByText('In this project (2)')).toBeVisible();
  await expect(page.locator('.sd-page__description').getByText('Active')).toBeVisible();
  await shoot(page, 'project-en-US');
  await page.getByRole('link', { name: '调压器说明书.pdf' }).click();
  await expect(page.getByText('Version history (2)')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Upload new version' })).toBeVisible();
  await shoot(page, 'file-en-US');

  // Phone.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.reload();
  await expect(page.getByText('Version history (2)')).toBeVisible();
  await shoot(page, 'file-en-US-phone');
  await page.goto(`/smartdata/project/${projectDetail.refId}`);
  await expect(page.getByText('In this project (2)')).toBeVisible();
  await shoot(page, 'project-en-US-phone');
  await page.evaluate(() => localStorage.setItem('language', 'zh-CN'));
  await page.reload();
  await expect(page.getByText('项目内容（2）')).toBeVisible();
  await shoot(page, 'project-zh-CN-phone');
  await page.getByRole('link', { name: '调压器说明书.pdf' }).click();
  await expect(page.getByText('版本历史（2）')).toBeVisible();
  await shoot(page, 'file-zh-CN-phone');
  await page.goto(CABIN);
  await expect(page.getByRole('heading', { name: '数据舱', level: 1 })).toBeVisible();
  await shoot(page, 'cabin-zh-CN-phone');
});

test('the company settings limit the size and types of files; the cabin refuses a file outside them before uploading', async ({ page, request }) => {
  mkdirSync(shots, { recursive: true });
  await page.setViewportSize({ width: 1440, height: 900 });
  const adminApi = await platformAdmin(request);
  const company = await createCompanyAdmin(adminApi, request, '设计院');

  await signInAt(page, company, '/sysSetting/companyManagement');
  const card = page.locator('.sd-file-settings');
  await expect(card.getByText('文件设置')).toBeVisible();
  await expect(card.getByLabel('单个文件大小上限')).toHaveValue('50');
  await expect(card.getByText('docx', { exact: true })).toBeVisible();
  await card.getByLabel('单个文件大小上限').fill('1');
  await card.getByRole('button', { name: '保存' }).click();
  await expect(toast(page, '操作成功')).toBeVisible();
  expect(await company.api.get<{ maxMb: number }>('file/getFileSettings')).toMatchObject({ maxMb: 1 });
  await card.scrollIntoViewIfNeeded();
  await shoot(page, 'file-settings-zh-CN');

  await page.goto(CABIN);
  await expect(page.getByRole('heading', { name: '数据舱', level: 1 })).toBeVisible();
  await page.getByTestId('cabin-upload-file-input').setInputFiles({ name: 'big.pdf', mimeType: 'application/pdf', buffer: Buffer.alloc(1024 * 1024 + 10, 32) });
  await expect(toast(page, '文件大小超过 1 MB')).toBeVisible();
  await page.getByTestId('cabin-upload-file-input').setInputFiles({ name: 'setup.exe', mimeType: 'application/octet-stream', buffer: Buffer.from('MZ') });
  await expect(toast(page, '不允许上传该类型的文件')).toBeVisible();
  expect(await company.api.get<unknown[]>('cabin/getTree')).toEqual([]);

  await page.evaluate(() => localStorage.setItem('language', 'en-US'));
  await page.goto('/sysSetting/companyManagement');
  await expect(page.locator('.sd-file-settings').getByText('File settings')).toBeVisible();
  await page.locator('.sd-file-settings').scrollIntoViewIfNeeded();
  await shoot(page, 'file-settings-en-US');
});
