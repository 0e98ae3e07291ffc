import { mkdirSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { signInAt } from './support/accounts';
import { expect as baseExpect, test } from './support/fixtures';
import { confirmDialog, mainMenu, PLATFORM_ADMIN, platformAdmin, toast } from './support/organization';

/**
 * Issue 38 in the browser: the platform administrator opens 系统维护 › 数据备份, sees the schedule in
 * effect (the server runs with BACKUP_DIR beside its data folder, playwright.config.ts), backs up
 * now after a confirmation, and sees the run succeed with its size, duration and folder — then the
 * same page in English. Screenshots (zh-CN and en-US, 1440 and 390 wide) go to /tmp/bk38-shots.
 */
const expect = baseExpect.configure({ timeout: 20_000 });
const shots = '/tmp/bk38-shots';

async function shoot(page: Page, name: string): Promise<void> {
  // Toasts of earlier steps would cover the screen being looked at.
  await page.locator('.ant-message-notice').first().waitFor({ state: 'detached', timeout: 8000 }).catch(() => undefined);
  await page.screenshot({ path: `${shots}/${name}.png`, fullPage: true });
}

/** The newest run: the list's first row. */
const newestRun = (page: Page) => page.locator('.ant-table-tbody > tr.ant-table-row').first();

test('the platform administrator backs up now and sees the run succeed with its size, in Chinese and English', async ({ page, request }) => {
  mkdirSync(shots, { recursive: true });
  await platformAdmin(request);
  await page.setViewportSize({ width: 1440, height: 900 });
  await signInAt(page, PLATFORM_ADMIN, '/home');
  await mainMenu(page).getByRole('menuitem', { name: '系统维护' }).click();
  await mainMenu(page).getByRole('menuitem', { name: '数据备份' }).click();
  await expect(page).toHaveURL(/\/systemMaintenance\/backup$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('数据备份');
  const schedule = page.locator('.ant-card').filter({ hasText: '备份计划' });
  await expect(schedule).toContainText('每天 03:00');
  await expect(schedule).toContainText(/smartdata-e2e[^/]*-backups/);
  await expect(schedule).toContainText('最近 7 份完整备份');

  await page.getByRole('button', { name: '立即备份' }).click();
  const confirm = confirmDialog(page, '现在备份吗？');
  await expect(confirm).toContainText('-backups');
  await confirm.getByRole('button', { name: '立即备份' }).click();
  await expect(toast(page, '备份完成，大小')).toBeVisible({ timeout: 60_000 });
  const run = newestRun(page);
  await expect(run).toContainText('成功');
  await expect(run).toContainText('手动');
  await expect(run).toContainText(/\d+(\.\d)? (B|KB|MB|GB)/);
  await expect(run).toContainText(/\d+ (毫秒|秒)/);
  await expect(run).toContainText(/-backups\/smartdata-\d{4}-\d{2}-\d{2}T\d{6}Z/);
  await expect(page.getByRole('button', { name: '立即备份' })).toBeEnabled();
  await shoot(page, 'list-zh-1440');
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(newestRun(page)).toContainText('成功');
  await shoot(page, 'list-zh-390');

  // English.
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.evaluate(() => localStorage.setItem('language', 'en-US'));
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Backups');
  await expect(page.locator('.ant-card').filter({ hasText: 'Schedule' })).toContainText('Daily at 03:00');
  await expect(newestRun(page)).toContainText('Succeeded');
  await expect(newestRun(page)).toContainText('Manual');
  await page.getByRole('button', { name: 'Back up now' }).click();
  await expect(confirmDialog(page, 'Back up now?')).toContainText('The console keeps running');
  await shoot(page, 'confirm-en-1440');
  await confirmDialog(page, 'Back up now?').getByRole('button', { name: 'Cancel' }).click();
  await shoot(page, 'list-en-1440');
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(newestRun(page)).toContainText('Succeeded');
  await shoot(page, 'list-en-390');
  await page.evaluate(() => localStorage.setItem('language', 'zh-CN'));
});
