import { createHmac, timingSafeEqual } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page } from '@playwright/test';
import { signInAt } from './support/accounts';
import { expect as baseExpect, test, uniqueName } from './support/fixtures';
import { confirmDialog, createCompanyAdmin, dialog, platformAdmin, tableRow, toast } from './support/organization';

/**
 * Issue 33 item 3 in the browser: on the event subscriptions page under system settings a
 * receiver is added (the form checks address and secret before sending, the secret is generated),
 * sent a test event, receives a new record signed as docs/webhooks.md says (checked here with
 * node:crypto), its delivery log shows it sent; deleted with a confirmation, the page is empty
 * again. Screenshots (zh-CN and en-US, 1440 and 390 wide) go to /tmp/h33-webhook-shots.
 */
const expect = baseExpect.configure({ timeout: 15_000 });
const shots = '/tmp/h33-webhook-shots';

async function shoot(page: Page, name: string): Promise<void> {
  // Toasts of earlier steps would cover the screen being looked at.
  await page.locator('.ant-notification-notice-close').evaluateAll((buttons) => buttons.forEach((b) => (b as HTMLElement).click()));
  await page.locator('.ant-message-notice').first().waitFor({ state: 'detached', timeout: 5000 }).catch(() => undefined);
  await page.waitForTimeout(300);
  await page.screenshot({ path: `${shots}/${name}.png`, fullPage: true });
}

interface Arrival {
  event: string;
  valid: boolean;
  body: { id: string; event: string; data: { item?: { name: string } } };
}

