import type { Page } from '@playwright/test';
import { signInAt } from './support/accounts';
import { expect, test } from './support/fixtures';
import { createCompanyAdmin, platformAdmin, toast } from './support/organization';
import { chooseOption } from './support/select';

/**
 * The gateway flow editor (issue 6): a flow is drawn Start → serial TX → RX parser → MQTT
 * publish, an illegal connection is refused with its message, the node maximum blocks creation,
 * Delete and Ctrl+Z work, the full check lists reasons, and the document exports as JSON. The
 * editor runs as the draft (device/dtu/config/0), which needs no device.
 */

const DRAFT = '/smartdata/device/dtu/config/0';
const shots = process.env.E2E_SHOTS;

const canvasNode = (page: Page, id: string) => page.locator(`.react-flow__node[data-id="${id}"]`);

/** Drags from the source handle of `from` to the target handle of `to`. */
async function drawEdge(page: Page, from: string, to: string): Promise<void> {
  const source = canvasNode(page, from).locator('.react-flow__handle.source');
  const target = canvasNode(page, to).locator('.react-flow__handle.target');
  // New nodes and the viewport may still be moving (a CI run on a loaded machine grabbed a handle
  // mid-move and drew nothing): wait until both handles stand still between two reads.
  const boxes = async () => JSON.stringify([await source.boundingBox(), await target.boundingBox()]);
  let before = await boxes();
  await expect(async () => {
    await page.waitForTimeout(100);
    const now = await boxes();
    const still = now === before;
    before = now;
    expect(still).toBe(true);
  }).toPass({ timeout: 10_000 });
  const a = (await source.boundingBox())!;
  const b = (await target.boundingBox())!;
  await page.mouse.move(a.x + a.width / 2, a.y + a.height / 2);
  await page.mouse.down();
  await page.mouse.move((a.x + b.x) / 2, (a.y + b.y) / 2 + 20, { steps: 5 });
  await page.mouse.move(b.x + b.width / 2, b.y + b.height / 2, { steps: 5 });
  await page.mouse.up();
}

const edges = (page: Page) => page.locator('.react-flow__edge:not(.sd-flow-edge--timeout)');

test('a flow is drawn in the editor, an illegal connection is refused with its message, and the full check lists reasons', async ({ page, request }) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1440, height: 960 });
  const admin = await createCompanyAdmin(await platformAdmin(request), request);
  await signInAt(page, admin, DRAFT);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('流程草稿');
  await expect(canvasNode(page, 'start')).toBeVisible();

  // ---- an MQTT link first, so that the publish node can use it ----
  await page.getByRole('tab', { name: /^MQTT（/ }).click();
  await page.getByRole('button', { name: '添加 MQTT 连接' }).click();
  await page.getByLabel('地址').fill('127.0.0.1');
  await page.getByLabel('用户名').fill('gateway');
  await page.getByLabel('密码', { exact: true }).fill('secret-pass');
  await page.getByLabel('客户端 ID').fill('dtu-e2e');

  // ---- three nodes from the palette ----
  const palette = page.getByRole('complementary', { name: '节点' });
  await palette.getByRole('button', { name: '串口发送报文' }).click();
  await palette.getByRole('button', { name: '串口接收解析' }).click();
  await palette.getByRole('button', { name: 'MQTT 发布' }).click();
  await expect(palette).toContainText('3/30');
  for (const id of ['serialTx1', 'serialRx1', 'mqttPublish1']) {
    await expect(canvasNode(page, id)).toBeVisible();
  }

  // ---- Start → serial TX → RX parser → MQTT publish, drawn on the canvas ----
  await drawEdge(page, 'start', 'serialTx1');
  await expect(edges(page)).toHaveCount(1);
  await drawEdge(page, 'serialTx1', 'serialRx1');
  await drawEdge(page, 'serialRx1', 'mqttPublish1');
  await expect(edges(page)).toHaveCount(3);

  // ---- illegal connections are refused on the spot, with their messages ----
  await drawEdge(page, 'start', 'serialTx1');
  await expect(toast(page, '该连线关系已存在,不允许重复创建')).toBeVisible();
  await drawEdge(page, 'mqttPublish1', 'serialRx1');
  await expect(toast(page, '两个节点之间不能形成回路').or(toast(page, '多个节点不能连接同一个节点')).first()).toBeVisible();
  await expect(edges(page)).toHaveCount(3);

  // ---- properties: the TX packet gets its CRC16 Modbus, the parser a value, the publish a topic and a body ----
  await canvasNode(page, 'serialTx1').click();
  await page.getByRole('tab', { name: '节点', exact: true }).click();
  const packet = page.getByLabel('发送报文（十六进制）');
  await packet.fill('01 03 00 00 00 02');
  await expect(page.getByText('当前报文的 CRC16 Modbus 校验码：C4 0B')).toBeVisible();
  await page.getByRole('button', { name: '计算 CRC16 Modbus 并追加' }).click();
  await expect(packet).toHaveValue('01 03 00 00 00 02 C4 0B');
  await packet.fill('01 03 00 0');
  await expect(page.getByText('报文格式不正确').first()).toBeVisible();
  await packet.fill('01 03 00 00 00 02 C4 0B');

  await canvasNode(page, 'serialRx1').click();
  await page.getByRole('button', { name: '添加解析项' }).click();
  await page.getByLabel('键名').fill('temperature');

  await canvasNode(page, 'mqttPublish1').click();
  await page.getByLabel('主题').fill('sd/{sn}/up/telemetry');
  await page.getByLabel('消息体').fill('{"temperature":{{串口接收.temperature}}}');

  // A loop without a wait at its end: a warning, not an error.
  await expect(page.getByText('建议在循环的末尾添加等待节点')).toBeVisible();
  await page.getByRole('button', { name: '检查' }).click();
  await expect(page.getByText('检测通过：流程符合全部规则')).toBeVisible();
  if (shots) {
    await page.screenshot({ path: `${shots}/editor-zh.png`, fullPage: true });
  }

  // ---- a broken body is listed by the full check with its node ----
  await page.getByLabel('消息体').fill('{"t":{{不存在}};}');
  await page.getByRole('button', { name: '检查' }).click();
  const problems = page.getByRole('list', { name: '检查结果' });
  await expect(problems).toContainText('MQTT发布');
  await expect(problems).toContainText('消息体不能包含分号');
  await page.getByLabel('消息体').fill('{"temperature":{{串口接收.temperature}}}');

  // ---- Delete removes the selection, Ctrl+Z brings it back ----
  await canvasNode(page, 'mqttPublish1').click();
  await page.keyboard.press('Delete');
  await expect(canvasNode(page, 'mqttPublish1')).toHaveCount(0);
  await expect(edges(page)).toHaveCount(2);
  await page.keyboard.press('Control+z');
  await expect(canvasNode(page, 'mqttPublish1')).toBeVisible();
  await expect(edges(page)).toHaveCount(3);

  // ---- export: the document in the contract ----
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: '导出 JSON' }).click();
  const download = await downloading;
  const exported = JSON.parse(await (await download.createReadStream()).toArray().then((chunks) => Buffer.concat(chunks).toString('utf8'))) as {
    startMode: { kind: string };
    nodes: { id: string; kind: string }[];
    edges: { from: string; to: string }[];
    links: { id: string }[];
  };
  expect(exported.startMode.kind).toBe('loop');
  expect(exported.nodes.map((n) => n.kind)).toEqual(['start', 'serialTx', 'serialRx', 'mqttPublish']);
  expect(exported.edges).toEqual([
    { from: 'start', to: 'serialTx1' },
    { from: 'serialTx1', to: 'serialRx1' },
    { from: 'serialRx1', to: 'mqttPublish1' },
  ]);
  expect(exported.links).toHaveLength(1);
});

