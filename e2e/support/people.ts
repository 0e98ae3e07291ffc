import { deflateSync } from 'node:zlib';
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { signInAt, TEST_PASSWORD, uniqueAccount, userMenu } from './accounts';
import { ADMIN, api, uniqueName, type ApiClient } from './api';

/**
 * People for the users, personal-center and system specs: companies made by the platform
 * administrator, roles with exactly the codes a test needs, and users in them. Every call goes
 * through the API as the contract of issue 3 describes it (addCompany, addRole, addSysUser).
 */

export interface Person {
  userId: number;
  userName: string;
  password: string;
  /** Display name; the navbar's user menu is named after it. */
  name: string;
  companyId: number;
}

export interface Company {
  id: number;
  name: string;
}

/** Agrees to the current user notice through the API, so sign-in goes straight to the console. */
export async function agreeNotice(client: ApiClient): Promise<void> {
  const notice = await client.get<{ version: string; agreed: boolean }>('user/getNotice');
  if (!notice.agreed) {
    await client.post('user/agreeNotice', { version: notice.version });
  }
}

/** The platform administrator's API client, past the user notice (specs that sign in as admin). */
export async function platformAdmin(request: APIRequestContext): Promise<ApiClient> {
  const client = await api(request, ADMIN);
  await agreeNotice(client);
  return client;
}

export async function createCompany(adminApi: ApiClient, prefix = '公司'): Promise<Company> {
  const name = uniqueName(prefix);
  const { id } = await adminApi.post<{ id: number }>('company/addCompany', { displayName: name });
  return { id, name };
}

/** A role of `companyId` holding exactly `codes`. */
export async function createRole(adminApi: ApiClient, companyId: number, codes: string[], prefix = '角色'): Promise<{ id: number; name: string }> {
  const name = uniqueName(prefix);
  const { id } = await adminApi.post<{ id: number }>('role/addRole', { name, codes, companyId });
  return { id, name };
}

/** The administrator role addCompany made for the company. */
export async function companyAdminRole(adminApi: ApiClient, companyId: number): Promise<number> {
  const roles = await adminApi.get<{ id: number }[]>('role/getRoleList', { companyId });
  expect(roles.length, 'addCompany makes an administrator role').toBeGreaterThan(0);
  return roles[0]!.id;
}

/** A user of `companyId` with `roleIds`, who has agreed to the user notice. */
export async function createPerson(adminApi: ApiClient, request: APIRequestContext, companyId: number, roleIds: number[]): Promise<Person> {
  const { userName, phone } = uniqueAccount();
  const { id } = await adminApi.post<{ id: number }>('user/addSysUser', { userName, password: TEST_PASSWORD, companyId, roleIds, name: userName, phone });
  await agreeNotice(await api(request, { username: userName, password: TEST_PASSWORD }, { fresh: true }));
  return { userId: id, userName, password: TEST_PASSWORD, name: userName, companyId };
}

/** Opens `path` signed in as `person` (accounts.ts `signInAt`: a session from the API, not the form). */
export async function signIn(page: Page, person: Pick<Person, 'userName' | 'password' | 'name'>, path = '/home'): Promise<void> {
  await signInAt(page, person, path, person.name);
}

/**
 * Opens the navbar's user dropdown and waits for its opening animation to end: a click while the
 * menu still zooms in can land beside the entry it aimed at.
 */
export async function openUserMenu(page: Page, name: string): Promise<void> {
  await userMenu(page, name).click();
  const popup = page.locator('.ant-dropdown').filter({ has: page.getByRole('menuitem', { name: '退出登录' }) });
  await expect(popup).toBeVisible();
  await expect(popup).not.toHaveClass(/-(appear|enter)/);
}

/** Signs out through the user dropdown. */
export async function signOut(page: Page, name: string): Promise<void> {
  await openUserMenu(page, name);
  await page.getByRole('menuitem', { name: '退出登录' }).click();
  await expect(page).toHaveURL(/\/login$/);
}

/** A success toast of antd's message (操作成功, 删除成功, …). */
export function toast(page: Page, text: string) {
  return page.locator('.ant-message-notice').filter({ hasText: text });
}

/**
 * Every entry of the sidebar menu, groups expanded, in order: what the user can reach. Groups
 * are expanded one by one (an inline menu opens a group on click).
 */
export async function menuEntries(page: Page): Promise<string[]> {
  const menu = page.getByRole('navigation', { name: '主菜单' });
  // The menu renders once the session is loaded; read it only then (首页 is always there).
  await expect(menu.locator('.ant-menu-title-content').first()).toBeVisible();
  const groups = menu.locator('.ant-menu-submenu:not(.ant-menu-submenu-open) > .ant-menu-submenu-title');
  for (let guard = 0; guard < 20 && (await groups.count()) > 0; guard += 1) {
    await groups.first().click();
  }
  await expect(groups).toHaveCount(0);
  return (await menu.locator('.ant-menu-title-content').allInnerTexts()).map((text) => text.trim());
}

/** A PNG of `size`×`size` pixels in one colour, made here (no fixture file). */
export function makePng(size = 8, rgb: [number, number, number] = [22, 104, 220]): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k += 1) {
      c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    }
    return c >>> 0;
  });
  const crc32 = (bytes: Buffer) => {
    let c = 0xffffffff;
    for (const byte of bytes) {
      c = crcTable[(c ^ byte) & 0xff]! ^ (c >>> 8);
    }
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // colour type RGB
  const row = Buffer.concat([Buffer.from([0]), Buffer.from(Array.from({ length: size }, () => rgb).flat())]);
  const pixels = deflateSync(Buffer.concat(Array.from({ length: size }, () => row)));
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', header), chunk('IDAT', pixels), chunk('IEND', Buffer.alloc(0))]);
}
