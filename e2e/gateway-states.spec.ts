import { mkdirSync, readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { startSimulatedGateway, type SimulatedGateway } from '../apps/gateway-sim/src/index';
import { signInAt } from './support/accounts';
import { expect as baseExpect, test, uniqueName } from './support/fixtures';
import { createCompanyAdmin, platformAdmin, toast } from './support/organization';

/**
 * The flow editor of a device (issue 13 point 5): draft, saved and pushed are shown apart; an
 * empty canvas gets no loop advice; a new MQTT link starts with the platform's broker and the
 * device's SN (the secret left empty, with a hint); the check result does not push the canvas
 * below the fold at 1440×900; auto-layout puts the chain left to right on one row; after a save
 * the device page shows the saved configuration. Screens: /tmp/hA-shots.
 */

const expect = baseExpect.configure({ timeout: 30_000 });
const shots = '/tmp/hA-shots';
const mqttUrl = `mqtt://127.0.0.1:${process.env.E2E_MQTT_PORT ?? 18830}`;
let gateway: SimulatedGateway | null = null;
test.afterEach(async () => {
  await gateway?.close().catch(() => undefined);
  gateway = null;
});
const canvasNode = (page: Page, id: string) => page.locator(`.react-flow__node[data-id="${id}"]`);

test('the gateway editor shows draft, saved and pushed apart, prefills a link, keeps the canvas in view and lays nodes out left to right', async ({ page, request }) => {
  test.setTimeout(180_000);
  mkdirSync(shots, { recursive: true });
  await page.setViewportSize({ width: 1440, height: 900 });
  const admin = await createCompanyAdmin(await platformAdmin(request), request);
  const sn = `FLW${Date.now().toString(36).toUpperCase()}`;
  const device = await admin.api.post<{ id: number }>('device/addDevice', { name: uniqueName('网关'), sn, model: 'SD-G1' });
  const connect = await admin.api.get<{ host: string; port: number }>('device/getConnectInfo');

  await signInAt(page, admin, `/smartdata/device/dtu/config/${device.id}`);
  await expect(canvasNode(page, 'start')).toBeVisible();
  await expect(page.getByTestId('config-status-draft')).toHaveText('草稿：无未保存的修改');
  await expect(page.getByTestId('config-status-saved')).toHaveText('还没有保存');
  await expect(page.getByTestId('config-status-pushed')).toHaveText('还没有下发');
  // An empty canvas: no advice about the end of a loop.
  await expect(page.getByText('建议在循环的末尾添加等待节点')).toHaveCount(0);

  // ---- a new MQTT link starts with the platform's broker and the device's own SN ----
  await page.getByRole('tab', { name: /^MQTT（/ }).click();
  await page.getByRole('button', { name: '添加 MQTT 连接' }).click();
  const link = page.locator('.sd-flow-link').first();
  await expect(link.getByLabel('地址')).toHaveValue(connect.host);
  await expect(link.getByLabel('用户名')).toHaveValue(sn);
  await expect(link.getByLabel('客户端 ID')).toHaveValue(`${sn}:link1`);
  await expect(link.getByLabel('密码')).toHaveValue('');
  await expect(link.getByText('请填写该设备的密钥：它只在添加设备或重置密钥时显示一次，平台无法再读出。')).toBeVisible();
  await expect(page.getByTestId('config-status-draft')).toHaveText('草稿：有未保存的修改');
  await page.screenshot({ path: `${shots}/gateway-link-zh-CN.png` });

  // ---- a whole flow is imported; the check result floats over the canvas ----
  await page.locator('input[type=file][accept*="json"]').setInputFiles({
    name: 'flow.json',
    mimeType: 'application/json',
    buffer: readFileSync('examples/flows/modbus-temperature-loop.json'),
  });
  await expect(canvasNode(page, 'pause')).toBeVisible();
  await page.getByRole('button', { name: '检查' }).click();
  await expect(page.locator('.sd-flow__check')).toBeVisible();
  const canvas = (await page.locator('.sd-flow__canvas').boundingBox())!;
  baseExpect(canvas.y + canvas.height).toBeLessThanOrEqual(900);

  // ---- auto-layout: the chain from Start on one row, left to right ----
  await page.getByRole('button', { name: '自动排列' }).click();
  await page.waitForTimeout(500);
  const chain = ['start', 'ask', 'parse', 'stamp', 'publish', 'pause'];
  const boxes = await Promise.all(chain.map(async (id) => (await canvasNode(page, id).boundingBox())!));
  for (let i = 1; i < boxes.length; i += 1) {
    baseExpect(Math.abs(boxes[i]!.y - boxes[0]!.y), chain[i]).toBeLessThan(2);
    baseExpect(boxes[i]!.x, chain[i]).toBeGreaterThan(boxes[i - 1]!.x + boxes[i - 1]!.width - 1);
  }
  await page.screenshot({ path: `${shots}/gateway-editor-zh-CN.png` });

  // ---- saved: not pushed yet, and the device page says so too ----
  await page.getByRole('button', { name: 'save 保存', exact: true }).click();
  await expect(toast(page, '操作成功')).toBeVisible();
  await expect(page.getByTestId('config-status-draft')).toHaveText('草稿：无未保存的修改');
  await expect(page.getByTestId('config-status-saved')).toContainText('已保存：');
  await expect(page.getByTestId('config-status-diff')).toHaveText('已保存的配置还没有下发到网关：下发后网关才会使用它。');
  await page.getByRole('link', { name: '设备详情' }).click();
  await expect(page.getByTestId('config-status-saved')).toContainText('已保存：');
  await expect(page.getByTestId('config-status-pushed')).toHaveText('还没有下发');
  await expect(page.getByText('还没有保存过配置')).toHaveCount(0);
  await expect(page.getByText('还没有保留的版本：每次下发、检测通过或回滚时保留一个版本')).toBeVisible();
  await page.screenshot({ path: `${shots}/device-detail-zh-CN.png`, fullPage: true });

  // ---- the gateway list (网关) is not the device list: it shows flow and link state ----
  await page.goto('/device/gateway');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('网关');
  const row = page.locator('.ant-table-row').filter({ hasText: sn });
  await expect(row.getByTestId('gateway-flow-state')).toContainText('已保存');
  await expect(row.getByTestId('gateway-flow-state')).toContainText('未下发');
  await expect(row.getByTestId('gateway-link-state')).toContainText('离线');
  await expect(row.getByTestId('gateway-link-state')).toContainText('未绑定');
  await expect(row.getByTestId('gateway-link-state')).toContainText('MQTT 连接 1 条');
  await expect(page.getByText('共 1 台网关')).toBeVisible();
  await page.screenshot({ path: `${shots}/gateway-list-zh-CN.png` });
  await row.getByRole('link', { name: '编辑流程' }).click();
  await expect(page).toHaveURL(`/smartdata/device/dtu/config/${device.id}`);
  // The flow editor's chunk is the largest of the console: on a loaded machine it may take longer
  // than a click's wait to show (the page stays hidden behind its loading state until then).
  // The visible one: in CI and here (1 run in 4) the click resolved to a hidden 设备详情 link and
  // waited for it to show while the visible one was on screen (see the closing note of session 18).
  const detailLink = page.getByRole('link', { name: '设备详情' }).filter({ visible: true });
  await expect(detailLink).toBeVisible({ timeout: 45_000 });
  await detailLink.click();

  // ---- English ----
  await page.evaluate(() => localStorage.setItem('language', 'en-US'));
  await page.reload();
  await expect(page.getByTestId('config-status-saved')).toContainText('Saved: ');
  await expect(page.getByTestId('config-status-diff')).toHaveText('The saved configuration has not been pushed to the gateway yet: the gateway uses it only after a push.');
  await page.screenshot({ path: `${shots}/device-detail-en-US.png`, fullPage: true });
  await page.goto('/device/gateway');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Gateways');
  await expect(page.getByText('1 gateway', { exact: true })).toBeVisible();
  await expect(page.locator('.ant-table-row').filter({ hasText: sn }).getByTestId('gateway-link-state')).toContainText('1 MQTT link');
  await page.screenshot({ path: `${shots}/gateway-list-en-US.png` });
  await page.goto(`/smartdata/device/dtu/config/${device.id}`);
  await expect(page.getByTestId('config-status-pushed')).toHaveText('Not pushed yet');
  await page.getByRole('button', { name: 'Check' }).click();
  await page.getByRole('button', { name: 'Auto-layout' }).click();
  await page.waitForTimeout(500);
  await page.screenshot({ path: `${shots}/gateway-editor-en-US.png` });
});

test('after a push the editor shows the pushed version, and what differs once the saved flow changes', async ({ page, request }) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  const admin = await createCompanyAdmin(await platformAdmin(request), request);
  const sn = `PSH${Date.now().toString(36).toUpperCase()}`;
  const device = await admin.api.post<{ id: number; secret: string }>('device/addDevice', { name: uniqueName('网关'), sn, model: 'SD-G1' });
  gateway = await startSimulatedGateway({ sn, secret: device.secret, url: mqttUrl, firmware: '1.3.4', autoConfirm: true });
  await expect.poll(async () => (await admin.api.get<{ online: boolean }>('device/getDevice', { id: device.id })).online, { timeout: 20_000 }).toBe(true);
  await admin.api.post('device/bind', { id: device.id });
  await expect.poll(async () => (await admin.api.get<{ bindState: string }>('device/getDevice', { id: device.id })).bindState, { timeout: 20_000 }).toBe('bound');
  const flow = JSON.parse(readFileSync('examples/flows/modbus-temperature-loop.json', 'utf8')) as { nodes: { id: string; ms?: number }[] };
  await admin.api.post('gateway/saveFlow', { deviceId: device.id, flow });
  await admin.api.post('gateway/pushConfig', { deviceId: device.id });
  await expect.poll(async () => (await admin.api.get<{ appliedVersion: number | null }>('gateway/getFlow', { deviceId: device.id })).appliedVersion, { timeout: 30_000 }).toBe(1);

  await signInAt(page, admin, `/smartdata/device/dtu/config/${device.id}`);
  await expect(page.getByTestId('config-status-pushed')).toHaveText('已下发：版本 1');
  await expect(page.getByTestId('config-status-diff')).toHaveText('网关运行的版本 1 与已保存的配置相同。');

  // The saved flow changes (the wait is longer): the editor and the device page say what differs.
  flow.nodes.find((n) => n.id === 'pause')!.ms = 5000;
  await admin.api.post('gateway/saveFlow', { deviceId: device.id, flow });
  await page.reload();
  await expect(page.getByTestId('config-status-diff')).toHaveText('已保存的配置与网关运行的版本 1 不同（修改节点 等待），下发后生效。');
  await page.screenshot({ path: `${shots}/gateway-differs-zh-CN.png` });
  await page.evaluate(() => localStorage.setItem('language', 'en-US'));
  await page.goto(`/smartdata/device/deviceconfig/${device.id}`);
  await expect(page.getByTestId('config-status-diff')).toHaveText('The saved configuration differs from version 1 that the gateway runs (nodes changed: 等待); push to apply it.');
  await page.screenshot({ path: `${shots}/device-differs-en-US.png`, fullPage: true });
});
