import { errorNotice, signInAt } from './support/accounts';
import { expect, test, uniqueName } from './support/fixtures';
import {
  addMember,
  confirmDialog,
  createCompanyAdmin,
  dialog,
  PLATFORM_ADMIN,
  platformAdmin,
  subMenuTitles,
  tableRow,
  toast,
  topMenuTitles,
} from './support/organization';

/**
 * Roles and role templates (issue 3, spec §6): a company administrator builds a role in the
 * permission tree, a member who holds it sees exactly those menus; templates of the platform.
 */

test.describe('roles', () => {
  test('a role made in the role editor opens exactly its menus to the member who holds it', async ({ page, browser, request }) => {
    const adminApi = await platformAdmin(request);
    const companyAdmin = await createCompanyAdmin(adminApi, request);
    const member = await addMember(adminApi, request, companyAdmin.companyId);
    const roleName = uniqueName('巡检员');

    await signInAt(page, companyAdmin, '/userManagement/role');
    await expect(page.getByRole('heading', { name: '角色', level: 1 })).toBeVisible();
    await page.getByRole('button', { name: '新建角色' }).click();
    const editor = dialog(page, '新建角色');
    // System maintenance is not offered to a company's roles.
    await expect(editor.getByRole('treeitem', { name: '标签设置', exact: true })).toBeVisible();
    await expect(editor.getByRole('treeitem', { name: '系统维护', exact: true })).toHaveCount(0);
    await editor.getByRole('checkbox', { name: '标签设置', exact: true }).click();
    await editor.getByRole('treeitem', { name: '用户组', exact: true }).click();
    await expect(editor.getByText(/^已选 2 \/ \d+ 个页面$/)).toBeVisible();
    await expect(editor.getByRole('treeitem', { name: '系统设置', exact: true })).toHaveAttribute('aria-checked', 'mixed');
    await editor.getByLabel('角色名称').fill(roleName);
    await editor.getByLabel('角色名称').press('Enter');

    await expect(toast(page, '操作成功')).toBeVisible();
    await expect(editor).toBeHidden();
    const row = tableRow(page, roleName);
    await expect(row.getByRole('cell')).toHaveText([roleName, '系统设置用户管理', '2', '0', /\d{4}-\d\d-\d\d/, /编辑.*删除/]);

    // The role is given on the members page (/userManagement/users).
    await page.goto('/userManagement/users');
    const search = page.getByPlaceholder('搜索用户名、姓名或手机号');
    await search.fill(member.userName);
    await search.press('Enter');
    const memberRow = page.getByRole('row').filter({ hasText: `@${member.userName}` });
    await expect(memberRow).toContainText('未分配角色');
    await memberRow.getByRole('button', { name: '分配角色' }).click();
    const assign = page.getByRole('dialog', { name: `分配角色：${member.name}` });
    await assign.getByLabel('角色').click();
    await page.locator(`.ant-select-item-option[title="${roleName}"]`).click();
    await assign.getByText(`分配角色：${member.name}`).click();
    await assign.getByRole('button', { name: '确定' }).click();
    await expect(toast(page, '操作成功')).toBeVisible();
    await expect(memberRow).toContainText(roleName);
    await page.goto('/userManagement/role');
    await expect(tableRow(page, roleName).getByRole('cell').nth(3)).toHaveText('1');

    const memberContext = await browser.newContext();
    try {
      const memberPage = await memberContext.newPage();
      await signInAt(memberPage, member, '/home');

      const top = (await topMenuTitles(memberPage)).filter((title) => title !== '个人中心');
      expect(top).toEqual(['首页', '系统设置', '用户管理']);
      expect(await subMenuTitles(memberPage, '系统设置')).toEqual(['标签设置']);
      expect(await subMenuTitles(memberPage, '用户管理')).toEqual(['用户组']);

      await memberPage.goto('/sysSetting/tagSetting');
      await expect(memberPage.getByRole('heading', { name: '标签设置', level: 1 })).toBeVisible();
      await memberPage.goto('/userManagement/role');
      await expect(memberPage).toHaveURL(/\/404$/);
    } finally {
      await memberContext.close();
    }
  });

  test('a role is renamed and its codes changed; deleting it is refused while a member holds it', async ({ page, request }) => {
    const adminApi = await platformAdmin(request);
    const companyAdmin = await createCompanyAdmin(adminApi, request);
    const member = await addMember(adminApi, request, companyAdmin.companyId);
    const roleName = uniqueName('质检');
    const { id: roleId } = await companyAdmin.api.post<{ id: number }>('role/addRole', { name: roleName, codes: ['sys_setting', 'sys_tag'] });
    await companyAdmin.api.post('company/member/setMemberRoles', { userId: member.userId, roleIds: [roleId] });

    await signInAt(page, companyAdmin, '/userManagement/role');
    await page.getByRole('button', { name: `编辑 ${roleName}` }).click();
    const editor = dialog(page, `编辑角色：${roleName}`);
    await expect(editor.getByRole('treeitem', { name: '标签设置', exact: true })).toHaveAttribute('aria-checked', 'true');
    const renamed = uniqueName('质检主管');
    await editor.getByLabel('角色名称').fill(renamed);
    await editor.getByRole('checkbox', { name: '设备接入', exact: true }).click();
    await editor.getByRole('button', { name: '保存' }).click();
    await expect(toast(page, '操作成功')).toBeVisible();
    await expect(tableRow(page, renamed).getByRole('cell').nth(2)).toHaveText('2');

    // Names are checked before sending: empty, and the server's 25-character limit.
    await page.getByRole('button', { name: `编辑 ${renamed}` }).click();
    const again = dialog(page, `编辑角色：${renamed}`);
    await again.getByLabel('角色名称').fill('');
    await again.getByLabel('角色名称').press('Enter');
    await expect(again.getByText('名称不能为空')).toBeVisible();
    await again.getByRole('button', { name: '取消' }).click();

    await page.getByRole('button', { name: `删除 ${renamed}` }).click();
    const confirm = confirmDialog(page, `确定删除角色“${renamed}”吗？`);
    await expect(confirm).toContainText('仍有 1 名成员持有该角色');
    await confirm.getByRole('button', { name: '删除' }).click();
    await expect(errorNotice(page, '仍有用户持有该角色，请先取消他们的角色后再删除')).toBeVisible();
    await expect(tableRow(page, renamed)).toBeVisible();

    await companyAdmin.api.post('company/member/setMemberRoles', { userId: member.userId, roleIds: [] });
    await page.reload();
    await page.getByRole('button', { name: `删除 ${renamed}` }).click();
    await confirmDialog(page, `确定删除角色“${renamed}”吗？`).getByRole('button', { name: '删除' }).click();
    await expect(toast(page, '删除成功')).toBeVisible();
    await expect(tableRow(page, renamed)).toHaveCount(0);
  });

  test('the platform keeps role templates; a company creates a role from one', async ({ page, browser, request }) => {
    const adminApi = await platformAdmin(request);
    const companyAdmin = await createCompanyAdmin(adminApi, request);
    const templateName = uniqueName('模板');

    await signInAt(page, PLATFORM_ADMIN, '/systemMaintenance/systemrole');
    await expect(page.getByRole('heading', { name: '角色模板', level: 1 })).toBeVisible();
    await page.getByRole('button', { name: '新建模板' }).click();
    const editor = dialog(page, '新建角色模板');
    // Templates never carry system maintenance, even on the platform.
    await expect(editor.getByRole('treeitem', { name: '系统维护', exact: true })).toHaveCount(0);
    await editor.getByLabel('角色名称').fill(templateName);
    await editor.getByRole('checkbox', { name: '看板', exact: true }).click();
    await editor.getByRole('checkbox', { name: '告警信息', exact: true }).click();
    await editor.getByRole('button', { name: '保存' }).click();
    await expect(toast(page, '操作成功')).toBeVisible();
    await expect(tableRow(page, templateName).getByRole('cell').nth(1)).toHaveText('智慧数据云监控');

    const companyContext = await browser.newContext();
    try {
      const companyPage = await companyContext.newPage();
      await signInAt(companyPage, companyAdmin, '/userManagement/role');
      await companyPage.getByRole('button', { name: '从模板创建' }).click();
      const fromTemplate = dialog(companyPage, '从模板创建角色');
      await fromTemplate.getByLabel('角色模板').click();
      await fromTemplate.getByLabel('角色模板').fill(templateName);
      await companyPage.locator('.ant-select-dropdown').getByTitle(templateName).click();
      await expect(fromTemplate.getByLabel('角色名称')).toHaveValue(templateName);
      await expect(fromTemplate.getByRole('treeitem', { name: '看板', exact: true })).toHaveAttribute('aria-checked', 'true');
      await expect(fromTemplate.getByRole('treeitem', { name: '告警信息', exact: true })).toHaveAttribute('aria-checked', 'true');
      await fromTemplate.getByRole('button', { name: '保存' }).click();
      await expect(toast(companyPage, '操作成功')).toBeVisible();
      await expect(tableRow(companyPage, templateName).getByRole('cell').nth(1)).toHaveText('智慧数据云监控');
    } finally {
      await companyContext.close();
    }

    await page.getByRole('button', { name: `删除 ${templateName}` }).click();
    await confirmDialog(page, `确定删除角色模板“${templateName}”吗？`).getByRole('button', { name: '删除' }).click();
    await expect(toast(page, '删除成功')).toBeVisible();
    await expect(tableRow(page, templateName)).toHaveCount(0);
  });
});
