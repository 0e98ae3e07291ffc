/** The baselines measured in the same run as the app: raw better-sqlite3 inserts and a bare aedes broker. */
import net from 'node:net';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Aedes } from 'aedes';
import type { Device, Fleet } from './fleet';
import { split, type Options } from './options';

export function freePort(): Promise<number> {
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
export function rawSqliteInsert(dir: string, total: number): number {
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
export async function rawAedes(fleet: Fleet, devices: Device[], options: Options, parts: number): Promise<{ publishesPerSecond: number; connected: number }> {
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
