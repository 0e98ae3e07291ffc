import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { TEST_PASSWORD, uniqueAccount } from './accounts';
import { ADMIN, api, uniqueName, type ApiClient } from './api';

/**
 * Companies, administrators and members for the organization specs (roles, groups, company
 * settings, tags, device access, platform companies). Every test makes a company of its own.
 */

export interface CompanyAdmin {
  userName: string;
  password: string;
  companyId: number;
  companyName: string;
  /** An API client signed in as this administrator. */
  api: ApiClient;
}

export interface Member {
  userId: number;
  userName: string;
  password: string;
  name: string;
}

/** Agrees to the user notice through the API, so sign-in goes straight to the console. */
export async function agreeNotice(client: ApiClient): Promise<void> {
  const notice = await client.get<{ version: string; agreed: boolean }>('user/getNotice');
  if (!notice.agreed) {
    await client.post('user/agreeNotice', { version: notice.version });
  }
}

/** The platform administrator's sign-in, as the sign-in helpers take it. */
export const PLATFORM_ADMIN = { userName: ADMIN.username, password: ADMIN.password } as const;

/** The platform administrator, signed in through the API and past the user notice. */
export async function platformAdmin(request: APIRequestContext): Promise<ApiClient> {
  const client = await api(request, ADMIN);
  await agreeNotice(client);
  return client;
}

/**
 * A new company (made by the platform administrator) and a user holding its administrator role,
 * the role addCompany creates (every code but system maintenance).
 */
export async function createCompanyAdmin(adminApi: ApiClient, request: APIRequestContext, prefix = '公司'): Promise<CompanyAdmin> {
  const companyName = uniqueName(prefix);
  const { id: companyId } = await adminApi.post<{ id: number }>('company/addCompany', { displayName: companyName });
  const roles = await adminApi.get<{ id: number; name: string }[]>('role/getRoleList', { companyId });
  expect(roles, 'addCompany makes an administrator role').toHaveLength(1);
  const { userName, phone } = uniqueAccount();
  await adminApi.post('user/addSysUser', { userName, password: TEST_PASSWORD, companyId, roleIds: [roles[0]!.id], name: userName, phone });
  const client = await api(request, { username: userName, password: TEST_PASSWORD }, { fresh: true });
  await agreeNotice(client);
  return { userName, password: TEST_PASSWORD, companyId, companyName, api: client };
}

/**
 * A member of the company without any role, made by the platform administrator, who has agreed
 * to the user notice (so a spec can sign in as them).
 */
export async function addMember(adminApi: ApiClient, request: APIRequestContext, companyId: number, displayName?: string): Promise<Member> {
  const { userName } = uniqueAccount();
  // The navbar names a user by their name; the sign-in helpers look for the user name there.
  const name = displayName ?? userName;
  const { id } = await adminApi.post<{ id: number }>('user/addSysUser', { userName, password: TEST_PASSWORD, companyId, roleIds: [], name });
  await agreeNotice(await api(request, { username: userName, password: TEST_PASSWORD }, { fresh: true }));
  return { userId: id, userName, password: TEST_PASSWORD, name };
}

/** A valid 1×1 PNG. */
export const ONE_PIXEL_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

/** The latest toast of a page (antd message) holding `text` (an earlier one may still show). */
export function toast(page: Page, text: string): Locator {
  return page.locator('.ant-message-notice').filter({ hasText: text }).last();
}

/**
 * A modal that is not zooming in or out (antd's `ant-zoom-appear`/`-enter`/`-leave` motion
 * classes sit on the dialog element itself). Actions wait until the zoom ends: a click on a button
 * that grows under the pointer can land its mousedown and its mouseup on different elements, and
 * then the browser fires no click (a confirmation's Delete did nothing in CI, tasks.spec.ts).
 */
function settled(page: Page): Locator {
  return page.locator(':not([class*="ant-zoom-"])');
}

/** The open dialog (modal) titled `title`, once it has finished opening. */
export function dialog(page: Page, title: string | RegExp): Locator {
  return page.getByRole('dialog').and(settled(page)).filter({ has: page.locator('.ant-modal-title', { hasText: title }) });
}

/** A confirmation dialog (modal.confirm) whose title holds `title`, once it has finished opening. */
export function confirmDialog(page: Page, title: string | RegExp): Locator {
  return page.locator('.ant-modal-confirm').and(settled(page)).filter({ has: page.locator('.ant-modal-confirm-title', { hasText: title }) });
}

/** The row of a table that holds `text`. */
export function tableRow(page: Page | Locator, text: string): Locator {
  return page.locator('.ant-table-tbody > tr.ant-table-row').filter({ hasText: text });
}

export function mainMenu(page: Page): Locator {
  return page.getByRole('navigation', { name: '主菜单' });
}

/** The titles of the sidebar's top-level entries (groups and pages outside groups). */
export async function topMenuTitles(page: Page): Promise<string[]> {
  const entries = mainMenu(page).locator('.ant-menu-root > .ant-menu-item, .ant-menu-root > .ant-menu-submenu > .ant-menu-submenu-title');
  return (await entries.allInnerTexts()).map((text) => text.trim());
}

/** Opens a group of the sidebar and answers the titles of its pages. */
export async function subMenuTitles(page: Page, group: string): Promise<string[]> {
  const submenu = mainMenu(page)
    .locator('.ant-menu-root > .ant-menu-submenu')
    .filter({ has: page.locator('.ant-menu-submenu-title', { hasText: group }) });
  if (!(await submenu.evaluate((node) => node.classList.contains('ant-menu-submenu-open')))) {
    await submenu.locator('.ant-menu-submenu-title').click();
  }
  const items = submenu.locator('.ant-menu-sub > .ant-menu-item');
  await expect(items.first()).toBeVisible();
  return (await items.allInnerTexts()).map((text) => text.trim());
}
