import { expect, test } from './support/fixtures';
import { submitPasswordSignIn, userMenu } from './support/accounts';
import { companyAdminRole, createCompany, createPerson, createRole, menuEntries, openUserMenu, platformAdmin, signIn, signOut, toast } from './support/people';

/**
 * Members of a company (issue 3, /userManagement/users): invitations answered in the personal
 * center, the company switch that follows, roles, disabling and removing. Every test makes its own
 * companies and users.
 */

test.describe('members and invitations', () => {
  test('an invited user agrees, switches to the inviting company and sees exactly its menu', async ({ page, request }) => {
    const admin = await platformAdmin(request);
    const inviting = await createCompany(admin, '邀请方');
    const inviter = await createPerson(admin, request, inviting.id, [await companyAdminRole(admin, inviting.id)]);
    const operator = await createRole(admin, inviting.id, ['user_management', 'um_user', 'pc_my_order'], '操作员');
    const own = await createCompany(admin, '原公司');
    const ownRole = await createRole(admin, own.id, ['pc_my_assignment']);
    const invitee = await createPerson(admin, request, own.id, [ownRole.id]);

    // The company administrator invites the user by user name, with the operator role.
    await signIn(page, inviter, '/userManagement/users');
    await page.getByRole('button', { name: '邀请用户' }).click();
    const dialog = page.getByRole('dialog', { name: '邀请用户' });
    await dialog.getByLabel('手机号或用户名').fill(invitee.userName);
    await dialog.getByLabel('角色（可选）').click();
    await page.locator(`.ant-select-item-option[title="${operator.name}"]`).click();
    await dialog.getByLabel('手机号或用户名').press('Enter');
    await expect(toast(page, '操作成功')).toBeVisible();
    const sent = page.getByRole('dialog').filter({ hasText: '已发出的邀请' });
    await expect(sent.getByRole('row').filter({ hasText: invitee.userName })).toContainText('待回复');
    await sent.getByRole('button', { name: 'Close' }).or(sent.getByRole('button', { name: '关闭' })).first().click();
    await signOut(page, inviter.name);

    // The invitee sees the invitation in the personal center, still in their own company.
    await signIn(page, invitee, '/user/userinfo');
    expect(await menuEntries(page)).toEqual(['首页', '个人中心', '我的任务', '个人信息']);
    const invitation = page.getByRole('listitem').filter({ hasText: inviting.name });
    await expect(invitation).toContainText(`${inviter.name} 邀请您加入`);
    await invitation.getByRole('button', { name: '同意' }).click();

    // Agreeing offers the switch; switching starts afresh in the new company.
    const offer = page.getByRole('dialog').filter({ hasText: `已加入 ${inviting.name}` });
    await offer.getByRole('button', { name: '切换' }).click();
    await expect(page).toHaveURL(/\/home$/);
    const sidebar = page.getByRole('navigation', { name: '主菜单' });
    await expect(sidebar).toContainText(inviting.name);
    expect(await menuEntries(page)).toEqual(['首页', '用户管理', '用户', '个人中心', '我的订单', '个人信息']);
    await expect(page.getByRole('tablist', { name: '已打开的页面' }).getByRole('tab')).toHaveText(['首页']);

    // The user dropdown switches back to the first company, with its menu.
    await openUserMenu(page, invitee.name);
    await page.getByRole('menuitem', { name: '切换公司' }).hover();
    const companies = page.locator('.ant-dropdown-menu-submenu-popup');
    await expect(companies).toBeVisible();
    await expect(companies).not.toHaveClass(/-(appear|enter)/);
    await expect(companies.getByRole('menuitem', { name: inviting.name })).toBeDisabled();
    await companies.getByRole('menuitem', { name: own.name }).click();
    await page.getByRole('dialog').filter({ hasText: `切换到“${own.name}”？` }).getByRole('button', { name: '切换' }).click();
    await expect(sidebar).toContainText(own.name);
    expect(await menuEntries(page)).toEqual(['首页', '个人中心', '我的任务', '个人信息']);
  });

  test('a company administrator withdraws a pending invitation', async ({ page, request }) => {
    const admin = await platformAdmin(request);
    const company = await createCompany(admin);
    const inviter = await createPerson(admin, request, company.id, [await companyAdminRole(admin, company.id)]);
    const elsewhere = await createCompany(admin, '别家');
    const outsider = await createPerson(admin, request, elsewhere.id, []);

    await signIn(page, inviter, '/userManagement/users');
    await page.getByRole('button', { name: '邀请用户' }).click();
    const dialog = page.getByRole('dialog', { name: '邀请用户' });
    // Enter with an empty account is stopped in the form.
    await dialog.getByLabel('手机号或用户名').press('Enter');
    await expect(dialog.getByText('请填写此项')).toBeVisible();
    await dialog.getByLabel('手机号或用户名').fill(outsider.userName);
    await dialog.getByRole('button', { name: '发送邀请' }).click();
    await expect(toast(page, '操作成功')).toBeVisible();

    const sent = page.getByRole('dialog').filter({ hasText: '已发出的邀请' });
    const row = sent.getByRole('row').filter({ hasText: outsider.userName });
    await row.getByRole('button', { name: '撤回' }).click();
    await page.getByRole('tooltip').getByRole('button', { name: '撤回' }).click();
    await expect(row).toContainText('已撤回');
    await expect(row.getByRole('button', { name: '撤回' })).toHaveCount(0);
  });

  test('a company administrator assigns roles, disables, enables and removes a member', async ({ page, request }) => {
    const admin = await platformAdmin(request);
    const company = await createCompany(admin);
    const manager = await createPerson(admin, request, company.id, [await companyAdminRole(admin, company.id)]);
    const viewer = await createRole(admin, company.id, ['pc_my_order'], '查看员');
    const member = await createPerson(admin, request, company.id, []);

    await signIn(page, manager, '/userManagement/users');
    const search = page.getByRole('searchbox', { name: '搜索用户名、姓名或手机号' }).or(page.getByPlaceholder('搜索用户名、姓名或手机号')).first();
    await search.fill(member.userName);
    await search.press('Enter');
    const row = page.getByRole('row').filter({ hasText: `@${member.userName}` });
    await expect(page.getByRole('row')).toHaveCount(2);
    await expect(row).toContainText('未分配角色');
    // The administrator cannot disable or remove themselves.
    await search.fill(manager.userName);
    await search.press('Enter');
    const own = page.getByRole('row').filter({ hasText: `@${manager.userName}` });
    await expect(own.getByRole('button', { name: '禁用' })).toBeDisabled();
    await expect(own.getByRole('button', { name: '移出公司' })).toBeDisabled();
    await search.fill(member.userName);
    await search.press('Enter');

    await row.getByRole('button', { name: '分配角色' }).click();
    const dialog = page.getByRole('dialog', { name: `分配角色：${member.name}` });
    await dialog.getByLabel('角色').click();
    await page.locator(`.ant-select-item-option[title="${viewer.name}"]`).click();
    // Close the multiple choice before confirming (a click on the dialog's title).
    await dialog.getByText(`分配角色：${member.name}`).click();
    await dialog.getByRole('button', { name: '确定' }).click();
    await expect(toast(page, '操作成功')).toBeVisible();
    await expect(row).toContainText(viewer.name);

    await row.getByRole('button', { name: '禁用' }).click();
    await page.getByRole('tooltip').getByRole('button', { name: '禁用' }).click();
    await expect(row).toContainText('已禁用');
    await row.getByRole('button', { name: '启用' }).click();
    await expect(row).toContainText('正常');

    await row.getByRole('button', { name: '移出公司' }).click();
    await page.getByRole('tooltip').getByRole('button', { name: '移出公司' }).click();
    await expect(page.getByText(`没有与“${member.userName}”匹配的成员`)).toBeVisible();
  });
});

