// Runs one command of the test orchestration: output streamed through (so each runner prints its
// own summary), a tail kept for the final table, a hard timeout, and the whole process group
// stopped on timeout or when this script is interrupted.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import path from 'node:path';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** A locally installed CLI (node_modules/.bin), so no npx lookup or download can happen. */
export function bin(name) {
  return path.join(ROOT, 'node_modules', '.bin', name);
}

/** Running children → whether each leads a process group of its own. */
const running = new Map();

/** Stops every running child (group): SIGINT, then SIGKILL after `graceMs`. */
export function killAll(graceMs = 15_000) {
  for (const child of running.keys()) {
    stopGroup(child, graceMs);
  }
}

function stopGroup(child, graceMs) {
  const target = running.get(child) === false ? child.pid : -child.pid;
  const signal = (name) => {
    if (target > 0 && !running.has(child)) {
      return; // a lone child that already ended; its pid may belong to someone else by now
    }
    try {
      process.kill(target, name);
    } catch {
      // already gone
    }
  };
  // SIGINT, as Ctrl-C would: Playwright shuts its web server down on SIGINT (that server runs in
  // a process group of its own, which SIGTERM or SIGKILL of Playwright's group would orphan).
  signal('SIGINT');
  const timer = setTimeout(() => signal('SIGKILL'), graceMs);
  timer.unref();
}

// eslint-disable-next-line no-control-regex -- ESC starts the colour codes this strips
const ANSI = /\u001b\[[0-9;?]*[ -/]*[@-~]/g;
export const stripAnsi = (text) => text.replace(ANSI, '');

/**
 * Runs `command args` in ROOT with `env`, streaming its output. Resolves (never rejects) with
 * `{ code, signal, timedOut, tail, error }`; `tail` is the last `tailLines` lines without colours.
 */
export function runCommand(command, args, { env = process.env, timeoutMs, tailLines = 400, cwd = ROOT, inherit = false } = {}) {
  return new Promise((resolve) => {
    const childEnv = { ...env };
    if (process.stdout.isTTY && childEnv.FORCE_COLOR === undefined && childEnv.NO_COLOR === undefined) {
      childEnv.FORCE_COLOR = '1';
    }
    let child;
    try {
      // `inherit`: the child shares the terminal (interactive Playwright modes, Ctrl-C reaches it
      // directly); otherwise it gets a process group of its own so a timeout can stop all of it.
      child = inherit
        ? spawn(command, args, { cwd, env, stdio: 'inherit' })
        : spawn(command, args, { cwd, env: childEnv, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
    } catch (error) {
      resolve({ code: null, signal: null, timedOut: false, tail: '', failures: [], error });
      return;
    }
    running.set(child, !inherit);
    let buffered = '';
    const failures = new FailureLines();
    const keep = (chunk) => {
      const text = chunk.toString();
      failures.push(text);
      buffered += text;
      if (buffered.length > 200_000) {
        buffered = buffered.slice(-100_000);
      }
    };
    child.stdout?.on('data', (chunk) => {
      process.stdout.write(chunk);
      keep(chunk);
    });
    child.stderr?.on('data', (chunk) => {
      process.stderr.write(chunk);
      keep(chunk);
    });
    let timedOut = false;
    const timer = timeoutMs
      ? setTimeout(() => {
          timedOut = true;
          process.stderr.write(`\n[timeout] ${command} ${args.join(' ')} exceeded ${Math.round(timeoutMs / 1000)} s; stopping it\n`);
          stopGroup(child, 20_000);
        }, timeoutMs)
      : null;
    let spawnError;
    child.on('error', (error) => {
      spawnError = error;
    });
    child.on('close', (code, signal) => {
      if (timer) {
        clearTimeout(timer);
      }
      running.delete(child);
      const tail = stripAnsi(buffered).split('\n').slice(-tailLines).join('\n');
      resolve({ code, signal, timedOut, tail, failures: failures.lines(), error: spawnError });
    });
  });
}

/**
 * The failed tests named in a runner's output, each with the first line of its error, so the
 * summary at the very end of a long CI log says what failed (vitest: `FAIL  |api| file > test`
 * then the error; Playwright: `1) [chromium] › file:line › test` then the error). At most 30.
 *
 * Playwright lists a test that failed and then passed on a retry (CI retries once) among the
 * failures too, and names it again under `N flaky` in its summary: such a line is marked
 * `[flaky]` — a flake is a failure to fix, not a pass (playwright.config.ts: failOnFlakyTests).
 */
class FailureLines {
  #partial = '';
  #found = [];
  #seen = new Set();
  #awaitingError = null;
  /** Which list of Playwright's summary the lines belong to (`failed`, `flaky`, …), if any. */
  #summarySection = null;
  #flaky = new Set();

  push(text) {
    const lines = (this.#partial + text).split('\n');
    this.#partial = lines.pop() ?? '';
    for (const raw of lines) {
      const line = stripAnsi(raw).trim();
      if (this.#awaitingError !== null) {
        if (line === '' || /^[⎯─-]+$/.test(line)) {
          continue;
        }
        if (!/^(FAIL\s|\d+\)\s)/.test(line)) {
          this.#found[this.#awaitingError] += `\n      ${line.slice(0, 200)}`;
          this.#awaitingError = null;
          continue;
        }
        this.#awaitingError = null;
      }
      const count = /^\d+ (failed|flaky|interrupted|skipped|passed|did not run)\b/.exec(line);
      if (count) {
        this.#summarySection = count[1];
      } else if (this.#summarySection === 'flaky' && /^\[[\w-]+\]\s+›/.test(line)) {
        this.#flaky.add(testTitle(line));
      } else if (this.#summarySection !== null && !/^\[[\w-]+\]\s+›/.test(line)) {
        this.#summarySection = null;
      }
      const header = /^FAIL\s+.*\s>\s/.test(line) || /^\d+\)\s+\[[\w-]+\]\s+›/.test(line);
      if (header && !this.#seen.has(line) && this.#found.length < 30) {
        this.#seen.add(line);
        this.#found.push(`    ${line.slice(0, 240)}`);
        this.#awaitingError = this.#found.length - 1;
      }
    }
  }

  lines() {
    return this.#found.map((entry) => {
      const header = /^\s*\d+\)\s+(.*?)(\n|$)/.exec(entry);
      return header && this.#flaky.has(testTitle(header[1])) ? entry.replace(/^(\s*)/, '$1[flaky] ') : entry;
    });
  }

  /** The tests Playwright reported flaky (failed, then passed on a retry), by title. */
  flaky() {
    return [...this.#flaky];
  }
}

