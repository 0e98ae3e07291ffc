import type { Locator, Page } from '@playwright/test';
import { expect } from './fixtures';

/**
 * Picks `option` in an antd Select as a user would: opens it, waits until its list stands still,
 * clicks the option.
 *
 * The dropdown is found through the select's listbox id (aria-controls): the previous select's
 * dropdown may still be fading out on a slow machine and hold an option of the same name. The list
 * is watched because a single select with a value scrolls it to that value a moment after it opens
 * (rc-select: a setTimeout, then rc-virtual-list scrolls over a few frames) — a click aimed at
 * "长文本" before that scroll landed on its neighbour "文本" (fresh-clone run, data-items.spec).
 * With `search`, that text is typed into a searchable select first.
 */
export async function chooseOption(
  page: Page,
  select: Locator,
  option: string | RegExp,
  { search }: { search?: string } = {},
): Promise<void> {
  await select.click();
  if (search !== undefined) {
    await select.fill(search);
  }
  const listId = await select.getAttribute('aria-controls');
  const dropdown = listId
    ? page.locator('.ant-select-dropdown').filter({ has: page.locator(`[id="${listId}"]`) })
    : page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)');
  const target = dropdown.locator('.ant-select-item-option').filter({ hasText: option }).first();
  await expect(target).toBeVisible();
  let last = '';
  let unchanged = 0;
  await expect
    .poll(
      async () => {
        const box = JSON.stringify(await target.boundingBox());
        unchanged = box === last ? unchanged + 1 : 0;
        last = box;
        return unchanged;
      },
      { intervals: [40], message: 'the option list stands still' },
    )
    .toBeGreaterThanOrEqual(2);
  await target.click();
}
