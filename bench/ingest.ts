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
 * Results go in docs/performance.md; run by hand, never as a timed test.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { Session } from 'node:inspector/promises';
import { monitorEventLoopDelay, PerformanceObserver } from 'node:perf_hooks';
import { Worker } from 'node:worker_threads';
import SQLite from 'better-sqlite3';
import { Aedes } from 'aedes';
import mqtt, { type MqttClient } from 'mqtt';
import WebSocket from 'ws';
import { openBareWriter, type BarePublish } from './bareWriter';

const HARD_LIMIT_MS = 15 * 60_000;

interface Options {
  devices: number;
  values: number;
  seconds: number;
  rate: number;
  raw: number;
  rules: number;
  /** The group commit's time budget per flush in ms (0: every flush takes everything that waits). */
  flushms: number;
  /** Also runs the bare pipeline (aedes + better-sqlite3, same rows) with the same fleet: prints the ratio. */
  bare: boolean;
  /** Also the bare pipeline with its SQLite writer on a worker thread (the issue's other design): prints both. */
  bareWorker: boolean;
  /** CPU profiles (node:inspector) of the as-fast-as-possible phases, written to the temp folder. */
  profile: boolean;
  /** Which broker the app phase's traffic goes through after the embedded one (issue 22). */
  broker: 'embedded' | 'mosquitto';
  /** `--broker=mosquitto`: server instances consuming from Mosquitto (2: PostgreSQL only). */
  instances: number;
  /** `--broker=mosquitto`: consumer connections per instance (MQTT_CONSUMERS). */
  consumers: number;
  /** `--broker=mosquitto`: Receive Maximum of each consumer (MQTT_RECEIVE_MAXIMUM). */
  inflight: number;
  /** SQLite: the app writes device batches on the event loop (default, `--writer=loop`) or on its writer thread (`--writer=thread`, RECORD_WRITER_THREAD=on). */
  writer: 'thread' | 'loop';
}

