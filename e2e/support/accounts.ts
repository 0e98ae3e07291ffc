import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { api, getToken, uniqueName, type ApiClient } from './api';

/**
 * Users for the sign-in and console-shell specs: each test makes its own (unique user name and
 * phone), in a company of its own, with a role holding exactly the codes the test needs.
 */

export const TEST_PASSWORD = 'Passw0rd2026';

let serial = 0;

/** A user name and an 11-digit phone that no other test or run uses. */
export function uniqueAccount(): { userName: string; phone: string } {
  serial += 1;
  const worker = process.env.TEST_WORKER_INDEX ?? '0';
  const random = Math.floor(Math.random() * 1296).toString(36);
  const stamp = `${Date.now()}${serial % 10}${worker.slice(-1)}`;
  return { userName: `e2e_${Date.now().toString(36)}${serial}${random}${worker}`, phone: `1${stamp.slice(-10)}` };
}

export interface TestUser {
  userName: string;
  password: string;
  phone: string;
  companyName: string;
  companyId: number;
  roleId: number;
}

/**
 * A user of a new company with one role holding `codes`, made by the administrator. The user has
 * already agreed to the user notice unless `agreed` is false (the notice has its own tests).
 */
export async function createUser(
  adminApi: ApiClient,
  request: APIRequestContext,
  { codes = [] as string[], agreed = true } = {},
): Promise<TestUser> {
  const { userName, phone } = uniqueAccount();
  const companyName = uniqueName('公司');
  const company = await adminApi.post<{ id: number }>('company/addCompany', { displayName: companyName });
  const role = await adminApi.post<{ id: number }>('role/addRole', { name: uniqueName('角色'), codes, companyId: company.id });
  await adminApi.post('user/addSysUser', { userName, password: TEST_PASSWORD, companyId: company.id, roleIds: [role.id], phone, name: userName });
  if (agreed) {
    const client = await api(request, { username: userName, password: TEST_PASSWORD }, { fresh: true });
    const notice = await client.get<{ version: string }>('user/getNotice');
    await client.post('user/agreeNotice', { version: notice.version });
  }
  return { userName, password: TEST_PASSWORD, phone, companyName, companyId: company.id, roleId: role.id };
}

/** Fills the account-and-password form of /login and submits it (Chinese interface). */
/**
 * The sign-in form's submit button. Its accessible name is "loading 登录" while antd's loading icon
 * plays its exit animation, which can outlast the request by seconds in a busy headless browser
 * (a CI run found the button usable but named so for 15 s); a person sees and clicks 登录 all along.
 */
export function signInButton(scope: Pick<Page, 'getByRole'>, label = '登录'): Locator {
  return scope.getByRole('button', { name: new RegExp(`^(loading )?${label}$`) });
}

export async function submitPasswordSignIn(page: Page, userName: string, password: string): Promise<void> {
  await page.getByLabel('用户名').fill(userName);
  await page.getByLabel('密码', { exact: true }).fill(password);
  await signInButton(page).click();
}

/**
 * Opens `path` as a visitor would: the guard sends them to /login?redirect=<path>, they sign in
 * with user name and password and land on `path`. Only the specs about signing in need this
 * (auth, shell); every other spec starts from `signInAt`, which skips the form.
 */
export async function signInThroughForm(page: Page, user: Pick<TestUser, 'userName' | 'password'>, path = '/home', name = user.userName): Promise<void> {
  await page.goto(path);
  await expect(page).toHaveURL(`/login?redirect=${encodeURIComponent(path)}`);
  await submitPasswordSignIn(page, user.userName, user.password);
  await expect(page).toHaveURL(path);
  await expect(userMenu(page, name)).toBeVisible();
}

/**
 * Opens `path` signed in as `user`, the way the browser is after the sign-in form: a token from
 * getToken in the session the web keeps in localStorage (sessionStore.ts), then the console loads
 * the user as it does on every start. The sign-in form itself is the auth and shell specs' subject
 * (`signInThroughForm`); here it would only repeat them, about a second each time.
 */
export async function signInAt(page: Page, user: Pick<TestUser, 'userName' | 'password'>, path = '/home', name = user.userName): Promise<void> {
  const token = await getToken(page.request, { username: user.userName, password: user.password });
  // Any answer of the server's origin gives a page whose localStorage the console reads.
  await page.goto('/general/health');
  await page.evaluate(
    ([key, value]) => localStorage.setItem(key, value),
    [SESSION_STORAGE_KEY, JSON.stringify({ state: { token, user: null, company: null, accessRoutes: false }, version: 0 })] as const,
  );
  await page.goto(path);
  await expect(page).toHaveURL(path);
  await expect(userMenu(page, name)).toBeVisible();
}

/** Where the web keeps its session (apps/web/src/shared/session/sessionStore.ts SESSION_STORAGE_KEY). */
const SESSION_STORAGE_KEY = 'smartdata-session';

/** The navbar's user dropdown, named after the signed-in user. */
export function userMenu(page: Page, name: string): Locator {
  return page.getByRole('button', { name: `用户菜单: ${name}` });
}

/** An error notification of the API client: titled 提示 (spec §8), holding `text`. */
export function errorNotice(page: Page, text: string | RegExp, title = '提示'): Locator {
  return page
    .locator('.ant-notification-notice')
    .filter({ has: page.locator('.ant-notification-notice-title', { hasText: title }) })
    .filter({ hasText: text });
}
