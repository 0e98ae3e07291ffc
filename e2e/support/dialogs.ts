import { expect, type Locator, type Page } from '@playwright/test';

/**
 * Plays the page's CSS animations `factor` times slower (Chromium's DevTools protocol) until the
 * returned function is called: a dialog's fade-out (0.3 s) then lasts long enough for a test to act
 * while it runs, on a fast machine as on a loaded one.
 */
export async function slowAnimations(page: Page, factor: number): Promise<() => Promise<void>> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Animation.enable');
  await cdp.send('Animation.setPlaybackRate', { playbackRate: 1 / factor });
  return async () => {
    await cdp.send('Animation.setPlaybackRate', { playbackRate: 1 });
    await cdp.detach();
  };
}

/**
 * Submits a form dialog with Enter in `field` and, as soon as `success` shows, moves focus on to
 * `next` — the list's search box — as Playwright's `fill` or a quick user does. A dialog that stays
 * mounted (`open={state}`) is then still fading out, its fade-out slowed down so that the move
 * happens during it every time; a dialog rendered only while open has gone at once. Then, once the
 * dialog has gone: focus is still on `next`, not taken back to the button that opened the dialog
 * (where the next Enter would open it again, empty: issue 23), and no dialog is open.
 *
 * Resolves to whether focus moved while the dialog faded out (the case of issue 23).
 */
export async function submitWithEnterAndMoveOn(
  page: Page,
  { dialog, field, success, next }: { dialog: Locator; field: Locator; success: Locator; next: Locator },
): Promise<{ movedDuringFadeOut: boolean }> {
  const restore = await slowAnimations(page, 10);
  let movedDuringFadeOut: boolean;
  try {
    await field.press('Enter');
    await expect(success).toBeVisible();
    await next.focus();
    movedDuringFadeOut = await dialog.evaluateAll((elements) => elements.some((element) => /-leave\b/.test(element.className)));
    await expect(dialog).toBeHidden();
  } finally {
    await restore();
  }
  await expect(next).toBeFocused();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  return { movedDuringFadeOut };
}
