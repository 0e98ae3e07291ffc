/**
 * Telemetry ingest (issue 6): a simulated fleet publishing through the embedded broker to the
 * real app (auth, ACL, the devices module's listener, the telemetry publish hook, group commit,
 * records + series points + rollups, realtime pushes), measured against, in the same run:
 *   - raw better-sqlite3 insert speed (the same point rows, prepared statement, big transactions),
 *   - raw aedes throughput (a bare broker, QoS 1, no hook, no database).
 *
 *   npx tsx --tsconfig apps/server/tsconfig.json bench/ingest.ts
 *   npx tsx --tsconfig apps/server/tsconfig.json bench/ingest.ts --devices=5000 --values=20 --seconds=20 --rate=10000
 *   npx tsx --tsconfig apps/server/tsconfig.json bench/ingest.ts --bare --rules=0     also the bare pipeline: prints project ÷ bare
 *
 * `--bare` (issue 21) runs, before the app's phases and with the same fleet, a hand-written aedes +
 * better-sqlite3 pipeline on a copy of the seeded database (same rows, keys and pragmas, ≤ 1 000
 * publishes a transaction, PUBACK after commit; see barePipeline), then prints the app's
 * as-fast-as-possible rate divided by the bare one and each one's longest event-loop block
 * (perf_hooks monitorEventLoopDelay max), GC pauses, and values per CPU-second of each (the ratio
 * that survives a loaded machine). `--flushms=N` sets the group commit's time budget per flush
 * (both databases; 0: off), `--profile` writes CPU profiles of both as-fast-as-possible phases.
 * `BENCH_DATABASE_URL=postgres://…` runs the app on PostgreSQL (own schema, dropped afterwards;
 * the raw and bare phases stay on SQLite).
 *
 * `--broker=mosquitto` (issue 22): after the app's as-fast-as-possible phase on the embedded broker,
 * the same database and the same fleet go through a throwaway Mosquitto 2 (scripts/mosquitto.mjs,
 * port 19900–19949, dynamic security on: the fleet connects with one broker account allowed to
 * publish on `sd/+/up/#`), consumed by `--instances=1|2` server instances (MQTT_URL, the shared
 * subscription; 2 needs BENCH_DATABASE_URL: two instances on one SQLite file is not supported),
 * built in this process with buildApp, each with `--consumers=K` connections (default 16) and
 * a Receive Maximum of `--inflight=N` (default 64). Prints values/s stored beside the embedded
 * broker's figure of the same run; the rules and fixed-rate phases are skipped in this mode.
 * Mosquitto acknowledges a device's publish at once (its PUBACK is the broker's): the fleet is
 * not held back by the commit, so the broker queues for the consumers and drops beyond its
 * `max_queued_messages` (1 000 per consumer session): the phase prints what was acknowledged to
 * the fleet, what was stored, and the difference after the consumers drained; then the same at
 * a fixed offered rate (`--rate` values/s).
 *
 * The fleet runs in two child processes (this file with --fleet), each holding half of the
 * devices' MQTT connections; every device is bound to its own IoT data list of `values` decimal
 * fields, and publishes `{ts, values}` with QoS 1, the next publish once the PUBACK of the last
 * came (acknowledgement after commit: every acknowledged value is stored). Phases:
 *   1. raw better-sqlite3, 2. raw aedes, 3. connect the fleet to the app (all devices at once),
 *   4. as fast as possible (values stored per second), 5. a fixed rate (`--rate` values/s) while
 *   a WebSocket client per 200 items (the "browser", in a third child process) measures
 *   publish-to-browser latency from the payload's ts to the push on records:<itemId>.
 * Every loop is bounded; the whole run stops after 15 minutes whatever happens.
 * Results go in docs/performance.md; run by hand, never as a timed test. This file is the run
 * (`main`); its parts are in bench/ingest/: the options, the fleet and its processes, the raw
 * baselines, the bare pipeline, the Mosquitto phase, the seeding and the loop monitors.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import type net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { barePipeline, type BareResult } from './ingest/barePipeline';
import { freePort, rawAedes, rawSqliteInsert } from './ingest/baselines';
import { Fleet, type Device } from './ingest/fleet';
import { fleet as runFleetProcess } from './ingest/fleetProcess';
import { loopMonitor, profiled } from './ingest/monitors';
import { HARD_LIMIT_MS, load, parseOptions, percentile, split } from './ingest/options';
import { seed, seedKysely } from './ingest/seed';
import { throughMosquitto } from './ingest/throughMosquitto';

async function main(): Promise<void> {
  const options = parseOptions(process.argv.slice(2));
  const hardStop = setTimeout(() => {
    console.error('bench: 15 minutes passed, stopping');
    process.exit(2);
  }, HARD_LIMIT_MS);
  hardStop.unref();
  const dir = mkdtempSync(path.join(os.tmpdir(), 'sd-bench-ingest-'));
  const parts = 2;
  console.log(`machine: ${os.cpus().length} × ${os.cpus()[0]?.model ?? '?'}, ${Math.round(os.totalmem() / 2 ** 30)} GB, node ${process.version}, ${new Date().toISOString()}`);
  console.log(`load average (1, 5, 15 min): ${load()}`);
  console.log(`fleet: ${options.devices} devices in ${parts} processes, ${options.values} values per publish, QoS 1`);

  // 1. raw better-sqlite3
  const rawRate = rawSqliteInsert(dir, options.raw);
  console.log(`raw better-sqlite3 insert: ${Math.round(rawRate).toLocaleString('en-US')} rows/s (${options.raw.toLocaleString('en-US')} point rows, 20 000 per transaction)`);

  const { buildApp } = await import('../apps/server/src/app');
  const { testConfig } = await import('../apps/server/src/config');
  const { rawSqlite } = await import('../apps/server/src/platform/db/database');
  const { createCompanyUser, signIn } = await import('../apps/server/src/test/testApp');
  const { dropSchema } = await import('../apps/server/src/platform/db/database');
  // PostgreSQL (issue 21): the app on BENCH_DATABASE_URL, in a schema of its own dropped afterwards.
  const databaseUrl = process.env.BENCH_DATABASE_URL || undefined;
  const databaseSchema = databaseUrl ? `bench_ingest_${process.pid}` : undefined;
  if (options.broker === 'mosquitto' && options.instances > 1 && !databaseUrl) {
    throw new Error('--instances=2 needs BENCH_DATABASE_URL (PostgreSQL): two instances on one SQLite file is not a supported topology');
  }
  console.log(`database: ${databaseUrl ? `PostgreSQL (schema ${databaseSchema}; the raw better-sqlite3 and bare phases stay on SQLite)` : 'SQLite file in a temp folder'}`);

  const devices: Device[] = Array.from({ length: options.devices }, (_, i) => ({ sn: `BENCH${String(i).padStart(5, '0')}`, secret: randomBytes(12).toString('hex') }));
  const fleet = new Fleet();
  // Two fleet processes and a third one for the "browsers" (so their clock is not slowed by 2 500 MQTT clients).
  await fleet.start(parts + 1, import.meta.filename);
  try {
    // 2. raw aedes
    const bare = await rawAedes(fleet, devices, options, parts);
    console.log(`raw aedes (no hook, no database): ${Math.round(bare.publishesPerSecond).toLocaleString('en-US')} publishes/s = ${Math.round(bare.publishesPerSecond * options.values).toLocaleString('en-US')} values/s acknowledged, ${bare.connected} connected`);

    // 3. the app, its data, the fleet connected
    const mqttPort = await freePort();
    const app = await buildApp(testConfig({ dataDir: dir, sqliteFile: path.join(dir, 'smartdata.db'), databaseUrl, databaseSchema, mqttPort, mqttTlsPort: options.tls ? 0 : null, logLevel: 'warn', recordWriterThread: options.writer === 'thread' }));
    await app.listen({ host: '127.0.0.1', port: 0 });
    if (!databaseUrl) {
      const onThread = await app.telemetry.writerOnThread();
      console.log(`the app's SQLite writer of device batches: ${onThread ? 'its own thread (RECORD_WRITER_THREAD=on)' : 'the event loop, in slices (the default)'}`);
    }
    app.telemetry.commit.setMaxFlushMs(options.flushms > 0 ? options.flushms : undefined);
    const httpPort = (app.server.address() as net.AddressInfo).port;
    const user = await createCompanyUser(app, { codes: ['sd_capsule', 'cd_device', 'um_role', 'cs_rules', 'cs_info'] });
    const token = await signIn(app, user.userName, user.password);
    const raw = rawSqlite(app.platform.db);
    const itemIds = raw ? await seed(app.platform.db, raw, user.companyId, user.userId, devices, options.values) : await seedKysely(app.platform.db, user.companyId, user.userId, devices, options.values);
    console.log(`seeded ${devices.length} devices, ${itemIds.length} IoT data lists of ${options.values} decimal fields, one binding each`);

    // 3b. the bare pipeline on a copy of the seeded database, the same fleet (issue 21)
    let bareResult: BareResult | null = null;
    if (options.bare && !raw) {
      console.log('bare pipeline: SQLite only (the app runs on PostgreSQL here); compare with a run without BENCH_DATABASE_URL');
    } else if (options.bare && raw) {
      bareResult = await barePipeline(fleet, devices, options, parts, raw, dir);
      console.log(
        `bare pipeline (aedes + better-sqlite3, same rows, ≤ 1 000 publishes a transaction, PUBACK after commit): ${Math.round(bareResult.valuesPerSecond).toLocaleString('en-US')} values/s stored (${bareResult.values.toLocaleString('en-US')} values, ${bareResult.acked.toLocaleString('en-US')} publishes acknowledged, ${bareResult.batches} transactions) in ${bareResult.seconds.toFixed(1)} s, ${Math.round(bareResult.values / bareResult.cpuSeconds).toLocaleString('en-US')} values per CPU-second; event loop delay max ${bareResult.loopMaxMs.toFixed(0)} ms, p99 ${bareResult.loopP99Ms.toFixed(0)} ms; ${bareResult.gc}; load ${bareResult.load}`,
      );
      if (options.bareWorker) {
        const onWorker = await barePipeline(fleet, devices, options, parts, raw, dir, true);
        console.log(
          `bare pipeline, SQLite writer on a worker thread (same rows and batches, ≤ 2 batches in flight, PUBACK after commit): ${Math.round(onWorker.valuesPerSecond).toLocaleString('en-US')} values/s stored (${onWorker.values.toLocaleString('en-US')} values, ${onWorker.batches} transactions) in ${onWorker.seconds.toFixed(1)} s, ${Math.round(onWorker.values / onWorker.cpuSeconds).toLocaleString('en-US')} values per CPU-second (both threads); event loop delay max ${onWorker.loopMaxMs.toFixed(0)} ms, p99 ${onWorker.loopP99Ms.toFixed(0)} ms; ${onWorker.gc}; load ${onWorker.load}`,
        );
        console.log(
          `the two designs, bare: worker thread ÷ event loop = ${(onWorker.valuesPerSecond / bareResult.valuesPerSecond).toFixed(2)} in values/s, ${(onWorker.values / onWorker.cpuSeconds / (bareResult.values / bareResult.cpuSeconds)).toFixed(2)} in values per CPU-second; longest event-loop block ${onWorker.loopMaxMs.toFixed(0)} vs ${bareResult.loopMaxMs.toFixed(0)} ms`,
        );
      }
    }

    const connectStarted = Date.now();
    const connected = await fleet.ask([...split(devices, parts), []].map((d) => ({ type: 'connect', port: mqttPort, devices: d })), 600_000);
    const connectedCount = connected.reduce((n, r) => n + Number(r.count), 0);
    console.log(`connected to the app: ${connectedCount} devices at once (${connected.reduce((n, r) => n + Number(r.failed), 0)} failed) in ${((Date.now() - connectStarted) / 1000).toFixed(1)} s`);

    // 4. as fast as possible (after one publish per device: the items' series exist)
    const warmStarted = Date.now();
    const warm = await fleet.ask({ type: 'run', mode: 'once', seconds: 300, values: options.values }, 400_000);
    console.log(`warm-up: one publish per device, ${warm.reduce((n, r) => n + Number(r.acked), 0)} acknowledged in ${((Date.now() - warmStarted) / 1000).toFixed(1)} s (makes ${(options.devices * options.values).toLocaleString('en-US')} series)`);
    // How long the server's event loop was held up (a long synchronous transaction or checkpoint
    // delays every socket): printed per phase.
    let lags: number[] = [];
    let expected = performance.now() + 10;
    const sampler = setInterval(() => {
      const now = performance.now();
      if (lags.length < 1_000_000) {
        lags.push(Math.max(0, now - expected));
      }
      expected = now + 10;
    }, 10);
    const loopReport = () => {
      const sorted = lags.sort((a, b) => a - b);
      lags = [];
      return `server event loop lag (10 ms timer, ${sorted.length} ticks) p50 ${percentile(sorted, 50).toFixed(0)} ms, p99 ${percentile(sorted, 99).toFixed(0)} ms, max ${(sorted.at(-1) ?? 0).toFixed(0)} ms`;
    };
    const stats = app.telemetry.stats;
    const before = { ...stats, batches: app.telemetry.commit.stats.batches, rolled: app.telemetry.rollStats.series, rollMs: app.telemetry.rollStats.ms };
    const monitor = loopMonitor();
    const loadBefore = load();
    const cpuBefore = process.cpuUsage();
    const started = Date.now();
    const ran = await profiled(options.profile, 'project', () => fleet.ask({ type: 'run', mode: 'max', seconds: options.seconds, values: options.values }, options.seconds * 1000 + 120_000));
    const seconds = (Date.now() - started) / 1000;
    const maxLoop = monitor.read();
    const cpu = process.cpuUsage(cpuBefore);
    const stored = stats.values - before.values;
    const acked = ran.reduce((n, r) => n + Number(r.acked), 0);
    const batches = app.telemetry.commit.stats.batches - before.batches;
    console.log(
      `ingest, as fast as the acknowledgements allow: ${Math.round(stored / seconds).toLocaleString('en-US')} values/s stored (${stored.toLocaleString('en-US')} values, ${acked.toLocaleString('en-US')} publishes acknowledged, ${ran.reduce((n, r) => n + Number(r.errors), 0)} errors, ${stats.refused - before.refused} refused, ${batches} transactions, largest ${app.telemetry.commit.stats.largestBatch} publishes) in ${seconds.toFixed(1)} s; meanwhile the roller folded ${(app.telemetry.rollStats.series - before.rolled).toLocaleString('en-US')} series (${((app.telemetry.rollStats.ms - before.rollMs) / 1000).toFixed(1)} s); ${loopReport()}`,
    );

    console.log(`  ${Math.round(stored / ((cpu.user + cpu.system) / 1e6)).toLocaleString('en-US')} values per CPU-second of this process (group commit budget ${options.flushms > 0 ? `${options.flushms} ms a flush` : 'off'})`);
    console.log(`  event loop delay (monitorEventLoopDelay) max ${maxLoop.maxMs.toFixed(0)} ms, p99 ${maxLoop.p99Ms.toFixed(0)} ms (target: no block over 100 ms); longest flush ${app.telemetry.commit.stats.longestFlushMs.toFixed(0)} ms; ${maxLoop.gc}; load ${loadBefore} → ${load()}`);
    if (bareResult) {
      const ratio = stored / seconds / bareResult.valuesPerSecond;
      const perCpu = stored / ((cpu.user + cpu.system) / 1e6) / (bareResult.values / bareResult.cpuSeconds);
      console.log(`project ÷ bare in values per CPU-second (less sensitive to the machine's load): ${perCpu.toFixed(2)}`);
      console.log(
        `project ÷ bare: ${Math.round(stored / seconds).toLocaleString('en-US')} ÷ ${Math.round(bareResult.valuesPerSecond).toLocaleString('en-US')} values/s = ${ratio.toFixed(2)} (target ≥ 0.85: ${ratio >= 0.85 ? 'met' : 'missed'}); longest event-loop block: project ${maxLoop.maxMs.toFixed(0)} ms, bare ${bareResult.loopMaxMs.toFixed(0)} ms (target ≤ 100 ms: ${maxLoop.maxMs <= 100 ? 'met' : 'missed'})`,
      );
    }

    // 4a. the same fleet on the MQTTS listener (issue 37), then back on the plain one for the rest.
    if (options.tls && app.platform.broker?.tlsPort && app.platform.broker.caPem) {
      const tlsPort = app.platform.broker.tlsPort;
      const ca = app.platform.broker.caPem;
      await fleet.ask({ type: 'disconnect' }, 120_000);
      const tlsConnectStarted = Date.now();
      const overTls = await fleet.ask([...split(devices, parts), []].map((d) => ({ type: 'connect' as const, port: tlsPort, devices: d, tls: { ca } })), 600_000);
      const tlsConnectSeconds = (Date.now() - tlsConnectStarted) / 1000;
      const from = stats.values;
      const tlsCpu = process.cpuUsage();
      const begun = Date.now();
      await fleet.ask({ type: 'run', mode: 'max', seconds: options.seconds, values: options.values }, options.seconds * 1000 + 120_000);
      const tlsSeconds = (Date.now() - begun) / 1000;
      const tlsStored = stats.values - from;
      const tlsCpuSeconds = (process.cpuUsage(tlsCpu).user + process.cpuUsage(tlsCpu).system) / 1e6;
      console.log(
        `over TLS (MQTTS, the platform's own certificate, RSA 2048, TLS 1.3): ${overTls.reduce((n, r) => n + Number(r.count), 0)} devices connected in ${tlsConnectSeconds.toFixed(1)} s; ${Math.round(tlsStored / tlsSeconds).toLocaleString('en-US')} values/s stored beside ${Math.round(stored / seconds).toLocaleString('en-US')} plain in the same run (${((100 * tlsStored) / tlsSeconds / (stored / seconds)).toFixed(0)} %), ${Math.round(tlsStored / tlsCpuSeconds).toLocaleString('en-US')} values per CPU-second of this process; ${loopReport()}`,
      );
      await fleet.ask({ type: 'disconnect' }, 120_000);
      await fleet.ask([...split(devices, parts), []].map((d) => ({ type: 'connect' as const, port: mqttPort, devices: d })), 600_000);
    }

    // The roller's share: one whole round now (every series, the points since its watermark), and
    // the rate net of that round repeated every `everyMs` (what a run of many minutes settles at).
    const everyMs = app.telemetry.rollerOptions?.everyMs ?? 0;
    if (everyMs > 0) {
      const roundStarted = performance.now();
      const cpuBefore = process.cpuUsage();
      const rolledNow = await app.telemetry.rollDue(Date.now(), true);
      const roundSeconds = (performance.now() - roundStarted) / 1000;
      const cpu = process.cpuUsage(cpuBefore);
      const shared = seconds + (roundSeconds * seconds) / (everyMs / 1000);
      console.log(
        `roller: one round over ${rolledNow.toLocaleString('en-US')} series (${((Date.now() - warmStarted) / 60_000).toFixed(1)} min of values since their watermarks) in ${roundSeconds.toFixed(1)} s (CPU ${((cpu.user + cpu.system) / 1e6).toFixed(1)} s); at one round per ${everyMs / 60_000} min the ingest above nets ${Math.round(stored / shared).toLocaleString('en-US')} values/s`,
      );
    }

    // 4b. the same, with `--rules` alarm rules active on as many items (issue 15: evaluated after
    // commit, never slowing ingest), then without them again: A-B-A, so a drift of the machine or of
    // the database's size shows.
    if (options.broker === 'mosquitto') {
      clearInterval(sampler);
      monitor.stop();
      await fleet.ask({ type: 'disconnect' }, 120_000);
      await app.close().catch((error: unknown) => console.error(`app close: ${String(error)}`));
      const embeddedRate = stored / seconds;
      const through = await throughMosquitto(fleet, devices, options, parts, (instance, mqttUrl) =>
        buildApp(
          testConfig({
            dataDir: dir,
            sqliteFile: path.join(dir, 'smartdata.db'),
            databaseUrl,
            databaseSchema,
            mqttPort: null,
            mqttUrl,
            instanceId: `bench-${process.pid}-${instance}`,
            mqttConsumers: options.consumers,
            mqttReceiveMaximum: options.inflight,
            logLevel: 'warn',
          }),
        ),
      );
      console.log(
        `side by side (values/s stored, same fleet, same database, same run): embedded broker ${Math.round(embeddedRate).toLocaleString('en-US')}; Mosquitto with ${options.instances} instance${options.instances > 1 ? 's' : ''} × ${options.consumers} consumers, Receive Maximum ${options.inflight}: ${Math.round(through.valuesPerSecond).toLocaleString('en-US')} with the fleet flooding the broker (${((100 * through.valuesPerSecond) / embeddedRate).toFixed(0)} %), ${Math.round(through.ratedPerSecond).toLocaleString('en-US')} at ${through.offered.toLocaleString('en-US')} offered (${through.ratedMissing.toLocaleString('en-US')} values missing)`,
      );
      await fleet.close();
      return;
    }
    if (options.rules > 0) {
      const maxRate = async () => {
        const from = stats.values;
        const begun = Date.now();
        await fleet.ask({ type: 'run', mode: 'max', seconds: options.seconds, values: options.values }, options.seconds * 1000 + 120_000);
        return (stats.values - from) / ((Date.now() - begun) / 1000);
      };
      const call = (url: string, payload: unknown) => app.inject({ method: 'POST', url, payload: payload as object, headers: { authorization: `Bearer ${token}` } }).then((r) => r.json<{ code: number; data: { id: number } }>());
      const ruleIds: number[] = [];
      for (const itemId of itemIds.slice(0, options.rules)) {
        // The fleet's v0 swings between 10 and 30: alarms open, escalate and clear all through the run.
        const answer = await call('/general/alarm/addRule', {
          name: `Bench rule ${itemId}`,
          enabled: true,
          target: { kind: 'field', itemId, fieldName: 'v0' },
          levels: [
            { level: 1, op: 'gt', threshold: 25, kind: 'simple' },
            { level: 2, op: 'gt', threshold: 28, kind: 'repeating', count: 3 },
          ],
          clear: { op: 'lt', threshold: 22 },
        });
        if (answer.code !== 0) {
          throw new Error(`addRule: ${JSON.stringify(answer)}`);
        }
        ruleIds.push(answer.data.id);
      }
      const withoutBefore = stored / seconds;
      const withRules = await maxRate();
      const drainStarted = Date.now();
      await app.alarms.idle();
      const drainMs = Date.now() - drainStarted;
      const opened = await app.platform.db.selectFrom('alarm').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
      for (const id of ruleIds) {
        await call('/general/alarm/deleteRule', { id });
      }
      const withoutAfter = await maxRate();
      const baseline = (withoutBefore + withoutAfter) / 2;
      console.log(
        `ingest with ${options.rules} active alarm rules: ${Math.round(withRules).toLocaleString('en-US')} values/s stored, against ${Math.round(withoutBefore).toLocaleString('en-US')} before and ${Math.round(withoutAfter).toLocaleString('en-US')} after without rules = ${((100 * withRules) / baseline).toFixed(0)} % (target ≥ 80 %); ${Number(opened.n).toLocaleString('en-US')} alarms opened; the rule queue drained ${drainMs} ms after the phase; ${loopReport()}`,
      );
    }

    // 5. a fixed rate with the browsers watching
    const watched = itemIds.slice(0, Math.min(800, itemIds.length));
    await fleet.ask({ type: 'watch', httpPort, token, itemIds: watched }, 60_000, parts);
    const publishesPerSecond = options.rate / options.values;
    const rateBefore = stats.values;
    loopReport();
    monitor.reset();
    const rateStarted = Date.now();
    const rated = await fleet.ask({ type: 'run', mode: 'rate', seconds: options.seconds, values: options.values, publishesPerSecond: publishesPerSecond / parts }, options.seconds * 1000 + 120_000);
    const rateSeconds = (Date.now() - rateStarted - 2000) / 1000;
    const [report] = await fleet.ask({ type: 'report' }, 60_000, parts);
    const latencies = (report.latencies as number[]).sort((a, b) => a - b);
    const rateLoop = monitor.read();
    monitor.stop();
    console.log(
      `at ${options.rate.toLocaleString('en-US')} values/s offered (the fleet sent ${Math.round((rated.reduce((n, r) => n + Number(r.sent), 0) * options.values) / (rateSeconds || 1)).toLocaleString('en-US')} values/s, ${rated.reduce((n, r) => n + Number(r.acked), 0)} publishes acknowledged): ${Math.round((stats.values - rateBefore) / rateSeconds).toLocaleString('en-US')} values/s stored; publish-to-browser latency over ${latencies.length} pushes (${watched.length} items watched): p50 ${percentile(latencies, 50)} ms, p99 ${percentile(latencies, 99)} ms, max ${latencies.at(-1)} ms (target p99 ≤ 250 ms); ${loopReport()}; event loop delay max ${rateLoop.maxMs.toFixed(0)} ms; ${rateLoop.gc}; load ${load()}`,
    );
    const roll = app.telemetry.rollStats;
    console.log(
      `roller (deferred rollups): ${roll.series.toLocaleString('en-US')} series rolled in ${roll.rounds} rounds, ${(roll.ms / 1000).toFixed(1)} s wall (slices interleave with ingest) — with --seconds under ~90 the first round may not have come yet`,
    );
    clearInterval(sampler);
    const memory = process.memoryUsage();
    console.log(`server process: rss ${Math.round(memory.rss / 2 ** 20)} MB, heap ${Math.round(memory.heapUsed / 2 ** 20)} MB; unknown keys ${stats.unknownKeys}, invalid ${stats.invalid}`);
    await fleet.close();
    // 5 000 sockets close with the broker; a slow close is not a failure of the benchmark.
    await app.close().catch((error: unknown) => console.error(`app close: ${String(error)}`));
  } finally {
    await fleet.close().catch(() => undefined);
    if (databaseUrl && databaseSchema) {
      await dropSchema(databaseUrl, databaseSchema).catch((error: unknown) => console.error(`drop schema: ${String(error)}`));
    }
    rmSync(dir, { recursive: true, force: true });
  }
}

if (process.argv.includes('--fleet')) {
  void runFleetProcess();
} else {
  main().then(
    () => process.exit(0),
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
}
