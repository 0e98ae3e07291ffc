import { mkdirSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { luhnCheckDigit } from '../packages/domain/src/sim/luhn';
import { startOneLinkStandIn, type OneLinkStandIn } from '../apps/server/src/modules/sim/testing/oneLinkStandIn';
import { signInAt } from './support/accounts';
import { expect as baseExpect, test } from './support/fixtures';
import { createCompanyAdmin, dialog, platformAdmin, tableRow, toast } from './support/organization';

/**
 * China Mobile OneLink in the browser (issue 36): the spec starts the local stand-in of the
 * platform (apps/server/src/modules/sim/testing/oneLinkStandIn.ts, 127.0.0.1, a free port; the
 * server under test reaches it because playwright.config.ts lists 127.0.0.1 in WEBHOOK_ALLOW_HOSTS).
 * A company administrator opens China Mobile's connection on the company page: the form refuses a
 * live connection without an AppID before sending; "test connection" shows the platform's refusal
 * of a wrong password, then a pass; saved, the table shows the carrier API as working. On the card
 * list, "get cards from carrier" pages through the stand-in's 60 cards of two groups and adds them;
 * sync now reads their status from OneLink. Screens in both languages, desktop and 390 px, go to
 * /tmp/sim-onelink-shots.
 */

test.describe.configure({ timeout: 180_000 });
const expect = baseExpect.configure({ timeout: 20_000 });
const shots = '/tmp/sim-onelink-shots';

const shoot = (page: Page, name: string, fullPage = false) => page.screenshot({ path: `${shots}/${name}.png`, fullPage, animations: 'disabled' });

let standIn: OneLinkStandIn;
test.beforeAll(async () => {
  standIn = await startOneLinkStandIn({ appid: '510001', password: 'e2e-onelink-password' });
  const run = String(Date.now()).slice(-8);
  for (let i = 0; i < 60; i += 1) {
    const body = `898604${run}${String(i).padStart(5, '0')}`;
    standIn.addCard({ iccid: `${body}${luhnCheckDigit(body)}`, msisdn: `1440${run}${String(i).padStart(2, '0')}`, status: i < 50 ? '6' : '2', planKb: 30 * 1024, usedKb: i * 100 }, i < 40 ? 'GE2E1' : 'GE2E2');
  }
});
test.afterAll(async () => {
  await standIn.close();
});

test('China Mobile connected through OneLink after a passed connection test, 60 cards imported from the carrier and synced', async ({ page, request }) => {
  mkdirSync(shots, { recursive: true });
  await page.setViewportSize({ width: 1440, height: 900 });
  const admin = await createCompanyAdmin(await platformAdmin(request), request, '移动接入公司');

  await signInAt(page, admin, '/sysSetting/companyManagement');
  const connections = page.locator('.sd-sim-connections:visible');
  await expect(tableRow(connections, '移动')).toContainText('模拟运营商');
  await connections.getByRole('button', { name: '编辑移动连接' }).click();
  const editor = dialog(page, '移动连接');
  await editor.getByRole('radio', { name: '运营商接口' }).check();
  await expect(editor.getByText('保存时先用这些凭据向 OneLink 获取令牌')).toBeVisible();
  // Checked in the form before anything is sent.
  await editor.getByRole('button', { name: '保存' }).click();
  await expect(editor.getByText('AppID 为 1 到 100 位字母、数字、- 或 _')).toBeVisible();
  await expect(editor.getByText('请填写 OneLink 的接入密码（password）')).toBeVisible();
  await editor.getByLabel('AppID').fill(standIn.appid);
  await editor.getByLabel('接入密码').fill('wrong-password');
  await editor.getByLabel('接口地址').fill('ftp://example.com');
  await editor.getByRole('button', { name: '测试连接' }).click();
  await expect(editor.getByText('接口地址须为 http:// 或 https:// 开头的网址')).toBeVisible();
  await editor.getByLabel('接口地址').fill(standIn.url);
  await editor.getByRole('button', { name: '测试连接' }).click();
  const outcome = editor.getByRole('status');
  await expect(outcome).toContainText('连接测试未通过');
  await expect(outcome).toContainText('中国移动 OneLink 拒绝（12022）：appid 或 password 鉴权不通过');
  await shoot(page, 'test-failed-zh-CN');
  await editor.getByLabel('接入密码').fill(standIn.password);
  await editor.getByRole('button', { name: '测试连接' }).click();
  await expect(outcome).toContainText('连接测试通过');
  await shoot(page, 'test-passed-zh-CN');
  await editor.getByRole('button', { name: '保存' }).click();
  await expect(toast(page, '已接入移动接口')).toBeVisible();
  const mobile = tableRow(connections, '移动');
  await expect(mobile).toContainText('运营商接口');
  await expect(mobile).toContainText('可用');
  await expect(mobile).toContainText('已设置');
  await expect(tableRow(connections, '联通')).toContainText('模拟运营商');
  await connections.scrollIntoViewIfNeeded();
  await shoot(page, 'connections-zh-CN');

  // ---- a first import from the carrier, then a sync through OneLink ----
  await page.goto('/device/simcard');
  const list = page.locator('.sd-sim:visible');
  await list.getByRole('button', { name: '从运营商获取卡片' }).click();
  const importer = dialog(page, '从运营商获取流量卡');
  await expect(importer.getByRole('radio', { name: '移动' })).toBeChecked();
  await importer.getByRole('button', { name: '获取' }).click();
  await expect(importer.getByRole('status')).toHaveText('运营商共有 60 张卡：新增 60 张，已登记 0 张，未添加 0 张。');
  await shoot(page, 'import-zh-CN');
  await importer.locator('.ant-modal-footer').getByRole('button', { name: '关闭' }).click();
  await expect(list.getByText('共 60 张')).toBeVisible();
  await list.getByRole('button', { name: '立即同步' }).click();
  await expect(list.locator('.ant-table-row').filter({ hasText: '测试期' }).first()).toBeVisible();
  await expect(list.locator('.ant-table-row').filter({ hasText: '正常' }).first()).toBeVisible();
  expect(standIn.callsTo('/ec/query/group-member').length).toBeGreaterThanOrEqual(2);
  await shoot(page, 'list-zh-CN', true);

  // ---- English, then a phone ----
  await page.evaluate(() => localStorage.setItem('language', 'en-US'));
  await page.goto('/sysSetting/companyManagement');
  await expect(tableRow(connections, 'China Mobile')).toContainText('Carrier API');
  await expect(tableRow(connections, 'China Mobile')).toContainText('Working');
  await connections.getByRole('button', { name: 'Edit the China Mobile connection' }).click();
  const editorEn = dialog(page, 'China Mobile connection');
  await expect(editorEn.getByLabel('AppID')).toHaveValue(standIn.appid);
  await editorEn.getByRole('button', { name: 'Test connection' }).click();
  await expect(editorEn.getByRole('status')).toContainText('Connection test passed');
  await shoot(page, 'test-passed-en-US');
  await editorEn.getByRole('button', { name: 'Cancel' }).click();
  await connections.scrollIntoViewIfNeeded();
  await shoot(page, 'connections-en-US');
  await page.goto('/device/simcard');
  await list.getByRole('button', { name: 'Get cards from carrier' }).click();
  const importerEn = dialog(page, 'Get SIM cards from a carrier');
  await importerEn.getByRole('button', { name: 'Get cards' }).click();
  await expect(importerEn.getByRole('status')).toHaveText('The carrier holds 60 cards: 0 added, 60 already registered, 0 not added.');
  await shoot(page, 'import-en-US');
  await importerEn.locator('.ant-modal-footer').getByRole('button', { name: 'Close' }).click();

  await page.setViewportSize({ width: 390, height: 844 });
  const phoneWords = [
    { language: 'en-US', edit: 'Edit the China Mobile connection', editor: 'China Mobile connection', cancel: 'Cancel', open: 'Get cards from carrier', importer: 'Get SIM cards from a carrier', run: 'Get cards' },
    { language: 'zh-CN', edit: '编辑移动连接', editor: '移动连接', cancel: '取消', open: '从运营商获取卡片', importer: '从运营商获取流量卡', run: '获取' },
  ];
  for (const words of phoneWords) {
    await page.evaluate((language) => localStorage.setItem('language', language), words.language);
    await page.goto('/sysSetting/companyManagement');
    await connections.getByRole('button', { name: words.edit }).click();
    await expect(dialog(page, words.editor).getByLabel('AppID')).toBeVisible();
    await shoot(page, `editor-phone-${words.language}`);
    await dialog(page, words.editor).getByRole('button', { name: words.cancel }).click();
    await page.goto('/device/simcard');
    await list.getByRole('button', { name: words.open }).click();
    await dialog(page, words.importer).getByRole('button', { name: words.run }).click();
    await expect(dialog(page, words.importer).getByRole('status')).toBeVisible();
    await shoot(page, `import-phone-${words.language}`);
  }
});
