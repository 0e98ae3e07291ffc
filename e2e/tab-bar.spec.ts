import type { Page } from '@playwright/test';
import { allPermissionCodes, platformOnlyCodes } from '../packages/domain/src/shared/permissions';
import { createUser, signInAt } from './support/accounts';
import { expect, test } from './support/fixtures';

/**
 * Issue 13, point 4: after about fifteen pages the active tab was off screen and 首页 had scrolled
 * away, with no arrows and no list of the open pages. A company administrator opens twenty menu
 * pages in a 1440×900 window. ("Wholly on screen" allows a sub-pixel sliver: tab widths are
 * fractional and a scroll position is whole pixels.)
 */

/** Twenty menu pages of a company administrator, with their tab titles. */
const PAGES: ReadonlyArray<readonly [string, string]> = [
  ['/smartdata/datacapsule', '数据舱'],
  ['/smartdata/itemgroup', '数据项分组'],
  ['/smartdata/dashboard3', '看板'],
  ['/smartdata/dashboarddisplay', '看板轮播'],
  ['/smartdata/device', '设备'],
  ['/cloudSurveillance/alertLog', '告警信息'],
  ['/cloudSurveillance/alertRule', '告警规则'],
  ['/cloudSurveillance/dataUpdate', '数据更新监控'],
  ['/device/gateway', '网关'],
  ['/device/firmware', '固件'],
  ['/sysSetting/companyManagement', '公司管理'],
  ['/sysSetting/tagSetting', '标签设置'],
  ['/sysSetting/ioSocket', '设备接入'],
  ['/userManagement/users', '用户'],
  ['/userManagement/group', '用户组'],
  ['/userManagement/role', '角色'],
  ['/user/myorder', '我的订单'],
  ['/user/myassignmentanze', '我的任务'],
  ['/user/userinfo', '个人信息'],
  // The test pages are the platform administrator's since issue 31.15.
  ['/device/meter', '电表'],
];

function tabList(page: Page) {
  return page.getByRole('tablist', { name: '已打开的页面' });
}

/** A tab by its title (its name also holds its close button's, as in "用户 关闭 用户"). */
function tab(page: Page, title: string) {
  return tabList(page).getByRole('tab', { name: new RegExp(`^${title}(\\s|$)`) });
}

/**
 * Opens a page inside the running console, as a click in the menu or a link does (a reload would
 * start a new set of tabs): the history entry is pushed and the router told, as on Back/Forward.
 */
async function openInApp(page: Page, path: string): Promise<void> {
  await page.evaluate((to) => {
    window.history.pushState(null, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
}

test.use({ viewport: { width: 1440, height: 900 } });

test('with twenty pages open the active tab stays in view, 首页 stays, arrows scroll and the list of open pages switches', async ({ page, adminApi, request }) => {
  const codes = allPermissionCodes.filter((code) => !platformOnlyCodes.includes(code));
  const user = await createUser(adminApi, request, { codes });
  await signInAt(page, user);
  await expect(tab(page, '首页')).toHaveAttribute('aria-selected', 'true');

  for (const [path, title] of PAGES) {
    await openInApp(page, path);
    await expect(page).toHaveURL(path);
    await expect(tab(page, title)).toHaveAttribute('aria-selected', 'true');
    // Every newly shown tab is wholly on screen, and so is the fixed 首页.
    await expect(tab(page, title)).toBeInViewport({ ratio: 0.99 });
    await expect(tab(page, '首页')).toBeInViewport({ ratio: 0.99 });
  }
  await expect(tabList(page).getByRole('tab')).toHaveCount(PAGES.length + 1);
  await page.screenshot({ path: '/tmp/hC-shots/tabs-20-pages.png' });

  // The bar overflows: the first pages are scrolled out, and the left arrow brings them back.
  await expect(tab(page, '数据舱')).not.toBeInViewport();
  const scrollLeft = page.getByRole('button', { name: '向左滚动标签' });
  const scrollRight = page.getByRole('button', { name: '向右滚动标签' });
  await expect(scrollLeft).toBeEnabled();
  await expect(scrollRight).toBeDisabled();
  // Smooth scrolling: the arrow may turn disabled (the row reached its start) while the last step
  // is still moving the tab in, so stop clicking then and let the assertions below wait.
  for (let i = 0; i < 20 && !(await tab(page, '数据舱').evaluate(isFullyInScroller)); i += 1) {
    if (await scrollLeft.isDisabled()) {
      break;
    }
    // It may turn disabled between the check and the click: then there is nothing left to scroll.
    await scrollLeft.click({ timeout: 2000 }).catch(() => undefined);
  }
  await expect(tab(page, '数据舱')).toBeInViewport({ ratio: 0.99 });
  await expect(scrollLeft).toBeDisabled();
  await expect(scrollRight).toBeEnabled();
  await expect(tab(page, '首页')).toBeInViewport({ ratio: 0.99 });

  // The list of open pages: every tab, the shown one marked; a choice switches to it and brings
  // its tab into view.
  await page.getByRole('button', { name: '所有已打开的页面' }).click();
  const list = page.getByRole('menu', { name: '所有已打开的页面' });
  await expect(list.getByRole('menuitem')).toHaveText(['首页', ...PAGES.map(([, title]) => title)]);
  await expect(list.getByRole('menuitem', { name: '电表', exact: true })).toHaveClass(/ant-dropdown-menu-item-selected/);
  await page.screenshot({ path: '/tmp/hC-shots/tabs-overflow-list.png' });
  await list.getByRole('menuitem', { name: '标签设置' }).click();
  await expect(page).toHaveURL('/sysSetting/tagSetting');
  await expect(tab(page, '标签设置')).toHaveAttribute('aria-selected', 'true');
  await expect(tab(page, '标签设置')).toBeInViewport({ ratio: 0.99 });
  await expect(tab(page, '首页')).toBeInViewport({ ratio: 0.99 });

  // A click on the fixed 首页 shows it without scrolling the other tabs away.
  await tab(page, '首页').click();
  await expect(page).toHaveURL('/home');
  await expect(tab(page, '标签设置')).toBeInViewport({ ratio: 0.99 });
});

/** Whether a tab lies wholly inside the visible part of its scrolling row. */
function isFullyInScroller(element: Element): boolean {
  const scroller = element.parentElement;
  if (!scroller) {
    return false;
  }
  const box = element.getBoundingClientRect();
  const view = scroller.getBoundingClientRect();
  return box.left >= view.left - 0.5 && box.right <= view.right + 0.5;
}
