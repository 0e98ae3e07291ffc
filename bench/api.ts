/**
 * API throughput: the real app (every plugin, auth hook, session lookup, database) answering an
 * authenticated GET /general/user/getUser, beside a bare Fastify route (GET /ping → {ok:true}) as
 * the ceiling of this machine, measured the same way in the same run.
 *
 *   npm run bench:api                                  both load-generator modes, 50 connections, 10 s
 *   npm run bench:api -- --mode=child --duration=20    options: --connections --duration --warmup --mode
 *   BENCH_DATABASE_URL=postgres://… npm run bench:api  the app on PostgreSQL (own schema, dropped after)
 *
 * Load-generator modes: `inproc` runs autocannon inside this process, sharing the server's event
 * loop (the figures are then the pair's, not the server's); `child` runs autocannon's CLI in a
 * child process, so on 2 cores server and load generator each get one. Results go in
 * docs/performance.md; this is run by hand, never as a timed test.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import autocannon, { type Result } from 'autocannon';
import Fastify, { type FastifyInstance } from 'fastify';
import { buildApp } from '../apps/server/src/app';
import { testConfig } from '../apps/server/src/config';
import { dropSchema } from '../apps/server/src/platform/db/database';

type Mode = 'inproc' | 'child';

interface Options {
  connections: number;
  duration: number;
  warmup: number;
  modes: Mode[];
  targets: ('bare' | 'app')[];
}

interface Target {
  name: string;
  url: string;
  headers: Record<string, string>;
}

interface Row {
  mode: Mode;
  target: string;
  result: Result;
  /** 1-minute load average when the measurement started and ended. */
  load: [number, number];
}

function parseOptions(argv: string[]): Options {
  const values = new Map<string, string>();
  for (const arg of argv) {
    const match = /^--([a-z]+)=(.+)$/.exec(arg);
    if (!match) {
      throw new Error(`unknown argument ${arg} (use --connections=N --duration=S --warmup=S --mode=both|inproc|child --target=both|app|bare)`);
    }
    values.set(match[1], match[2]);
  }
  const bounded = (name: string, fallback: number, max: number) => {
    const value = Number(values.get(name) ?? fallback);
    if (!Number.isFinite(value) || value < 0 || value > max) {
      throw new Error(`--${name} must be between 0 and ${max}`);
    }
    return value;
  };
  const mode = values.get('mode') ?? 'both';
  if (!['both', 'inproc', 'child'].includes(mode)) {
    throw new Error('--mode must be both, inproc or child');
  }
  const target = values.get('target') ?? 'both';
  if (!['both', 'app', 'bare'].includes(target)) {
    throw new Error('--target must be both, app or bare');
  }
  return {
    targets: target === 'both' ? ['bare', 'app'] : [target as 'bare' | 'app'],
    connections: Math.max(1, bounded('connections', 50, 1000)),
    duration: Math.max(1, bounded('duration', 10, 120)),
    warmup: bounded('warmup', 2, 30),
    modes: mode === 'both' ? ['child', 'inproc'] : [mode as Mode],
  };
}

const require = createRequire(import.meta.url);
const autocannonCli = path.join(path.dirname(require.resolve('autocannon/package.json')), 'autocannon.js');

/** autocannon's CLI in a child process (its own event loop and core); answers its JSON result. */
function loadInChild(target: Target, connections: number, duration: number): Promise<Result> {
  const headerArgs = Object.entries(target.headers).flatMap(([key, value]) => ['-H', `${key}:${value}`]);
  const args = [autocannonCli, '-c', String(connections), '-d', String(duration), '-j', '-n', ...headerArgs, target.url];
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'inherit'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    const timer = setTimeout(() => child.kill('SIGKILL'), (duration + 60) * 1000);
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(timer);
      try {
        if (code !== 0) {
          throw new Error(`autocannon exited with ${code}`);
        }
        resolve(JSON.parse(output) as Result);
      } catch (error) {
        reject(error instanceof Error ? error : new Error(String(error)));
      }
    });
  });
}

