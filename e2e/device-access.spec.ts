import { mkdirSync } from 'node:fs';
import mqtt from 'mqtt';
import { signInAt } from './support/accounts';
import { expect as baseExpect, test, uniqueName } from './support/fixtures';
import { createCompanyAdmin, platformAdmin } from './support/organization';

/**
 * Device access (issue 13 point 1): the /sysSetting/ioSocket page's own text is followed to the
 * letter — host and port read from the page, user name and client id = the SN, password = the
 * device's own secret shown when the device is added in the list the page links to — and a real
 * MQTT client's telemetry arrives as a record of the IoT data list bound to the device. The
 * company key pair the page marks as reserved is refused by the broker. Screens: /tmp/hA-shots.
 */

const expect = baseExpect.configure({ timeout: 30_000 });
const shots = '/tmp/hA-shots';

test("a device connects with exactly what the device access page says, and its telemetry arrives", async ({ page, request }) => {
  test.setTimeout(180_000);
  mkdirSync(shots, { recursive: true });
  await page.setViewportSize({ width: 1440, height: 900 });
  const admin = await createCompanyAdmin(await platformAdmin(request), request);
  const directory = await admin.api.post<{ id: number }>('cabin/addDirectory', { parentId: null, name: uniqueName('目录') });
  const { id: itemId } = await admin.api.post<{ id: number }>('dataItem/addDataItem', {
    directoryId: directory.id,
    name: uniqueName('锅炉数据'),
    kind: 13,
    fields: [{ name: '温度', fieldName: 'temperature', type: 1, unit: '℃' }],
  });

  // ---- the page: where to connect and with what ----
  await signInAt(page, admin, '/sysSetting/ioSocket');
  await expect(page.getByRole('heading', { name: '设备接入', level: 1 })).toBeVisible();
  // The plain MQTT transport's address, as the page shows it (e2e/device-transports.spec checks every transport).
  const mqttUrl = new URL((await page.getByTestId('transport-mqtt-url').textContent())!.trim().replace(/^mqtt:/, 'http:'));
  const [host, port] = [mqttUrl.hostname, Number(mqttUrl.port)];
  await expect(page.getByTestId('io-socket-user-name')).toHaveText('设备 SN');
  await expect(page.getByTestId('io-socket-client-id')).toHaveText('设备 SN；同一设备需要多条连接时用 SN:<后缀>');
  await expect(page.getByTestId('io-socket-password')).toHaveText('该设备自己的密钥：添加设备或重置密钥时只显示一次');
  const telemetryTopic = (await page.getByTestId('io-socket-telemetry-topic').textContent())!.trim();
  expect(telemetryTopic).toBe('sd/{sn}/up/telemetry');
  await expect(page.getByText('设备不能用公司密钥对连接')).toBeVisible();
  await page.waitForTimeout(300);
  await page.screenshot({ path: `${shots}/io-socket-zh-CN.png`, fullPage: true });

  // ---- the device is added in the list the page links to; its secret is shown once ----
  await page.getByRole('link', { name: '前往设备列表' }).first().click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('设备');
  const sn = `ACC${Date.now().toString(36).toUpperCase()}`;
  await page.getByRole('button', { name: '添加设备' }).click();
  const form = page.getByRole('dialog').filter({ hasText: '添加设备' });
  await form.getByLabel('名称').fill(uniqueName('接入测试'));
  await form.getByLabel('SN').fill(sn);
  await form.getByLabel('型号').fill('SD-G1');
  await form.getByRole('button', { name: '添加' }).click();
  const secretDialog = page.getByRole('dialog').filter({ hasText: '密钥只显示这一次' });
  const secret = (await secretDialog.getByTestId('device-secret').textContent())!.trim();
  await secretDialog.getByRole('button', { name: '我已保存' }).click();
  const device = (await admin.api.get<{ list: { id: number; sn: string }[] }>('device/getDeviceList', { pageNum: 1, pageSize: 10, keyword: sn })).list[0]!;
  await admin.api.post('telemetry/bindItem', { itemId, deviceId: device.id });

  // ---- the company key pair (reserved) is refused, as the page says ----
  const company = await admin.api.post<{ accessKey: string; secret: string }>('company/regenerateIoSocketSecret', {});
  const refused = await mqtt
    .connectAsync(`mqtt://${host}:${port}`, { clientId: sn, username: company.accessKey, password: company.secret, reconnectPeriod: 0, connectTimeout: 10_000 })
    .then(async (client) => {
      await client.endAsync();
      return false;
    })
    .catch(() => true);
  expect(refused).toBe(true);

  // ---- the device connects with exactly what the page says, and publishes a value ----
  const client = await mqtt.connectAsync(`mqtt://${host}:${port}`, { clientId: sn, username: sn, password: secret, reconnectPeriod: 0 });
  try {
    await client.publishAsync(telemetryTopic.replace('{sn}', sn), JSON.stringify({ ts: Date.now(), values: { temperature: 21.5 } }), { qos: 1 });
    await expect
      .poll(async () => (await admin.api.get<{ list: { values: Record<string, unknown> }[] }>('dataItem/getRecords', { itemId })).list.map((r) => r.values.temperature), {
        timeout: 20_000,
      })
      .toEqual([21.5]);
  } finally {
    await client.endAsync();
  }

  // ---- the same page in English ----
  await page.evaluate(() => localStorage.setItem('language', 'en-US'));
  await page.goto('/sysSetting/ioSocket');
  await expect(page.getByRole('heading', { name: 'Device access', level: 1 })).toBeVisible();
  await expect(page.getByTestId('io-socket-user-name')).toHaveText('the device SN');
  await expect(page.getByText('Devices cannot connect with the company key pair')).toBeVisible();
  await page.waitForTimeout(300);
  await page.screenshot({ path: `${shots}/io-socket-en-US.png`, fullPage: true });
});
