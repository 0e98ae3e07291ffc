/** The command line of bench/ingest.ts, its hard stop, and the small helpers every phase uses. */
import os from 'node:os';

/** Every loop is bounded; the whole run stops after 15 minutes whatever happens. */
export const HARD_LIMIT_MS = 15 * 60_000;

export interface Options {
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
  /** Also the bare pipeline with its SQLite writer on a worker thread (the other design): prints both. */
  bareWorker: boolean;
  /** CPU profiles (node:inspector) of the as-fast-as-possible phases, written to the temp folder. */
  profile: boolean;
  /** Also an as-fast-as-possible phase with the fleet on the MQTTS listener (issue 37): values/s over TLS beside plain. */
  tls: boolean;
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

export function parseOptions(argv: string[]): Options {
  const values = new Map<string, string>();
  let broker: Options['broker'] = 'embedded';
  let writer: Options['writer'] = 'loop';
  for (const arg of argv) {
    if (arg === '--writer=thread' || arg === '--writer=loop') {
      writer = arg === '--writer=loop' ? 'loop' : 'thread';
      continue;
    }
    if (arg === '--bare' || arg === '--bare-worker' || arg === '--profile' || arg === '--tls') {
      continue;
    }
    if (arg === '--broker=mosquitto' || arg === '--broker=embedded') {
      broker = arg === '--broker=mosquitto' ? 'mosquitto' : 'embedded';
      continue;
    }
    const match = /^--([a-z]+)=(\d+)$/.exec(arg);
    if (!match) {
      throw new Error(`unknown argument ${arg} (use --devices=N --values=N --seconds=N --rate=N --raw=N --rules=N --flushms=N --bare --bare-worker --profile --tls --writer=thread|loop --broker=mosquitto --instances=1|2 --consumers=N --inflight=N)`);
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
    tls: argv.includes('--tls'),
    broker,
    instances: bounded('instances', 1, 1, 2),
    consumers: bounded('consumers', 16, 1, 256),
    inflight: bounded('inflight', 64, 1, 65_535),
    writer,
  };
}

export const percentile = (sorted: number[], p: number) => (sorted.length === 0 ? NaN : sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]);
export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
export const load = () => os.loadavg().map((n) => n.toFixed(2)).join(' ');

/** Devices dealt round-robin to the fleet processes. */
export function split<T>(list: readonly T[], parts: number): T[][] {
  const out: T[][] = Array.from({ length: parts }, () => []);
  list.forEach((item, i) => out[i % parts].push(item));
  return out;
}
