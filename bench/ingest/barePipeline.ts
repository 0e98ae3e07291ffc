import net from 'node:net';
import path from 'node:path';
import { rmSync } from 'node:fs';
import { Worker } from 'node:worker_threads';
import type SQLite from 'better-sqlite3';
import { Aedes } from 'aedes';
import { openBareWriter, type BarePublish } from '../bareWriter';
import { freePort } from './baselines';
import type { Device, Fleet } from './fleet';
import { loopMonitor, profiled } from './monitors';
import { load, split, type Options } from './options';

export interface BareResult {
  valuesPerSecond: number;
  values: number;
  acked: number;
  batches: number;
  seconds: number;
  loopMaxMs: number;
  loopP99Ms: number;
  gc: string;
  /** CPU time of this process (every thread) over the phase. */
  cpuSeconds: number;
  load: string;
}

/**
 * The bare pipeline (issue 21): what a hand-written aedes + better-sqlite3 ingest does for the same
 * work, in this process, driven by the same fleet. A copy of the app's seeded database (VACUUM INTO:
 * the same tables, keys and indexes), the app's pragmas; every publish's values checked against its
 * item's fields and written as the app writes them — a data_record row (values_json), a
 * series_point per value (series made on first sight, points in key order), data_item.record_count
 * and telemetry_count — in transactions of at most 1 000 publishes, the PUBACK after commit. No
 * device authentication (the fleet is connected before the measured phase), no ACL, no pushes, no
 * rollups (the app defers them too: its roller runs minutes later).
 */
export async function barePipeline(fleet: Fleet, devices: Device[], options: Options, parts: number, source: SQLite.Database, dir: string, onWorker = false): Promise<BareResult> {
  const file = path.join(dir, onWorker ? 'bare-worker.db' : 'bare.db');
  source.exec(`vacuum into '${file}'`);
  interface Pending extends BarePublish {
    done: (error: Error | null) => void;
  }
  let pending: Pending[] = [];
  let values = 0;
  let batches = 0;
  let scheduled = false;
  const finish = (batch: Pending[], failure: Error | null) => {
    for (const publish of batch) {
      publish.done(failure);
    }
  };
  // The event loop's design (--bare): one transaction of ≤ 1 000 publishes at a time, on this thread.
  // The worker's design (--bare-worker): the batch is posted to a thread that writes it while the
  // event loop goes on reading publishes; at most two batches in flight (one writing, one waiting).
  const local = onWorker ? null : openBareWriter(file);
  // A worker thread does not inherit tsx's loader: it registers it, then loads the TypeScript entry.
  const entry = new URL('../bareWriter.worker.ts', import.meta.url).href;
  const worker = onWorker
    ? new Worker(`import('tsx/esm/api').then(({ register }) => { register(); return import(${JSON.stringify(entry)}); });`, { eval: true, workerData: { file } })
    : null;
  const inFlight = new Map<number, Pending[]>();
  let nextId = 1;
  if (worker) {
    await new Promise<void>((resolve, reject) => {
      worker.once('error', reject);
      worker.once('message', () => resolve());
    });
    worker.on('message', (message: { id: number; values?: number; error?: string }) => {
      const batch = inFlight.get(message.id);
      inFlight.delete(message.id);
      if (!batch) {
        return;
      }
      if (message.error === undefined) {
        values += message.values ?? 0;
        batches += 1;
      }
      finish(batch, message.error === undefined ? null : new Error(message.error));
      if (pending.length > 0) {
        schedule(true);
      }
    });
  }
  const flush = () => {
    scheduled = false;
    if (worker && inFlight.size >= 2) {
      return; // the worker's answer schedules the next flush
    }
    const batch = pending.slice(0, 1000);
    pending = pending.slice(batch.length);
    if (batch.length > 0) {
      if (worker) {
        const id = nextId++;
        inFlight.set(id, batch);
        worker.postMessage({ id, batch: batch.map(({ sn, ts, values: v }) => ({ sn, ts, values: v })) });
      } else if (local) {
        let failure: Error | null = null;
        try {
          values += local.write(batch);
          batches += 1;
        } catch (error) {
          failure = error instanceof Error ? error : new Error(String(error));
        }
        finish(batch, failure);
      }
    }
    if (pending.length > 0) {
      schedule(true);
    }
  };
  const schedule = (now: boolean) => {
    if (!scheduled) {
      scheduled = true;
      if (now) {
        setImmediate(flush);
      } else {
        setTimeout(flush, 5);
      }
    }
  };
  const aedes = await Aedes.createBroker({
    authenticate: (_client, _username, _password, done) => done(null, true),
    authorizePublish: (client, packet, done) => {
      const parts = packet.topic.split('/');
      if (!client || parts.length !== 4 || parts[0] !== 'sd' || parts[2] !== 'up' || parts[3] !== 'telemetry') {
        done(null);
        return;
      }
      let body: { ts?: unknown; values?: unknown };
      try {
        body = JSON.parse(packet.payload.toString('utf8')) as typeof body;
      } catch {
        done(null);
        return;
      }
      if (typeof body.ts !== 'number' || typeof body.values !== 'object' || body.values === null) {
        done(null);
        return;
      }
      pending.push({ sn: parts[1], ts: body.ts, values: body.values as Record<string, unknown>, done });
      schedule(pending.length >= 1000);
    },
  });
  const server = net.createServer(aedes.handle);
  const port = await freePort();
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', () => resolve()));
  try {
    await fleet.ask([...split(devices, parts), []].map((d) => ({ type: 'connect', port, devices: d })), 600_000);
    await fleet.ask({ type: 'run', mode: 'once', seconds: 300, values: options.values }, 400_000);
    const monitor = loopMonitor();
    const before = { values, batches };
    const loadBefore = load();
    const cpuBefore = process.cpuUsage();
    const started = Date.now();
    const ran = await profiled(options.profile, 'bare', () => fleet.ask({ type: 'run', mode: 'max', seconds: options.seconds, values: options.values }, options.seconds * 1000 + 120_000));
    const seconds = (Date.now() - started) / 1000;
    const loop = monitor.read();
    const cpu = process.cpuUsage(cpuBefore);
    monitor.stop();
    await fleet.ask({ type: 'disconnect' }, 60_000);
    return {
      valuesPerSecond: (values - before.values) / seconds,
      values: values - before.values,
      acked: ran.reduce((n, r) => n + Number(r.acked), 0),
      batches: batches - before.batches,
      seconds,
      loopMaxMs: loop.maxMs,
      loopP99Ms: loop.p99Ms,
      gc: loop.gc,
      cpuSeconds: (cpu.user + cpu.system) / 1e6,
      load: `${loadBefore} → ${load()}`,
    };
  } finally {
    await new Promise<void>((resolve) => aedes.close(() => server.close(() => resolve())));
    local?.close();
    if (worker) {
      worker.postMessage({ close: true });
      await new Promise<void>((resolve) => worker.once('exit', () => resolve()));
    }
    rmSync(file, { force: true });
    rmSync(`${file}-wal`, { force: true });
    rmSync(`${file}-shm`, { force: true });
  }
}
