import { test as base } from '@playwright/test';
import { api, type ApiClient } from './api';

/**
 * `test` with an `adminApi` fixture (an API client signed in as the platform administrator):
 *
 *   import { test, expect } from './support/fixtures';
 *   test('…', async ({ page, adminApi }) => { … });
 */
export const test = base.extend<{ adminApi: ApiClient }>({
  adminApi: async ({ request }, use) => {
    await use(await api(request));
  },
});

export { expect } from '@playwright/test';
export { ADMIN, api, getToken, latestSmsCode, requestToken, uniqueName } from './api';
export type { ApiClient, Envelope, RawAnswer } from './api';
