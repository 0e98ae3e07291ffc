import type { Page } from '@playwright/test';
import { createUser, errorNotice, signInAt, submitPasswordSignIn, userMenu, type TestUser, signInButton } from './support/accounts';
import { expect, test } from './support/fixtures';

/**
 * The console shell of issue 2 (spec §2 guard rules and layout, §8 error handling): what a user
 * sees around the pages — sign-in redirects, titles, /404, the menu, tabs, sidebar, language and
 * the notifications of failed calls. Every test signs in as a user of its own.
 */

const SESSION_KEY = 'smartdata-session';

/** The home page has loaded its overview of the user's company. */
async function expectHomeLoaded(page: Page, user: TestUser): Promise<void> {
  await expect(page.getByText(`以下是${user.companyName}的概览`)).toBeVisible();
}

function mainMenu(page: Page) {
  return page.getByRole('navigation', { name: '主菜单' });
}

/** The top-level entries of the sidebar menu (groups and pages outside groups). */
function topMenuEntries(page: Page) {
  return mainMenu(page).locator('.ant-menu-root > .ant-menu-item, .ant-menu-root > .ant-menu-submenu > .ant-menu-submenu-title');
}

/** A menu entry by its title (the name also holds the icon's, as in "team 用户管理"). */
function entryNamed(title: string) {
  return { name: new RegExp(`(^|\\s)${title}$`) };
}

/** An entry of the sidebar menu: a group or a page. */
function menuEntry(page: Page, title: string) {
  return mainMenu(page).getByRole('menuitem', entryNamed(title));
}

/** The entries of an opened group of the sidebar menu. */
function subMenuEntries(page: Page, group: string) {
  return mainMenu(page)
    .locator('.ant-menu-root > .ant-menu-submenu')
    .filter({ has: page.getByRole('menuitem', entryNamed(group)) })
    .locator('.ant-menu-sub')
    .getByRole('menuitem');
}

/** Opens a page through the sidebar: the group first (unless open), then the page. */
async function openFromMenu(page: Page, group: string, title: string): Promise<void> {
  const entry = menuEntry(page, title);
  if (!(await entry.isVisible())) {
    await menuEntry(page, group).click();
  }
  await entry.click();
  await expect(tab(page, title)).toHaveAttribute('aria-selected', 'true');
}

function tabs(page: Page) {
  return page.getByRole('tablist', { name: '已打开的页面' }).getByRole('tab');
}

/** A tab by its title (its name also holds its close button's, as in "用户 关闭 用户"). */
function tab(page: Page, title: string) {
  return page.getByRole('tablist', { name: '已打开的页面' }).getByRole('tab', { name: new RegExp(`^${title}(\\s|$)`) });
}

/** The context menu of a tab, while it is open. */
function openContextMenu(page: Page) {
  return page.locator('.ant-dropdown:not(.ant-dropdown-hidden)').getByRole('menu');
}

/**
 * Right-clicks a tab and waits until its menu has settled: the menu slides in and is aligned to
 * the pointer meanwhile, and a click during that could land beside it.
 */
async function openTabMenu(page: Page, title: string) {
  await tab(page, title).click({ button: 'right' });
  const popup = page.locator('.ant-dropdown:not(.ant-dropdown-hidden)');
  await expect(popup).toHaveCount(1);
  await expect(popup).not.toHaveClass(/-appear|-enter/);
  return popup.getByRole('menu');
}

/** Right-clicks a tab and chooses an entry of its menu (刷新, 关闭, 关闭其他, 关闭所有). */
async function chooseTabAction(page: Page, title: string, action: string): Promise<void> {
  const menu = await openTabMenu(page, title);
  await menu.getByRole('menuitem', { name: action, exact: true }).click();
}

