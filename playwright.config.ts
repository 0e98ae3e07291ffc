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
// One server per worker (E2E_WORKERS, default 2): worker slot N (TEST_PARALLEL_INDEX) talks to its own
// server on E2E_PORT + N, with its own MQTT port (E2E_MQTT_PORT + N), WeChat stand-in and empty data
// folder, so specs running side by side never share a database, a broker or a platform setting.
// The bases are kept in E2E_BASE_*: a worker overwrites E2E_MQTT_PORT / E2E_WECHAT_PORT with its
// slot's (the specs read those) and must still find the bases if this file is read again.
const workers = Math.max(1, Number(process.env.E2E_WORKERS ?? 2));
const basePort = Number((process.env.E2E_BASE_PORT ??= process.env.E2E_PORT ?? '18080'));
const baseMqttPort = Number((process.env.E2E_BASE_MQTT_PORT ??= process.env.E2E_MQTT_PORT ?? '18830'));
const baseWechatPort = Number((process.env.E2E_BASE_WECHAT_PORT ??= process.env.E2E_WECHAT_PORT ?? String(basePort + 20000)));
/** The ports and data folder of worker slot `slot`. */
function slotOf(slot: number) {
  const port = basePort + slot;
  return {
    port,
    mqttPort: baseMqttPort + slot,
    // The stand-in of WeChat's OAuth endpoints that e2e/wechat.spec.ts starts (e2e/support/wechat.ts):
    // the server under test is pointed at it for both WeChat base URLs.
    wechatPort: baseWechatPort + slot,
    baseURL: `http://127.0.0.1:${port}`,
    // Wiped by scripts/e2e-server.mjs when the server starts; left in place afterwards for a look.
    // (E2E_DATA_DIR must be a folder named smartdata-e2e*: the wrapper refuses to wipe anything else.)
    dataDir: process.env.E2E_DATA_DIR ? `${process.env.E2E_DATA_DIR}${slot === 0 ? '' : `-${slot}`}` : path.join(os.tmpdir(), `smartdata-e2e-${port}`),
  };
}
const inWorker = process.env.TEST_PARALLEL_INDEX !== undefined;
const own = slotOf(inWorker ? Number(process.env.TEST_PARALLEL_INDEX) : 0);
process.env.E2E_MQTT_PORT = String(own.mqttPort);
process.env.E2E_WECHAT_PORT = String(own.wechatPort);

// The admin the specs sign in as (e2e/support/api.ts reads the same variables).
const adminUser = (process.env.E2E_ADMIN_USER ??= 'admin');
const adminPassword = (process.env.E2E_ADMIN_PASSWORD ??= 'Admin12345');

// The servers under test use the embedded SQLite in their fresh DATA_DIR, even when the shell that
// runs the tests points DATABASE_URL at a PostgreSQL (as .ci/run does for the API tests): a
// shared database would carry data from one run into the next. E2E_DATABASE_URL opts in (one
// worker then: two servers would share it).
delete process.env.DATABASE_URL;

const isCI = !!process.env.CI;

// Playwright empties its output folder when it starts, so two runs in one checkout (on different
// E2E_PORTs) must not share one: a second port gets a folder of its own.
const outputDir = process.env.E2E_OUTPUT_DIR ?? (basePort === 18080 ? 'test-results' : `.tmp/e2e-results-${basePort}`);

export default defineConfig({
  testDir: 'e2e',
  testMatch: '**/*.spec.ts',
  outputDir,
  // Two workers by default, each with a server of its own (above): on 2 cores most of a spec's
  // time is spent waiting (animations, MQTT round trips, the scheduler), and the suite takes about
  // half as long. E2E_WORKERS=1 runs it on one server, in file order.
  workers: process.env.E2E_DATABASE_URL ? 1 : workers,
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
    baseURL: own.baseURL,
    // The product's default language and time zone: what its users see.
    locale: 'zh-CN',
    timezoneId: 'Asia/Shanghai',
    // The system setting "reduce motion": the console then runs without antd's transitions and its
    // own animations (app/providers/theme.ts, global.css) — a user's choice it honours, and half the
    // rendering work on these 2 cores (cabin.spec 228 s → 125 s side by side). shell.spec checks both.
    reducedMotion: 'reduce',
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
  webServer: Array.from({ length: process.env.E2E_DATABASE_URL ? 1 : workers }, (_, slot) => {
    const { port, mqttPort, wechatPort, baseURL, dataDir } = slotOf(slot);
    return {
      command: 'node scripts/e2e-server.mjs',
      url: `${baseURL}/general/health`,
      reuseExistingServer: false,
      timeout: 120_000,
      gracefulShutdown: { signal: 'SIGTERM' as const, timeout: 5_000 },
      stdout: process.env.E2E_SERVER_LOG ? ('pipe' as const) : ('ignore' as const),
      stderr: 'pipe' as const,
      env: {
        HOST: '127.0.0.1',
        PORT: String(port),
        MQTT_PORT: String(mqttPort),
        // Each worker's MQTTS listener beside its plain one (the default 8883 would be shared);
        // E2E_MQTT_TLS_PORT (+ slot) instead keeps a run inside a port range of its own.
        MQTT_TLS_PORT: String(process.env.E2E_MQTT_TLS_PORT ? Number(process.env.E2E_MQTT_TLS_PORT) + slot : mqttPort + 100),
        DATA_DIR: dataDir,
        // Backups beside the data folder, never inside it (e2e/backups.spec.ts; pruned to BACKUP_KEEP's 7).
        BACKUP_DIR: `${dataDir}-backups`,
        ...(process.env.E2E_DATABASE_URL ? { DATABASE_URL: process.env.E2E_DATABASE_URL } : {}),
        SMARTDATA_TEST_ROUTES: '1',
        SMARTDATA_ADMIN_USER: adminUser,
        SMARTDATA_ADMIN_PASSWORD: adminPassword,
        WECHAT_OPEN_BASE: `http://127.0.0.1:${wechatPort}`,
        WECHAT_API_BASE: `http://127.0.0.1:${wechatPort}`,
        // Notification channels reach the tests' local receivers (e2e/notify.spec.ts).
        WEBHOOK_ALLOW_HOSTS: '127.0.0.1',
      },
    };
  }),
});