/** `[chromium] › file:line › title`, without the `N) ` of a failure's header or its trailing rule. */
function testTitle(line) {
  return line
    .replace(/^\s*\d+\)\s+/, '')
    .replace(/[\s─]+$/, '')
    .trim();
}

/** Human duration: 850ms, 12.3s, 4m05s. */
export function formatDuration(ms) {
  if (ms < 1000) {
    return `${Math.round(ms)}ms`;
  }
  if (ms < 60_000) {
    return `${(ms / 1000).toFixed(1)}s`;
  }
  const minutes = Math.floor(ms / 60_000);
  const seconds = Math.round((ms % 60_000) / 1000);
  return `${minutes}m${String(seconds).padStart(2, '0')}s`;
}

/**
 * Vitest's "Tests  12 passed (12)" line, Playwright's "12 passed (30.1s)" / "1 failed" lines, or
 * ESLint's "✖ 3 problems (3 errors, 0 warnings)" (nothing printed: no problems).
 */
export function summarize(tail, runner) {
  const lines = tail.split('\n').map((line) => line.trim());
  if (runner === 'eslint') {
    const problems = lines.filter((line) => /^✖ \d+ problems? \(/.test(line)).at(-1);
    return problems ? problems.replace(/^✖ /, '') : '0 problems';
  }
  if (runner === 'vitest') {
    const files = lines.filter((line) => /^Test Files\s/.test(line)).at(-1);
    const tests = lines.filter((line) => /^Tests\s/.test(line)).at(-1);
    if (tests || files) {
      return [files && files.replace(/^Test Files\s+/, 'files: '), tests && tests.replace(/^Tests\s+/, 'tests: ')]
        .filter(Boolean)
        .join('; ')
        .replace(/\s+/g, ' ');
    }
    if (lines.some((line) => /No test files found/i.test(line))) {
      return 'no test files';
    }
    return '';
  }
  if (runner === 'playwright') {
    const counts = lines.filter((line) => /^\d+ (passed|failed|flaky|skipped|did not run|interrupted)\b/.test(line));
    if (counts.length > 0) {
      return counts.map((line) => line.replace(/\s*\(.*\)$/, '')).join(', ');
    }
    return '';
  }
  return '';
}
