import { createUser, errorNotice, submitPasswordSignIn, TEST_PASSWORD, uniqueAccount, userMenu, signInButton } from './support/accounts';
import { expect, latestSmsCode, test } from './support/fixtures';

/**
 * Sign-in, registration, password reset and the user notice (issue 2, spec §2 and §4), as a user
 * goes through them on /login. Every test makes its own user (unique name and phone).
 */

test.describe('sign-in page', () => {
  test('a visitor signs in with user name and password and reaches the home page', async ({ page, adminApi, request }) => {
    const user = await createUser(adminApi, request);

    await page.goto('/login');
    await expect(page).toHaveTitle('登录 - 智慧数据平台');
    await expect(page.getByRole('heading', { name: '欢迎登录' })).toBeVisible();
    await expect(page.getByRole('tab', { name: '账号密码登录' })).toHaveAttribute('aria-selected', 'true');

    await submitPasswordSignIn(page, user.userName, user.password);

    await expect(page).toHaveURL(/\/home$/);
    await expect(page).toHaveTitle('首页 - 智慧数据平台');
    await expect(userMenu(page, user.userName)).toBeVisible();
  });

  test('a wrong password is refused with a notice that does not say which part was wrong', async ({ page, adminApi, request }) => {
    const user = await createUser(adminApi, request);

    await page.goto('/login');
    await submitPasswordSignIn(page, user.userName, 'Wrong0password');

    await expect(errorNotice(page, '账号或密码错误')).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);
    // The same answer for a user name nobody has.
    await page.getByLabel('用户名').fill(`${user.userName}_nobody`);
    await signInButton(page).click();
    await expect(errorNotice(page, '账号或密码错误')).toHaveCount(2);
  });

  test('empty fields are pointed out before anything is sent', async ({ page }) => {
    await page.goto('/login');
    await signInButton(page).click();
    await expect(page.getByRole('alert').filter({ hasText: '请填写此项' })).toHaveCount(2);
    await expect(page).toHaveURL(/\/login$/);
  });

  test('a user signs in with their phone and the SMS code sent to it', async ({ page, adminApi, request }) => {
    const user = await createUser(adminApi, request);

    await page.goto('/login');
    await page.getByRole('tab', { name: '手机验证码登录' }).click();
    const form = page.getByRole('form', { name: '手机验证码登录' });
    await form.getByLabel('手机号').fill(user.phone);
    await form.getByRole('button', { name: '获取验证码' }).click();
    await expect(form.getByRole('status')).toHaveText('验证码已发送，请注意查收');
    await expect(form.getByRole('button', { name: /秒后重发/ })).toBeDisabled();

    await form.getByLabel('验证码').fill(await latestSmsCode(request, user.phone));
    await signInButton(form).click();

    await expect(page).toHaveURL(/\/home$/);
    await expect(userMenu(page, user.userName)).toBeVisible();
  });

  test('a wrong SMS code is refused', async ({ page, adminApi, request }) => {
    const user = await createUser(adminApi, request);

    await page.goto('/login');
    await page.getByRole('tab', { name: '手机验证码登录' }).click();
    const form = page.getByRole('form', { name: '手机验证码登录' });
    await form.getByLabel('手机号').fill(user.phone);
    await form.getByRole('button', { name: '获取验证码' }).click();
    const code = await latestSmsCode(request, user.phone);
    await form.getByLabel('验证码').fill(code === '000000' ? '111111' : '000000');
    await signInButton(form).click();

    await expect(errorNotice(page, '账号或密码错误')).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);
  });
});

