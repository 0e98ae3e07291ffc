import { mkdirSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { signInAt } from './support/accounts';
import { expect as baseExpect, test, uniqueName } from './support/fixtures';
import { createCompanyAdmin, dialog, platformAdmin, tableRow, toast } from './support/organization';

/**
 * Issue 33 item 2 in the browser: a company administrator makes an API key on the keys page under
 * system settings, sees it once (copy button, warning), uses it from the test as a bearer — within
 * its codes it answers, beyond them 40300 — sees its last use, revokes it, and the next call is
 * refused (70004). Screenshots (zh-CN and en-US, 1440 and 390 wide) go to /tmp/apikeys-shots.
 */
const expect = baseExpect.configure({ timeout: 15_000 });
const shots = '/tmp/apikeys-shots';

async function shoot(page: Page, name: string): Promise<void> {
  await page.waitForTimeout(300);
  await page.screenshot({ path: `${shots}/${name}.png`, fullPage: true });
}

test('an API key is made on the keys page, shown once, used as a bearer, revoked and refused at once', async ({ page, request, context }) => {
  test.setTimeout(120_000);
  mkdirSync(shots, { recursive: true });
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const admin = await createCompanyAdmin(await platformAdmin(request), request);
  await page.setViewportSize({ width: 1440, height: 900 });
  await signInAt(page, admin, '/sysSetting/apiKey');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('API 密钥');
  await expect(page.getByText('还没有 API 密钥')).toBeVisible();
  await shoot(page, 'keys-empty-zh-1440');

  // The form checks what the server checks before anything is sent.
  await page.getByRole('button', { name: '新建密钥' }).click();
  const form = dialog(page, '新建 API 密钥');
  await form.getByRole('button', { name: '创建' }).click();
  await expect(form.getByText('请至少选择一项权限')).toBeVisible();
  const name = uniqueName('MES同步');
  await form.getByLabel('名称').fill(name);
  await form.getByRole('tree').getByText('用户组', { exact: true }).click();
  await expect(form.getByText(/已选 1 \/ \d+ 个页面/)).toBeVisible();
  await shoot(page, 'key-form-zh-1440');
  await form.getByRole('button', { name: '创建' }).click();

  // Shown once, with a copy button and a warning.
  const made = dialog(page, `密钥“${name}”已创建`);
  await expect(made.getByText('关闭此窗口后将无法再次查看', { exact: false })).toBeVisible();
  const key = (await made.getByTestId('new-api-key').innerText()).trim();
  expect(key).toMatch(/^sdk_[A-Za-z0-9_-]{43}$/);
  await made.getByRole('button', { name: '复制' }).click();
  await expect(toast(page, '已复制到剪贴板')).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(key);
  await shoot(page, 'key-made-zh-1440');
  await made.getByRole('button', { name: '我已保存，关闭' }).click();
  await expect(made).toBeHidden();
  const row = tableRow(page, name);
  await expect(row).toContainText('有效');
  await expect(row).toContainText('永不过期');
  await expect(row).toContainText('从未使用');
  await expect(row).toContainText(key.slice(0, 8));
  await expect(page.getByText(key)).toHaveCount(0);

  // The key as a bearer: its codes answer, others are refused.
  const bearer = { authorization: `Bearer ${key}` };
  const groups = await request.get('/general/company/group/getGroupList', { headers: bearer });
  expect(await groups.json()).toMatchObject({ code: 0 });
  const roles = await request.get('/general/role/getRoleList', { headers: bearer });
  expect(roles.status()).toBe(403);
  expect(await roles.json()).toMatchObject({ code: 40300 });
  await page.reload();
  await expect(row).not.toContainText('从未使用');
  await expect(row).toContainText('127.0.0.1');
  await shoot(page, 'keys-used-zh-1440');

  // Revoked: the next call is refused.
  await row.getByRole('button', { name: `吊销密钥 ${name}` }).click();
  await expect(page.getByRole('tooltip')).toContainText(`吊销密钥“${name}”？`);
  await page.getByRole('tooltip').getByRole('button', { name: '吊销' }).click();
  await expect(toast(page, '密钥已吊销')).toBeVisible();
  await expect(row).toContainText('已吊销');
  const refused = await request.get('/general/company/group/getGroupList', { headers: bearer });
  expect(refused.status()).toBe(401);
  expect(await refused.json()).toMatchObject({ code: 70004 });
  await page.setViewportSize({ width: 390, height: 844 });
  await shoot(page, 'keys-zh-390');

  // English.
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.evaluate(() => localStorage.setItem('language', 'en-US'));
  await page.goto('/sysSetting/apiKey');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('API keys');
  await expect(tableRow(page, name)).toContainText('Revoked');
  await shoot(page, 'keys-en-1440');
  await page.getByRole('button', { name: 'New key' }).click();
  const formEn = dialog(page, 'New API key');
  await formEn.getByRole('button', { name: 'Create' }).click();
  await expect(formEn.getByText('Choose at least one permission')).toBeVisible();
  await shoot(page, 'key-form-en-1440');
  await formEn.getByRole('button', { name: 'Cancel' }).click();
  await page.setViewportSize({ width: 390, height: 844 });
  await shoot(page, 'keys-en-390');
});
