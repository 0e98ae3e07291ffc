import type { Locator, Page } from '@playwright/test';
import { errorNotice, signInAt } from './support/accounts';
import { expect, test, uniqueName } from './support/fixtures';
import { confirmDialog, createCompanyAdmin, dialog, platformAdmin, tableRow, toast } from './support/organization';

/** System settings of a company: tags (/sysSetting/tagSetting) and device access (/sysSetting/ioSocket). */

/** Picks a colour in the colour picker's panel (by the hex code the panel takes). */
async function pickColor(page: Page, form: Locator, hex: string): Promise<void> {
  await form.locator('.ant-color-picker-trigger').click();
  const input = page.locator('.ant-color-picker:visible .ant-color-picker-hex-input input');
  await input.fill(hex.replace('#', ''));
  await input.press('Tab');
  await form.getByLabel('标签名称').click();
  await expect(form.getByLabel('颜色')).toHaveValue(hex);
}

test('tags are created with a colour, found, changed and deleted', async ({ page, request }) => {
  const adminApi = await platformAdmin(request);
  const companyAdmin = await createCompanyAdmin(adminApi, request);
  const tagName = uniqueName('一号车间');
  const renamed = uniqueName('重点设备');

  await signInAt(page, companyAdmin, '/sysSetting/tagSetting');
  await expect(page.getByRole('heading', { name: '标签设置', level: 1 })).toBeVisible();
  await expect(page.getByText('还没有标签')).toBeVisible();

  await page.getByRole('button', { name: '新建标签' }).click();
  const create = dialog(page, '新建标签');
  await create.getByLabel('标签名称').fill(tagName);
  await pickColor(page, create, '#FA8C16');
  await expect(create.locator('.sd-tag-preview')).toContainText(tagName);
  await create.getByLabel('标签名称').press('Enter');
  await expect(toast(page, '操作成功')).toBeVisible();
  await expect(tableRow(page, tagName).getByRole('cell').nth(1)).toHaveText('#FA8C16');

  const search = page.getByRole('searchbox', { name: '搜索标签名称' });
  await search.fill('没有这个标签');
  await search.press('Enter');
  await expect(page.getByText('没有符合条件的结果')).toBeVisible();
  await search.fill('');
  await expect(tableRow(page, tagName)).toBeVisible();

  await page.getByRole('button', { name: `编辑 ${tagName}` }).click();
  const edit = dialog(page, `编辑标签：${tagName}`);
  await expect(edit.getByLabel('颜色')).toHaveValue('#FA8C16');
  await edit.getByLabel('标签名称').fill(renamed);
  // The hex code can be typed too (the keyboard's way); it is checked as the server checks it.
  await edit.getByLabel('颜色').fill('72');
  await edit.getByRole('button', { name: '保存' }).click();
  await expect(edit.getByText('格式不正确')).toBeVisible();
  await edit.getByLabel('颜色').fill('722ed1');
  await expect(edit.getByLabel('颜色')).toHaveValue('#722ED1');
  await edit.getByRole('button', { name: '保存' }).click();
  await expect(toast(page, '操作成功')).toBeVisible();
  await expect(tableRow(page, renamed).getByRole('cell').nth(1)).toHaveText('#722ED1');
  await expect(tableRow(page, tagName)).toHaveCount(0);

  // A second tag of the same name is refused by the server, and the dialog stays to correct it.
  await page.getByRole('button', { name: '新建标签' }).click();
  await dialog(page, '新建标签').getByLabel('标签名称').fill(renamed);
  await dialog(page, '新建标签').getByRole('button', { name: '保存' }).click();
  await expect(errorNotice(page, '标签名称已存在')).toBeVisible();
  await dialog(page, '新建标签').getByRole('button', { name: '取消' }).click();

  await page.getByRole('button', { name: `删除 ${renamed}` }).click();
  await confirmDialog(page, `确定删除标签“${renamed}”吗？`).getByRole('button', { name: '删除' }).click();
  await expect(toast(page, '删除成功')).toBeVisible();
  await expect(page.getByText('还没有标签')).toBeVisible();
});

test('device access shows the MQTT settings; a regenerated secret is shown once, with a copy button', async ({ page, request }) => {
  const adminApi = await platformAdmin(request);
  const companyAdmin = await createCompanyAdmin(adminApi, request);
  const before = await companyAdmin.api.get<{ accessKey: string; secretHint: string }>('company/getIoSocket');

  await signInAt(page, companyAdmin, '/sysSetting/ioSocket');
  await expect(page.getByRole('heading', { name: '设备接入', level: 1 })).toBeVisible();
  await expect(page.getByText(before.accessKey).first()).toBeVisible();
  await expect(page.getByText(`••••••••${before.secretHint}`)).toBeVisible();
  await expect(page.getByText('sd/{sn}/up/telemetry')).toBeVisible();
  await expect(page.getByText('sd/{sn}/down/cmd')).toBeVisible();

  await page.getByRole('button', { name: '重新生成公司密钥' }).click();
  const confirm = confirmDialog(page, '确定重新生成公司密钥吗？');
  await expect(confirm).toContainText('旧的公司密钥立即失效');
  await confirm.getByRole('button', { name: '重新生成公司密钥' }).click();

  const shown = dialog(page, '新的公司密钥');
  await expect(shown.getByText('密钥只显示这一次')).toBeVisible();
  const secret = (await shown.getByTestId('io-socket-secret').textContent()) ?? '';
  expect(secret).toMatch(/^[A-Za-z0-9_-]{32}$/);
  await shown.getByRole('button', { name: '复制' }).click();
  await expect(toast(page, '复制成功')).toBeVisible();
  await shown.getByRole('button', { name: '我已保存' }).click();
  await expect(shown).toBeHidden();

  await expect(page.getByText(`••••••••${secret.slice(-4)}`)).toBeVisible();
  await expect(page.getByText(secret)).toHaveCount(0);
  const after = await companyAdmin.api.get<{ accessKey: string; secretHint: string }>('company/getIoSocket');
  expect(after).toMatchObject({ accessKey: before.accessKey, secretHint: secret.slice(-4) });
});
