import { mkdirSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { createUser, errorNotice, signInAt } from './support/accounts';
import { expect, test, uniqueName } from './support/fixtures';
import { createCompanyAdmin, platformAdmin, PLATFORM_ADMIN, tableRow } from './support/organization';

/**
 * System data items and the SMS provider setting as the platform administrator (issue 14.4,
 * 14.6): search every company's data items by company and name, open one and see its metadata
 * (never its records); the personal center's SMS card says the outbox is the default and never
 * shows a secret; a cloud provider that cannot be reached is reported on the sign-in page as the
 * SMS failure text (the outbox is restored afterwards: other specs read codes from it). Screens in both languages, desktop and phone, go to /tmp/h14c-shots.
 */

const shots = '/tmp/h14c-shots';

async function shoot(page: Page, name: string): Promise<void> {
  await page.waitForTimeout(400); // fade-ins
  await page.screenshot({ path: `${shots}/${name}.png`, fullPage: true });
}

/** The SMS card in view (a viewport shot: the shell's fixed bars stay where they are). */
async function shootCard(page: Page, name: string): Promise<void> {
  await page.locator('.ant-card').filter({ hasText: /短信服务商|SMS provider/ }).scrollIntoViewIfNeeded();
  await page.waitForTimeout(400);
  await page.screenshot({ path: `${shots}/${name}.png` });
}

async function english(page: Page): Promise<void> {
  await page.evaluate(() => localStorage.setItem('language', 'en-US'));
  await page.reload();
}

test('the platform administrator searches every company’s data items and opens one’s metadata', async ({ page, request }) => {
  mkdirSync(shots, { recursive: true });
  await page.setViewportSize({ width: 1440, height: 900 });
  const company = await createCompanyAdmin(await platformAdmin(request), request, '水务');
  const directory = await company.api.post<{ id: number }>('cabin/addDirectory', { parentId: null, name: '泵站' });
  const itemName = uniqueName('进水流量', 20);
  const fields = [
    { name: '流量', fieldName: 'flow', type: 1, unit: 'm³/h', priority: 1, decimalPlaces: 1 },
    { name: '备注', fieldName: 'remark', type: 5, unit: '', priority: 2 },
  ];
  const item = await company.api.post<{ id: number }>('dataItem/addDataItem', { directoryId: directory.id, name: itemName, kind: 10, fields, expiryDays: 90 });
  await company.api.post('dataItem/addDataItem', { directoryId: directory.id, name: uniqueName('出水水质', 20), kind: 11, fields });
  await company.api.post('dataItem/addRecord', { itemId: item.id, values: { flow: 12.5, remark: '记录内容不应出现' } });

  await signInAt(page, PLATFORM_ADMIN, '/systemMaintenance/systemsditem');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('系统数据项');
  const filters = page.locator('.sd-list-filters');
  await filters.getByLabel('公司').fill(company.companyName);
  await filters.getByLabel('数据项').fill(itemName);
  await page.getByRole('button', { name: /查 ?询$/ }).click();
  const row = tableRow(page, itemName);
  await expect(row).toContainText(company.companyName);
  await expect(row).toContainText('人工列表');
  await expect(row).toContainText('90 天');
  await expect(row).toContainText('永久保留');
  await expect(page.locator('.ant-table-tbody > tr.ant-table-row')).toHaveCount(1);
  await expect(page.getByText('共 1 个数据项')).toBeVisible();
  await filters.getByLabel('数据项').fill('');
  await page.getByRole('button', { name: /查 ?询$/ }).click();
  await expect(page.locator('.ant-table-tbody > tr.ant-table-row')).toHaveCount(2);
  await shoot(page, 'systemsditem-list-zh-CN-1440');

  await tableRow(page, itemName).getByRole('button', { name: itemName }).click();
  const drawer = page.locator('.sd-system__item-detail');
  await expect(drawer).toContainText('这里只显示数据项的定义、设置和规模，不读取记录内容。');
  await expect(drawer).toContainText('flow');
  await expect(drawer).toContainText('m³/h');
  await expect(drawer).toContainText('0 个文件，0 B');
  await expect(drawer).not.toContainText('记录内容不应出现');
  await shoot(page, 'systemsditem-detail-zh-CN-1440');
  await page.setViewportSize({ width: 390, height: 844 });
  await shoot(page, 'systemsditem-detail-zh-CN-390');
  await page.keyboard.press('Escape');
  await shoot(page, 'systemsditem-list-zh-CN-390');

  await english(page);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('System data items');
  await shoot(page, 'systemsditem-list-en-US-390');
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.locator('.sd-list-filters').getByLabel('Company').fill(company.companyName);
  await page.getByRole('button', { name: /Search$/ }).click();
  await expect(tableRow(page, itemName)).toContainText('Manual list');
  await expect(tableRow(page, itemName)).toContainText('90 days');
  await shoot(page, 'systemsditem-list-en-US-1440');
  await tableRow(page, itemName).getByRole('button', { name: itemName }).click();
  await expect(page.locator('.sd-system__item-detail')).toContainText('its records are not read');
  await shoot(page, 'systemsditem-detail-en-US-1440');
});

test('the SMS card says the outbox is the default and shows a secret only as set or not set', async ({ page, request }) => {
  mkdirSync(shots, { recursive: true });
  await platformAdmin(request); // past the user notice
  await page.setViewportSize({ width: 1440, height: 900 });
  await signInAt(page, PLATFORM_ADMIN, '/user/userinfo');
  const card = page.getByRole('region', { name: '短信服务' }).or(page.locator('.ant-card').filter({ hasText: '短信服务商' }));
  await expect(card.getByText('默认的开发用发件箱不会真正发送短信', { exact: false })).toBeVisible();
  await card.getByText('阿里云短信', { exact: true }).click();
  await expect(card.getByText('未设置', { exact: true })).toBeVisible();
  await card.scrollIntoViewIfNeeded();
  await shootCard(page, 'sms-card-zh-CN-1440');
  await page.setViewportSize({ width: 390, height: 844 });
  await shootCard(page, 'sms-card-zh-CN-390');
  await english(page);
  const englishCard = page.locator('.ant-card').filter({ hasText: 'SMS provider' });
  await expect(englishCard.getByText('The default development outbox sends no real text messages', { exact: false })).toBeVisible();
  await shootCard(page, 'sms-card-en-US-390');
  await page.setViewportSize({ width: 1440, height: 900 });
  await englishCard.getByText('Tencent Cloud SMS', { exact: true }).click();
  await expect(englishCard.getByText('Not set', { exact: true })).toBeVisible();
  await shootCard(page, 'sms-card-en-US-1440');
});

test('a cloud SMS provider that fails is reported where the code was asked for', async ({ page, request }) => {
  const adminApi = await platformAdmin(request);
  const user = await createUser(adminApi, request);
  // Alibaba Cloud SMS at a loopback port where nothing listens: the SDK's call fails.
  await adminApi.post('sms/updateSmsSetting', {
    provider: 'aliyun',
    accessKeyId: 'e2e-key-id',
    accessKeySecret: 'e2e-key-secret',
    signName: '智慧数据',
    templateCode: 'SMS_000000001',
    sdkAppId: '',
    region: 'cn-hangzhou',
    endpoint: 'http://127.0.0.1:9',
  });
  try {
    await page.goto('/login');
    await page.getByRole('tab', { name: '手机验证码登录' }).click();
    const form = page.getByRole('form', { name: '手机验证码登录' });
    await form.getByLabel('手机号').fill(user.phone);
    await form.getByRole('button', { name: '获取验证码' }).click();
    await expect(errorNotice(page, '短信发送失败，请稍后重试')).toBeVisible();
  } finally {
    await adminApi.post('sms/updateSmsSetting', { provider: 'outbox', accessKeyId: '', accessKeySecret: '', signName: '', templateCode: '', sdkAppId: '', region: '', endpoint: '' });
  }
  expect((await adminApi.get<{ provider: string }>('sms/getSmsSetting')).provider).toBe('outbox');
});