test.describe('register and reset password', () => {
  test('a visitor registers with an SMS code, agrees to the notice and lands in their new company', async ({ page, request }) => {
    const { userName, phone } = uniqueAccount();

    await page.goto('/login');
    await page.getByRole('button', { name: '注册账号' }).click();
    await expect(page).toHaveURL(/\/login\?mode=register$/);
    const form = page.getByRole('form', { name: '注册账号' });
    await form.getByLabel('手机号').fill(phone);
    await form.getByRole('button', { name: '获取验证码' }).click();
    await form.getByLabel('验证码').fill(await latestSmsCode(request, phone));
    await form.getByLabel('用户名').fill(userName);
    await form.getByLabel('密码', { exact: true }).fill(TEST_PASSWORD);
    await form.getByLabel('确认密码').fill(TEST_PASSWORD);
    await form.getByLabel('姓名（选填）').fill('测试用户');
    await form.getByRole('button', { name: '注册并登录' }).click();

    // Registration signs the new user in; the user notice comes first.
    const dialog = page.getByRole('dialog', { name: '用户须知' });
    await expect(dialog).toBeVisible();
    await dialog.getByRole('checkbox', { name: '我已阅读并同意' }).check();
    await dialog.getByRole('button', { name: '同意', exact: true }).click();

    await expect(page).toHaveURL(/\/home$/);
    await expect(page.getByText('以下是测试用户的公司的概览')).toBeVisible();
    await expect(userMenu(page, '测试用户')).toBeVisible();
  });

  test('the register form checks the fields and shows the reason the server refuses', async ({ page, adminApi, request }) => {
    const taken = await createUser(adminApi, request);
    const { phone } = uniqueAccount();

    await page.goto('/login?mode=register');
    const form = page.getByRole('form', { name: '注册账号' });
    await form.getByLabel('手机号').fill('123');
    await form.getByRole('button', { name: '获取验证码' }).click();
    await expect(form.getByRole('alert')).toHaveText('请输入正确的 11 位手机号');

    await form.getByLabel('手机号').fill(phone);
    await form.getByRole('button', { name: '获取验证码' }).click();
    await form.getByLabel('验证码').fill(await latestSmsCode(request, phone));
    await form.getByLabel('用户名').fill(taken.userName);
    await form.getByLabel('密码', { exact: true }).fill('short');
    await form.getByLabel('确认密码').fill('other');
    await form.getByRole('button', { name: '注册并登录' }).click();
    await expect(form.getByRole('alert').filter({ hasText: '密码至少 8 位' })).toBeVisible();
    await expect(form.getByRole('alert').filter({ hasText: '两次输入的密码不一致' })).toBeVisible();

    await form.getByLabel('密码', { exact: true }).fill(TEST_PASSWORD);
    await form.getByLabel('确认密码').fill(TEST_PASSWORD);
    await form.getByRole('button', { name: '注册并登录' }).click();
    await expect(errorNotice(page, '用户名已存在')).toBeVisible();
    await expect(page).toHaveURL(/\/login\?mode=register$/);
  });

  test('a user resets a forgotten password with an SMS code and signs in with the new one', async ({ page, adminApi, request }) => {
    const user = await createUser(adminApi, request);
    const newPassword = 'N3wPassword2026';

    await page.goto('/login');
    await page.getByRole('button', { name: '忘记密码？' }).click();
    const form = page.getByRole('form', { name: '重置密码' });
    await form.getByLabel('手机号').fill(user.phone);
    await form.getByRole('button', { name: '获取验证码' }).click();
    await form.getByLabel('验证码').fill(await latestSmsCode(request, user.phone));
    await form.getByLabel('新密码').fill(newPassword);
    await form.getByLabel('确认密码').fill(newPassword);
    await form.getByRole('button', { name: '重置密码' }).click();

    await expect(page.getByRole('status')).toHaveText('密码已重置，请使用新密码登录');
    await expect(page).toHaveURL(/\/login$/);

    await submitPasswordSignIn(page, user.userName, user.password);
    await expect(errorNotice(page, '账号或密码错误')).toBeVisible();

    await page.getByLabel('密码', { exact: true }).fill(newPassword);
    await signInButton(page).click();
    await expect(page).toHaveURL(/\/home$/);
  });
});

test.describe('user notice', () => {
  test('the notice must be agreed to: confirm stays disabled until the box is ticked, and is not asked again', async ({ page, adminApi, request }) => {
    const user = await createUser(adminApi, request, { agreed: false });

    await page.goto('/login');
    await submitPasswordSignIn(page, user.userName, user.password);

    const dialog = page.getByRole('dialog', { name: '用户须知' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('document', { name: '用户须知' })).not.toBeEmpty();
    const confirm = dialog.getByRole('button', { name: '同意', exact: true });
    await expect(confirm).toBeDisabled();
    // Neither Esc nor a click beside the dialog gets past it.
    await page.keyboard.press('Escape');
    await page.mouse.click(5, 5);
    await expect(dialog).toBeVisible();

    const agree = dialog.getByRole('checkbox', { name: '我已阅读并同意' });
    await agree.check();
    await expect(confirm).toBeEnabled();
    await agree.uncheck();
    await expect(confirm).toBeDisabled();
    await agree.check();
    await confirm.click();

    await expect(dialog).toBeHidden();
    await expect(page).toHaveURL(/\/home$/);
    await page.reload();
    await expect(userMenu(page, user.userName)).toBeVisible();
    await expect(page.getByRole('dialog', { name: '用户须知' })).toHaveCount(0);
  });

  test('declining the notice signs the user out', async ({ page, adminApi, request }) => {
    const user = await createUser(adminApi, request, { agreed: false });

    await page.goto('/login');
    await submitPasswordSignIn(page, user.userName, user.password);
    const dialog = page.getByRole('dialog', { name: '用户须知' });
    await dialog.getByRole('button', { name: '拒绝并退出' }).click();

    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('heading', { name: '欢迎登录' })).toBeVisible();
    // The session is gone: the console asks for a sign-in again.
    await page.goto('/home');
    await expect(page).toHaveURL(/\/login\?redirect=%2Fhome$/);
  });
});
