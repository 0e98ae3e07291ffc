import { mkdirSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { startSimulatedGateway, type SimulatedGateway } from '../apps/gateway-sim/src/index';
import { signInAt } from './support/accounts';
import { expect as baseExpect, test, uniqueName } from './support/fixtures';
import { confirmDialog, createCompanyAdmin, dialog, platformAdmin, tableRow, toast } from './support/organization';
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

async function shoot(page: Page, name: string, fullPage = true): Promise<void> {
  await page.waitForTimeout(400); // fade-ins
  await page.screenshot({ path: `${shots}/${name}.png`, fullPage });
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
  const contentName = uniqueName('告警通知', 20);
  await admin.api.post('template/addContentTemplate', { name: contentName, itemId, content: '{{@itemName}} 温度 {{temperature}}' });

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
  // The rule's own SMS / e-mail text starts from a content template (filled with the record when sent).
  await chooseOption(page, form.getByRole('combobox', { name: '使用内容模板' }), contentName);
  await expect(form.getByLabel('通知内容')).toHaveValue('{{@itemName}} 温度 {{temperature}}');
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
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: '导出 XLSX' }).click();
  baseExpect((await download).suggestedFilename()).toMatch(/\.xlsx$/);
  await chooseOption(page, page.getByRole('combobox', { name: '告警对象' }), itemName);
  await expect(page.getByText('共 1 条')).toBeVisible();
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
  // Edited into a daily reading (as for a manual list): by 09:30 every day.
  await watchRow.getByRole('button', { name: `编辑 ${itemName}` }).click();
  const editWatch = dialog(page, `编辑数据更新监控：${itemName}`);
  await editWatch.getByText('每天定时', { exact: true }).click();
  await editWatch.getByLabel('时间').fill('9.30');
  await editWatch.getByRole('button', { name: '保存' }).click();
  await expect(editWatch.getByText('请按 HH:mm 填写，例如 08:30')).toBeVisible();
  await editWatch.getByLabel('时间').fill('09:30');
  await editWatch.getByLabel('时间').press('Enter');
  await expect(toast(page, '操作成功')).toBeVisible();
  await expect(watchRow).toContainText('每天 09:30 前');

  // ---- the same screens in English ----
  await page.evaluate(() => localStorage.setItem('language', 'en-US'));
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Data-update monitoring');
  await expect(tableRow(page, itemName)).toContainText('Daily by 09:30');
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

