#!/usr/bin/env node
/**
 * Takes screenshots of the main screens for a visual check (not a test). Needs the server running
 * with the built web app, e.g.
 *   SMARTDATA_TEST_ROUTES=1 SMARTDATA_ADMIN_PASSWORD=Admin12345 DATA_DIR=/tmp/sd-web PORT=8080 npx tsx apps/server/src/main.ts
 *   node apps/web/scripts/screenshots.mjs [baseUrl] [outDir]
 */
import { mkdirSync } from 'node:fs';
import { chromium } from 'playwright-core';

const base = process.argv[2] ?? 'http://127.0.0.1:8080';
const out = process.argv[3] ?? '/tmp/sd-shots';
const password = process.env.ADMIN_PASSWORD ?? 'Admin12345';
mkdirSync(out, { recursive: true });

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run', '--disable-sync'],
});

async function shot(page, name) {
  await page.waitForTimeout(400);
  await page.screenshot({ path: `${out}/${name}.png` });
  console.log(`${name}: ${await page.title()}`);
}

try {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'zh-CN' });
  const page = await context.newPage();
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') {
      console.log(`  [console.${message.type()}] ${message.text().slice(0, 300)}`);
    }
  });

  await page.goto(`${base}/home`);
  await page.waitForURL(/\/login/);
  await page.getByRole('button', { name: '登录' }).waitFor();
  console.log(`  redirected to ${page.url()}`);
  await shot(page, '01-login-zh');

  await page.getByRole('button', { name: '登录' }).click();
  await shot(page, '02-login-zh-required');

  await page.getByRole('tab', { name: '手机验证码登录' }).click();
  await page.getByLabel('手机号', { exact: true }).fill('123');
  await page.getByRole('button', { name: '获取验证码' }).click();
  await shot(page, '03-login-sms-invalid-phone');

  await page.getByRole('button', { name: 'English' }).click();
  await page.getByRole('tab', { name: 'Account and password' }).click();
  await shot(page, '04-login-en');

  await page.getByRole('button', { name: 'Create an account' }).click();
  await shot(page, '05-register-en');
  await page.getByRole('button', { name: '中文' }).click();
  await page.getByRole('button', { name: '返回登录' }).click();
  await page.getByRole('button', { name: '忘记密码？' }).click();
  await page.getByLabel('新密码', { exact: true }).fill('abc');
  await page.getByLabel('确认密码', { exact: true }).fill('abd');
  await page.getByLabel('确认密码', { exact: true }).blur();
  await shot(page, '06-reset-zh');
  await page.getByRole('button', { name: '返回登录' }).click();

  await page.getByLabel('用户名', { exact: true }).fill('admin');
  await page.getByLabel('密码', { exact: true }).fill('wrong-password1');
  await page.getByRole('button', { name: '登录' }).click();
  await page.getByText('账号或密码错误').waitFor();
  await shot(page, '07-login-wrong-password');

  await page.getByLabel('密码', { exact: true }).fill(password);
  await page.getByRole('button', { name: '登录' }).click();
  await page.getByRole('dialog').waitFor();
  await shot(page, '08-notice');
  await page.getByRole('checkbox', { name: '我已阅读并同意' }).check();
  await page.getByRole('button', { name: '同意' }).click();
  await page.waitForURL(/\/home/);
  await page.getByRole('heading', { level: 1 }).waitFor();
  await shot(page, '09-home');

  await page.getByRole('button', { name: '收起菜单' }).click();
  await shot(page, '10-home-collapsed');
  await page.getByRole('button', { name: '展开菜单' }).click();

  await page.getByRole('button', { name: /语言/ }).click();
  await page.getByRole('menuitem', { name: 'English' }).click();
  await shot(page, '11-home-en');
  await page.getByRole('button', { name: /User menu/ }).click();
  await shot(page, '12-user-menu-en');
  await page.keyboard.press('Escape');

  await page.goto(`${base}/no/such/page`);
  await page.waitForURL(/\/404/);
  await shot(page, '13-not-found');

  await page.goto(`${base}/home`);
  await page.getByRole('tab', { name: 'Home' }).click({ button: 'right' });
  await shot(page, '14-tab-context-menu');
  await page.keyboard.press('Escape');

  await page.setViewportSize({ width: 390, height: 844 });
  await page.waitForTimeout(300);
  await shot(page, '15-mobile-home');
  await page.getByRole('button', { name: 'Open menu' }).click();
  await shot(page, '16-mobile-drawer');
  await context.close();

  const mobile = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'zh-CN' });
  const mobilePage = await mobile.newPage();
  await mobilePage.goto(`${base}/login`);
  await mobilePage.getByRole('button', { name: '登录' }).waitFor();
  await shot(mobilePage, '17-mobile-login');
  await mobile.close();
} finally {
  await browser.close();
}