test('the node maximum blocks creation, and an example flow loads', async ({ page, request }) => {
  await page.setViewportSize({ width: 1440, height: 960 });
  const admin = await createCompanyAdmin(await platformAdmin(request), request);
  await signInAt(page, admin, DRAFT);
  const nodes = [{ id: 'start', kind: 'start', name: '开始' }, ...Array.from({ length: 30 }, (_, i) => ({ id: `w${i}`, kind: 'wait', name: `等待${i}`, ms: 100 }))];
  await page.locator('input[type=file][accept*="json"]').setInputFiles({
    name: 'full.json',
    mimeType: 'application/json',
    buffer: Buffer.from(JSON.stringify({ startMode: { kind: 'server' }, nodes, edges: [], links: [] })),
  });
  const palette = page.getByRole('complementary', { name: '节点' });
  await expect(palette).toContainText('30/30');
  await palette.getByRole('button', { name: '等待' }).click();
  await expect(toast(page, '您创建节点数已达上限！')).toBeVisible();
  await expect(palette).toContainText('30/30');

  await page.getByRole('button', { name: '示例流程' }).hover();
  await page.getByRole('menuitem', { name: '服务器触发 · 三个连接 · 边缘计算' }).click();
  await expect(canvasNode(page, 'decide')).toBeVisible();
  await expect(page.getByRole('tab', { name: 'MQTT（3）' })).toBeVisible();
  await page.getByRole('button', { name: '检查' }).click();
  await expect(page.getByText('检测通过：流程符合全部规则')).toBeVisible();
  // An older firmware cannot run it: the check says which feature needs which version.
  await chooseOption(page, page.getByLabel('固件版本'), '固件 1.3.2');
  await page.getByRole('button', { name: '检查' }).click();
  await expect(page.getByRole('list', { name: '检查结果' })).toContainText('该功能需要固件 1.3.3 及以上（当前 1.3.2）');

  if (shots) {
    await canvasNode(page, 'parse').click();
    await page.getByRole('tab', { name: '节点', exact: true }).click();
    await page.screenshot({ path: `${shots}/example-zh.png`, fullPage: true });
    await page.getByRole('tab', { name: 'MQTT（3）' }).click();
    await page.screenshot({ path: `${shots}/links-zh.png`, fullPage: true });
    await page.getByRole('button', { name: /^语言/ }).click();
    await page.getByRole('menuitem', { name: 'English' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Flow draft');
    await page.getByRole('tab', { name: 'Node', exact: true }).click();
    await page.screenshot({ path: `${shots}/example-en.png`, fullPage: true });
  }
});