/** Replaces the token of the stored session (localStorage), as a stale tab would hold it. */
async function replaceStoredToken(page: Page, token: string): Promise<void> {
  await page.evaluate(
    ([key, value]) => {
      const stored = JSON.parse(localStorage.getItem(key) ?? '{"state":{},"version":0}') as { state: Record<string, unknown> };
      stored.state.token = value;
      localStorage.setItem(key, JSON.stringify(stored));
    },
    [SESSION_KEY, token] as const,
  );
}

/**
 * When the server first refused the session (HTTP 401: 70004/70006) and when the page loaded
 * next, which is the app reloading itself (spec §8: after 1 second).
 */
/**
 * The console goes back to sign-in a second after the refusal. Both times are taken here, in the
 * test process, from Playwright's events, whose delivery lags the browser by up to ~150 ms on a busy
 * machine (a CI run measured 865 ms): at least 700 ms still tells "after a second" from "at once".
 */
const reloadAfterMsAtLeast = 700;

function watchSessionEnd(page: Page): { refusedAt: number; reloadedAt: number } {
  const times = { refusedAt: 0, reloadedAt: 0 };
  page.on('response', (response) => {
    if (times.refusedAt === 0 && response.url().includes('/general/') && response.status() === 401) {
      times.refusedAt = Date.now();
    }
  });
  page.on('load', () => {
    if (times.refusedAt !== 0 && times.reloadedAt === 0) {
      times.reloadedAt = Date.now();
    }
  });
  return times;
}

async function storedToken(page: Page): Promise<string | null> {
  return page.evaluate((key) => (JSON.parse(localStorage.getItem(key) ?? '{"state":{}}') as { state: { token?: string | null } }).state.token ?? null, SESSION_KEY);
}

test.describe('guard rules', () => {
  test('a visitor may open only /login and a certificate’s /verify/:code; any other page sends them to /login and back after signing in', async ({ page, adminApi, request }) => {
    const user = await createUser(adminApi, request, { codes: ['user_management', 'um_user'] });

    // The public verification page of a gas certificate (issue 20) opens without signing in.
    await page.goto('/verify/no-such-code');
    await expect(page).toHaveURL('/verify/no-such-code');
    await expect(page.getByRole('status')).toBeVisible();
    await expect(page.getByRole('heading', { name: '欢迎登录' })).toHaveCount(0);

    await page.goto('/userManagement/users?from=mail');
    await expect(page).toHaveURL('/login?redirect=%2FuserManagement%2Fusers%3Ffrom%3Dmail');
    await expect(page.getByRole('heading', { name: '欢迎登录' })).toBeVisible();

    await submitPasswordSignIn(page, user.userName, user.password);
    await expect(page).toHaveURL('/userManagement/users?from=mail');
    await expect(page).toHaveTitle('用户 - 智慧数据平台');
    await expect(userMenu(page, user.userName)).toBeVisible();
  });

  test('a signed-in user who opens /login goes on to the console, and / opens /home', async ({ page, adminApi, request }) => {
    const user = await createUser(adminApi, request);
    await signInAt(page, user);

    await page.goto('/login');
    await expect(page).toHaveURL('/home');
    await page.goto('/login?redirect=%2F404');
    await expect(page).toHaveURL('/404');
    await page.goto('/');
    await expect(page).toHaveURL('/home');
    await expect(page.getByRole('tab', { name: '首页' })).toHaveAttribute('aria-selected', 'true');
  });

  test('unknown paths, and pages not built or not permitted, go to /404', async ({ page, adminApi, request }) => {
    const user = await createUser(adminApi, request);

    // A visitor is asked to sign in first, then lands on /404.
    await page.goto('/no/such/page');
    await expect(page).toHaveURL('/login?redirect=%2Fno%2Fsuch%2Fpage');
    await submitPasswordSignIn(page, user.userName, user.password);
    await expect(page).toHaveURL('/404');
    await expect(page).toHaveTitle('页面不存在 - 智慧数据平台');
    await expect(page.getByText('抱歉，您访问的页面不存在，或您没有访问它的权限。')).toBeVisible();

    await page.getByRole('button', { name: '返回首页' }).click();
    await expect(page).toHaveURL('/home');

    // A page of the system-maintenance section: never for a company user.
    await page.goto('/systemMaintenance/systemuser');
    await expect(page).toHaveURL('/404');
    await page.getByRole('button', { name: '返回上一页' }).click();
    await expect(page).toHaveURL('/home');
  });

  test('history-mode deep links survive a reload, and the page title follows the route', async ({ page, adminApi, request }) => {
    const user = await createUser(adminApi, request);
    await signInAt(page, user, '/user/userinfo');
    await expect(page).toHaveTitle('个人信息 - 智慧数据平台');

    await page.reload();
    await expect(page).toHaveURL('/user/userinfo');
    await expect(page).toHaveTitle('个人信息 - 智慧数据平台');
    await expect(page.getByRole('heading', { name: '个人信息', level: 1 })).toBeVisible();

    await menuEntry(page, '首页').click();
    await expect(page).toHaveURL('/home');
    await expect(page).toHaveTitle('首页 - 智慧数据平台');
    await page.goBack();
    await expect(page).toHaveURL('/user/userinfo');
    await expect(page).toHaveTitle('个人信息 - 智慧数据平台');
    await page.goForward();
    await expect(page).toHaveURL('/home');
  });

  test('/redirect/<path> re-renders the page and comes back to it', async ({ page, adminApi, request }) => {
    const user = await createUser(adminApi, request);
    await signInAt(page, user);
    await expectHomeLoaded(page, user);

    let overviewCalls = 0;
    page.on('request', (call) => {
      if (call.url().includes('/general/home/getOverview')) {
        overviewCalls += 1;
      }
    });
    await page.goto('/redirect/home');
    await expect(page).toHaveURL('/home');
    await expectHomeLoaded(page, user);
    expect(overviewCalls).toBe(1);

    // The navbar's refresh goes the same way, and shows the data as it is now.
    await page.getByRole('button', { name: '刷新页面' }).click();
    await expect(page).toHaveURL('/home');
    await expect.poll(() => overviewCalls).toBe(2);
    await expectHomeLoaded(page, user);
  });
});

