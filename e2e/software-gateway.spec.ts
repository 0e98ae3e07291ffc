import { mkdirSync, readFileSync } from 'node:fs';
import { startSimulatedGateway, type SimulatedGateway } from '../apps/gateway-sim/src/index';
import { signInAt } from './support/accounts';
import { expect as baseExpect, test, uniqueName } from './support/fixtures';
import { createCompanyAdmin, platformAdmin } from './support/organization';

/**
 * The software gateway (issue 34) on a serial port that does not exist: the device page's
 * detection result says so, in both languages (gateway.bus.* reasons). Screens: /tmp/gw34-shots.
 */
const expect = baseExpect.configure({ timeout: 30_000 });
const shots = '/tmp/gw34-shots';
const mqttUrl = `mqtt://127.0.0.1:${process.env.E2E_MQTT_PORT ?? 18830}`;
let gateway: SimulatedGateway | null = null;
test.afterEach(async () => {
  await gateway?.close().catch(() => undefined);
  gateway = null;
});

test('a serial port the software gateway does not have is the detection result, in Chinese and English', async ({ page, request }) => {
  test.setTimeout(120_000);
  mkdirSync(shots, { recursive: true });
  await page.setViewportSize({ width: 1440, height: 900 });
  const admin = await createCompanyAdmin(await platformAdmin(request), request);
  const sn = `SWG${Date.now().toString(36).toUpperCase()}`;
  const device = await admin.api.post<{ id: number; secret: string }>('device/addDevice', { name: uniqueName('网关'), sn, model: 'SD-DTU' });
  const missing = '/dev/ttyUSB-gw34-missing';
  gateway = await startSimulatedGateway({ sn, secret: device.secret, url: mqttUrl, autoConfirm: true, buses: { COM1: `serial:${missing}` } });
  await gateway.waitFor('connected', undefined, 15_000);
  const read = () => admin.api.get<{ online: boolean; bindState: string; detect: { state: string } }>('device/getDevice', { id: device.id });
  await expect.poll(async () => (await read()).online).toBe(true);
  await admin.api.post('device/bind', { id: device.id });
  await expect.poll(async () => (await read()).bindState).toBe('bound');
  const flow = JSON.parse(readFileSync('examples/flows/modbus-temperature-loop.json', 'utf8')) as unknown;
  await admin.api.post('gateway/detectConfig', { deviceId: device.id, flow });
  await expect.poll(async () => (await read()).detect.state).toBe('failed');

  await signInAt(page, admin, `/smartdata/device/deviceconfig/${device.id}`);
  const banner = page.getByTestId('config-state');
  await expect(banner).toContainText(`串口 COM1 对应的设备 ${missing} 不存在：请检查串口路径和 USB 转换器`);
  await page.screenshot({ path: `${shots}/detect-port-missing-zh-CN.png`, fullPage: true });
  await page.getByRole('button', { name: /^语言/ }).click();
  await page.getByRole('menuitem', { name: 'English' }).click();
  await expect(banner).toContainText(`The serial port COM1 is ${missing}, which does not exist: check the port path and the USB adapter`);
  await page.screenshot({ path: `${shots}/detect-port-missing-en-US.png`, fullPage: true });
  await page.getByRole('button', { name: /^Language/ }).click();
  await page.getByRole('menuitem', { name: '中文' }).click();
  await expect(banner).toContainText('串口 COM1');
  // The gateway is still up and online.
  expect(gateway.state.connected).toBe(true);
});
