// `npm test`: every test suite of the project, in order, each bounded by a timeout.
//
//   1. lint                          npm run lint (ESLint, eslint.config.mjs; cached in .tmp/eslintcache)
//   2. unit tests                    vitest --project unit
//   3. API tests on SQLite           vitest --project api
//   4. API tests on PostgreSQL       TEST_DATABASE_URL / DATABASE_URL, or a throwaway local cluster
//   5. web build                     npm run build (apps/web/dist, served by the server under test)
//   6. end-to-end tests              Playwright in Debian's Chromium (installed with apt when root on Debian)
//
// A failing step does not stop the later ones; the exit status is non-zero if any step failed.
// Run a subset by naming steps: `node scripts/test.mjs unit api` (names: lint, unit, api, pg, build, e2e).
import { ensureChromium } from './chromium.mjs';
import { findPostgresBin, startThrowawayPostgres } from './pg.mjs';
import { bin, formatDuration, killAll, runCommand, summarize } from './run.mjs';

const MINUTE = 60_000;
const TIMEOUTS = {
  // A bound, not a target: the clean lint takes ~3 min alone, and more than 8 on a loaded 2-core machine.
  lint: 15 * MINUTE,
  unit: 10 * MINUTE,
  api: 15 * MINUTE,
  pg: 15 * MINUTE,
  build: 10 * MINUTE,
  e2e: 40 * MINUTE,
};
const STEP_NAMES = Object.keys(TIMEOUTS);

const requested = process.argv.slice(2).filter((arg) => !arg.startsWith('-'));
const unknown = requested.filter((name) => !STEP_NAMES.includes(name));
if (unknown.length > 0) {
  console.error(`unknown step(s): ${unknown.join(', ')}; steps are ${STEP_NAMES.join(', ')}`);
  process.exit(2);
}
const wanted = (name) => requested.length === 0 || requested.includes(name) || (name === 'build' && requested.includes('e2e'));

/** The environment of the API test runs: the database comes from TEST_DATABASE_URL alone. */
function apiEnv(testDatabaseUrl) {
  const env = { ...process.env };
  delete env.DATABASE_URL;
  delete env.TEST_DATABASE_URL;
  if (testDatabaseUrl) {
    env.TEST_DATABASE_URL = testDatabaseUrl;
  }
  return env;
}

const results = [];
let cleanup = null;
let interrupted = false;

function banner(title) {
  const line = '═'.repeat(Math.max(60, title.length + 4));
  console.log(`\n${line}\n  ${title}\n${line}`);
}

/** Runs one step; `body` resolves to { status, summary } and may throw (then the step fails). */
async function step(name, title, body) {
  if (!wanted(name)) {
    return null;
  }
  if (interrupted) {
    results.push({ name, title, status: 'skipped', ms: 0, summary: 'interrupted' });
    return null;
  }
  banner(title);
  const started = Date.now();
  let outcome;
  try {
    outcome = await body();
  } catch (error) {
    console.error(`\n${title}: ${error instanceof Error ? error.message : error}`);
    outcome = { status: 'fail', summary: firstLine(error instanceof Error ? error.message : String(error)) };
  }
  const result = { name, title, ms: Date.now() - started, ...outcome };
  results.push(result);
  return result;
}

function skip(name, title, reason) {
  if (!wanted(name)) {
    return;
  }
  if (interrupted) {
    reason = 'interrupted';
  }
  banner(`${title} (skipped)`);
  console.log(reason);
  results.push({ name, title, status: 'skipped', ms: 0, summary: reason });
}

function firstLine(text) {
  return String(text).split('\n')[0].slice(0, 100);
}

/** Runs a command as a step body: pass when it exits 0. */
async function command(name, file, args, { env, runner } = {}) {
  const result = await runCommand(file, args, { env, timeoutMs: TIMEOUTS[name] });
  const summary = summarize(result.tail, runner);
  if (result.error) {
    return { status: 'fail', summary: `could not start ${file}: ${result.error.message}` };
  }
  if (result.timedOut) {
    return { status: 'fail', summary: `timed out after ${formatDuration(TIMEOUTS[name])}${summary ? `; ${summary}` : ''}`, failures: result.failures };
  }
  if (result.code !== 0) {
    return { status: 'fail', summary: summary || `exit ${result.code ?? result.signal}`, failures: result.failures };
  }
  return { status: 'pass', summary };
}