test.describe('menu from the menu codes', () => {
  test('a user sees only the menu entries their codes allow, and those routes are set for the session', async ({ page, adminApi, request }) => {
    const user = await createUser(adminApi, request, { codes: ['user_management', 'um_user'] });
    await signInAt(page, user);

    const menu = mainMenu(page);
    await expect(menu.getByText(user.companyName)).toBeVisible();
    await expect(topMenuEntries(page)).toHaveText(['首页', '用户管理', '个人中心']);
    await menuEntry(page, '用户管理').click();
    await expect(subMenuEntries(page, '用户管理')).toHaveText(['用户']);
    await menuEntry(page, '个人中心').click();
    await expect(subMenuEntries(page, '个人中心')).toHaveText(['个人信息']);
    await menuEntry(page, '用户').click();
    await expect(page).toHaveURL('/userManagement/users');
    await expect(page).toHaveTitle('用户 - 智慧数据平台');

    // Pages the codes do not allow are not reachable by their address either.
    await page.goto('/userManagement/role');
    await expect(page).toHaveURL('/404');
    await page.goto('/user/myorder');
    await expect(page).toHaveURL('/404');

    // Routes are generated once per session: a code granted now shows from the next sign-in on.
    await adminApi.post('role/updateRole', { id: user.roleId, companyId: user.companyId, codes: ['user_management', 'um_user', 'pc_my_order'] });
    await page.goto('/home');
    await menuEntry(page, '个人中心').click();
    await expect(subMenuEntries(page, '个人中心')).toHaveText(['个人信息']);

    await userMenu(page, user.userName).click();
    await page.getByRole('menuitem', { name: '退出登录' }).click();
    await expect(page).toHaveURL('/login');
    await submitPasswordSignIn(page, user.userName, user.password);
    await expect(page).toHaveURL('/home');
    await menuEntry(page, '个人中心').click();
    await expect(subMenuEntries(page, '个人中心')).toHaveText(['我的订单', '个人信息']);
    await menuEntry(page, '我的订单').click();
    await expect(page).toHaveURL('/user/myorder');
  });

  test('a user without codes sees the home page and the personal center only', async ({ page, adminApi, request }) => {
    const user = await createUser(adminApi, request, { codes: [] });
    await signInAt(page, user);

    // Who works in the company is for those who may manage users (issue 12): no member list, no
    // member or role count — the company and the available sections only.
    await expectHomeLoaded(page, user);
    await expect(page.locator('.sd-stat__label')).toHaveText(['可用功能']);
    await expect(page.locator('.sd-members-card')).toHaveCount(0);
    await expect(topMenuEntries(page)).toHaveText(['首页', '个人中心']);
    await menuEntry(page, '个人中心').click();
    await expect(subMenuEntries(page, '个人中心')).toHaveText(['个人信息']);
    await page.goto('/userManagement/users');
    await expect(page).toHaveURL('/404');
  });
});

