import { execFile, execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { Page } from '@playwright/test';
import type { DeviceConnectInfo, DeviceTransportInfo } from '@smartdata/domain';
import { signInAt } from './support/accounts';
import { expect as baseExpect, test, uniqueName } from './support/fixtures';
import { createCompanyAdmin, platformAdmin, toast } from './support/organization';

/**
 * How to connect, truthfully (issue 37 part 5): the device-access page and a device's page show
 * exactly the transports getConnectInfo answers — the MQTTS row the TLS port this server listens
 * on (MQTT port + 100, playwright.config.ts), the protocol versions as answered, a CA link that
 * answers a PEM — in both languages; and the commands a device's page shows, run as they are
 * (secret filled in), connect: the CA downloaded with the page's curl, mosquitto_pub over TLS with
 * it, curl on the HTTP API. Screens (1440 and 390 px, zh-CN and en-US): /tmp/h37-shots.
 */

const expect = baseExpect.configure({ timeout: 20_000 });
const shots = process.env.E2E_SHOTS ?? '/tmp/h37-shots';
const run = promisify(execFile);
const has = (tool: string) => {
  try {
    execFileSync('sh', ['-c', `command -v ${tool}`]);
    return true;
  } catch {
    return false;
  }
};

const kindNames = {
  'zh-CN': { mqtt: 'MQTT（TCP）', mqtts: 'MQTT over TLS（MQTTS）', ws: 'MQTT over WebSocket', wss: 'MQTT over WebSocket + TLS（WSS）', http: 'HTTP 接口' },
  'en-US': { mqtt: 'MQTT (TCP)', mqtts: 'MQTT over TLS (MQTTS)', ws: 'MQTT over WebSocket', wss: 'MQTT over WebSocket with TLS (WSS)', http: 'HTTP API' },
} as const;
type Language = keyof typeof kindNames;

const telemetry = `'{"values":{"temperature":21.5}}'`;
const mosquittoLine = (url: string, sn: string, tls = '') => {
  const { hostname, port } = new URL(url.replace(/^mqtts?:/, 'http:'));
  return `mosquitto_pub -h ${hostname} -p ${port}${tls} -V mqttv311 -u ${sn} -P <secret> -i ${sn} -t sd/${sn}/up/telemetry -m ${telemetry} -q 1`;
};

/** Every transport of the answer is on the page as answered (the SN filled in), none more. */
async function expectTransports(page: Page, transports: DeviceTransportInfo[], sn: string, language: Language, tabs: boolean) {
  for (const kind of ['mqtt', 'mqtts', 'ws', 'wss', 'http'] as const) {
    if (!transports.some((transport) => transport.kind === kind)) {
      await expect(page.getByTestId(tabs ? `transport-tab-${kind}` : `transport-${kind}`)).toHaveCount(0);
    }
  }
  for (const transport of transports) {
    const id = `transport-${transport.kind}`;
    if (tabs) {
      await page.getByTestId(`transport-tab-${transport.kind}`).click();
    } else {
      await expect(page.getByTestId(id)).toContainText(kindNames[language][transport.kind]);
    }
    const panel = page.getByTestId(id);
    await expect(panel.getByTestId(`${id}-url`)).toHaveText(transport.url.replace('{sn}', sn));
    if (transport.eventUrl) {
      await expect(panel.getByTestId(`${id}-event-url`)).toHaveText(transport.eventUrl.replace('{sn}', sn));
    }
    if (transport.protocolVersions) {
      await expect(panel.getByTestId(`${id}-versions`)).toHaveText(transport.protocolVersions.map((version) => `MQTT ${version}`).join(''));
      await expect(panel.getByTestId(`${id}-no-mqtt5`)).toHaveCount(transport.protocolVersions.includes('5') ? 0 : 1);
    }
    if (transport.kind === 'mqtt') {
      await expect(panel.getByTestId(`${id}-command-mosquitto`)).toHaveText(mosquittoLine(transport.url, sn));
    }
    if (transport.kind === 'mqtts') {
      expect(transport.caUrl).toBeTruthy();
      await expect(panel.getByTestId(`${id}-ca`)).toHaveAttribute('href', transport.caUrl!);
      await expect(panel.getByTestId(`${id}-command-downloadCa`)).toHaveText(`curl -fsS -o smartdata-mqtt-ca.crt ${transport.caUrl}`);
      await expect(panel.getByTestId(`${id}-command-mosquittoTls`)).toHaveText(mosquittoLine(transport.url, sn, ' --cafile smartdata-mqtt-ca.crt'));
    }
    if (transport.kind === 'http') {
      await expect(panel.getByTestId(`${id}-command-curlTelemetry`)).toHaveText(
        `curl -u ${sn}:<secret> -H 'content-type: application/json' -d ${telemetry} ${transport.url.replace('{sn}', sn)}`,
      );
    }
  }
}

/** The whole page at 1440 and 390 px: the window made as tall as the page (a full-page shot would leave the fixed header mid-page). */
async function shoot(page: Page, name: string) {
  for (const width of [1440, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await page.waitForTimeout(300);
    const height = await page.evaluate(() => document.documentElement.scrollHeight);
    await page.setViewportSize({ width, height: Math.min(height, 8000) });
    await page.waitForTimeout(300);
    await page.screenshot({ path: `${shots}/${name}-${width}.png` });
  }
  await page.setViewportSize({ width: 1440, height: 900 });
}

test('the device-access page and a device page show the transports getConnectInfo answers, and their commands connect', async ({ page, request, context }) => {
  test.setTimeout(180_000);
  if (!has('mosquitto_pub') || !has('curl')) {
    throw new Error('mosquitto_pub and curl are needed (apt-get install mosquitto-clients curl)');
  }
  mkdirSync(shots, { recursive: true });
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.setViewportSize({ width: 1440, height: 900 });
  const admin = await createCompanyAdmin(await platformAdmin(request), request);
  const info = await admin.api.get<DeviceConnectInfo>('device/getConnectInfo');
  const mqttPort = Number(process.env.E2E_MQTT_PORT);
  // This server listens on its plain port and on the TLS one beside it (playwright.config.ts).
  expect(info.transports.map((transport) => transport.kind)).toEqual(['mqtt', 'mqtts', 'ws', 'http']);
  expect(info.transports.find((transport) => transport.kind === 'mqtts')!.url).toBe(`mqtts://127.0.0.1:${mqttPort + 100}`);
  const ca = await request.get(info.transports.find((transport) => transport.kind === 'mqtts')!.caUrl!);
  expect(ca.status()).toBe(200);
  expect(await ca.text()).toMatch(/^-----BEGIN CERTIFICATE-----\r?\n[\s\S]+-----END CERTIFICATE-----\s*$/);

  // ---- the device-access page, in Chinese: every transport, the SN as a placeholder ----
  await signInAt(page, admin, '/sysSetting/ioSocket');
  await expect(page.getByRole('heading', { name: '设备接入', level: 1 })).toBeVisible();
  const section = page.getByTestId('io-socket-transports');
  await expect(section).toContainText('接入方式');
  await expectTransports(page, info.transports, '<SN>', 'zh-CN', false);
  // MQTT 5 is said to need an external broker only when the answer lacks it (unit-tested both ways).
  const mqtt5 = info.transports.find((transport) => transport.kind === 'mqtt')!.protocolVersions!.includes('5');
  if (!mqtt5) {
    await expect(page.getByTestId('transport-mqtt-no-mqtt5')).toContainText('此处不支持 MQTT 5');
  }
  await expect(page.getByTestId('transport-mqtts-ca')).toHaveText('下载服务器 CA 证书');
  await expect(page.getByTestId('transports-placeholder')).toContainText('命令中的 <SN> 换成设备 SN');
  await page.getByRole('button', { name: '复制：mosquitto_pub（mosquitto-clients 软件包）' }).click();
  await expect(toast(page, '复制成功')).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(mosquittoLine(info.transports[0]!.url, '<SN>'));
  await expect(toast(page, '复制成功')).toBeHidden();
  await shoot(page, 'io-socket-zh-CN');

  // ---- a device's page: the same transports with its SN ----
  const sn = `TRN${Date.now().toString(36).toUpperCase()}`;
  const device = await admin.api.post<{ id: number; secret: string }>('device/addDevice', { name: uniqueName('接入方式'), sn, model: 'SD-G1' });
  await page.goto(`/smartdata/device/deviceconfig/${device.id}`);
  const card = page.getByTestId('device-transports');
  await expect(card).toContainText('接入方式');
  await expect(card).toContainText(`用户名和客户端 ID：${sn}`);
  await expectTransports(page, info.transports, sn, 'zh-CN', true);
  await expect(card.getByTestId('transports-placeholder')).toContainText('命令中的 <secret> 换成该设备的密钥');

  // The page's own commands, the secret filled in, run as shown: the CA, then TLS, then HTTP.
  const commandOf = async (kind: string, key: string) => {
    await page.getByTestId(`transport-tab-${kind}`).click();
    return ((await page.getByTestId(`transport-${kind}-command-${key}`).textContent()) ?? '').replaceAll('<secret>', device.secret);
  };
  const dir = mkdtempSync(path.join(os.tmpdir(), 'h37-commands-'));
  const shell = (command: string) => run('sh', ['-c', command], { cwd: dir, timeout: 20_000 });
  await shell(await commandOf('mqtts', 'downloadCa'));
  await shell(await commandOf('mqtts', 'mosquittoTls'));
  const posted = await shell(await commandOf('http', 'curlTelemetry'));
  expect(JSON.parse(posted.stdout)).toMatchObject({ code: 0 });
  await expect
    .poll(async () => (await admin.api.get<{ lastTelemetry: { values: Record<string, unknown> } | null }>('device/getDevice', { id: device.id })).lastTelemetry?.values.temperature)
    .toBe(21.5);
  await page.getByTestId('transport-tab-mqtts').click();
  await shoot(page, 'device-zh-CN');

  // ---- both pages in English ----
  await page.evaluate(() => localStorage.setItem('language', 'en-US'));
  await page.goto('/sysSetting/ioSocket');
  await expect(page.getByRole('heading', { name: 'Device access', level: 1 })).toBeVisible();
  await expect(page.getByTestId('io-socket-transports')).toContainText('Transports');
  await expectTransports(page, info.transports, '<SN>', 'en-US', false);
  if (!mqtt5) {
    await expect(page.getByTestId('transport-mqtt-no-mqtt5')).toContainText('MQTT 5 is not accepted here');
  }
  await expect(page.getByTestId('transport-mqtts-ca')).toHaveText('Download the broker CA certificate');
  await shoot(page, 'io-socket-en-US');
  await page.goto(`/smartdata/device/deviceconfig/${device.id}`);
  await expect(page.getByTestId('device-transports')).toContainText(`User name and client ID: ${sn}`);
  await expectTransports(page, info.transports, sn, 'en-US', true);
  await page.getByTestId('transport-tab-http').click();
  await shoot(page, 'device-en-US');
});