test.describe('a user created with an initial password', () => {
  test('a company administrator creates a user with roles; at first sign-in the user must choose a new password before the console opens', async ({ page, browser, request }) => {
    const admin = await platformAdmin(request);
    const company = await createCompany(admin, '新建方');
    const boss = await createPerson(admin, request, company.id, [await companyAdminRole(admin, company.id)]);
    const operator = await createRole(admin, company.id, ['smart_data', 'sd_capsule'], '操作员');
    const userName = `new_${Date.now().toString(36)}`;

    await signIn(page, boss, '/userManagement/users');
    await page.getByRole('button', { name: '新建用户' }).click();
    const dialog = page.getByRole('dialog', { name: '新建用户' });
    await expect(dialog.getByText('用户首次登录时须修改初始密码。', { exact: false })).toBeVisible();
    await dialog.getByLabel('用户名').fill(userName);
    await dialog.getByLabel('初始密码').fill('short');
    await dialog.getByLabel('姓名').fill('新操作员');
    await dialog.getByLabel('角色').click();
    await page.locator(`.ant-select-item-option[title="${operator.name}"]`).click();
    // Closes the role list (it covers the dialog's buttons).
    await dialog.getByText('用户首次登录时须修改初始密码。', { exact: false }).click();
    await dialog.getByRole('button', { name: '创建' }).click();
    await expect(dialog.getByText('至少 8 位', { exact: false }).first()).toBeVisible();
    await dialog.getByLabel('初始密码').fill('Start1234');
    await dialog.getByRole('button', { name: '创建' }).click();
    await expect(toast(page, '操作成功')).toBeVisible();
    await expect(page.getByRole('row').filter({ hasText: userName })).toContainText(operator.name);

    // The new user signs in with the initial password and is asked for their own first.
    const context = await browser.newContext({ baseURL: test.info().project.use.baseURL, locale: 'zh-CN' });
    const user = await context.newPage();
    await user.goto('/home');
    await submitPasswordSignIn(user, userName, 'Start1234');
    const notice = user.getByRole('dialog', { name: '用户须知' });
    await notice.getByRole('checkbox', { name: '我已阅读并同意' }).check();
    await notice.getByRole('button', { name: '同意', exact: true }).click();
    await expect(user.getByText('请修改初始密码')).toBeVisible();
    await expect(user.getByText('您的密码由管理员设置。', { exact: false })).toBeVisible();
    await expect(user.getByRole('navigation', { name: '主菜单' })).toHaveCount(0);
    await user.getByLabel('原密码').fill('Start1234');
    await user.getByLabel('新密码', { exact: true }).fill('Mine12345');
    await user.getByLabel('确认新密码').fill('Mine12345');
    await user.getByRole('button', { name: '修改密码' }).click();
    // The console opens at once.
    await expect(userMenu(user, '新操作员')).toBeVisible();
    await expect(user.getByText('请修改初始密码')).toHaveCount(0);
    await user.goto('/smartdata/datacapsule');
    await expect(user.getByRole('heading', { name: '数据舱', level: 1 })).toBeVisible();
    await context.close();
  });
});
