import { defineConfig, devices } from '@playwright/test';
import os from 'node:os';
import path from 'node:path';

/**
 * End-to-end tests: the real server (apps/server/src/main.ts serving apps/web/dist) on a test port
 * with an empty data folder, driven in Debian's Chromium. Run through `npm run test:e2e` (builds
 * the web first and checks Chromium) or as part of `npm test`.
 *
 * This file is evaluated in the runner and again in every worker, so everything here must come
 * out the same each time: fixed ports (E2E_PORT / E2E_MQTT_PORT override), a fixed data folder.
 */
const port = Number(process.env.E2E_PORT ?? 18080);
const mqttPort = Number(process.env.E2E_MQTT_PORT ?? 18830);
const baseURL = `http://127.0.0.1:${port}`;
// The stand-in of WeChat's OAuth endpoints that e2e/wechat.spec.ts starts (e2e/support/wechat.ts):
// the server under test is pointed at it for both WeChat base URLs.
const wechatPort = Number((process.env.E2E_WECHAT_PORT ??= String(port + 20000)));
// Wiped by scripts/e2e-server.mjs when the server starts; left in place afterwards for a look.
// (E2E_DATA_DIR must be a folder named smartdata-e2e*: the wrapper refuses to wipe anything else.)
const dataDir = process.env.E2E_DATA_DIR ?? path.join(os.tmpdir(), `smartdata-e2e-${port}`);

// The admin the specs sign in as (e2e/support/api.ts reads the same variables).
const adminUser = (process.env.E2E_ADMIN_USER ??= 'admin');
const adminPassword = (process.env.E2E_ADMIN_PASSWORD ??= 'Admin12345');

// The server under test uses the embedded SQLite in its fresh DATA_DIR, even when the shell that
// runs the tests points DATABASE_URL at a PostgreSQL (as .ci/run does for the API tests): a
// shared database would carry data from one run into the next. E2E_DATABASE_URL opts in.
delete process.env.DATABASE_URL;

const isCI = !!process.env.CI;

// Playwright empties its output folder when it starts, so two runs in one checkout (on different
// E2E_PORTs) must not share one: a second port gets a folder of its own.
const outputDir = process.env.E2E_OUTPUT_DIR ?? (port === 18080 ? 'test-results' : `.tmp/e2e-results-${port}`);

export default defineConfig({
  testDir: 'e2e',
  testMatch: '**/*.spec.ts',
  outputDir,
  // One server and one database behind all specs, and 2 cores shared by the server, Chromium and
  // the runner: one worker by default keeps specs from racing on shared data (E2E_WORKERS=2).
  workers: Number(process.env.E2E_WORKERS ?? 1),
  fullyParallel: false,
  forbidOnly: isCI,
  // No retry where people run the README's `npm test`: a test that fails once fails the run. CI
  // retries once, to say "flaky" rather than "failed" in its log, and failOnFlakyTests makes a test
  // that passed only on its retry fail the run all the same (issue 23): a flake is reported, not
  // absorbed. npm test's table and failure lines mark such a test [flaky].
  retries: isCI ? 1 : 0,
  failOnFlakyTests: true,
  timeout: 120_000,
  expect: { timeout: 10_000 },
  // Below the 40 min that scripts/test.mjs allows the step, so Playwright reports what ran (a run
  // with --repeat-each needs more: add --global-timeout=0).
  globalTimeout: 35 * 60_000,
  reporter: [['list'], ['./e2e/support/summary-reporter.ts']],
  use: {
    baseURL,
    // The product's default language and time zone: what its users see.
    locale: 'zh-CN',
    timezoneId: 'Asia/Shanghai',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    actionTimeout: 15_000,
    navigationTimeout: 30_000,
  },
  projects: [
    {
      name: 'chromium',
      use: {
        ...devices['Desktop Chrome'],
        // Debian's Chromium, never a Playwright download (`npx playwright install` is not used).
        launchOptions: {
          executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
          args: [
            '--headless',
            '--no-sandbox',
            '--disable-gpu',
            '--disable-background-networking',
            '--disable-component-update',
            '--no-first-run',
            '--disable-sync',
          ],
        },
      },
    },
  ],
  webServer: {
    command: 'node scripts/e2e-server.mjs',
    url: `${baseURL}/general/health`,
    reuseExistingServer: false,
    timeout: 120_000,
    gracefulShutdown: { signal: 'SIGTERM', timeout: 5_000 },
    stdout: process.env.E2E_SERVER_LOG ? 'pipe' : 'ignore',
    stderr: 'pipe',
    env: {
      HOST: '127.0.0.1',
      PORT: String(port),
      MQTT_PORT: String(mqttPort),
      DATA_DIR: dataDir,
      ...(process.env.E2E_DATABASE_URL ? { DATABASE_URL: process.env.E2E_DATABASE_URL } : {}),
      SMARTDATA_TEST_ROUTES: '1',
      SMARTDATA_ADMIN_USER: adminUser,
      SMARTDATA_ADMIN_PASSWORD: adminPassword,
      WECHAT_OPEN_BASE: `http://127.0.0.1:${wechatPort}`,
      WECHAT_API_BASE: `http://127.0.0.1:${wechatPort}`,
    },
  },
});
