/**
 * getRecords latency on a data item of 1 000 000 records (issue 4: p95 under 50 ms on the
 * embedded database), through the real app: auth hook, session, cabin permission check, zod,
 * the records query and the envelope, called with app.inject one request after another.
 *
 *   npx tsx --tsconfig apps/server/tsconfig.json bench/records.ts          1 000 000 records, 200 calls per scenario
 *   npx tsx --tsconfig apps/server/tsconfig.json bench/records.ts --records=200000 --iterations=100
 *   BENCH_DATABASE_URL=postgres://… npx tsx …/records.ts                   the same on PostgreSQL (own schema, dropped after)
 *   BENCH_DATABASE_URL=postgres://… npx tsx …/records.ts --explain         also prints EXPLAIN (ANALYZE, BUFFERS) of the
 *                                                                          SQL each scenario sends (captured from the driver)
 *
 * The data: one IoT data item with fields temperature (decimal, indexed), status (text, indexed),
 * line (text) and count (integer); one record every ~31.5 s over the last year, written with
 * multi-row inserts, 1 000 rows a statement and 50 statements a transaction. After loading, the
 * server's hourly maintenance (`PRAGMA optimize` on SQLite) runs once, as it would in production;
 * on PostgreSQL a `VACUUM ANALYZE data_record` stands for autovacuum.
 * Results go in docs/performance.md; this is run by hand, never as a timed test.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import pg from 'pg';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../apps/server/src/app';
import { testConfig } from '../apps/server/src/config';
import { dropSchema } from '../apps/server/src/platform/db/database';
import { RecordsRepository } from '../apps/server/src/modules/data-items/records.repository';
import { createCompanyUser, signIn } from '../apps/server/src/test/testApp';

interface Options {
  records: number;
  iterations: number;
  warmup: number;
  explain: boolean;
}

function parseOptions(argv: string[]): Options {
  const values = new Map<string, string>();
  let explain = false;
  for (const arg of argv) {
    if (arg === '--explain') {
      explain = true;
      continue;
    }
    const match = /^--([a-z]+)=(\d+)$/.exec(arg);
    if (!match) {
      throw new Error(`unknown argument ${arg} (use --records=N --iterations=N --warmup=N --explain)`);
    }
    values.set(match[1], match[2]);
  }
  const bounded = (name: string, fallback: number, min: number, max: number) => {
    const value = Number(values.get(name) ?? fallback);
    if (!Number.isInteger(value) || value < min || value > max) {
      throw new Error(`--${name} must be between ${min} and ${max}`);
    }
    return value;
  };
  return { records: bounded('records', 1_000_000, 1_000, 5_000_000), iterations: bounded('iterations', 200, 10, 10_000), warmup: bounded('warmup', 20, 0, 1_000), explain };
}

const statuses = ['ok', 'warn', 'alarm'];

async function load(app: FastifyInstance, companyId: number, itemId: number, total: number): Promise<number> {
  const db = app.platform.db;
  const now = Date.now();
  const step = Math.floor((365 * 86_400_000) / total);
  const rowsPerStatement = 1_000;
  const statementsPerTransaction = 50;
  const started = performance.now();
  let written = 0;
  let seed = 12345;
  const random = () => {
    // A fixed sequence, so every run loads the same data.
    seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
    return seed / 2_147_483_648;
  };
  while (written < total) {
    await db.transaction().execute(async (trx) => {
      for (let s = 0; s < statementsPerTransaction && written < total; s += 1) {
        const count = Math.min(rowsPerStatement, total - written);
        const rows = [];
        for (let i = 0; i < count; i += 1) {
          const n = written + i;
          rows.push({
            valuesJson: JSON.stringify({ temperature: Math.round(random() * 10_000) / 100, status: statuses[n % 3], line: `L${n % 20}`, count: n % 1000 }),
            source: 'device',
            at: now - (total - n) * step,
          });
        }
        await RecordsRepository.in(trx, app.platform.dbKind).insertMany(companyId, itemId, rows);
        written += count;
      }
    });
    if (written % 100_000 === 0 || written === total) {
      process.stdout.write(`\r  loaded ${written.toLocaleString('en-US')} records`);
    }
  }
  process.stdout.write('\n');
  return (performance.now() - started) / 1000;
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

interface Scenario {
  name: string;
  query: Record<string, unknown>;
}

/**
 * The data_record queries one call sends to PostgreSQL (read off pg's Client.query while the call
 * runs), each run again under EXPLAIN (ANALYZE, BUFFERS) on a connection of its own.
 */