function load(mode: Mode, target: Target, connections: number, duration: number): Promise<Result> {
  return mode === 'child'
    ? loadInChild(target, connections, duration)
    : autocannon({ url: target.url, connections, duration, headers: target.headers });
}

function urlOf(server: FastifyInstance, pathname: string): string {
  const { port } = server.server.address() as AddressInfo;
  return `http://127.0.0.1:${port}${pathname}`;
}

async function signIn(baseUrl: string, username: string, password: string): Promise<string> {
  const response = await fetch(`${baseUrl}/general/user/access/getToken`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ username, password }),
  });
  const body = (await response.json()) as { code: number; msg: string; data: { token?: string } | null };
  if (body.code !== 0 || !body.data?.token) {
    throw new Error(`sign-in failed: HTTP ${response.status} code ${body.code} ${body.msg}`);
  }
  return body.data.token;
}

// autocannon records latencies in whole milliseconds, so 0 means "under 1 ms".
const ms = (value: number) => (value < 1 ? '<1 ms' : `${Math.round(value)} ms`);

function printTable(rows: Row[], options: Options): void {
  const header = ['load generator', 'endpoint', 'req/s', 'p50', 'p99', 'mean', 'requests', 'non-2xx', 'errors', 'load avg (start → end)'];
  const lines = rows.map(({ mode, target, result, load }) => [
    mode === 'child' ? 'child process' : 'in-process',
    target,
    Math.round(result.requests.average).toLocaleString('en-US'),
    ms(result.latency.p50),
    ms(result.latency.p99),
    `${result.latency.average.toFixed(2)} ms`,
    result.requests.total.toLocaleString('en-US'),
    String(result.non2xx),
    String(result.errors + result.timeouts),
    `${load[0].toFixed(1)} → ${load[1].toFixed(1)}`,
  ]);
  const widths = header.map((cell, column) => Math.max(cell.length, ...lines.map((line) => line[column].length)));
  const format = (cells: string[]) => `| ${cells.map((cell, column) => cell.padEnd(widths[column])).join(' | ')} |`;
  console.log(`\n${options.connections} connections, ${options.duration} s per measurement after a ${options.warmup} s warm-up\n`);
  console.log(format(header));
  console.log(`| ${widths.map((width) => '-'.repeat(width)).join(' | ')} |`);
  for (const line of lines) {
    console.log(format(line));
  }
  for (const mode of new Set(rows.map((row) => row.mode))) {
    const bare = rows.find((row) => row.mode === mode && row.target.startsWith('bare Fastify GET /ping'));
    const same = rows.find((row) => row.mode === mode && row.target.startsWith('bare Fastify GET /same-bytes'));
    const app = rows.find((row) => row.mode === mode && row.target.startsWith('app'));
    if (bare && app) {
      console.log(
        `${mode === 'child' ? 'child process' : 'in-process'}: getUser ÷ bare = ${(app.result.requests.average / bare.result.requests.average).toFixed(2)} (target ≥ 0.6); ` +
          `p99 ${ms(app.result.latency.p99)} vs ${ms(bare.result.latency.p99)} (target within 2×)`,
      );
    }
    if (same && app) {
      console.log(
        `${mode === 'child' ? 'child process' : 'in-process'}: getUser ÷ bare route sending getUser's bytes = ${(app.result.requests.average / same.result.requests.average).toFixed(2)} ` +
          `(the app's own share of the gap; the rest is the answer's size); p99 ${ms(app.result.latency.p99)} vs ${ms(same.result.latency.p99)}`,
      );
    }
  }
}

const mb = (bytes: number) => `${Math.round(bytes / 2 ** 20)} MB`;

function memoryLine(label: string): string {
  const m = process.memoryUsage();
  return `${label}: rss ${mb(m.rss)}, heap used ${mb(m.heapUsed)} of ${mb(m.heapTotal)}, external ${mb(m.external)} (array buffers ${mb(m.arrayBuffers)})`;
}

