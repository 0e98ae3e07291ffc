/**
 * Chart query latency (issue 5: on the embedded database, one field over one day p95 < 5 ms
 * warm, 30 days of 1-minute values < 50 ms, a data item of 1 000 000 values over its whole range
 * < 100 ms), through the real app: auth hook, session, cabin permission check, zod, the series
 * store and the envelope, called with app.inject one request after another.
 *
 *   npx tsx --tsconfig apps/server/tsconfig.json bench/charts.ts                  1 000 000 values, 200 calls per scenario
 *   npx tsx --tsconfig apps/server/tsconfig.json bench/charts.ts --values=200000 --iterations=50
 *   BENCH_DATABASE_URL=postgres://… npx tsx …/charts.ts                           the same on PostgreSQL (own schema, dropped after)
 *
 * The data: one IoT data item with a decimal field `temperature`, one record a minute up to now
 * (1 000 000 minutes ≈ 694 days), a slow wave with noise and one spike. Records and their series
 * points are written together, 2 000 a statement, as the data-items write path and telemetry
 * ingest do (`SeriesRepository.append`); the load rate is printed too. Results go in
 * docs/performance.md; this is run by hand, never as a timed test.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { buildApp } from '../apps/server/src/app';
import { testConfig } from '../apps/server/src/config';
import { dropSchema } from '../apps/server/src/platform/db/database';
import type { SeriesPoint } from '../apps/server/src/modules/data-items/series';
import { SeriesRepository } from '../apps/server/src/modules/data-items/series.repository';
import { createCompanyUser, signIn } from '../apps/server/src/test/testApp';

interface Options {
  values: number;
  iterations: number;
  warmup: number;
}

function parseOptions(argv: string[]): Options {
  const values = new Map<string, string>();
  for (const arg of argv) {
    const match = /^--([a-z]+)=(\d+)$/.exec(arg);
    if (!match) {
      throw new Error(`unknown argument ${arg} (use --values=N --iterations=N --warmup=N)`);
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
  return { values: bounded('values', 1_000_000, 50_000, 5_000_000), iterations: bounded('iterations', 200, 10, 10_000), warmup: bounded('warmup', 20, 0, 1_000) };
}

const MINUTE = 60_000;

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

async function main(): Promise<void> {
  const options = parseOptions(process.argv.slice(2));
  const databaseUrl = process.env.BENCH_DATABASE_URL || undefined;
  const databaseSchema = databaseUrl ? `bench_${randomBytes(4).toString('hex')}` : undefined;
  const dir = mkdtempSync(path.join(os.tmpdir(), 'sd-bench-charts-'));
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
      fields: [{ name: 'Temperature', fieldName: 'temperature', type: 1, decimalPlaces: 2 }],
    });
    if (item.code !== 0) {
      throw new Error(`addDataItem failed: ${JSON.stringify(item)}`);
    }
    const itemId = item.data.id as number;
    const db = app.platform.db;
    const store = new SeriesRepository(app.platform.dbKind);
    const end = Math.floor(Date.now() / MINUTE) * MINUTE;
    const start = end - options.values * MINUTE;

    console.log(`Loading ${options.values.toLocaleString('en-US')} one-minute values into data item ${itemId} (${app.platform.dbKind})…`);
    const loadStarted = performance.now();
    let appendMs = 0;
    const seriesId = await db.transaction().execute(async (trx) => (await store.ensure(trx, user.companyId, itemId, ['temperature'])).get('temperature')!);
    const perTransaction = 20_000;
    const firstId = 1_000_000_000;
    for (let done = 0; done < options.values; ) {
      const count = Math.min(perTransaction, options.values - done);
      await db.transaction().execute(async (trx) => {
        const records = [];
        const points: SeriesPoint[] = [];
        for (let i = done; i < done + count; i += 1) {
          const ts = start + i * MINUTE;
          const value = i === Math.floor(options.values * 0.61) ? 999 : Math.round((60 + 20 * Math.sin(i / 1440) + 5 * Math.sin(i / 37)) * 100) / 100;
          records.push({ id: firstId + i, company_id: user.companyId, item_id: itemId, parent_record_id: null, values_json: `{"temperature":${value}}`, source: 'device', created_by: null, created_at: ts, updated_at: ts });
          points.push({ seriesId, ts, recordId: firstId + i, value });
        }
        for (let r = 0; r < records.length; r += 2_000) {
          await trx.insertInto('data_record').values(records.slice(r, r + 2_000)).execute();
        }
        const appendStarted = performance.now();
        await store.append(trx, points);
        appendMs += performance.now() - appendStarted;
      });
      done += count;
      if (done % 100_000 === 0 || done === options.values) {
        process.stdout.write(`\r  loaded ${done.toLocaleString('en-US')} values`);
      }
    }
    await db.updateTable('data_item').set({ record_count: options.values }).where('id', '=', itemId).execute();
    process.stdout.write('\n');
    const loadSeconds = (performance.now() - loadStarted) / 1000;
    if (app.platform.dbKind === 'sqlite') {
      await sql`analyze`.execute(db);
    } else {
      await sql`analyze`.execute(db);
    }

    const day = { from: end - 1440 * MINUTE, to: end };
    const month = { from: end - 30 * 1440 * MINUTE, to: end };
    const whole = { from: start, to: end };
    const scenarios: Array<{ name: string; target?: number; body: Record<string, unknown> }> = [
      { name: 'one field, one day, raw (1 440 values)', target: 5, body: { bucket: 'raw', range: day, series: [{ field: 'temperature' }] } },
      { name: 'one field, one day, hourly AVG', target: 5, body: { bucket: 'hour', range: day, series: [{ field: 'temperature', aggregate: 'AVG' }] } },
      { name: 'one field, preset today, 5-minute MAX', target: 5, body: { bucket: '5m', range: { preset: 'today' }, series: [{ field: 'temperature', aggregate: 'MAX' }] } },
      { name: '30 days of 1-minute values, raw (43 200 → min/max)', target: 50, body: { bucket: 'raw', range: month, series: [{ field: 'temperature' }] } },
      { name: '30 days, 1-minute MAX buckets (43 200 → min/max)', body: { bucket: '1m', range: month, series: [{ field: 'temperature', aggregate: 'MAX' }] } },
      { name: '30 days, 15-minute AVG + MIN + MAX', target: 50, body: { bucket: '15m', range: month, series: ['AVG', 'MIN', 'MAX'].map((aggregate) => ({ field: 'temperature', aggregate })) } },
      { name: '30 days, daily SUM', target: 50, body: { bucket: 'day', range: month, series: [{ field: 'temperature', aggregate: 'SUM' }] } },
      { name: `whole item (${options.values.toLocaleString('en-US')} values), raw → min/max`, target: 100, body: { bucket: 'raw', range: whole, series: [{ field: 'temperature' }] } },
      { name: 'whole item, raw, LTTB from rollups', target: 100, body: { bucket: 'raw', range: whole, downsample: 'lttb', series: [{ field: 'temperature' }] } },
      { name: 'whole item, hourly AVG (→ min/max)', target: 100, body: { bucket: 'hour', range: whole, series: [{ field: 'temperature', aggregate: 'AVG' }] } },
      { name: 'whole item, daily MAX', target: 100, body: { bucket: 'day', range: whole, series: [{ field: 'temperature', aggregate: 'MAX' }] } },
      { name: 'whole item, monthly AVG', target: 100, body: { bucket: 'month', range: whole, series: [{ field: 'temperature', aggregate: 'AVG' }] } },
    ];
    const results: Array<{ name: string; target?: number; points: number; p50: number; p95: number; p99: number; mean: number; cpu: number }> = [];
    await measure(scenarios, '');
    // The same item as telemetry ingest on SQLite leaves it (docs/charts.md, "Rollups after
    // commit"): rollups complete only up to a watermark 6 minutes back, the rest read from points.
    await db.updateTable('series').set({ rolled_until: end - 6 * MINUTE }).where('id', '=', seriesId).execute();
    await measure(
      scenarios.filter((s) => s.target !== undefined && !s.name.includes('1-minute MAX') && !s.name.includes('LTTB')),
      ' — telemetry series (rollups 6 min behind)',
    );

    async function measure(list: typeof scenarios, suffix: string): Promise<void> {
      for (const scenario of list) {
        const body = { itemId, ...scenario.body };
        for (let i = 0; i < options.warmup; i += 1) {
          await call('POST', '/general/chart/query', body);
        }
        const times: number[] = [];
        let points = 0;
        const cpuBefore = process.cpuUsage();
        for (let i = 0; i < options.iterations; i += 1) {
          const started = performance.now();
          const answer = await call('POST', '/general/chart/query', body);
          times.push(performance.now() - started);
          if (answer.code !== 0 || answer.data.series[0].points.length === 0) {
            throw new Error(`${scenario.name}: unexpected answer ${JSON.stringify(answer).slice(0, 300)}`);
          }
          points = Math.max(...answer.data.series.map((s: { points: unknown[] }) => s.points.length));
          if (points > 2000) {
            throw new Error(`${scenario.name}: ${points} points`);
          }
        }
        const cpu = process.cpuUsage(cpuBefore);
        times.sort((a, b) => a - b);
        results.push({
          name: scenario.name + suffix,
          target: scenario.target,
          points,
          p50: percentile(times, 50),
          p95: percentile(times, 95),
          p99: percentile(times, 99),
          mean: times.reduce((a, b) => a + b, 0) / times.length,
          cpu: (cpu.user + cpu.system) / 1000 / options.iterations,
        });
      }
    }

    const version =
      app.platform.dbKind === 'sqlite' ? (await sql<{ v: string }>`select sqlite_version() as v`.execute(db)).rows[0]?.v : (await sql<{ v: string }>`show server_version`.execute(db)).rows[0]?.v;
    const rollups = await db.selectFrom('series_rollup').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    console.log('');
    console.log(`${new Date().toISOString().slice(0, 10)} — ${os.cpus().length} cores (${os.cpus()[0]?.model ?? 'unknown CPU'}), Node ${process.version}, ${os.type()} ${os.release()}, ${app.platform.dbKind} ${version}`);
    console.log(
      `${options.values.toLocaleString('en-US')} values (with their records) loaded in ${loadSeconds.toFixed(1)} s; SeriesRepository.append alone ${(appendMs / 1000).toFixed(1)} s = ${Math.round(options.values / (appendMs / 1000)).toLocaleString('en-US')} points/s; ${Number(rollups.n).toLocaleString('en-US')} rollup rows`,
    );
    console.log(`${options.iterations} calls per scenario after ${options.warmup} warm-up calls; load average before the calls: ${os.loadavg().map((l) => l.toFixed(1)).join(', ')}`);
    console.log('');
    console.log('| scenario | points answered | p50 | p95 | p99 | mean | CPU per call | target (p95) |');
    console.log('|---|---:|---:|---:|---:|---:|---:|---:|');
    for (const r of results) {
      const verdict = r.target === undefined ? '' : `< ${r.target} ms ${r.p95 < r.target ? '✓' : '✗'}`;
      console.log(`| ${r.name} | ${r.points.toLocaleString('en-US')} | ${r.p50.toFixed(1)} ms | ${r.p95.toFixed(1)} ms | ${r.p99.toFixed(1)} ms | ${r.mean.toFixed(1)} ms | ${r.cpu.toFixed(1)} ms | ${verdict} |`);
    }
  } finally {
    await app.close();
    if (databaseUrl && databaseSchema) {
      await dropSchema(databaseUrl, databaseSchema);
    }
    rmSync(dir, { recursive: true, force: true });
  }
}

await main();
