import { errorNotice, submitPasswordSignIn, userMenu, signInButton } from './support/accounts';
import { expect, test } from './support/fixtures';
import type { Route } from '@playwright/test';
import { createCompany, createPerson, createRole, makePng, platformAdmin, signIn, signOut, toast } from './support/people';

/**
 * The personal center (issue 3, /user/*): avatar, password, orders and the navbar's renewal
 * notice. Every test makes its own company and user.
 */

const day = 86_400_000;

test.describe('personal center', () => {
  test('a user uploads an avatar and sees it in the navbar; a wrong type or a too large file is refused', async ({ page, request }) => {
    const admin = await platformAdmin(request);
    const company = await createCompany(admin);
    const user = await createPerson(admin, request, company.id, []);

    await signIn(page, user, '/user/userinfo');
    const navbarAvatar = userMenu(page, user.name).locator('img');
    await expect(navbarAvatar).toHaveCount(0);
    const fileInput = page.locator('input[type="file"]');

    // Checked in the browser before anything is sent, with the spec's texts.
    const problem = page.getByRole('main').getByRole('alert');
    await fileInput.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not an image') });
    await expect(problem).toHaveText('文件格式错误，请上传图片类型');
    await expect(toast(page, '文件格式错误，请上传图片类型')).toBeVisible();
    await fileInput.setInputFiles({ name: 'photo.png', mimeType: 'image/png', buffer: Buffer.alloc(3 * 1024 * 1024 + 1, 1) });
    await expect(problem).toHaveText('图片大小超过 3M');
    await expect(toast(page, '图片大小超过 3M')).toBeVisible();
    await expect(navbarAvatar).toHaveCount(0);

    await fileInput.setInputFiles({ name: 'avatar.png', mimeType: 'image/png', buffer: makePng(16) });
    await expect(toast(page, '操作成功')).toBeVisible();
    await expect(navbarAvatar).toHaveAttribute('src', /^\/general\/cos\/public\/c\d+\/avatar\/[0-9a-f-]+\.png$/);
    await expect.poll(() => navbarAvatar.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth)).toBe(16);
    await expect(problem).toHaveCount(0);

    // Removing it brings back the initial.
    await page.getByRole('button', { name: '移除头像' }).click();
    await page.getByRole('tooltip').getByRole('button', { name: '移除头像' }).click();
    await expect(toast(page, '删除成功')).toBeVisible();
    await expect(navbarAvatar).toHaveCount(0);
  });

  test('a user changes the password and signs in with the new one', async ({ page, request }) => {
    const admin = await platformAdmin(request);
    const company = await createCompany(admin);
    const user = await createPerson(admin, request, company.id, []);
    const newPassword = 'N3wPassw0rd!';

    await signIn(page, user, '/user/userinfo');
    const card = page.locator('.ant-card').filter({ has: page.getByText('修改密码', { exact: true }) });
    await card.getByLabel('原密码').fill(user.password);
    await card.getByLabel('新密码', { exact: true }).fill(newPassword);
    await card.getByLabel('确认新密码').fill(`${newPassword}x`);
    await card.getByLabel('确认新密码').press('Enter');
    await expect(card.getByText('两次输入的密码不一致')).toBeVisible();

    await card.getByLabel('确认新密码').fill(newPassword);
    await card.getByLabel('确认新密码').press('Enter');
    await expect(toast(page, '操作成功')).toBeVisible();
    await expect(card.getByLabel('原密码')).toHaveValue('');

    await signOut(page, user.name);
    await submitPasswordSignIn(page, user.userName, user.password);
    await expect(errorNotice(page, '账号或密码错误')).toBeVisible();
    await page.getByLabel('密码', { exact: true }).fill(newPassword);
    await signInButton(page).click();
    await expect(page).toHaveURL(/\/home$/);
    await expect(userMenu(page, user.name)).toBeVisible();
  });

  test('a call answered after the sign-out neither reloads the sign-in page nor shows a notice', async ({ page, request }) => {
    const admin = await platformAdmin(request);
    const company = await createCompany(admin);
    const user = await createPerson(admin, request, company.id, []);
    await signIn(page, user, '/user/userinfo');

    // The profile's save is held on its way until the user has signed out, as a slow call crosses a
    // sign-out: the server then answers it 70006 (the token is revoked). Queries are cancelled when
    // their page goes; a save is not.
    let held: Route | undefined;
    await page.route('**/general/user/updateUser', (route) => {
      held = route;
    });
    const card = page.locator('.ant-card').filter({ has: page.getByText('基本信息', { exact: true }) });
    await card.getByRole('button', { name: '保存' }).click();
    await expect.poll(() => held !== undefined).toBe(true);
    await signOut(page, user.name);
    let loads = 0;
    page.on('load', () => (loads += 1));
    const answered = page.waitForResponse((response) => response.request() === held?.request());
    await held?.continue();
    const { code } = (await (await answered).json()) as { code: number };
    expect([70004, 70006]).toContain(code); // expired or revoked: the session is over

    // The user starts typing; the page used to show the refusal and reload a second later, losing it.
    await page.getByLabel('用户名').fill(user.userName);
    await page.waitForTimeout(1500); // longer than the client's reload delay after a 70004 (1 s)
    expect(loads).toBe(0);
    await expect(page.getByLabel('用户名')).toHaveValue(user.userName);
    await expect(page.locator('.ant-notification-notice')).toHaveCount(0);
    await page.getByLabel('密码', { exact: true }).fill(user.password);
    await signInButton(page).click();
    await expect(userMenu(page, user.name)).toBeVisible();
  });

  test('the language saved in the profile follows the user to another browser at sign-in', async ({ page, request, browser }) => {
    const admin = await platformAdmin(request);
    const company = await createCompany(admin);
    const user = await createPerson(admin, request, company.id, []);

    await signIn(page, user, '/user/userinfo');
    const card = page.locator('.ant-card').filter({ has: page.getByText('基本信息', { exact: true }) });
    await card.getByText('English', { exact: true }).click();
    await expect(card.getByRole('radio', { name: 'English' })).toBeChecked();
    await card.getByRole('button', { name: '保存' }).click();
    await expect(toast(page, 'Operation successful')).toBeVisible();
    await expect(page.getByRole('button', { name: `User menu: ${user.name}` })).toBeVisible();

    // Another browser remembers no language: the sign-in page is in Chinese, the console then
    // opens in the language the user saved.
    const other = await browser.newContext();
    const otherPage = await other.newPage();
    await otherPage.goto('/login');
    await expect(otherPage.getByRole('heading', { name: '欢迎登录' })).toBeVisible();
    await submitPasswordSignIn(otherPage, user.userName, user.password);
    await expect(otherPage).toHaveURL(/\/home$/);
    await expect(otherPage).toHaveTitle('Home - SmartData Console');
    await expect(otherPage.getByRole('button', { name: `User menu: ${user.name}` })).toBeVisible();
    await expect(otherPage.getByRole('tab', { name: 'Home' })).toBeVisible();
    await other.close();
  });

  test('the navbar language switch is saved to the account too', async ({ page, request, browser }) => {
    const admin = await platformAdmin(request);
    const company = await createCompany(admin);
    const user = await createPerson(admin, request, company.id, []);

    await signIn(page, user, '/home');
    await page.getByRole('button', { name: '语言: 中文' }).click();
    await page.getByRole('menuitem', { name: 'English' }).click();
    await expect(page).toHaveTitle('Home - SmartData Console');

    const other = await browser.newContext();
    const otherPage = await other.newPage();
    await otherPage.goto('/login');
    await expect(otherPage.getByRole('heading', { name: '欢迎登录' })).toBeVisible();
    await submitPasswordSignIn(otherPage, user.userName, user.password);
    await expect(otherPage).toHaveTitle('Home - SmartData Console');
    await other.close();
  });

  test('the navbar shows a renewal notice when the order expires within 30 days', async ({ page, request }) => {
    const admin = await platformAdmin(request);
    const company = await createCompany(admin);
    const role = await createRole(admin, company.id, ['pc_my_order']);
    const user = await createPerson(admin, request, company.id, [role.id]);
    const now = Date.now();
    await admin.post('order/addOrder', { companyId: company.id, swProductId: '智慧数据平台专业版', subTypeId: '年度', startAt: now - 355 * day, expireAt: now + 10 * day });

    await signIn(page, user, '/home');
    const notice = page.getByRole('status', { name: '当前订单将在 10 天后到期。' });
    await expect(notice).toBeVisible();
    await expect(notice).toHaveText('订单 10 天后到期');
    await notice.click();
    await expect(page).toHaveURL(/\/user\/myorder$/);
    const row = page.getByRole('row').filter({ hasText: '智慧数据平台专业版' });
    await expect(row).toContainText('即将到期');
    await expect(row).toContainText('10 天');
  });

  test('an expired order shows a red notice; a long one none', async ({ page, request }) => {
    const admin = await platformAdmin(request);
    const expired = await createCompany(admin, '过期');
    const user = await createPerson(admin, request, expired.id, [(await createRole(admin, expired.id, ['pc_my_order'])).id]);
    const now = Date.now();
    await admin.post('order/addOrder', { companyId: expired.id, swProductId: '基础版', subTypeId: '试用', startAt: now - 40 * day, expireAt: now - day });

    await signIn(page, user, '/user/myorder');
    const notice = page.getByRole('status', { name: '当前订单已过期。' });
    await expect(notice).toHaveText('订单已过期');
    await expect(notice).toHaveClass(/ant-tag-error|ant-tag-red/);
    await expect(page.getByRole('row').filter({ hasText: '基础版' })).toContainText('已过期');
    await signOut(page, user.name);

    const valid = await createCompany(admin, '有效');
    const other = await createPerson(admin, request, valid.id, [(await createRole(admin, valid.id, ['pc_my_order'])).id]);
    await admin.post('order/addOrder', { companyId: valid.id, swProductId: '专业版', subTypeId: '年度', startAt: now, expireAt: now + 200 * day });
    await signIn(page, other, '/user/myorder');
    await expect(page.getByRole('row').filter({ hasText: '专业版' })).toContainText('有效');
    await expect(page.getByRole('status', { name: /当前订单/ })).toHaveCount(0);
  });
});