async function main(): Promise<void> {
  const options = parseOptions(process.argv.slice(2));
  const databaseUrl = process.env.BENCH_DATABASE_URL || undefined;
  const databaseSchema = databaseUrl ? `bench_${process.pid}` : undefined;
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'smartdata-bench-'));
  const adminPassword = 'Bench12345';

  console.log(
    `Node ${process.version}, ${os.cpus().length} × ${os.cpus()[0]?.model ?? 'cpu'}, ${os.platform()} ${os.release()}; ` +
      `database: ${databaseUrl ? `PostgreSQL (schema ${databaseSchema})` : 'SQLite file in a temp folder'}`,
  );

  const app = await buildApp(
    testConfig({
      dataDir,
      sqliteFile: undefined,
      databaseUrl,
      databaseSchema,
      mqttPort: null,
      testRoutes: false,
      logLevel: 'warn',
      adminUser: 'admin',
      adminPassword,
    }),
  );
  const bare = Fastify({ logger: false });
  bare.get('/ping', async () => ({ ok: true }));
  // The same bytes as getUser's answer (its body and every header it sends), from a bare route:
  // what the kernel and Node cost for an answer of that size, without any of the app's work.
  const sameBytes: { body: string; headers: Record<string, string> } = { body: '', headers: {} };
  bare.get('/same-bytes', (_request, reply) => {
    reply.headers(sameBytes.headers).send(sameBytes.body);
  });

  try {
    await app.listen({ host: '127.0.0.1', port: 0 });
    await bare.listen({ host: '127.0.0.1', port: 0 });

    const token = await signIn(urlOf(app, ''), 'admin', adminPassword);
    const targets: Target[] = [
      { name: 'bare Fastify GET /ping', url: urlOf(bare, '/ping'), headers: {} },
      { name: 'app GET /general/user/getUser', url: urlOf(app, '/general/user/getUser'), headers: { authorization: `Bearer ${token}` } },
    ];
    // A wrong token would measure the 401 path instead: check one call answers the user first.
    const check = await fetch(targets[1].url, { headers: targets[1].headers });
    const checked = (await check.json()) as { code: number; data?: { userName?: string } };
    if (checked.code !== 0 || checked.data?.userName !== 'admin') {
      throw new Error(`getUser did not answer the admin: ${JSON.stringify(checked).slice(0, 200)}`);
    }
    sameBytes.body = JSON.stringify(checked);
    for (const [name, value] of check.headers) {
      if (!['content-length', 'date', 'connection', 'keep-alive', 'transfer-encoding'].includes(name)) {
        sameBytes.headers[name] = value;
      }
    }
    targets.splice(1, 0, { name: `bare Fastify GET /same-bytes (getUser's ${Buffer.byteLength(sameBytes.body)}-byte body and ${Object.keys(sameBytes.headers).length} headers)`, url: urlOf(bare, '/same-bytes'), headers: {} });

    console.log(`load average at start: ${os.loadavg().map((l) => l.toFixed(1)).join(', ')}`);
    console.log(memoryLine('benchmark process (app and bare server) before the load'));
    const rows: Row[] = [];
    for (const mode of options.modes) {
      for (const target of targets.filter((t) => options.targets.includes(t.name.startsWith('bare') ? 'bare' : 'app'))) {
        process.stdout.write(`${mode === 'child' ? 'child process' : 'in-process'} → ${target.name}: warm-up ${options.warmup} s, `);
        if (options.warmup > 0) {
          await load(mode, target, options.connections, options.warmup);
        }
        process.stdout.write(`measuring ${options.duration} s… `);
        const loadStart = os.loadavg()[0];
        const result = await load(mode, target, options.connections, options.duration);
        console.log(`${Math.round(result.requests.average)} req/s`);
        rows.push({ mode, target: target.name, result, load: [loadStart, os.loadavg()[0]] });
      }
    }
    printTable(rows, options);
    console.log(memoryLine('benchmark process after the load'));
    const bad = rows.filter((row) => row.result.non2xx > 0 || row.result.errors > 0);
    if (bad.length > 0) {
      console.log(`\nwarning: non-2xx answers or errors in ${bad.map((row) => `${row.mode}/${row.target}`).join(', ')}`);
      process.exitCode = 1;
    }
  } finally {
    await bare.close();
    await app.close();
    if (databaseUrl && databaseSchema) {
      await dropSchema(databaseUrl, databaseSchema);
    }
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