test.describe('tab bar', () => {
  test('visited pages open tabs; the context menu refreshes, closes, closes others and closes all; 首页 stays', async ({ page, adminApi, request }) => {
    const user = await createUser(adminApi, request, { codes: ['user_management', 'um_user', 'pc_my_order'] });
    await signInAt(page, user);
    await expect(tabs(page)).toHaveText(['首页']);

    await openFromMenu(page, '用户管理', '用户');
    await openFromMenu(page, '个人中心', '我的订单');
    await openFromMenu(page, '个人中心', '个人信息');
    await expect(tabs(page)).toHaveText(['首页', '用户', '我的订单', '个人信息']);
    await expect(page).toHaveTitle('个人信息 - 智慧数据平台');
    await expect(page.getByRole('navigation', { name: '当前位置' })).toHaveText(/首页\s*\/\s*个人中心\s*\/\s*个人信息/);

    // A click on a tab goes back to its page; visiting it again opens no second tab.
    await tab(page, '用户').click();
    await expect(page).toHaveURL('/userManagement/users');
    await expect(page).toHaveTitle('用户 - 智慧数据平台');
    await openFromMenu(page, '用户管理', '用户');
    await expect(tabs(page)).toHaveCount(4);

    // The fixed 首页 tab has no close button, and its menu cannot close it.
    await expect(tab(page, '首页').getByRole('button')).toHaveCount(0);
    const homeMenu = await openTabMenu(page, '首页');
    await expect(homeMenu.getByRole('menuitem')).toHaveText(['刷新', '关闭', '关闭其他', '关闭所有']);
    await expect(homeMenu.getByRole('menuitem', { name: '关闭', exact: true })).toHaveAttribute('aria-disabled', 'true');
    await page.keyboard.press('Escape');
    await expect(openContextMenu(page)).toHaveCount(0);

    // Closing a tab that is not shown keeps the page.
    await chooseTabAction(page, '我的订单', '关闭');
    await expect(tabs(page)).toHaveText(['首页', '用户', '个人信息']);
    await expect(page).toHaveURL('/userManagement/users');

    // Closing the shown tab with its × shows its neighbour.
    await tab(page, '用户').getByRole('button', { name: '关闭 用户' }).click();
    await expect(tabs(page)).toHaveText(['首页', '个人信息']);
    await expect(page).toHaveURL('/user/userinfo');

    // Close others, from a tab that is not shown: that tab is shown.
    await openFromMenu(page, '个人中心', '我的订单');
    await openFromMenu(page, '用户管理', '用户');
    await chooseTabAction(page, '我的订单', '关闭其他');
    await expect(tabs(page)).toHaveText(['首页', '我的订单']);
    await expect(page).toHaveURL('/user/myorder');

    // Close all leaves the fixed tab, and shows it.
    await openFromMenu(page, '个人中心', '个人信息');
    await chooseTabAction(page, '个人信息', '关闭所有');
    await expect(tabs(page)).toHaveText(['首页']);
    await expect(page).toHaveURL('/home');
    await expect(page).toHaveTitle('首页 - 智慧数据平台');
  });

  test('a tab keeps its page state while another tab is shown; refresh and close start the page afresh', async ({ page, adminApi, request }) => {
    const user = await createUser(adminApi, request, { codes: ['user_management', 'um_user'] });
    await signInAt(page, user);

    await openFromMenu(page, '用户管理', '用户');
    const search = page.getByRole('searchbox', { name: '搜索用户名、姓名或手机号' });
    await search.fill('张三');
    await openFromMenu(page, '个人中心', '个人信息');
    await expect(search).toBeHidden();

    await tab(page, '用户').click();
    await expect(search).toBeVisible();
    await expect(search).toHaveValue('张三');

    // Refresh from the tab's menu renders the page anew.
    await chooseTabAction(page, '用户', '刷新');
    await expect(page).toHaveURL('/userManagement/users');
    await expect(search).toHaveValue('');

    // A closed tab forgets its page.
    await search.fill('李四');
    await tab(page, '个人信息').click();
    await tab(page, '用户').getByRole('button', { name: '关闭 用户' }).click();
    await expect(tabs(page)).toHaveText(['首页', '个人信息']);
    await openFromMenu(page, '用户管理', '用户');
    await expect(search).toHaveValue('');
  });
});

