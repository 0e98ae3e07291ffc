// Finds the Chromium that Playwright drives (Debian's package, never a Playwright download) and,
// when this is root on Debian, installs it with apt. Shared by scripts/test.mjs and scripts/e2e.mjs.
import { existsSync, accessSync, constants } from 'node:fs';
import { spawnSync } from 'node:child_process';

export const DEFAULT_CHROMIUM_PATH = '/usr/bin/chromium';

/** The browser binary Playwright launches: CHROMIUM_PATH when set, else Debian's /usr/bin/chromium. */
export function chromiumPath() {
  return process.env.CHROMIUM_PATH || DEFAULT_CHROMIUM_PATH;
}

function isExecutable(file) {
  try {
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

const INSTALL_HINT =
  'Playwright drives the system Chromium, it does not download one (never run `npx playwright install`).\n' +
  'Install it with:  sudo apt-get install chromium   (Debian/Ubuntu)\n' +
  'or point CHROMIUM_PATH at an existing Chromium/Chrome binary.';

/**
 * Makes sure Chromium is present. Returns `{ ok: true, path }` or `{ ok: false, message }`; never
 * throws. Installs with apt-get only when the user is root on Debian and CHROMIUM_PATH is not set
 * (a custom path that is missing is the caller's mistake, not something apt can fix).
 */
export function ensureChromium({ log = console.log, timeoutMs = 15 * 60_000 } = {}) {
  const path = chromiumPath();
  if (isExecutable(path)) {
    return { ok: true, path };
  }
  if (process.env.CHROMIUM_PATH) {
    return { ok: false, message: `CHROMIUM_PATH=${path} is not an executable file.\n${INSTALL_HINT}` };
  }
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  const isDebian = existsSync('/etc/debian_version');
  if (!isRoot || !isDebian) {
    return { ok: false, message: `Chromium not found at ${path}.\n${INSTALL_HINT}` };
  }
  log(`Chromium not found at ${path}; installing Debian's chromium package with apt-get (root on Debian)…`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  const run = (args) =>
    spawnSync('apt-get', args, { stdio: 'inherit', env, timeout: timeoutMs, killSignal: 'SIGKILL' });
  const update = run(['update']);
  if (update.status !== 0) {
    return { ok: false, message: `apt-get update failed (status ${update.status ?? update.signal}).\n${INSTALL_HINT}` };
  }
  // fonts-liberation is the one recommendation worth having: Arial/Times metrics for layouts.
  const install = run(['install', '-y', '--no-install-recommends', 'chromium', 'fonts-liberation']);
  if (install.status !== 0 || !isExecutable(path)) {
    return { ok: false, message: `apt-get install chromium failed (status ${install.status ?? install.signal}).\n${INSTALL_HINT}` };
  }
  return { ok: true, path, installed: true };
}
