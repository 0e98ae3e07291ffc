import { mkdirSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { createUser, signInAt, submitPasswordSignIn, TEST_PASSWORD, userMenu } from './support/accounts';
import { ADMIN, api, expect, test, uniqueName } from './support/fixtures';
import { startWechatStandIn, WECHAT_APP_ID, WECHAT_SECRET, type WechatStandIn } from './support/wechat';

/**
 * Issue 14: WeChat scan sign-in against a stand-in of WeChat's OAuth endpoints on 127.0.0.1
 * (playwright.config.ts points the server at it), and the user notice enforced by the server: an
 * account that has not agreed is shown the notice and cannot work until it agrees. Screenshots of
 * the sign-in WeChat tab, the binding card and the notice in both languages go to /tmp/h14-shots.
 */
const shots = '/tmp/h14-shots';

let wechat: WechatStandIn;
test.beforeAll(async () => {
  mkdirSync(shots, { recursive: true });
  wechat = await startWechatStandIn();
});
test.afterAll(async () => {
  await wechat.close();
});

async function shoot(page: Page, name: string): Promise<void> {
  await page.waitForTimeout(400); // fade-ins
  await page.screenshot({ path: `${shots}/${name}.png` });
}

async function setLanguage(page: Page, language: 'zh-CN' | 'en-US'): Promise<void> {
  await page.evaluate((value) => localStorage.setItem('language', value), language);
  await page.reload();
}

async function signOutLocally(page: Page): Promise<void> {
  await page.evaluate(() => localStorage.removeItem('smartdata-session'));
}

test('a user binds WeChat in the personal center, then signs in by scanning; an unbound WeChat account is told to bind first', async ({ page, adminApi, request }) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  const user = await createUser(adminApi, request);

  // ---- the platform administrators set up the WeChat application ----
  await signInAt(page, { userName: ADMIN.username, password: ADMIN.password }, '/user/userinfo');
  const setting = page.locator('.ant-card').filter({ has: page.getByText('微信扫码登录（平台）', { exact: true }) });
  await setting.getByLabel('AppID').fill(WECHAT_APP_ID);
  await setting.getByLabel('AppSecret').fill(WECHAT_SECRET);
  await setting.getByRole('button', { name: '保存' }).click();
  await expect(page.locator('.ant-message-notice').filter({ hasText: '操作成功' })).toBeVisible();
  await page.reload();
  // The secret never comes back: the field stays empty and says it is set.
  await expect(setting.getByLabel('AppSecret')).toHaveValue('');
  await expect(setting.getByText('已设置。留空则保持不变。')).toBeVisible();
  await setting.scrollIntoViewIfNeeded();
  await shoot(page, 'setting-zh-CN');
  await setLanguage(page, 'en-US');
  await page.locator('.ant-card').filter({ has: page.getByText('WeChat sign-in (platform)', { exact: true }) }).scrollIntoViewIfNeeded();
  await shoot(page, 'setting-en-US');
  await setLanguage(page, 'zh-CN');
  await signOutLocally(page);

  // ---- binding in the personal center ----
  await signInAt(page, user, '/user/userinfo');
  const card = page.locator('.ant-card').filter({ has: page.getByText('微信绑定', { exact: true }) });
  await expect(card.getByText('未绑定')).toBeVisible();
  await shoot(page, 'bind-zh-CN');
  await setLanguage(page, 'en-US');
  await expect(page.locator('.ant-card').filter({ has: page.getByText('WeChat binding', { exact: true }) }).getByText('Not bound')).toBeVisible();
  await shoot(page, 'bind-en-US');
  await setLanguage(page, 'zh-CN');

  wechat.mode = 'redirect';
  wechat.nextOpenid = `o_${user.userName}`;
  await card.getByRole('button', { name: '绑定微信' }).click();
  // WeChat's page "scans" and sends the browser back through WXScanLogin to the personal center.
  await expect(page).toHaveURL(/\/user\/userinfo(#wechat_redirect)?$/);
  await expect(page.locator('.ant-message-notice').filter({ hasText: '绑定成功' })).toBeVisible();
  await expect(card.getByText('已绑定')).toBeVisible();
  await shoot(page, 'bound-zh-CN');

  // ---- the sign-in page's WeChat tab ----
  await signOutLocally(page);
  wechat.mode = 'page';
  await page.goto('/login');
  await page.getByRole('tab', { name: '微信扫码' }).click();
  await expect(page.frameLocator('iframe[title="微信登录二维码"]').getByText('WeChat QR (stand-in)')).toBeVisible();
  await shoot(page, 'login-wechat-zh-CN');
  await setLanguage(page, 'en-US');
  await page.getByRole('tab', { name: 'WeChat scan' }).click();
  await expect(page.frameLocator('iframe[title="WeChat sign-in QR code"]').getByText('WeChat QR (stand-in)')).toBeVisible();
  await shoot(page, 'login-wechat-en-US');
  await setLanguage(page, 'zh-CN');

  // A scan signs the bound user in and opens the console.
  wechat.mode = 'redirect';
  await page.getByRole('tab', { name: '微信扫码' }).click();
  await expect(page).toHaveURL(/\/home$/);
  await expect(userMenu(page, user.userName)).toBeVisible();

  // ---- a WeChat account nobody bound ----
  await signOutLocally(page);
  wechat.nextOpenid = 'o_stranger';
  await page.goto('/login');
  await page.getByRole('tab', { name: '微信扫码' }).click();
  // (The stand-in redirects at once, so the browser carries qrconnect's #wechat_redirect along.)
  await expect(page).toHaveURL(/\/login\?wechat=unbound(#wechat_redirect)?$/);
  await expect(page.getByRole('alert').filter({ hasText: '请先使用账号密码登录一次，然后在个人中心绑定微信' })).toBeVisible();
  await shoot(page, 'unbound-zh-CN');

  // ---- unbinding ----
  await submitPasswordSignIn(page, user.userName, user.password);
  await expect(userMenu(page, user.userName)).toBeVisible();
  await page.goto('/user/userinfo');
  await card.getByRole('button', { name: '解绑' }).click();
  await page.getByRole('dialog').getByRole('button', { name: '解绑' }).click();
  await expect(card.getByText('未绑定')).toBeVisible();
});

test('an account that has not agreed to the user notice is shown it and cannot work until it agrees — the server refuses it too', async ({ page, adminApi, request }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  const user = await createUser(adminApi, request, { codes: ['sys_setting', 'sys_tag'], agreed: false });
  const client = await api(request, { username: user.userName, password: TEST_PASSWORD }, { fresh: true, agreeNotice: false });
  const tag = { name: uniqueName('标签'), color: '#1677ff' };
  // The API refuses work before the notice is agreed, whatever the web does.
  expect(await client.raw.post('tag/addTag', tag)).toMatchObject({ status: 403, code: 40330 });

  await page.goto('/login');
  await submitPasswordSignIn(page, user.userName, user.password);
  const dialog = page.getByRole('dialog', { name: '用户须知' });
  await expect(dialog).toBeVisible();
  await shoot(page, 'notice-zh-CN');

  // Skipping the web's gate (the stored user edited to "agreed") does not help: the console's
  // first call is refused with 40330, and the notice comes back instead of an error.
  await page.evaluate(() => {
    const stored = JSON.parse(localStorage.getItem('smartdata-session') ?? '{}') as { state: { user: { notice: { agreed: boolean } } } };
    stored.state.user.notice.agreed = true;
    localStorage.setItem('smartdata-session', JSON.stringify(stored));
  });
  await page.goto('/sysSetting/tagSetting');
  await expect(dialog).toBeVisible();
  await expect(page.locator('.ant-notification-notice')).toHaveCount(0);

  await setLanguage(page, 'en-US');
  const english = page.getByRole('dialog', { name: 'User notice' });
  await expect(english).toBeVisible();
  await shoot(page, 'notice-en-US');
  await english.getByRole('checkbox', { name: 'I have read and agree' }).check();
  await english.getByRole('button', { name: 'Agree', exact: true }).click();
  await expect(english).toBeHidden();
  await expect(userMenu(page, user.userName).or(page.getByRole('button', { name: `User menu: ${user.userName}` }))).toBeVisible();

  expect(await client.raw.post('tag/addTag', tag)).toMatchObject({ code: 0 });
});