test.describe('layout', () => {
  test('the collapsed sidebar is remembered across a reload', async ({ page, adminApi, request, context }) => {
    const user = await createUser(adminApi, request);
    await signInAt(page, user);

    const menu = mainMenu(page);
    await expect.poll(async () => (await menu.boundingBox())?.width).toBe(240);
    await page.getByRole('button', { name: '收起菜单' }).click();
    await expect.poll(async () => (await menu.boundingBox())?.width).toBe(64);
    await expect(menu.getByText(user.companyName)).toBeHidden();
    expect((await context.cookies()).find((cookie) => cookie.name === 'sidebarStatus')?.value).toBe('0');

    await page.reload();
    await expect(page.getByRole('button', { name: '展开菜单' })).toBeVisible();
    await expect.poll(async () => (await menu.boundingBox())?.width).toBe(64);

    await page.getByRole('button', { name: '展开菜单' }).click();
    await expect.poll(async () => (await menu.boundingBox())?.width).toBe(240);
    await page.reload();
    await expect(menu.getByText(user.companyName)).toBeVisible();
    expect((await context.cookies()).find((cookie) => cookie.name === 'sidebarStatus')?.value).toBe('1');
  });

  test('with the system set to reduce motion the console runs without transitions; without it they play', async ({ page }) => {
    // playwright.config.ts asks for reduced motion; the sign-in button's transition follows it.
    const transition = () => signInButton(page).evaluate((button) => getComputedStyle(button).transitionDuration);
    await page.goto('/login');
    await expect(signInButton(page)).toBeVisible();
    expect((await transition()).split(',').every((d) => parseFloat(d) === 0)).toBe(true);
    await page.emulateMedia({ reducedMotion: 'no-preference' });
    await page.reload();
    await expect(signInButton(page)).toBeVisible();
    expect((await transition()).split(',').some((d) => parseFloat(d) > 0)).toBe(true);
  });

  test('below 992px the sidebar becomes a drawer opened from the navbar', async ({ page, adminApi, request }) => {
    const user = await createUser(adminApi, request);
    await page.setViewportSize({ width: 992, height: 800 });
    await signInAt(page, user);
    await expect(mainMenu(page)).toBeVisible();

    await page.setViewportSize({ width: 991, height: 800 });
    await expect(mainMenu(page)).toBeHidden();
    await expect(page.getByRole('navigation', { name: '当前位置' })).toBeHidden();

    await page.getByRole('button', { name: '打开菜单' }).click();
    const drawer = page.getByRole('dialog');
    await expect(drawer.getByRole('navigation', { name: '主菜单' })).toBeVisible();
    await expect(drawer.getByText(user.companyName)).toBeVisible();
    await drawer.getByRole('menuitem', { name: '首页' }).click();
    await expect(drawer).toBeHidden();

    await page.setViewportSize({ width: 1280, height: 800 });
    await expect(mainMenu(page)).toBeVisible();
    await expect(page.getByRole('button', { name: '收起菜单' })).toBeVisible();
  });

  test('Chinese by default; English on the switch, remembered after a reload', async ({ page, adminApi, request }) => {
    const user = await createUser(adminApi, request);

    await page.goto('/login');
    await expect(page.getByRole('heading', { name: '欢迎登录' })).toBeVisible();
    await expect(page).toHaveTitle('登录 - 智慧数据平台');
    await page.getByRole('group', { name: '语言' }).getByRole('button', { name: 'English' }).click();
    await expect(page.getByRole('heading', { name: 'Welcome back' })).toBeVisible();
    await expect(page).toHaveTitle('Sign in - SmartData Console');

    // Messages of the server come in the chosen language too.
    await page.getByLabel('User name').fill(user.userName);
    await page.getByLabel('Password', { exact: true }).fill('Wrong0password');
    await signInButton(page, 'Sign in').click();
    await expect(errorNotice(page, 'Incorrect account or password', 'Notice')).toBeVisible();

    await page.getByLabel('Password', { exact: true }).fill(user.password);
    await signInButton(page, 'Sign in').click();
    await expect(page).toHaveURL('/home');
    await expect(page).toHaveTitle('Home - SmartData Console');
    await expect(page.getByRole('tab', { name: 'Home' })).toBeVisible();

    await page.reload();
    await expect(page).toHaveTitle('Home - SmartData Console');
    await expect(page.getByRole('button', { name: `User menu: ${user.userName}` })).toBeVisible();

    await page.getByRole('button', { name: 'Language: English' }).click();
    await page.getByRole('menuitem', { name: '中文' }).click();
    await expect(page).toHaveTitle('首页 - 智慧数据平台');
    await expect(page.getByRole('tab', { name: '首页' })).toBeVisible();
  });

  test('signing out from the user menu ends the session', async ({ page, adminApi, request }) => {
    const user = await createUser(adminApi, request);
    await signInAt(page, user);

    await userMenu(page, user.userName).click();
    await page.getByRole('menuitem', { name: '退出登录' }).click();
    await expect(page).toHaveURL('/login');
    expect(await storedToken(page)).toBeNull();
    await page.goto('/home');
    await expect(page).toHaveURL('/login?redirect=%2Fhome');
  });
});