function parseOptions(argv: string[]): Options {
  const values = new Map<string, string>();
  let broker: Options['broker'] = 'embedded';
  let writer: Options['writer'] = 'loop';
  for (const arg of argv) {
    if (arg === '--writer=thread' || arg === '--writer=loop') {
      writer = arg === '--writer=loop' ? 'loop' : 'thread';
      continue;
    }
    if (arg === '--bare' || arg === '--bare-worker' || arg === '--profile') {
      continue;
    }
    if (arg === '--broker=mosquitto' || arg === '--broker=embedded') {
      broker = arg === '--broker=mosquitto' ? 'mosquitto' : 'embedded';
      continue;
    }
    const match = /^--([a-z]+)=(\d+)$/.exec(arg);
    if (!match) {
      throw new Error(`unknown argument ${arg} (use --devices=N --values=N --seconds=N --rate=N --raw=N --rules=N --flushms=N --bare --bare-worker --profile --writer=thread|loop --broker=mosquitto --instances=1|2 --consumers=N --inflight=N)`);
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
  return {
    devices: bounded('devices', 5000, 2, 8000),
    values: bounded('values', 20, 1, 200),
    seconds: bounded('seconds', 20, 3, 300),
    rate: bounded('rate', 10_000, 100, 200_000),
    raw: bounded('raw', 1_000_000, 10_000, 5_000_000),
    rules: bounded('rules', 100, 0, 1000),
    flushms: bounded('flushms', 40, 0, 10_000),
    bare: argv.includes('--bare') || argv.includes('--bare-worker'),
    bareWorker: argv.includes('--bare-worker'),
    profile: argv.includes('--profile'),
    broker,
    instances: bounded('instances', 1, 1, 2),
    consumers: bounded('consumers', 16, 1, 256),
    inflight: bounded('inflight', 64, 1, 65_535),
    writer,
  };
}

const percentile = (sorted: number[], p: number) => (sorted.length === 0 ? NaN : sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

// ---------------------------------------------------------------- the fleet (child process)

interface Device {
  sn: string;
  secret: string;
}
type ToFleet =
  | { type: 'connect'; port: number; devices: Device[]; account?: { username: string; password: string } }
  | { type: 'run'; mode: 'max' | 'rate' | 'once'; seconds: number; values: number; publishesPerSecond?: number }
  | { type: 'watch'; httpPort: number; token: string; itemIds: number[] }
  | { type: 'report' }
  | { type: 'disconnect' }
  | { type: 'close' };

async function fleet(): Promise<void> {
  const clients: MqttClient[] = [];
  const sockets: WebSocket[] = [];
  let latencies: number[] = [];
  const send = (message: unknown) => process.send!(message);
  const killer = setTimeout(() => process.exit(3), HARD_LIMIT_MS);
  killer.unref();

  const payload = (values: number, i: number) => {
    const v: Record<string, number> = {};
    for (let k = 0; k < values; k += 1) {
      v[`v${k}`] = Math.round((20 + 10 * Math.sin(i / 10 + k)) * 100) / 100;
    }
    return JSON.stringify({ ts: Date.now(), values: v });
  };

  process.on('message', (message: ToFleet) => {
    void (async () => {
      if (message.type === 'connect') {
        let failed = 0;
        for (let i = 0; i < message.devices.length; i += 100) {
          await Promise.all(
            message.devices.slice(i, i + 100).map(
              (device) =>
                new Promise<void>((resolve) => {
                  const client = mqtt.connect(`mqtt://127.0.0.1:${message.port}`, {
                    username: message.account?.username ?? device.sn,
                    password: message.account?.password ?? device.secret,
                    clientId: device.sn,
                    reconnectPeriod: 0,
                    keepalive: 600,
                    connectTimeout: 60_000,
                  });
                  (client as MqttClient & { sn: string }).sn = device.sn;
                  client.on('error', () => undefined);
                  client.once('connect', () => {
                    clients.push(client);
                    resolve();
                  });
                  client.once('close', () => {
                    failed += clients.includes(client) ? 0 : 1;
                    resolve();
                  });
                }),
            ),
          );
        }
        send({ type: 'connected', count: clients.filter((c) => c.connected).length, failed });
      } else if (message.type === 'run') {
        const deadline = Date.now() + message.seconds * 1000;
        let acked = 0;
        let errors = 0;
        let sent = 0;
        const live = clients.filter((c) => c.connected);
        if (message.mode === 'once') {
          // One publish per device (the app makes each item's series on its first values).
          for (let i = 0; i < live.length && Date.now() < deadline; i += 200) {
            await Promise.all(
              live.slice(i, i + 200).map(
                (client) =>
                  new Promise<void>((resolve) => {
                    sent += 1;
                    client.publish(`sd/${(client as MqttClient & { sn: string }).sn}/up/telemetry`, payload(message.values, sent), { qos: 1 }, (error) => {
                      if (error) {
                        errors += 1;
                      } else {
                        acked += 1;
                      }
                      resolve();
                    });
                  }),
              ),
            );
          }
        } else if (message.mode === 'max') {
          // Each device: publish, wait for the PUBACK (= committed), publish again.
          await Promise.all(
            live.map(
              (client) =>
                new Promise<void>((resolve) => {
                  const sn = (client as MqttClient & { sn: string }).sn;
                  const next = () => {
                    if (Date.now() >= deadline || !client.connected) {
                      resolve();
                      return;
                    }
                    sent += 1;
                    client.publish(`sd/${sn}/up/telemetry`, payload(message.values, sent), { qos: 1 }, (error) => {
                      if (error) {
                        errors += 1;
                        resolve();
                        return;
                      }
                      acked += 1;
                      next();
                    });
                  };
                  next();
                }),
            ),
          );
        } else {
          // A steady rate, spread over the devices round-robin, every 10 ms.
          const perTick = (message.publishesPerSecond ?? 100) / 100;
          let carry = 0;
          let cursor = 0;
          const pending: Promise<void>[] = [];
          while (Date.now() < deadline && live.length > 0) {
            carry += perTick;
            for (; carry >= 1; carry -= 1) {
              const client = live[cursor % live.length];
              cursor += 1;
              const sn = (client as MqttClient & { sn: string }).sn;
              sent += 1;
              client.publish(`sd/${sn}/up/telemetry`, payload(message.values, sent), { qos: 1 }, (error) => {
                if (error) {
                  errors += 1;
                } else {
                  acked += 1;
                }
              });
            }
            await sleep(10);
          }
          await Promise.all(pending);
          await sleep(2000); // the last acknowledgements and pushes
        }
        send({ type: 'ran', sent, acked, errors });
      } else if (message.type === 'watch') {
        latencies = [];
        for (let i = 0; i < message.itemIds.length; i += 200) {
          const socket = new WebSocket(`ws://127.0.0.1:${message.httpPort}/general/ws?token=${encodeURIComponent(message.token)}`);
          await new Promise<void>((resolve, reject) => {
            socket.once('open', () => resolve());
            socket.once('error', reject);
          });
          socket.on('message', (data) => {
            const now = Date.now();
            const envelope = JSON.parse(String(data)) as { msg: string; data?: { event: string; payload: { createdAt?: number; latest?: { createdAt: number } } } };
            if (envelope.msg !== 'push' || !envelope.data) {
              return;
            }
            const at = envelope.data.event === 'recordAdded' ? envelope.data.payload.createdAt : envelope.data.payload.latest?.createdAt;
            if (typeof at === 'number' && latencies.length < 1_000_000) {
              latencies.push(now - at);
            }
          });
          for (const itemId of message.itemIds.slice(i, i + 200)) {
            socket.send(JSON.stringify({ type: 'subscribe', channel: `records:${itemId}` }));
          }
          sockets.push(socket);
        }
        await sleep(1000);
        send({ type: 'watching', sockets: sockets.length });
      } else if (message.type === 'report') {
        send({ type: 'latencies', latencies });
        latencies = [];
      } else if (message.type === 'disconnect') {
        await Promise.all(clients.map((c) => new Promise<void>((resolve) => c.end(true, {}, () => resolve()))));
        clients.length = 0;
        send({ type: 'disconnected' });
      } else if (message.type === 'close') {
        for (const socket of sockets) {
          socket.close();
        }
        await Promise.all(clients.map((c) => new Promise<void>((resolve) => c.end(true, {}, () => resolve()))));
        send({ type: 'closed' });
        process.exit(0);
      }
    })().catch((error: unknown) => {
      send({ type: 'error', message: String(error) });
    });
  });
  send({ type: 'ready' });
}

// ---------------------------------------------------------------- the parent

class Fleet {
  private readonly children: ChildProcess[] = [];
  private readonly inbox: Array<Array<Record<string, unknown>>> = [];
  private readonly waiters: Array<Array<(m: Record<string, unknown>) => void>> = [];

  async start(count: number): Promise<void> {
    for (let i = 0; i < count; i += 1) {
      const child = fork(import.meta.filename, ['--fleet'], { execArgv: ['--import', 'tsx'], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
      const index = i;
      this.inbox.push([]);
      this.waiters.push([]);
      child.on('message', (m: Record<string, unknown>) => {
        if (m.type === 'error') {
          console.error(`fleet ${index}: ${String(m.message)}`);
        }
        const waiter = this.waiters[index].shift();
        if (waiter) {
          waiter(m);
        } else {
          this.inbox[index].push(m);
        }
      });
      this.children.push(child);
    }
    await Promise.all(this.children.map((_, i) => this.receive(i, 60_000)));
  }

  receive(index: number, timeoutMs: number): Promise<Record<string, unknown>> {
    const queued = this.inbox[index].shift();
    if (queued) {
      return Promise.resolve(queued);
    }
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`fleet ${index}: no answer in ${timeoutMs} ms`)), timeoutMs);
      this.waiters[index].push((m) => {
        clearTimeout(timer);
        resolve(m);
      });
    });
  }

  /** Sends one message to every child (or a message per child) and waits for each answer. */
  async ask(messages: ToFleet | ToFleet[], timeoutMs: number, only?: number): Promise<Array<Record<string, unknown>>> {
    const targets = (only === undefined ? this.children.map((_, i) => i) : [only]).filter((i) => this.children[i].connected);
    return Promise.all(
      targets.map((i) => {
        this.children[i].send(Array.isArray(messages) ? messages[i] : messages);
        return this.receive(i, timeoutMs);
      }),
    );
  }

  private closed = false;

  async close(): Promise<void> {
    if (this.closed) {
      return;
    }
    this.closed = true;
    await this.ask({ type: 'close' }, 60_000).catch(() => undefined);
    for (const child of this.children) {
      if (child.exitCode === null) {
        child.kill('SIGKILL');
      }
    }
  }
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const port = (server.address() as net.AddressInfo).port;
      server.close(() => resolve(port));
    });
  });
}

