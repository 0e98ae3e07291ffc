import { signInAt } from './support/accounts';
import { submitWithEnterAndMoveOn } from './support/dialogs';
import { expect, test, uniqueName } from './support/fixtures';
import { addMember, confirmDialog, createCompanyAdmin, dialog, platformAdmin, tableRow, toast } from './support/organization';

/** Groups and their members (issue 3, /userManagement/group), as a company administrator. */

test('a group is created, renamed, found, given a member, emptied and deleted', async ({ page, request }) => {
  const adminApi = await platformAdmin(request);
  const companyAdmin = await createCompanyAdmin(adminApi, request);
  const member = await addMember(adminApi, request, companyAdmin.companyId, uniqueName('王工', 12));
  const groupName = uniqueName('巡检组');
  const renamed = uniqueName('巡检一组');

  await signInAt(page, companyAdmin, '/userManagement/group');
  await expect(page.getByRole('heading', { name: '用户组', level: 1 })).toBeVisible();
  await expect(page.getByText('还没有用户组')).toBeVisible();

  await page.getByRole('button', { name: '新建用户组' }).click();
  const create = dialog(page, '新建用户组');
  await create.getByLabel('用户组名称').fill(groupName);
  await create.getByLabel('用户组名称').press('Enter');
  await expect(toast(page, '操作成功')).toBeVisible();
  await expect(tableRow(page, groupName).getByRole('cell').nth(2)).toHaveText('0');

  await page.getByRole('button', { name: `编辑 ${groupName}` }).click();
  const edit = dialog(page, `编辑用户组：${groupName}`);
  await expect(edit.getByLabel('用户组名称')).toHaveValue(groupName);
  await edit.getByLabel('用户组名称').fill(renamed);
  await edit.getByLabel('备注').fill('负责一号车间');
  await edit.getByRole('button', { name: '保存' }).click();
  await expect(edit).toBeHidden();
  await expect(tableRow(page, renamed)).toContainText('负责一号车间');
  await expect(tableRow(page, groupName)).toHaveCount(0);

  const search = page.getByRole('searchbox', { name: '搜索用户组名称' });
  await search.fill('没有这个组');
  await search.press('Enter');
  await expect(page.getByText('没有符合条件的结果')).toBeVisible();
  await search.fill(renamed.slice(0, 6));
  await search.press('Enter');
  await expect(tableRow(page, renamed)).toBeVisible();

  await page.getByRole('button', { name: `${renamed} 的成员` }).click();
  const drawer = page.locator('.ant-drawer').filter({ hasText: `用户组成员：${renamed}` });
  await expect(drawer.getByText('该用户组还没有成员')).toBeVisible();
  const picker = drawer.getByRole('combobox', { name: '选择公司成员' });
  await picker.click();
  await picker.fill(member.name);
  await page.locator('.ant-select-dropdown').getByTitle(`${member.name} (${member.userName})`).click();
  await drawer.getByRole('button', { name: '添加成员' }).click();
  await expect(toast(page, '操作成功')).toBeVisible();
  await expect(tableRow(drawer, member.userName).getByRole('cell')).toHaveText([member.name, member.userName, '—', '移出']);
  // Closed with its button: after the member picker, Escape may first go to the picker.
  await drawer.locator('.ant-drawer-close').click();
  await expect(drawer).toBeHidden();
  await expect(tableRow(page, renamed).getByRole('cell').nth(2)).toHaveText('1');

  await page.getByRole('button', { name: `${renamed} 的成员` }).click();
  await drawer.getByRole('button', { name: `将 ${member.name} 移出用户组` }).click();
  await confirmDialog(page, `确定将 ${member.name} 移出“${renamed}”吗？`).getByRole('button', { name: '移出' }).click();
  await expect(toast(page, '操作成功')).toBeVisible();
  await expect(drawer.getByText('该用户组还没有成员')).toBeVisible();
  await drawer.locator('.ant-drawer-close').click();
  await expect(drawer).toBeHidden();
  await expect(tableRow(page, renamed).getByRole('cell').nth(2)).toHaveText('0');

  await page.getByRole('button', { name: `删除 ${renamed}` }).click();
  await confirmDialog(page, `确定删除用户组“${renamed}”吗？`).getByRole('button', { name: '删除' }).click();
  await expect(toast(page, '删除成功')).toBeVisible();
  await expect(tableRow(page, renamed)).toHaveCount(0);
});

test('a duplicate group name is refused by the server with its message', async ({ page, request }) => {
  const adminApi = await platformAdmin(request);
  const companyAdmin = await createCompanyAdmin(adminApi, request);
  const groupName = uniqueName('质检组');
  await companyAdmin.api.post('company/group/addGroup', { name: groupName });

  await signInAt(page, companyAdmin, '/userManagement/group');
  await page.getByRole('button', { name: '新建用户组' }).click();
  const create = dialog(page, '新建用户组');
  await create.getByLabel('用户组名称').fill(groupName);
  await create.getByRole('button', { name: '保存' }).click();
  await expect(page.locator('.ant-notification-notice').filter({ hasText: '用户组名称已存在' })).toBeVisible();
  // The dialog stays open so the name can be corrected.
  await expect(create).toBeVisible();
});

// The group dialog is rendered only while open (no fade-out to race with): Enter leaves no dialog either.
test('Enter submits the new-group dialog once: the search typed next is not taken by the button that opened it', async ({ page, request }) => {
  const adminApi = await platformAdmin(request);
  const companyAdmin = await createCompanyAdmin(adminApi, request);
  const groupName = uniqueName('值班组');

  await signInAt(page, companyAdmin, '/userManagement/group');
  await page.getByRole('button', { name: '新建用户组' }).click();
  const create = dialog(page, '新建用户组');
  await create.getByLabel('用户组名称').fill(groupName);
  const search = page.getByRole('searchbox', { name: '搜索用户组名称' });
  await submitWithEnterAndMoveOn(page, { dialog: create, field: create.getByLabel('用户组名称'), success: toast(page, '操作成功'), next: search });

  await page.keyboard.type(groupName);
  await page.keyboard.press('Enter');
  await expect(search).toHaveValue(groupName);
  await expect(tableRow(page, groupName)).toHaveCount(1);
  await expect(page.locator('.ant-table-tbody > tr.ant-table-row')).toHaveCount(1);
  await expect(page.getByRole('dialog')).toHaveCount(0);
});