const eslint = () => command('lint', 'npm', ['run', 'lint', '--silent'], { runner: 'eslint' });

const vitest = (name, project, env) =>
  command(name, bin('vitest'), ['run', '--project', project, '--passWithNoTests'], { env, runner: 'vitest' });

function onSignal(signal) {
  if (interrupted) {
    return;
  }
  interrupted = true;
  console.error(`\n${signal}: stopping the running step, skipping the rest…`);
  killAll();
  // The PostgreSQL cluster is stopped by its step's `finally` once vitest has gone; the exit
  // handler catches the case where that never comes.
  setTimeout(() => process.exit(130), 30_000).unref();
}
process.on('SIGINT', onSignal);
process.on('SIGTERM', onSignal);
process.on('exit', () => cleanup?.());

const startedAll = Date.now();

await step('lint', 'Lint (eslint)', eslint);

await step('unit', 'Unit tests (vitest --project unit)', () => vitest('unit', 'unit', apiEnv(null)));

await step('api', 'API tests on SQLite (vitest --project api)', () => vitest('api', 'api', apiEnv(null)));

const givenDatabaseUrl = process.env.TEST_DATABASE_URL || process.env.DATABASE_URL;
if (givenDatabaseUrl && !/^postgres(ql)?:\/\//.test(givenDatabaseUrl)) {
  skip('pg', 'API tests on PostgreSQL', `TEST_DATABASE_URL/DATABASE_URL is not a postgres:// URL`);
} else if (givenDatabaseUrl) {
  await step('pg', 'API tests on PostgreSQL (given TEST_DATABASE_URL/DATABASE_URL)', () =>
    vitest('pg', 'api', apiEnv(givenDatabaseUrl)),
  );
} else if (findPostgresBin()) {
  await step('pg', 'API tests on PostgreSQL (throwaway local cluster)', async () => {
    const cluster = await startThrowawayPostgres();
    cleanup = cluster.stop;
    try {
      console.log(`TEST_DATABASE_URL=${cluster.url}`);
      return await vitest('pg', 'api', apiEnv(cluster.url));
    } finally {
      cluster.stop();
      cleanup = null;
    }
  });
} else {
  skip(
    'pg',
    'API tests on PostgreSQL',
    'no PostgreSQL: set TEST_DATABASE_URL or DATABASE_URL, or install postgresql (found nothing under /usr/lib/postgresql/*/bin)',
  );
}

const build = await step('build', 'Web build (npm run build)', () => command('build', 'npm', ['run', 'build']));

if (build && build.status !== 'pass') {
  skip('e2e', 'End-to-end tests (Playwright)', interrupted ? 'interrupted' : 'web build failed');
} else {
  await step('e2e', 'End-to-end tests (Playwright, Chromium)', async () => {
    const chromium = ensureChromium();
    if (!chromium.ok) {
      console.error(chromium.message);
      return { status: 'fail', summary: 'Chromium missing: sudo apt-get install chromium' };
    }
    const env = { ...process.env, CHROMIUM_PATH: chromium.path };
    const outcome = await command('e2e', bin('playwright'), ['test', '--pass-with-no-tests'], { env, runner: 'playwright' });
    return outcome.status === 'pass' && !outcome.summary ? { ...outcome, summary: 'no specs found' } : outcome;
  });
}

// The table every run ends with.
banner(`Summary (${formatDuration(Date.now() - startedAll)})`);
const rows = [['step', 'result', 'time', 'summary'], ...results.map((r) => [r.title, r.status.toUpperCase(), formatDuration(r.ms), r.summary ?? ''])];
const widths = [0, 1, 2].map((column) => Math.max(...rows.map((row) => row[column].length)));
for (const [index, row] of rows.entries()) {
  console.log(row.map((cell, column) => (column < 3 ? cell.padEnd(widths[column]) : cell)).join('  '));
  if (index === 0) {
    console.log(widths.map((width) => '─'.repeat(width)).join('  ') + '  ' + '─'.repeat(20));
  }
}
const failed = results.filter((r) => r.status === 'fail');
for (const r of failed.filter((r) => r.failures?.length)) {
  console.log(`\n${r.title}, failed:\n${r.failures.join('\n')}`);
}
console.log(failed.length === 0 ? '\nAll steps passed (or were skipped).' : `\n${failed.length} step(s) failed: ${failed.map((r) => r.name).join(', ')}`);
process.exitCode = interrupted ? 130 : failed.length === 0 ? 0 : 1;