/** Raw better-sqlite3: point rows (the layout of series_point) in transactions of 20 000. */
function rawSqliteInsert(dir: string, total: number): number {
  const db = new SQLite(path.join(dir, 'raw.db'));
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  db.exec('create table p (series_id integer not null, ts integer not null, record_id integer not null, value real not null, primary key (series_id, ts, record_id)) without rowid');
  const insert = db.prepare('insert into p values (?, ?, ?, ?)');
  const perTx = 20_000;
  const run = db.transaction((from: number) => {
    for (let i = from; i < from + perTx; i += 1) {
      insert.run(i % 100_000, 1_700_000_000_000 + Math.floor(i / 100_000) * 1000, i, 20 + (i % 7));
    }
  });
  const started = performance.now();
  for (let from = 0; from < total; from += perTx) {
    run(from);
  }
  const seconds = (performance.now() - started) / 1000;
  db.close();
  return total / seconds;
}

/** Raw aedes: a bare broker (every client allowed, no hook), the same fleet, QoS 1 acknowledged publishes. */
async function rawAedes(fleet: Fleet, devices: Device[], options: Options, parts: number): Promise<{ publishesPerSecond: number; connected: number }> {
  const aedes = await Aedes.createBroker();
  const server = net.createServer(aedes.handle);
  const port = await freePort();
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', () => resolve()));
  const connected = await fleet.ask([...split(devices, parts), []].map((d) => ({ type: 'connect', port, devices: d })), 300_000);
  const started = Date.now();
  const ran = await fleet.ask({ type: 'run', mode: 'max', seconds: Math.min(10, options.seconds), values: options.values }, 300_000);
  const seconds = (Date.now() - started) / 1000;
  await fleet.ask({ type: 'disconnect' }, 60_000);
  await new Promise<void>((resolve) => aedes.close(() => server.close(() => resolve())));
  return { publishesPerSecond: ran.reduce((n, r) => n + Number(r.acked), 0) / seconds, connected: connected.reduce((n, r) => n + Number(r.count), 0) };
}

