import { mkdirSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page } from '@playwright/test';
import { signInAt } from './support/accounts';
import { expect as baseExpect, test, uniqueName } from './support/fixtures';
import { createCompanyAdmin, dialog, platformAdmin, PLATFORM_ADMIN, tableRow, toast } from './support/organization';
import { chooseOption } from './support/select';

/**
 * Issue 32 in the browser: an alarm opened by a record appears on a board's alarm widget within
 * 2 s (the alarms channel, no reload), in both languages; a DingTalk channel is added on the
 * channels page under system settings, tested against a local stand-in of the robot, chosen in an
 * alarm rule, and the alarm's detail drawer shows its delivery log. Screenshots of the channels
 * page and the delivery log (zh-CN and en-US, 1440 and 390 wide) go to /tmp/h32-shots.
 */
const expect = baseExpect.configure({ timeout: 15_000 });
const shots = '/tmp/h32-shots';

async function english(page: Page, path: string): Promise<void> {
  await page.evaluate(() => localStorage.setItem('language', 'en-US'));
  await page.goto(path);
}

async function shoot(page: Page, name: string): Promise<void> {
  await page.waitForTimeout(300);
  await page.screenshot({ path: `${shots}/${name}.png`, fullPage: true });
}

/** A DingTalk robot stand-in: answers errcode 0 and keeps what arrived. */
async function dingTalkStandIn(): Promise<{ url: string; received: string[]; close: () => Promise<void> }> {
  const received: string[] = [];
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://standin');
      received.push(body);
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify(url.searchParams.get('sign') ? { errcode: 0, errmsg: 'ok' } : { errcode: 310000, errmsg: 'sign not match' }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return { url: `http://127.0.0.1:${port}/robot/send?access_token=e2e-robot-token-0123`, received, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

async function itemWithRule(api: { post: <T>(url: string, body: unknown) => Promise<T> }, ruleName: string, notify: object = {}) {
  const directory = await api.post<{ id: number }>('cabin/addDirectory', { parentId: null, name: uniqueName('锅炉房') });
  const itemName = uniqueName('锅炉');
  const { id: itemId } = await api.post<{ id: number }>('dataItem/addDataItem', { directoryId: directory.id, name: itemName, kind: 10, fields: [{ name: '温度', fieldName: 'temp', type: 1, unit: '℃' }] });
  await api.post('alarm/addRule', { name: ruleName, enabled: true, target: { kind: 'field', itemId, fieldName: 'temp' }, levels: [{ level: 3, op: 'gt', threshold: 80, kind: 'simple' }], notify });
  return { itemId, itemName };
}

test("an alarm opened by a record appears on a board's alarm widget within 2 s, in both languages", async ({ page, request }) => {
  test.setTimeout(120_000);
  const admin = await createCompanyAdmin(await platformAdmin(request), request);
  const zhRule = uniqueName('超温告警');
  const enRule = uniqueName('Overheat');
  const zh = await itemWithRule(admin.api, zhRule);
  const en = await itemWithRule(admin.api, enRule);
  const board = await admin.api.post<{ id: number }>('dashboard/addDashboard', { name: uniqueName('告警看板') });
  await admin.api.post('dashboard/saveDashboard', {
    id: board.id,
    boardType: 'grid',
    width: 1920,
    height: 1080,
    refreshMinutes: 5,
    widgets: [{ id: 'alarms', kind: 'alarmList', title: '告警列表', layout: { x: 0, y: 0, w: 6, h: 5 }, binding: null, options: {} }],
  });
  await page.setViewportSize({ width: 1440, height: 900 });
  // The widget subscribes to the alarms channel: wait for that frame before a record is added.
  let subscribed = 0;
  page.on('websocket', (socket) => socket.on('framesent', (frame) => (subscribed += String(frame.payload).includes('alarms:') ? 1 : 0)));
  await signInAt(page, admin, `/smartdata/currentshowdashboard/${board.id}`);
  const widget = page.locator('section[aria-label="告警列表"]');
  await expect(widget.getByText('暂无告警')).toBeVisible();
  await expect.poll(() => subscribed).toBeGreaterThan(0);

  // The widget polls once a minute: within 2 s it can only be the push.
  await admin.api.post('dataItem/addRecord', { itemId: zh.itemId, values: { temp: 95.5 } });
  await expect(widget.getByText(`${zhRule} · ${zh.itemName} · 温度: 95.5`)).toBeVisible({ timeout: 2000 });
  await expect(widget.getByText('三级')).toBeVisible();

  subscribed = 0;
  await english(page, `/smartdata/currentshowdashboard/${board.id}`);
  await expect(widget.getByText(`${zhRule} · ${zh.itemName}`, { exact: false })).toBeVisible();
  await expect.poll(() => subscribed).toBeGreaterThan(0);
  await admin.api.post('dataItem/addRecord', { itemId: en.itemId, values: { temp: 101 } });
  await expect(widget.getByText(`${enRule} · ${en.itemName} · 温度: 101`)).toBeVisible({ timeout: 2000 });
  await expect(widget.getByText('Level 3').first()).toBeVisible();
});

test('a DingTalk channel is added and tested on the channels page, chosen in a rule, and the alarm shows its delivery log', async ({ page, request }) => {
  test.setTimeout(180_000);
  mkdirSync(shots, { recursive: true });
  const robot = await dingTalkStandIn();
  try {
    const admin = await createCompanyAdmin(await platformAdmin(request), request);
    await page.setViewportSize({ width: 1440, height: 900 });
    await signInAt(page, admin, '/sysSetting/notifyChannel');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('通知渠道');
    await expect(page.getByText('还没有通知渠道')).toBeVisible();

    // A private address is refused by the server with its reason; the form checks the address first.
    await page.getByRole('button', { name: '添加渠道' }).click();
    const add = dialog(page, '添加通知渠道');
    await add.getByLabel('名称').fill('运维值班群');
    await add.getByLabel('Webhook 地址').fill('not an address');
    await add.getByRole('button', { name: '保存' }).click();
    await expect(add.getByText('请输入有效的 http(s) 地址')).toBeVisible();
    await add.getByLabel('Webhook 地址').fill('http://10.1.2.3/robot/send?access_token=x');
    await add.getByRole('button', { name: '保存' }).click();
    await expect(page.getByText(/地址指向本机、链路本地或内网地址/)).toBeVisible();
    await add.getByLabel('Webhook 地址').fill(robot.url);
    await add.getByLabel('密钥').fill('SECe2e0123456789abcdef');
    await add.getByRole('button', { name: '保存' }).click();
    await expect(add).toBeHidden();
    const row = tableRow(page, '运维值班群');
    await expect(row).toContainText('钉钉');
    await expect(row).toContainText('access_token=••••0123');
    await expect(row).toContainText('已设置');
    await expect(page.getByText('SECe2e0123456789abcdef')).toHaveCount(0);

    await row.getByRole('button', { name: '向 运维值班群 发送测试消息' }).click();
    await expect(toast(page, '测试消息已送达（HTTP 200）')).toBeVisible();
    expect(robot.received.at(-1)).toContain('智慧数据平台测试消息');
    await shoot(page, 'channels-zh-1440');
    await page.setViewportSize({ width: 390, height: 844 });
    await shoot(page, 'channels-zh-390');

    // The rule dialog offers the channel.
    await page.setViewportSize({ width: 1440, height: 900 });
    const ruleName = uniqueName('超温通知');
    const channels = await admin.api.get<{ id: number; name: string }[]>('notify/getChannels');
    const { itemId } = await itemWithRule(admin.api, ruleName, { channelIds: [channels[0]!.id] });
    await page.goto('/cloudSurveillance/alertRule');
    await tableRow(page, ruleName).getByRole('button', { name: `编辑 ${ruleName}` }).click();
    const edit = dialog(page, `编辑告警规则：${ruleName}`);
    await expect(edit.getByText('钉钉 · 运维值班群')).toBeVisible();
    await edit.getByText('钉钉 · 运维值班群').scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${shots}/rule-form-zh-1440.png` });
    await edit.getByRole('button', { name: '取消' }).click();

    // A record above the threshold: the robot gets the alarm, the drawer shows the delivery.
    const before = robot.received.length;
    await admin.api.post('dataItem/addRecord', { itemId, values: { temp: 99 } });
    await expect.poll(() => robot.received.length).toBe(before + 1);
    expect(robot.received.at(-1)).toContain(`告警：${ruleName}`);
    await page.goto('/cloudSurveillance/alertLog');
    await tableRow(page, ruleName).getByRole('button', { name: '详情' }).first().click();
    const drawer = page.locator('.ant-drawer').filter({ hasText: '告警详情' });
    const log = drawer.getByRole('region', { name: '发送记录' });
    await expect(log).toContainText('运维值班群');
    await expect(log).toContainText('已发送');
    await expect(log).toContainText('已尝试 1 次');
    await shoot(page, 'deliveries-zh-1440');
    await page.setViewportSize({ width: 390, height: 844 });
    await shoot(page, 'deliveries-zh-390');

    // English.
    await page.setViewportSize({ width: 1440, height: 900 });
    await english(page, '/sysSetting/notifyChannel');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Notification channels');
    await expect(tableRow(page, '运维值班群')).toContainText('DingTalk');
    await shoot(page, 'channels-en-1440');
    await page.getByRole('button', { name: 'Add a channel' }).click();
    const addEn = dialog(page, 'Add a notification channel');
    await chooseOption(page, addEn.getByLabel('Kind'), 'WeCom');
    await expect(addEn.getByLabel('Secret')).toHaveCount(0);
    await shoot(page, 'channel-form-en-1440');
    await addEn.getByRole('button', { name: 'Cancel' }).click();
    await page.setViewportSize({ width: 390, height: 844 });
    await shoot(page, 'channels-en-390');
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto('/cloudSurveillance/alertLog');
    await tableRow(page, ruleName).getByRole('button', { name: 'Details' }).first().click();
    const drawerEn = page.locator('.ant-drawer').filter({ hasText: 'Alarm details' });
    const logEn = drawerEn.getByRole('region', { name: 'Deliveries' });
    await expect(logEn).toContainText('Sent');
    await expect(logEn).toContainText('1 try');
    await shoot(page, 'deliveries-en-1440');
    await page.setViewportSize({ width: 390, height: 844 });
    await shoot(page, 'deliveries-en-390');
  } finally {
    await robot.close();
  }
});

test('the SMS card takes an alarm template and its variables beside the verification-code template', async ({ page, request }) => {
  mkdirSync(shots, { recursive: true });
  await platformAdmin(request); // past the user notice
  await page.setViewportSize({ width: 1440, height: 900 });
  await signInAt(page, PLATFORM_ADMIN, '/user/userinfo');
  const card = page.locator('.ant-card').filter({ hasText: '短信服务商' });
  await card.getByText('阿里云短信', { exact: true }).click();
  await expect(card.getByLabel('告警短信模板')).toBeVisible();
  await card.getByRole('button', { name: '添加变量' }).click();
  await card.getByRole('button', { name: '添加变量' }).click();
  await expect(card.getByLabel('变量名')).toHaveCount(2);
  await card.getByLabel('告警短信模板').scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${shots}/sms-alarm-template-zh-1440.png` });
  await page.setViewportSize({ width: 390, height: 844 });
  await card.getByLabel('告警短信模板').scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${shots}/sms-alarm-template-zh-390.png` });
  // Nothing saved: the outbox stays the provider for the other tests.
});