async function explainCall(databaseUrl: string, schema: string, call: () => Promise<unknown>): Promise<string[]> {
  const captured: { text: string; values: unknown[] }[] = [];
  const original = Reflect.get(pg.Client.prototype, 'query') as (...args: unknown[]) => unknown;
  (pg.Client.prototype as any).query = function (this: pg.Client, ...args: any[]) {
    if (typeof args[0] === 'string' && /from "data_record"/.test(args[0])) {
      captured.push({ text: args[0], values: Array.isArray(args[1]) ? args[1] : [] });
    }
    return original.apply(this, args);
  };
  try {
    await call();
  } finally {
    Reflect.set(pg.Client.prototype, 'query', original);
  }
  const client = new pg.Client({ connectionString: databaseUrl, options: `-c search_path=${schema}` });
  await client.connect();
  try {
    const out: string[] = [];
    for (const query of captured) {
      const plan = await client.query<{ 'QUERY PLAN': string }>(`explain (analyze, buffers) ${query.text}`, query.values);
      out.push(`${query.text}\n-- parameters: ${JSON.stringify(query.values)}\n${plan.rows.map((r) => r['QUERY PLAN']).join('\n')}`);
    }
    return out;
  } finally {
    await client.end();
  }
}

async function main(): Promise<void> {
  const options = parseOptions(process.argv.slice(2));
  const databaseUrl = process.env.BENCH_DATABASE_URL || undefined;
  const databaseSchema = databaseUrl ? `bench_${randomBytes(4).toString('hex')}` : undefined;
  const dir = mkdtempSync(path.join(os.tmpdir(), 'sd-bench-records-'));
  const app = await buildApp(
    testConfig({ dataDir: dir, sqliteFile: path.join(dir, 'smartdata.db'), databaseUrl, databaseSchema, logLevel: 'warn', sessionCacheMs: 5000 }),
  );
  try {
    const user = await createCompanyUser(app, { codes: ['sd_capsule'] });
    const token = await signIn(app, user.userName, user.password);
    const call = (method: 'GET' | 'POST', url: string, payload?: object) =>
      app.inject({ method, url, payload, headers: { authorization: `Bearer ${token}` } }).then((r) => r.json<{ code: number; data: any }>());
    const directory = await call('POST', '/general/cabin/addDirectory', { name: 'Benchmark' });
    const item = await call('POST', '/general/dataItem/addDataItem', {
      directoryId: directory.data.id,
      name: 'Boiler telemetry',
      kind: 13,
      fields: [
        { name: 'Temperature', fieldName: 'temperature', type: 1, decimalPlaces: 2, indexed: true },
        { name: 'Status', fieldName: 'status', type: 5, indexed: true },
        { name: 'Line', fieldName: 'line', type: 5 },
        { name: 'Count', fieldName: 'count', type: 10 },
      ],
    });
    if (item.code !== 0) {
      throw new Error(`addDataItem failed: ${JSON.stringify(item)}`);
    }
    const itemId = item.data.id as number;
    console.log(`Loading ${options.records.toLocaleString('en-US')} records into data item ${itemId} (${app.platform.dbKind})…`);
    const loadSeconds = await load(app, user.companyId, itemId, options.records);
    const maintenanceStarted = performance.now();
    await new RecordsRepository(app.platform.db, app.platform.dbKind).optimize();
    if (app.platform.dbKind === 'postgres') {
      // What autovacuum does after a bulk load (PostgreSQL 13+ vacuums insert-only tables too):
      // statistics, and the visibility map that lets a count read only the field's index.
      await sql`vacuum analyze data_record`.execute(app.platform.db);
      const visible = async () => (await sql<{ pages: number; visible: number }>`select relpages as pages, relallvisible as visible from pg_class where relname = 'data_record' and relnamespace = current_schema()::regnamespace`.execute(app.platform.db)).rows[0];
      let map = await visible();
      // VACUUM marks a page all-visible only once its rows carry the committed hint bit, which
      // waits for the commit's WAL flush: with synchronous_commit=off (scripts/pg.mjs) that is up to
      // a few hundred milliseconds after the load, so vacuum again a little later.
      for (let attempt = 0; map && map.visible < 0.9 * map.pages && attempt < 5; attempt += 1) {
        await new Promise((resolve) => setTimeout(resolve, 1000));
        await sql`vacuum data_record`.execute(app.platform.db);
        map = await visible();
      }
      console.log(`  visibility map: ${map?.visible ?? 0} of ${map?.pages ?? 0} pages all-visible`);
    }
    const maintenanceSeconds = (performance.now() - maintenanceStarted) / 1000;

    const scenarios: Scenario[] = [
      { name: 'indexed range filter (temperature > 90), sort by temperature desc', query: { filters: [{ field: 'temperature', op: 'gt', value: 90 }], sort: { field: 'temperature', order: 'desc' } } },
      { name: 'indexed equality filter (status = alarm), newest first, page 5', query: { filters: [{ field: 'status', op: 'eq', value: 'alarm' }], pageNum: 5 } },
      { name: 'indexed narrow range (50 ≤ temperature < 51), newest first', query: { filters: [{ field: 'temperature', op: 'gte', value: 50 }, { field: 'temperature', op: 'lt', value: 51 }] } },
      { name: 'preset last 7 days + plain field filter (line = L3), sort by count desc', query: { timeRange: { preset: 'last7Days' }, filters: [{ field: 'line', op: 'eq', value: 'L3' }], sort: { field: 'count', order: 'desc' } } },
      { name: 'preset today, newest first', query: { timeRange: { preset: 'today' } } },
      { name: 'no filter, newest first (total of every record)', query: {} },
    ];
    const loadBefore = os.loadavg();
    const results: { name: string; total: number; p50: number; p95: number; p99: number; mean: number; cpu: number }[] = [];
    for (const scenario of scenarios) {
      const params = new URLSearchParams({ itemId: String(itemId), pageSize: '20' });
      for (const [key, value] of Object.entries(scenario.query)) {
        params.set(key, typeof value === 'object' ? JSON.stringify(value) : String(value));
      }
      const url = `/general/dataItem/getRecords?${params.toString()}`;
      let total = 0;
      for (let i = 0; i < options.warmup; i += 1) {
        await call('GET', url);
      }
      const times: number[] = [];
      // CPU time of this process per call: the server's own work, whatever else runs on the machine.
      const cpuBefore = process.cpuUsage();
      for (let i = 0; i < options.iterations; i += 1) {
        const started = performance.now();
        const answer = await call('GET', url);
        times.push(performance.now() - started);
        if (answer.code !== 0 || answer.data.list.length === 0) {
          throw new Error(`${scenario.name}: unexpected answer ${JSON.stringify(answer).slice(0, 300)}`);
        }
        total = answer.data.total;
      }
      const cpu = process.cpuUsage(cpuBefore);
      if (options.explain && databaseUrl && databaseSchema) {
        console.log(`\n#### ${scenario.name}\n`);
        for (const text of await explainCall(databaseUrl, databaseSchema, () => call('GET', url))) {
          console.log('```sql');
          console.log(text);
          console.log('```');
        }
      }
      times.sort((a, b) => a - b);
      results.push({
        cpu: (cpu.user + cpu.system) / 1000 / options.iterations,
        name: scenario.name,
        total,
        p50: percentile(times, 50),
        p95: percentile(times, 95),
        p99: percentile(times, 99),
        mean: times.reduce((a, b) => a + b, 0) / times.length,
      });
    }

    const sqliteVersion =
      app.platform.dbKind === 'sqlite' ? (await sql<{ v: string }>`select sqlite_version() as v`.execute(app.platform.db)).rows[0]?.v : (await sql<{ v: string }>`select current_setting('server_version') as v`.execute(app.platform.db)).rows[0]?.v;
    console.log('');
    console.log(`${new Date().toISOString().slice(0, 10)} — ${os.cpus().length} cores (${os.cpus()[0]?.model ?? 'unknown CPU'}), Node ${process.version}, ${os.type()} ${os.release()}, ${app.platform.dbKind} ${sqliteVersion}`);
    console.log(`${options.records.toLocaleString('en-US')} records loaded in ${loadSeconds.toFixed(1)} s; maintenance ${maintenanceSeconds.toFixed(2)} s; ${options.iterations} calls per scenario after ${options.warmup} warm-up calls, page size 20`);
    console.log('');
    const settings =
      app.platform.dbKind === 'postgres'
        ? (await sql<{ name: string; setting: string; unit: string | null }>`select name, setting, unit from pg_settings where name in ('shared_buffers', 'work_mem', 'effective_cache_size', 'max_parallel_workers_per_gather', 'jit')`.execute(app.platform.db)).rows
        : [];
    if (settings.length > 0) {
      console.log(`PostgreSQL settings: ${settings.map((r) => `${r.name}=${r.setting}${r.unit ?? ''}`).join(', ')}`);
    }
    const loadAfter = os.loadavg();
    console.log(`load average (1, 5, 15 min) before the calls: ${loadBefore.map((l) => l.toFixed(1)).join(', ')}; after: ${loadAfter.map((l) => l.toFixed(1)).join(', ')}`);
    console.log('');
    console.log('| scenario | matching records | p50 | p95 | p99 | mean | CPU per call |');
    console.log('|---|---:|---:|---:|---:|---:|---:|');
    for (const r of results) {
      console.log(`| ${r.name} | ${r.total.toLocaleString('en-US')} | ${r.p50.toFixed(1)} ms | ${r.p95.toFixed(1)} ms | ${r.p99.toFixed(1)} ms | ${r.mean.toFixed(1)} ms | ${r.cpu.toFixed(1)} ms |`);
    }
    const worst = Math.max(...results.map((r) => r.p95));
    console.log('');
    console.log(`worst p95 ${worst.toFixed(1)} ms (target < 50 ms)`);
  } finally {
    await app.close();
    if (databaseUrl && databaseSchema) {
      await dropSchema(databaseUrl, databaseSchema);
    }
    rmSync(dir, { recursive: true, force: true });
  }
}

await main();