/** `--profile`: a CPU profile of this process while `work` runs, written to the temp folder (open in Chrome DevTools). */
async function profiled<T>(on: boolean, name: string, work: () => Promise<T>): Promise<T> {
  if (!on) {
    return work();
  }
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.setSamplingInterval', { interval: 1000 });
  await session.post('Profiler.start');
  try {
    return await work();
  } finally {
    const { profile } = await session.post('Profiler.stop');
    const file = path.join(os.tmpdir(), `ingest-${name}-${process.pid}.cpuprofile`);
    writeFileSync(file, JSON.stringify(profile));
    console.log(`  CPU profile of this phase: ${file}`);
    session.disconnect();
  }
}

/** How long the event loop was held: the longest delay monitorEventLoopDelay saw (10 ms resolution), and its p99. */
function loopMonitor() {
  const histogram = monitorEventLoopDelay({ resolution: 10 });
  histogram.enable();
  // Garbage collection pauses (they hold the loop as a long task does).
  let gc = { count: 0, ms: 0, maxMs: 0 };
  const observer = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      gc.count += 1;
      gc.ms += entry.duration;
      gc.maxMs = Math.max(gc.maxMs, entry.duration);
    }
  });
  observer.observe({ entryTypes: ['gc'] });
  return {
    reset: () => {
      histogram.reset();
      gc = { count: 0, ms: 0, maxMs: 0 };
    },
    read: () => ({ maxMs: histogram.max / 1e6, p99Ms: histogram.percentile(99) / 1e6, gc: `GC ${gc.count} pauses, ${(gc.ms / 1000).toFixed(1)} s, longest ${gc.maxMs.toFixed(0)} ms` }),
    stop: () => {
      histogram.disable();
      observer.disconnect();
    },
  };
}

