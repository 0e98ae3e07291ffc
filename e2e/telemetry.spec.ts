import { signInAt } from './support/accounts';
import { expect as baseExpect, test, uniqueName } from './support/fixtures';
import { createCompanyAdmin, platformAdmin, toast } from './support/organization';
import { chooseOption } from './support/select';

const expect = baseExpect.configure({ timeout: 30_000 });

/** Chooses an option of an antd Select by its text (in this select's own dropdown). */
/**
 * Telemetry binding (issue 6): the Device tab of an IoT data list's settings — bind a device with
 * the picker, see its SN, topic and stored keys, unbind after confirmation. Screens in both
 * languages go to /tmp/ingest-shots.
 */
test('an IoT data list is bound to a device and unbound from the settings page', async ({ page, request }) => {
  test.setTimeout(180_000);
  const admin = await createCompanyAdmin(await platformAdmin(request), request);
  const directory = await admin.api.post<{ id: number }>('cabin/addDirectory', { parentId: null, name: uniqueName('目录') });
  const name = uniqueName('锅炉数据');
  const { id } = await admin.api.post<{ id: number }>('dataItem/addDataItem', {
    directoryId: directory.id,
    name,
    kind: 13,
    fields: [
      { name: '温度', fieldName: 'temperature', type: 1, unit: '℃' },
      { name: '压力', fieldName: 'pressure', type: 1, unit: 'kPa' },
    ],
  });
  const item = await admin.api.get<{ nodeId: number }>('dataItem/getDataItem', { id });
  const sn = `E2E${Date.now().toString(36).toUpperCase()}`;
  const deviceName = uniqueName('一号网关');
  await admin.api.post('device/addDevice', { name: deviceName, sn, model: 'SD-G1' });
  const dir = '/tmp/ingest-shots';

  await signInAt(page, admin, `/smartdata/dataitem/config/${id}/${encodeURIComponent(name)}/${item.nodeId}?tab=device`);
  await expect(page.getByRole('tab', { name: '设备' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByText('该数据项尚未绑定设备')).toBeVisible();
  // Binding without a device is refused in the form.
  await page.getByRole('button', { name: '绑定设备' }).click();
  await expect(page.getByText('请选择设备')).toBeVisible();
  await page.screenshot({ path: `${dir}/zh-CN-empty.png`, fullPage: true });

  await chooseOption(page, page.getByRole('combobox', { name: '设备' }), sn);
  await page.getByRole('button', { name: '绑定设备' }).click();
  await expect(toast(page, '设备已绑定')).toBeVisible();
  await expect(page.getByText(`sd/${sn}/up/telemetry`)).toBeVisible();
  await expect(page.locator('.sd-device-tab__current')).toContainText(deviceName);
  await expect(page.locator('.sd-device-tab__current')).toContainText('temperature');
  await page.screenshot({ path: `${dir}/zh-CN-bound.png`, fullPage: true });

  await page.evaluate(() => localStorage.setItem('language', 'en-US'));
  await page.reload();
  await expect(page.getByRole('tab', { name: 'Device' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByText('Telemetry topic')).toBeVisible();
  await page.screenshot({ path: `${dir}/en-US-bound.png`, fullPage: true });

  await page.getByRole('button', { name: 'Unbind' }).click();
  await expect(page.locator('.ant-modal-confirm-title')).toHaveText(`Unbind device ${deviceName}?`);
  await page.waitForTimeout(500); // the dialog's opening animation
  await page.screenshot({ path: `${dir}/en-US-confirm.png` });
  await page.locator('.ant-modal-confirm').getByRole('button', { name: 'Unbind' }).click();
  await expect(page.getByText('No device is bound to this data item')).toBeVisible();
  await page.screenshot({ path: `${dir}/en-US-empty.png`, fullPage: true });
  baseExpect(await admin.api.get<unknown[]>('telemetry/getBindings', { itemId: id })).toEqual([]);
});