test('the rule dialog takes a device online state, lasting and repeating levels, weekly windows and recipients; offline devices raise alarms acknowledged together', async ({ page, request }) => {
  test.setTimeout(240_000);
  mkdirSync(shots, { recursive: true });
  await page.setViewportSize({ width: 1440, height: 900 });
  const admin = await createCompanyAdmin(await platformAdmin(request), request);
  const devices: { id: number; sn: string; secret: string; name: string }[] = [];
  for (const n of [1, 2]) {
    const sn = `ALM${n}${Date.now().toString(36).toUpperCase()}`;
    const name = uniqueName(`${n}号网关`);
    const added = await admin.api.post<{ id: number; secret: string }>('device/addDevice', { name, sn, model: 'SD-G1' });
    devices.push({ ...added, sn, name });
  }
  const [first, second] = devices as [(typeof devices)[0], (typeof devices)[0]];

  await signInAt(page, admin, '/cloudSurveillance/alertRule');
  await page.getByRole('button', { name: '添加规则' }).click();
  const form = dialog(page, '添加告警规则');
  const ruleName = uniqueName('网关离线');
  await form.getByLabel('规则名称').fill(ruleName);
  await form.getByText('设备在线状态', { exact: true }).click();
  await expect(form.getByText('值 1 = 在线，0 = 离线')).toBeVisible();
  await chooseOption(page, form.getByRole('combobox', { name: '设备' }), first.name);
  // Level 3: "= 0" at once; level 2: "= 0" lasting a custom 90 s; a third row repeats and is removed again.
  await chooseOption(page, form.getByRole('combobox', { name: '运算符' }), '= 等于');
  await form.getByLabel('阈值', { exact: true }).fill('0');
  await form.getByRole('button', { name: '添加等级' }).click();
  await chooseOption(page, form.getByRole('combobox', { name: '运算符' }).nth(1), '= 等于');
  await form.getByLabel('阈值', { exact: true }).nth(1).fill('0');
  await chooseOption(page, form.getByRole('combobox', { name: '类型' }).nth(1), '持续');
  await chooseOption(page, form.getByRole('combobox', { name: '持续时长' }), '自定义');
  await form.getByLabel('秒数').fill('90');
  await form.getByRole('button', { name: '添加等级' }).click();
  await chooseOption(page, form.getByRole('combobox', { name: '类型' }).nth(2), '连续');
  await expect(form.getByLabel('连续次数')).toBeVisible();
  // Three levels at most: no fourth row.
  await expect(form.getByRole('button', { name: '添加等级' })).toHaveCount(0);
  await form.getByRole('button', { name: '保存' }).click();
  await expect(form.getByText('请输入阈值')).toBeVisible();
  await form.getByRole('button', { name: '删除此条件' }).nth(2).click();
  await expect(form.getByRole('button', { name: '添加等级' })).toBeVisible();
  // A weekly window over the whole week, so the test does not depend on today's time.
  await form.getByText('每周时段', { exact: true }).click();
  await form.getByRole('checkbox', { name: '周六' }).check();
  await form.getByRole('checkbox', { name: '周日' }).check();
  await form.getByLabel('开始').fill('8点');
  await form.getByRole('button', { name: '保存' }).click();
  await expect(form.getByText('请按 HH:mm 填写，例如 08:30')).toBeVisible();
  await form.getByLabel('开始').fill('00:00');
  await form.getByLabel('结束').fill('24:00');
  await chooseOption(page, form.getByRole('combobox', { name: '用户', exact: true }), admin.userName);
  await form.getByRole('checkbox', { name: '短信' }).check();
  await form.getByRole('checkbox', { name: '清除时通知' }).check();
  await form.getByText('清除时通知').scrollIntoViewIfNeeded();
  await shoot(page, 'rule-form-device-zh-CN', false);
  await form.getByRole('button', { name: '保存' }).click();
  await expect(toast(page, '操作成功')).toBeVisible();
  const ruleRow = tableRow(page, ruleName);
  await expect(ruleRow).toContainText(first.name);
  await expect(ruleRow).toContainText('设备在线状态');
  await expect(ruleRow).toContainText('= 0，持续 90秒');
  const saved = (await admin.api.get<{ name: string; schedule: unknown; notify: { sms: boolean; userIds: number[] } }[]>('alarm/getRules')).find((r) => r.name === ruleName)!;
  baseExpect(saved.schedule).toEqual({ kind: 'weekly', windows: [0, 1, 2, 3, 4, 5, 6].map((day) => ({ day, startMinute: 0, endMinute: 1440 })) });
  baseExpect(saved.notify.sms).toBe(true);
  baseExpect(saved.notify.userIds).toHaveLength(1);
  // The same rule on the second device, through the API.
  await admin.api.post('alarm/addRule', {
    name: uniqueName('网关离线'),
    enabled: true,
    target: { kind: 'deviceOnline', deviceId: second.id },
    levels: [{ level: 3, op: 'eq', threshold: 0, kind: 'simple' }],
  });

  // ---- both gateways come online and drop off: two alarms, acknowledged together ----
  await page.goto('/cloudSurveillance/alertLog');
  await expect(page.getByText('实时更新中')).toBeVisible();
  for (const device of devices) {
    const simulated = await startSimulatedGateway({ sn: device.sn, secret: device.secret, url: mqttUrl });
    // Online first (the platform has stored it), then the gateway drops off.
    await baseExpect.poll(async () => (await admin.api.get<{ online: boolean }>('device/getDevice', { id: device.id })).online, { timeout: 15_000 }).toBe(true);
    await simulated.close();
  }
  await expect(tableRow(page, first.name)).toContainText('未确认');
  // The in-app notice of the new alarm (bottom right, from the navbar's bell).
  await expect(page.locator('.ant-notification-notice').filter({ hasText: `三级告警：${ruleName}` })).toBeVisible();
  await expect(tableRow(page, second.name)).toContainText('未确认');
  await expect(page.getByRole('button', { name: '未确认告警：2 条' })).toBeVisible();
  await chooseOption(page, page.getByRole('combobox', { name: '状态' }), '未确认');
  await page.locator('.ant-table-thead .ant-checkbox-input').check();
  await expect(page.getByText('已选 2 条')).toBeVisible();
  await page.getByRole('button', { name: '批量确认' }).click();
  const note = dialog(page, '批量确认 2 条告警');
  await note.getByLabel('备注').fill('现场断电，已安排检修');
  await note.getByLabel('备注').press('Enter');
  await expect(toast(page, '已确认 2 条告警')).toBeVisible();
  await expect(page.getByText('没有符合条件的告警')).toBeVisible();
  await expect(page.getByRole('button', { name: '没有未确认的告警' })).toBeVisible();

  // ---- the wall shows them acknowledged; the sound can be turned on ----
  await page.goto('/alertdashboard');
  await expect(page.getByTestId('wall-alarm')).toHaveCount(2);
  await expect(page.getByTestId('wall-alarm').first()).toContainText('已确认');
  await page.getByRole('switch', { name: '声音已关' }).click();
  await expect(page.getByRole('switch', { name: '声音已开' })).toBeChecked();
  await page.keyboard.press('Escape');
  await expect(page).toHaveURL('/cloudSurveillance/alertLog');

  // ---- deleting the rule asks first ----
  await page.goto('/cloudSurveillance/alertRule');
  // The list's switch turns a rule off (the whole rule is saved again, unchanged otherwise).
  await page.getByRole('switch', { name: `启用 ${ruleName}` }).click();
  await baseExpect
    .poll(async () => (await admin.api.get<{ name: string; enabled: boolean }[]>('alarm/getRules')).find((r) => r.name === ruleName)?.enabled)
    .toBe(false);
  await expect(page.getByRole('switch', { name: `启用 ${ruleName}` })).not.toBeChecked();
  await page.getByRole('button', { name: `删除 ${ruleName}` }).click();
  await confirmDialog(page, `确定删除告警规则“${ruleName}”吗？`).getByRole('button', { name: '删除' }).click();
  await expect(toast(page, '删除成功')).toBeVisible();
  await expect(tableRow(page, ruleName)).toHaveCount(0);
});

