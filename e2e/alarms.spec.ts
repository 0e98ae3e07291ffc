import { mkdirSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { startSimulatedGateway, type SimulatedGateway } from '../apps/gateway-sim/src/index';
import { signInAt } from './support/accounts';
import { expect as baseExpect, test, uniqueName } from './support/fixtures';
import { createCompanyAdmin, dialog, platformAdmin, tableRow, toast } from './support/organization';
import { chooseOption } from './support/select';

/**
 * Cloud monitoring in the browser (issue 15): a rule on an IoT data list is made in the rule
 * dialog; a simulated gateway sends values until the rule fires; the alarm appears live on the
 * alarm wall and in the log (and in the navbar bell), is acknowledged with a note, and clears
 * when the values return below the clear threshold. The four screens in both languages go to
 * /tmp/alarms-shots.
 */

const expect = baseExpect.configure({ timeout: 30_000 });
const mqttUrl = `mqtt://127.0.0.1:${process.env.E2E_MQTT_PORT ?? 18830}`;
const shots = '/tmp/alarms-shots';

let gateway: SimulatedGateway | null = null;
test.afterEach(async () => {
  await gateway?.close().catch(() => undefined);
  gateway = null;
});

async function sendTemperature(sn: string, temperature: number): Promise<void> {
  await gateway!.client.publishAsync(`sd/${sn}/up/telemetry`, JSON.stringify({ ts: Date.now(), values: { temperature } }), { qos: 1 });
}

async function shoot(page: Page, name: string): Promise<void> {
  await page.waitForTimeout(400); // fade-ins
  await page.screenshot({ path: `${shots}/${name}.png`, fullPage: true });
}

test('a rule on an IoT data list fires on gateway values, shows live on the wall and in the log, is acknowledged and clears', async ({ page, request }) => {
  test.setTimeout(300_000);
  mkdirSync(shots, { recursive: true });
  await page.setViewportSize({ width: 1440, height: 900 });
  const admin = await createCompanyAdmin(await platformAdmin(request), request);
  const directory = await admin.api.post<{ id: number }>('cabin/addDirectory', { parentId: null, name: uniqueName('目录') });
  const itemName = uniqueName('锅炉数据');
  const { id: itemId } = await admin.api.post<{ id: number }>('dataItem/addDataItem', {
    directoryId: directory.id,
    name: itemName,
    kind: 13,
    fields: [
      { name: '温度', fieldName: 'temperature', type: 1, unit: '℃' },
      { name: '备注', fieldName: 'remark', type: 5, unit: '' },
    ],
  });
  const sn = `ALM${Date.now().toString(36).toUpperCase()}`;
  const device = await admin.api.post<{ id: number; secret: string }>('device/addDevice', { name: uniqueName('一号网关'), sn, model: 'SD-G1' });
  await admin.api.post('telemetry/bindItem', { itemId, deviceId: device.id });

  // ---- the rule list is empty; the dialog checks before sending ----
  await signInAt(page, admin, '/cloudSurveillance/alertRule');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('告警规则');
  await expect(page.getByText('还没有告警规则')).toBeVisible();
  await shoot(page, 'rules-empty-zh-CN');
  await page.getByRole('button', { name: '添加规则' }).click();
  const form = dialog(page, '添加告警规则');
  await form.getByRole('button', { name: '保存' }).click();
  await expect(form.getByText('请选择数据项')).toBeVisible();
  await expect(form.getByText('请输入阈值')).toBeVisible();

  const ruleName = uniqueName('锅炉温度过高');
  await form.getByLabel('规则名称').fill(ruleName);
  await chooseOption(page, form.getByRole('combobox', { name: '数据项' }), itemName);
  await chooseOption(page, form.getByRole('combobox', { name: '字段' }), '温度');
  await form.getByLabel('阈值', { exact: true }).fill('50');
  await form.getByRole('switch', { name: '清除条件（回差）' }).click();
  await form.getByLabel('清除阈值').fill('45');
  await shoot(page, 'rule-form-zh-CN');
  // Enter in a field saves (the dialog is one form).
  await form.getByLabel('规则名称').press('Enter');
  await expect(toast(page, '操作成功')).toBeVisible();
  const ruleRow = tableRow(page, ruleName);
  await expect(ruleRow).toContainText(itemName);
  await expect(ruleRow).toContainText('> 50');
  await expect(ruleRow).toContainText('< 45 时清除');
  await shoot(page, 'rules-zh-CN');

  // ---- the gateway sends normal values, then high ones: the wall shows the alarm live ----
  gateway = await startSimulatedGateway({ sn, secret: device.secret, url: mqttUrl });
  await sendTemperature(sn, 30);
  await page.goto('/alertdashboard');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('告警大屏');
  await expect(page.getByText('实时更新中')).toBeVisible();
  await expect(page.getByTestId('wall-total')).toHaveText('0');
  await shoot(page, 'wall-empty-zh-CN');
  await sendTemperature(sn, 61.5);
  const card = page.getByTestId('wall-alarm').filter({ hasText: ruleName });
  await expect(card).toBeVisible();
  await expect(card).toContainText('61.5');
  await expect(card).toContainText('未确认');
  await expect(page.locator('section[aria-label="三级"]')).toContainText(ruleName);
  await expect(page.getByTestId('wall-total')).toHaveText('1');
  await shoot(page, 'wall-zh-CN');

  // ---- the log: the alarm, the bell, acknowledge with a note (Enter) ----
  await page.getByRole('button', { name: '退出' }).click();
  await expect(page).toHaveURL('/cloudSurveillance/alertLog');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('告警信息');
  const alarmRow = tableRow(page, ruleName);
  await expect(alarmRow).toContainText('未确认');
  await expect(alarmRow).toContainText('61.5');
  await expect(page.getByRole('button', { name: '未确认告警：1 条' })).toBeVisible();
  await expect(page.getByText('实时更新中')).toBeVisible();
  await shoot(page, 'log-zh-CN');
  await alarmRow.getByRole('button', { name: `确认告警 ${ruleName}` }).click();
  const note = dialog(page, '确认告警');
  await note.getByLabel('备注').fill('已通知值班员');
  await note.getByLabel('备注').press('Enter');
  await expect(toast(page, '已确认')).toBeVisible();
  await expect(alarmRow).toContainText('已确认');
  await expect(page.getByRole('button', { name: '没有未确认的告警' })).toBeVisible();

  // ---- values back below the clear threshold: the alarm clears live ----
  await sendTemperature(sn, 48); // between 45 and 50: still open (hysteresis)
  await sendTemperature(sn, 40);
  await expect(alarmRow).toContainText('已清除');
  await alarmRow.getByRole('button', { name: `告警 ${ruleName} 的详情` }).click();
  const detail = page.locator('.ant-drawer').filter({ hasText: '告警详情' });
  await expect(detail).toContainText('已通知值班员');
  await expect(detail).toContainText('自动清除（条件不再满足）');
  await shoot(page, 'log-detail-zh-CN');
  await detail.getByRole('button', { name: 'Close' }).or(detail.locator('.ant-drawer-close')).first().click();

  // ---- data-update monitoring: a watch on the item ----
  await page.goto('/cloudSurveillance/dataUpdate');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('数据更新监控');
  await expect(page.getByText('还没有数据更新监控')).toBeVisible();
  await page.getByRole('button', { name: '添加监控' }).click();
  const watchForm = dialog(page, '添加数据更新监控');
  await chooseOption(page, watchForm.getByRole('combobox', { name: '数据项' }), itemName);
  await chooseOption(page, watchForm.getByRole('combobox', { name: '更新频率' }), '15分钟');
  await watchForm.getByRole('button', { name: '保存' }).click();
  await expect(toast(page, '操作成功')).toBeVisible();
  const watchRow = tableRow(page, itemName);
  await expect(watchRow).toContainText('每 15分钟');
  await expect(watchRow).toContainText('正常更新');
  await shoot(page, 'watches-zh-CN');

  // ---- the same screens in English ----
  await page.evaluate(() => localStorage.setItem('language', 'en-US'));
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Data-update monitoring');
  await expect(tableRow(page, itemName)).toContainText('Every 15 minutes');
  await shoot(page, 'watches-en-US');
  await page.goto('/cloudSurveillance/alertRule');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Alarm rules');
  await expect(tableRow(page, ruleName)).toContainText('Clears when < 45');
  await shoot(page, 'rules-en-US');
  await page.getByRole('button', { name: `Edit ${ruleName}` }).click();
  await expect(dialog(page, `Edit alarm rule: ${ruleName}`)).toBeVisible();
  await shoot(page, 'rule-form-en-US');
  await dialog(page, `Edit alarm rule: ${ruleName}`).getByRole('button', { name: 'Cancel' }).click();
  await page.goto('/cloudSurveillance/alertLog');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Alarms');
  await expect(tableRow(page, ruleName)).toContainText('Cleared');
  await shoot(page, 'log-en-US');

  // A second alarm, to see the wall in English with one open.
  await page.goto('/alertdashboard');
  await expect(page.getByText('Live', { exact: true })).toBeVisible();
  await sendTemperature(sn, 72);
  await expect(page.getByTestId('wall-alarm').filter({ hasText: ruleName })).toContainText('72');
  await shoot(page, 'wall-en-US');
});
