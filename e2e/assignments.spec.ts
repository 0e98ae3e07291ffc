import { mkdirSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { expect as baseExpect, test, uniqueName } from './support/fixtures';
import { createCompanyAdmin, platformAdmin, tableRow } from './support/organization';
import { createPerson, createRole, signIn } from './support/people';

/**
 * My assignments (issue 14.5): a member of a company sees the alarm they may handle and the
 * executable task they may run, with the navbar badge counting both, and goes from the list to
 * where each is handled. Screens in both languages, desktop and phone, go to /tmp/h14c-shots.
 */

const expect = baseExpect.configure({ timeout: 20_000 });
const shots = '/tmp/h14c-shots';

async function shoot(page: Page, name: string): Promise<void> {
  await page.waitForTimeout(400); // fade-ins
  await page.screenshot({ path: `${shots}/${name}.png`, fullPage: true });
}

test('a member sees an alarm to handle and a task to run, counted in the navbar badge', async ({ page, request }) => {
  mkdirSync(shots, { recursive: true });
  await page.setViewportSize({ width: 1440, height: 900 });
  const adminApi = await platformAdmin(request);
  const company = await createCompanyAdmin(adminApi, request, '窑炉厂');
  const role = await createRole(adminApi, company.companyId, ['smart_data', 'sd_capsule', 'cloud_surveillance', 'cs_info', 'smart_assignment', 'sa_executable_task', 'pc_my_assignment']);
  const member = await createPerson(adminApi, request, company.companyId, [role.id]);

  const directory = await company.api.post<{ id: number }>('cabin/addDirectory', { parentId: null, name: '窑炉' });
  const item = await company.api.post<{ id: number }>('dataItem/addDataItem', {
    directoryId: directory.id,
    name: uniqueName('一号窑', 20),
    kind: 10,
    fields: [{ name: '温度', fieldName: 'temp', type: 1, unit: '℃', priority: 1 }],
  });
  const ruleName = uniqueName('窑温过高', 20);
  await company.api.post('alarm/addRule', { name: ruleName, enabled: true, target: { kind: 'field', itemId: item.id, fieldName: 'temp' }, levels: [{ level: 3, op: 'gt', threshold: 50, kind: 'simple' }] });
  await company.api.post('dataItem/addRecord', { itemId: item.id, values: { temp: 88 } });
  const taskName = uniqueName('补录读数', 20);
  await company.api.post('task/addExecutable', { name: taskName, accessMode: 'users', userIds: [member.userId], actions: [{ kind: 'writeRecord', itemId: item.id, values: [{ fieldName: 'temp', value: 20 }] }] });
  await company.api.post('task/addExecutable', { name: uniqueName('仅管理员', 20), accessMode: 'creator', actions: [{ kind: 'writeRecord', itemId: item.id, values: [{ fieldName: 'temp', value: 20 }] }] });

  await signIn(page, member, '/user/myassignmentanze');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('我的任务');
  const alarmRow = tableRow(page, ruleName);
  await expect(alarmRow).toContainText('告警');
  await expect(alarmRow).toContainText('3 级');
  await expect(alarmRow).toContainText('未确认');
  await expect(alarmRow).toContainText('温度: 88');
  const taskRow = tableRow(page, taskName);
  await expect(taskRow).toContainText('可执行');
  await expect(page.locator('.ant-table-tbody > tr.ant-table-row')).toHaveCount(2);
  await expect(page.getByText('待处理告警 1')).toBeVisible();
  await expect(page.getByText('可执行任务 1')).toBeVisible();
  const badge = page.getByRole('button', { name: '我的任务：2 项（告警 1，任务 1）' });
  await expect(badge).toBeVisible();
  await expect(badge.locator('.ant-badge-count')).toHaveAttribute('title', '2');
  await shoot(page, 'assignments-zh-CN-1440');
  await page.setViewportSize({ width: 390, height: 844 });
  await shoot(page, 'assignments-zh-CN-390');

  await page.evaluate(() => localStorage.setItem('language', 'en-US'));
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('My assignments');
  await expect(tableRow(page, ruleName)).toContainText('Unacknowledged');
  await expect(page.getByRole('button', { name: 'My assignments: 2 (alarms: 1, tasks: 1)' })).toBeVisible();
  await shoot(page, 'assignments-en-US-390');
  await page.setViewportSize({ width: 1440, height: 900 });
  await shoot(page, 'assignments-en-US-1440');

  // From the list to where each is handled.
  await tableRow(page, taskName).getByRole('link', { name: `Run ${taskName}` }).click();
  await expect(page).toHaveURL('/taskmanagement/executabletask');
  await page.goto('/user/myassignmentanze');
  await tableRow(page, ruleName).getByRole('link', { name: `Handle ${ruleName}` }).click();
  await expect(page).toHaveURL('/cloudSurveillance/alertLog');
  // The visited pages stay mounted (tabs); the log's row is the visible one.
  await expect(tableRow(page, ruleName).filter({ visible: true })).toBeVisible();
});