test.describe('error notifications', () => {
  test('an invalid stored token (70004): notice, session cleared, back to sign-in after a second', async ({ page, adminApi, request }) => {
    const user = await createUser(adminApi, request);
    await signInAt(page, user);

    await replaceStoredToken(page, 'not-a-valid-token');
    const sessionEnd = watchSessionEnd(page);
    await page.reload();

    await expect(errorNotice(page, '登录信息无效，请重新登录')).toBeVisible();
    // A second after the refusal the page reloads itself, without the session, on /login.
    await expect.poll(() => sessionEnd.reloadedAt).toBeGreaterThan(0);
    expect(sessionEnd.reloadedAt - sessionEnd.refusedAt).toBeGreaterThanOrEqual(reloadAfterMsAtLeast);
    await expect(page).toHaveURL('/login?redirect=%2Fhome');
    await expect(page.getByRole('heading', { name: '欢迎登录' })).toBeVisible();
    expect(await storedToken(page)).toBeNull();
    await expect(errorNotice(page, '登录信息无效，请重新登录')).toHaveCount(0);
  });

  test('a token revoked elsewhere (70006) is handled the same way', async ({ page, adminApi, request }) => {
    const user = await createUser(adminApi, request);
    await signInAt(page, user);
    await expectHomeLoaded(page, user);

    const token = await storedToken(page);
    const answer = await request.get('/general/user/access/logout', { headers: { authorization: `Bearer ${token}` } });
    expect((await answer.json()).code).toBe(0);

    const sessionEnd = watchSessionEnd(page);
    await page.getByRole('button', { name: '刷新页面' }).click();
    await expect(errorNotice(page, '登录已过期，请重新登录')).toBeVisible();
    await expect.poll(() => sessionEnd.reloadedAt).toBeGreaterThan(0);
    expect(sessionEnd.reloadedAt - sessionEnd.refusedAt).toBeGreaterThanOrEqual(reloadAfterMsAtLeast);
    await expect(page).toHaveURL('/login?redirect=%2Fhome');
    await expect(page.getByRole('heading', { name: '欢迎登录' })).toBeVisible();
    expect(await storedToken(page)).toBeNull();
  });

  test('a refused call shows 提示 with the message; for 50001 the reason in data', async ({ page, adminApi, request }, testInfo) => {
    const user = await createUser(adminApi, request);
    await signInAt(page, user);
    await expectHomeLoaded(page, user);

    await page.route('**/general/home/getOverview', (route) =>
      route.fulfill({ status: 400, contentType: 'application/json', body: JSON.stringify({ code: 50001, msg: '验证失败', data: '公司时区不正确' }) }),
    );
    await page.getByRole('button', { name: '刷新页面' }).click();

    const shown = errorNotice(page, '公司时区不正确');
    await expect(shown).toBeVisible();
    await expect(shown).not.toContainText('验证失败');
    await testInfo.attach('50001 notice', { body: await page.screenshot(), contentType: 'image/png' });
  });

  test('a call that gets no answer shows 请求无响应:', async ({ page, adminApi, request }) => {
    const user = await createUser(adminApi, request);
    await signInAt(page, user);
    await expectHomeLoaded(page, user);

    await page.route('**/general/home/getOverview', (route) => route.abort('connectionrefused'));
    await page.getByRole('button', { name: '刷新页面' }).click();

    const shown = errorNotice(page, /^提示请求无响应:/);
    await expect(shown).toBeVisible();
    await expect(shown).not.toContainText('请求超时！');
  });

  test('a call slower than 30 s times out with 请求无响应: … 请求超时！', async ({ page, adminApi, request }, testInfo) => {
    const user = await createUser(adminApi, request);
    // The page's timers run on Playwright's clock, so 30 s pass in an instant; the server really
    // answers 35 s late (the test-only slow endpoint).
    await page.clock.install();
    await signInAt(page, user);
    await expectHomeLoaded(page, user);

    let slowCalled!: () => void;
    const slowCall = new Promise<void>((resolve) => {
      slowCalled = resolve;
    });
    await page.route('**/general/home/getOverview', async (route) => {
      slowCalled();
      await route.continue({ url: new URL('/general/test/slow?ms=35000', route.request().url()).toString() });
    });
    await page.getByRole('button', { name: '刷新页面' }).click();
    await slowCall;

    await page.clock.runFor(29_000);
    await expect(errorNotice(page, '请求超时！')).toHaveCount(0);
    await page.clock.runFor(1_500);

    const shown = errorNotice(page, '请求超时！');
    await expect(shown).toBeVisible();
    await expect(shown).toContainText('请求无响应:');
    await testInfo.attach('timeout notice', { body: await page.screenshot(), contentType: 'image/png' });
  });
});