const load = () => os.loadavg().map((n) => n.toFixed(2)).join(' ');

interface BareResult {
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
async function barePipeline(fleet: Fleet, devices: Device[], options: Options, parts: number, source: SQLite.Database, dir: string, onWorker = false): Promise<BareResult> {
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
  const entry = new URL('./bareWriter.worker.ts', import.meta.url).href;
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

/**
 * `--broker=mosquitto` (issue 22): the same fleet through a throwaway Mosquitto 2 with dynamic
 * security (scripts/mosquitto.mjs), consumed by `--instances` server instances built by `make`
 * (MQTT_URL, the share group). The fleet connects with one broker account allowed to publish on
 * `sd/+/up/#` (the platform's per-device accounts would need their sealed secrets, which the
 * bench's direct seeding does not write); Mosquitto checks that account's ACL on every publish.
 */
async function throughMosquitto(
  fleet: Fleet,
  devices: Device[],
  options: Options,
  parts: number,
  make: (instance: number, mqttUrl: string) => Promise<import('fastify').FastifyInstance>,
): Promise<{ valuesPerSecond: number; offered: number; ratedPerSecond: number; ratedMissing: number }> {
  const { startThrowawayMosquitto, freePortIn } = await import('../scripts/mosquitto.mjs');
  const port = await freePortIn(19900, 19949);
  if (port === null) {
    throw new Error('no free port in 19900–19949 for Mosquitto');
  }
  const broker = await startThrowawayMosquitto({ port, log: () => undefined });
  const apps: import('fastify').FastifyInstance[] = [];
  let admin: MqttClient | null = null;
  try {
    console.log(`Mosquitto: throwaway broker on 127.0.0.1:${broker.port} (scripts/mosquitto.mjs: dynamic security, persistence off, max_queued_messages 1 000 000)`);
    admin = await mqtt.connectAsync(broker.url, { protocolVersion: 5, clientId: `bench-admin-${process.pid}`, reconnectPeriod: 0 });
    await admin.subscribeAsync('$CONTROL/dynamic-security/v1/response', { qos: 1 });
    const account = { username: 'bench-fleet', password: randomBytes(12).toString('hex') };
    const answered = new Promise<string>((resolve) => admin!.once('message', (_topic, payload) => resolve(payload.toString())));
    await admin.publishAsync(
      '$CONTROL/dynamic-security/v1',
      JSON.stringify({
        commands: [
          { command: 'createRole', rolename: 'bench-fleet', acls: [{ acltype: 'publishClientSend', topic: 'sd/+/up/#', allow: true }] },
          { command: 'createClient', username: account.username, password: account.password, roles: [{ rolename: 'bench-fleet' }] },
        ],
      }),
      { qos: 1 },
    );
    const answer = JSON.parse(await answered) as { responses: Array<{ error?: string }> };
    if (answer.responses.some((r) => r.error)) {
      throw new Error(`dynsec: ${JSON.stringify(answer)}`);
    }
    for (let i = 0; i < options.instances; i += 1) {
      const app = await make(i, broker.url);
      await app.ready();
      apps.push(app);
    }
    // The platform's listener, not the devices' (use_username_as_clientid): the fleet is one
    // broker account, and there all its devices would get the same client id and drop each other.
    const connected = await fleet.ask([...split(devices, parts), []].map((d) => ({ type: 'connect', port: broker.port, devices: d, account })), 600_000);
    console.log(
      `connected to Mosquitto: ${connected.reduce((n, r) => n + Number(r.count), 0)} devices (${connected.reduce((n, r) => n + Number(r.failed), 0)} failed); ${options.instances} instance${options.instances > 1 ? 's' : ''}, ${apps.map((app) => JSON.stringify(app.platform.externalBroker?.state())).join(', ')}`,
    );
    const storedNow = () => apps.reduce((n, app) => n + app.telemetry.stats.values, 0);
    const publishesNow = () => apps.map((app) => app.telemetry.stats.publishes);
    const loadBefore = load();
    const cpuBefore = process.cpuUsage();
    const before = storedNow();
    const publishesBefore = publishesNow();
    const started = Date.now();
    const ran = await fleet.ask({ type: 'run', mode: 'max', seconds: options.seconds, values: options.values }, options.seconds * 1000 + 120_000);
    const seconds = (Date.now() - started) / 1000;
    const stored = storedNow() - before;
    const cpu = process.cpuUsage(cpuBefore);
    const acked = ran.reduce((n, r) => n + Number(r.acked), 0);
    // What Mosquitto still queues for the consumers: wait until nothing more is stored for 3 s (at most 300 s: a flood on PostgreSQL left 1.7–2.4 million values queued after 120 s).
    const drainUntilQuiet = async () => {
      const from = Date.now();
      let seen = storedNow();
      let quiet = Date.now();
      while (Date.now() - quiet < 3000 && Date.now() - from < 300_000) {
        await sleep(250);
        if (storedNow() !== seen) {
          seen = storedNow();
          quiet = Date.now();
        }
      }
    };
    const drainStarted = Date.now();
    await drainUntilQuiet();
    const drained = storedNow() - before;
    const shares = publishesNow().map((n, i) => n - publishesBefore[i]);
    const valuesPerSecond = stored / seconds;
    console.log(
      `ingest through Mosquitto, as fast as the fleet publishes: ${Math.round(valuesPerSecond).toLocaleString('en-US')} values/s stored (${stored.toLocaleString('en-US')} values in ${seconds.toFixed(1)} s; ${acked.toLocaleString('en-US')} publishes = ${(acked * options.values).toLocaleString('en-US')} values acknowledged to the fleet by Mosquitto, ${ran.reduce((n, r) => n + Number(r.errors), 0)} errors); after the phase the consumers drained for ${((Date.now() - drainStarted) / 1000).toFixed(1)} s: ${drained.toLocaleString('en-US')} values stored in all, ${(acked * options.values - drained).toLocaleString('en-US')} acknowledged but not stored (dropped by Mosquitto's queue limit or still queued); publishes per instance ${JSON.stringify(shares)}; ${Math.round(stored / ((cpu.user + cpu.system) / 1e6)).toLocaleString('en-US')} values per CPU-second of this process (the server${options.instances > 1 ? 's' : ''}; Mosquitto is a process of its own); load ${loadBefore} → ${load()}`,
    );
    // The same at a fixed offered rate (`--rate` values/s, spread over the devices): what is stored of it.
    const rateFrom = storedNow();
    const rateStarted = Date.now();
    const rated = await fleet.ask({ type: 'run', mode: 'rate', seconds: options.seconds, values: options.values, publishesPerSecond: options.rate / options.values / parts }, options.seconds * 1000 + 120_000);
    const rateSeconds = (Date.now() - rateStarted - 2000) / 1000;
    const ratedStored = storedNow() - rateFrom;
    await drainUntilQuiet();
    const ratedAcked = rated.reduce((n, r) => n + Number(r.acked), 0) * options.values;
    console.log(
      `at ${options.rate.toLocaleString('en-US')} values/s offered through Mosquitto: the fleet sent ${Math.round((rated.reduce((n, r) => n + Number(r.sent), 0) * options.values) / rateSeconds).toLocaleString('en-US')} values/s, ${Math.round(ratedStored / rateSeconds).toLocaleString('en-US')} values/s stored during the phase; ${ratedAcked.toLocaleString('en-US')} values acknowledged to the fleet, ${(storedNow() - rateFrom).toLocaleString('en-US')} stored once drained (${(ratedAcked - (storedNow() - rateFrom)).toLocaleString('en-US')} missing); load ${load()}`,
    );
    await fleet.ask({ type: 'disconnect' }, 120_000);
    return { valuesPerSecond, offered: options.rate, ratedPerSecond: ratedStored / rateSeconds, ratedMissing: ratedAcked - (storedNow() - rateFrom) };
  } finally {
    for (const app of apps) {
      await app.close().catch((error: unknown) => console.error(`app close: ${String(error)}`));
    }
    await admin?.endAsync(true).catch(() => undefined);
    await broker.close();
  }
}

function split<T>(list: readonly T[], parts: number): T[][] {
  const out: T[][] = Array.from({ length: parts }, () => []);
  list.forEach((item, i) => out[i % parts].push(item));
  return out;
}

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
  await fleet.start(parts + 1);
  try {
    // 2. raw aedes
    const bare = await rawAedes(fleet, devices, options, parts);
    console.log(`raw aedes (no hook, no database): ${Math.round(bare.publishesPerSecond).toLocaleString('en-US')} publishes/s = ${Math.round(bare.publishesPerSecond * options.values).toLocaleString('en-US')} values/s acknowledged, ${bare.connected} connected`);

    // 3. the app, its data, the fleet connected
    const mqttPort = await freePort();
    const app = await buildApp(testConfig({ dataDir: dir, sqliteFile: path.join(dir, 'smartdata.db'), databaseUrl, databaseSchema, mqttPort, logLevel: 'warn', recordWriterThread: options.writer === 'thread' }));
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

/** Devices, items and bindings written straight into the tables (the API would take minutes for 5 000). */
async function seed(db: import('../apps/server/src/platform/db/database').Db, raw: SQLite.Database, companyId: number, userId: number, devices: Device[], values: number): Promise<number[]> {
  const fields = JSON.stringify(
    Array.from({ length: values }, (_, k) => ({ name: `Value ${k}`, fieldName: `v${k}`, type: 1, unit: '', priority: k, required: false, decimalPlaces: null, dateDisplay: null, indexed: false })),
  );
  const hash = (secret: string) => createHash('sha256').update(secret, 'utf8').digest('hex');
  const itemIds: number[] = [];
  await db.connection().execute(async () => {
    const now = Date.now();
    const node = raw.prepare('insert into cabin_node (company_id, parent_id, kind, name, ref_id, created_by, created_at, updated_at) values (?, ?, ?, ?, null, ?, ?, ?)');
    const setRef = raw.prepare('update cabin_node set ref_id = ? where id = ?');
    const item = raw.prepare('insert into data_item (company_id, node_id, name, kind, fields, created_by, created_at, updated_at) values (?, ?, ?, 13, ?, ?, ?, ?)');
    const device = raw.prepare(
      "insert into device (company_id, node_id, name, sn, model, address, remarks, pictures, secret_hash, status, bind_state, online, config_state, config_reasons, detect_state, detect_reasons, created_by, created_at, updated_at) values (?, ?, ?, ?, 'SD-G1', '', '', '[]', ?, 4, 'bound', 0, 'idle', '[]', 'idle', '[]', ?, ?, ?)",
    );
    const bind = raw.prepare('insert into telemetry_binding (item_id, company_id, device_id, created_by, created_at) values (?, ?, ?, ?, ?)');
    raw.transaction(() => {
      const dir = Number(node.run(companyId, null, 'directory', 'Bench fleet', userId, now, now).lastInsertRowid);
      for (const d of devices) {
        const itemNode = Number(node.run(companyId, dir, 'dataItem', `Readings ${d.sn}`, userId, now, now).lastInsertRowid);
        const itemId = Number(item.run(companyId, itemNode, `Readings ${d.sn}`, fields, userId, now, now).lastInsertRowid);
        setRef.run(itemId, itemNode);
        const deviceNode = Number(node.run(companyId, dir, 'device', d.sn, userId, now, now).lastInsertRowid);
        const deviceId = Number(device.run(companyId, deviceNode, d.sn, d.sn, hash(d.secret), userId, now, now).lastInsertRowid);
        setRef.run(deviceId, deviceNode);
        bind.run(itemId, companyId, deviceId, userId, now);
        itemIds.push(itemId);
      }
    })();
  });
  return itemIds;
}

/** The same rows as `seed`, through Kysely in multi-row inserts of 500 (PostgreSQL: no raw handle). */
async function seedKysely(db: import('../apps/server/src/platform/db/database').Db, companyId: number, userId: number, devices: Device[], values: number): Promise<number[]> {
  const { sql } = await import('kysely');
  const fields = JSON.stringify(
    Array.from({ length: values }, (_, k) => ({ name: `Value ${k}`, fieldName: `v${k}`, type: 1, unit: '', priority: k, required: false, decimalPlaces: null, dateDisplay: null, indexed: false })),
  );
  const hash = (secret: string) => createHash('sha256').update(secret, 'utf8').digest('hex');
  const ids = (rows: Array<{ id: number | string }>) => rows.map((r) => Number(r.id));
  const itemIds: number[] = [];
  const now = Date.now();
  await db.transaction().execute(async (trx) => {
    const [dir] = ids(
      (await sql<{ id: number }>`insert into cabin_node (company_id, parent_id, kind, name, ref_id, created_by, created_at, updated_at) values (${companyId}, ${null}, 'directory', 'Bench fleet', ${null}, ${userId}, ${now}, ${now}) returning id`.execute(trx)).rows,
    );
    for (let i = 0; i < devices.length; i += 500) {
      const chunk = devices.slice(i, i + 500);
      const nodes = async (kind: string, name: (d: Device) => string) =>
        ids(
          (
            await sql<{ id: number }>`insert into cabin_node (company_id, parent_id, kind, name, ref_id, created_by, created_at, updated_at) values ${sql.join(
              chunk.map((d) => sql`(${companyId}, ${dir}, ${kind}, ${name(d)}, ${null}, ${userId}, ${now}, ${now})`),
            )} returning id`.execute(trx)
          ).rows,
        );
      const itemNodes = await nodes('dataItem', (d) => `Readings ${d.sn}`);
      const items = ids(
        (
          await sql<{ id: number }>`insert into data_item (company_id, node_id, name, kind, fields, created_by, created_at, updated_at) values ${sql.join(
            chunk.map((d, j) => sql`(${companyId}, ${itemNodes[j]}, ${`Readings ${d.sn}`}, 13, ${fields}, ${userId}, ${now}, ${now})`),
          )} returning id`.execute(trx)
        ).rows,
      );
      const deviceNodes = await nodes('device', (d) => d.sn);
      const deviceIds = ids(
        (
          await sql<{ id: number }>`insert into device (company_id, node_id, name, sn, model, address, remarks, pictures, secret_hash, status, bind_state, online, config_state, config_reasons, detect_state, detect_reasons, created_by, created_at, updated_at) values ${sql.join(
            chunk.map((d, j) => sql`(${companyId}, ${deviceNodes[j]}, ${d.sn}, ${d.sn}, 'SD-G1', '', '', '[]', ${hash(d.secret)}, 4, 'bound', 0, 'idle', '[]', 'idle', '[]', ${userId}, ${now}, ${now})`),
          )} returning id`.execute(trx)
        ).rows,
      );
      await sql`update cabin_node set ref_id = v.ref from (values ${sql.join(
        [...itemNodes.map((node, j) => sql`(${node}::bigint, ${items[j]}::bigint)`), ...deviceNodes.map((node, j) => sql`(${node}::bigint, ${deviceIds[j]}::bigint)`)],
      )}) as v(id, ref) where cabin_node.id = v.id`.execute(trx);
      await sql`insert into telemetry_binding (item_id, company_id, device_id, created_by, created_at) values ${sql.join(
        chunk.map((_, j) => sql`(${items[j]}, ${companyId}, ${deviceIds[j]}, ${userId}, ${now})`),
      )}`.execute(trx);
      itemIds.push(...items);
    }
  });
  return itemIds;
}

if (process.argv.includes('--fleet')) {
  void fleet();
} else {
  main().then(
    () => process.exit(0),
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
}
