// `npm run test:e2e [-- <playwright args>]`: builds the web app, makes sure Chromium is there,
// then runs Playwright (playwright.config.ts starts the server on a test port).
//   npm run test:e2e -- e2e/login.spec.ts --headed     extra arguments go to `playwright test`
//   SKIP_BUILD=1 npm run test:e2e                        reuse apps/web/dist as it is
import { ensureChromium } from './chromium.mjs';
import { bin, killAll, runCommand } from './run.mjs';

const MINUTE = 60_000;

// Ctrl-C reaches Playwright directly (it shares the terminal) and it shuts its web server down;
// a second signal from here would make it exit without that cleanup.
process.on('SIGINT', () => {});
process.on('SIGTERM', () => {
  killAll();
  setTimeout(() => process.exit(143), 16_000).unref();
});

const args = process.argv.slice(2);
const interactive = args.some((arg) => ['--ui', '--debug', '--headed'].includes(arg));
// `--repeat-each=3` runs every test 3 times: allow 3 times as long (add --global-timeout=0, too).
const repeatArg = args.findIndex((arg) => arg.startsWith('--repeat-each'));
const repeats = repeatArg < 0 ? 1 : Math.max(1, Number((args[repeatArg].split('=')[1] ?? args[repeatArg + 1]) || 1));

const chromium = ensureChromium();
if (!chromium.ok) {
  console.error(`\n${chromium.message}`);
  process.exit(1);
}

if (!process.env.SKIP_BUILD) {
  const build = await runCommand('npm', ['run', 'build'], { timeoutMs: 10 * MINUTE, inherit: true });
  if (build.code !== 0) {
    console.error('\nweb build failed; not running the end-to-end tests');
    process.exit(1);
  }
}

const result = await runCommand(bin('playwright'), ['test', ...args], {
  inherit: true,
  env: { ...process.env, CHROMIUM_PATH: chromium.path },
  timeoutMs: interactive ? undefined : 20 * MINUTE * repeats,
});
process.exit(result.code ?? 1);