test('on a phone the log row actions are within reach, the wall header wraps whole words; a device alarm shows as 客户端 with its times', async ({ page, request }) => {
  test.setTimeout(180_000);
  mkdirSync(shots, { recursive: true });
  await page.setViewportSize({ width: 390, height: 844 });
  const admin = await createCompanyAdmin(await platformAdmin(request), request);
  const directory = await admin.api.post<{ id: number }>('cabin/addDirectory', { parentId: null, name: uniqueName('目录') });
  const itemName = uniqueName('巡检记录');
  const { id: itemId } = await admin.api.post<{ id: number }>('dataItem/addDataItem', { directoryId: directory.id, name: itemName, kind: 10, fields: [{ name: '温度', fieldName: 'temperature', type: 1, unit: '℃' }] });
  const ruleName = uniqueName('巡检温度高');
  await admin.api.post('alarm/addRule', { name: ruleName, enabled: true, target: { kind: 'field', itemId, fieldName: 'temperature' }, levels: [{ level: 2, op: 'gt', threshold: 50, kind: 'simple' }] });
  await admin.api.post('dataItem/addRecord', { itemId, values: { temperature: 66 } });
  // A device reports an alarm of its own (source 1) over MQTT.
  const sn = `ALP${Date.now().toString(36).toUpperCase()}`;
  const device = await admin.api.post<{ id: number; secret: string }>('device/addDevice', { name: uniqueName('三号网关'), sn, model: 'SD-G1' });
  gateway = await startSimulatedGateway({ sn, secret: device.secret, url: mqttUrl });
  await gateway.client.publishAsync(`sd/${sn}/up/event`, JSON.stringify({ type: 'alarm', code: 'E101', level: 3, text: '柜门打开' }), { qos: 1 });

  const withinViewport = async (locator: ReturnType<Page['locator']>, what: string) => {
    const box = await locator.boundingBox();
    baseExpect(box, what).not.toBeNull();
    baseExpect(box!.x, `${what}: left edge`).toBeGreaterThanOrEqual(0);
    baseExpect(box!.x + box!.width, `${what}: right edge`).toBeLessThanOrEqual(390);
  };
  /** Lines a text takes (an inline box broken inside a word has more than one rect). */
  const lines = (locator: ReturnType<Page['locator']>) => locator.evaluate((element) => element.getClientRects().length);

  for (const language of ['zh-CN', 'en-US'] as const) {
    const zh = language === 'zh-CN';
    if (zh) {
      await signInAt(page, admin, '/cloudSurveillance/alertLog');
    } else {
      await page.evaluate(() => localStorage.setItem('language', 'en-US'));
      await page.goto('/cloudSurveillance/alertLog');
    }
    const row = tableRow(page, ruleName);
    await expect(row).toContainText(zh ? '服务端' : 'Server');
    const deviceRow = tableRow(page, '柜门打开');
    await expect(deviceRow).toContainText(zh ? '客户端' : 'Client');
    // The actions: a menu button in the row's first column, inside the phone's width.
    const menu = row.getByRole('button', { name: zh ? `告警 ${ruleName} 的操作` : `Actions for alarm ${ruleName}` });
    await withinViewport(menu, 'the row actions');
    await shoot(page, `phone-log-${language}`, false);
    await menu.click();
    const ack = page.getByRole('menuitem', { name: zh ? '确认' : 'Acknowledge' });
    await expect(ack).toBeVisible();
    await withinViewport(ack, 'acknowledge');
    await withinViewport(page.getByRole('menuitem', { name: zh ? '详情' : 'Details' }), 'details');
    await shoot(page, `phone-log-actions-${language}`, false);
    await page.getByRole('menuitem', { name: zh ? '详情' : 'Details' }).click();
    const detail = page.locator('.ant-drawer').filter({ hasText: zh ? '告警详情' : 'Alarm details' });
    await expect(detail).toContainText(zh ? '触发值时间' : 'Value time');
    await expect(detail).toContainText(zh ? '产生时间' : 'Raised at');
    await shoot(page, `phone-log-detail-${language}`, false);
    await page.keyboard.press('Escape');

    await page.goto('/alertdashboard');
    const live = page.getByText(zh ? '实时更新中' : 'Live', { exact: true });
    await expect(live).toBeVisible();
    baseExpect(await lines(live), 'the live state on one line').toBe(1);
    baseExpect(await lines(page.locator('.sd-alarm-wall__counts > span').first()), 'a count on one line').toBe(1);
    await expect(page.getByTestId('wall-alarm').filter({ hasText: '柜门打开' })).toContainText(zh ? '设备告警' : 'Device alarm');
    await shoot(page, `phone-wall-${language}`, false);
  }
});