/** A receiver that checks each POST's signature with the secret it is told (HMAC-SHA256 of `${timestamp}.${body}`). */
async function receiver(): Promise<{ url: string; arrived: Arrival[]; secret: { value: string }; close: () => Promise<void> }> {
  const arrived: Arrival[] = [];
  const secret = { value: '' };
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      const expected = Buffer.from(`sha256=${createHmac('sha256', secret.value).update(`${String(req.headers['x-smartdata-timestamp'])}.${raw}`).digest('hex')}`);
      const given = Buffer.from(String(req.headers['x-smartdata-signature'] ?? ''));
      const valid = given.length === expected.length && timingSafeEqual(given, expected);
      const body = JSON.parse(raw) as Arrival['body'];
      arrived.push({ event: String(req.headers['x-smartdata-event']), valid, body });
      res.writeHead(valid ? 200 : 401, { 'content-type': 'text/plain' });
      res.end(valid ? 'ok' : 'bad signature');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return { url: `http://127.0.0.1:${port}/smartdata/events`, arrived, secret, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

test('a subscription is added, tested, receives a signed record, shows its delivery log, and is deleted', async ({ page, request }) => {
  test.setTimeout(180_000);
  mkdirSync(shots, { recursive: true });
  const hook = await receiver();
  try {
    const admin = await createCompanyAdmin(await platformAdmin(request), request);
    const directory = await admin.api.post<{ id: number }>('cabin/addDirectory', { parentId: null, name: uniqueName('锅炉房') });
    const itemName = uniqueName('锅炉');
    const { id: itemId } = await admin.api.post<{ id: number }>('dataItem/addDataItem', { directoryId: directory.id, name: itemName, kind: 10, fields: [{ name: '温度', fieldName: 'temp', type: 1, unit: '℃' }] });

    await page.setViewportSize({ width: 1440, height: 900 });
    await signInAt(page, admin, '/sysSetting/webhook');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('事件订阅（Webhook）');
    await expect(page.getByText('还没有事件订阅')).toBeVisible();
    await shoot(page, 'empty-zh-1440');

    await page.getByRole('button', { name: '添加订阅' }).click();
    const add = dialog(page, '添加事件订阅');
    // The form checks before sending: address, secret length, at least one event.
    await add.getByLabel('接收地址').fill('ftp://example.com/hook');
    await add.getByLabel('签名密钥').fill('short-secret');
    await add.getByRole('button', { name: '保存' }).click();
    await expect(add.getByText('请输入有效的 http(s) 地址')).toBeVisible();
    await expect(add.getByText('签名密钥长度为 16 到 128 个字符')).toBeVisible();
    await expect(add.getByText('请至少选择一个事件')).toBeVisible();
    // The server refuses a private address the form cannot know of.
    await add.getByLabel('接收地址').fill('http://10.1.2.3/hook');
    await add.getByRole('button', { name: '随机生成' }).click();
    await add.getByRole('checkbox', { name: /新增数据记录/ }).check();
    await add.getByRole('checkbox', { name: /告警产生/ }).check();
    await add.getByRole('button', { name: '保存' }).click();
    await expect(page.getByText(/地址指向本机、链路本地或内网地址/)).toBeVisible();
    await add.getByLabel('接收地址').fill(hook.url);
    hook.secret.value = await add.getByLabel('签名密钥').inputValue();
    expect(hook.secret.value).toMatch(/^[0-9a-f]{64}$/);
    await shoot(page, 'form-zh-1440');
    await add.getByRole('button', { name: '保存' }).click();
    await expect(add).toBeHidden();
    const row = tableRow(page, '/smartdata/events');
    await expect(row).toContainText('新增数据记录');
    await expect(row).toContainText('告警产生');
    await expect(row).toContainText('全部可查看的对象');
    await expect(page.getByText(hook.secret.value)).toHaveCount(0);

    // Send test event: the receiver checks its signature and answers 200.
    await row.getByRole('button', { name: /发送测试事件/ }).click();
    await expect(toast(page, '测试事件已送达（HTTP 200）')).toBeVisible();
    expect(hook.arrived.at(-1)).toMatchObject({ event: 'webhook.test', valid: true });

    // A new record arrives signed, and the log says sent.
    await admin.api.post('dataItem/addRecord', { itemId, values: { temp: 42 } });
    await expect.poll(() => hook.arrived.filter((a) => a.event === 'record.added').length).toBe(1);
    const record = hook.arrived.find((a) => a.event === 'record.added')!;
    expect(record.valid).toBe(true);
    expect(record.body.data.item?.name).toBe(itemName);
    await shoot(page, 'list-zh-1440');
    await row.getByRole('button', { name: /的发送记录$/ }).click();
    const drawer = page.locator('.ant-drawer').filter({ hasText: '发送记录：' });
    await expect(drawer.locator('.ant-table-row').first()).toContainText('新增数据记录');
    await expect(drawer.locator('.ant-table-row').first()).toContainText('已发送');
    await expect(drawer.locator('.ant-table-row').first()).toContainText('HTTP 200 ok');
    await shoot(page, 'log-zh-1440');
    await drawer.getByRole('button', { name: 'Close' }).or(drawer.locator('.ant-drawer-close')).first().click();
    await expect(drawer).toBeHidden();
    await page.setViewportSize({ width: 390, height: 844 });
    await shoot(page, 'list-zh-390');

    // English.
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.evaluate(() => localStorage.setItem('language', 'en-US'));
    await page.goto('/sysSetting/webhook');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Event subscriptions (webhooks)');
    await expect(tableRow(page, '/smartdata/events')).toContainText('Record added');
    await shoot(page, 'list-en-1440');
    await page.getByRole('button', { name: 'Add a subscription' }).click();
    await expect(dialog(page, 'Add an event subscription').getByText('Task run finished')).toBeVisible();
    await shoot(page, 'form-en-1440');
    await dialog(page, 'Add an event subscription').getByRole('button', { name: 'Cancel' }).click();
    await page.setViewportSize({ width: 390, height: 844 });
    await shoot(page, 'list-en-390');

    // Deleted with a confirmation: the page is empty again.
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.evaluate(() => localStorage.setItem('language', 'zh-CN'));
    await page.goto('/sysSetting/webhook');
    await tableRow(page, '/smartdata/events').getByRole('button', { name: /^删除 / }).click();
    await confirmDialog(page, '删除这个事件订阅？').getByRole('button', { name: '删除' }).click();
    await expect(page.getByText('还没有事件订阅')).toBeVisible();
  } finally {
    await hook.close();
  }
});
