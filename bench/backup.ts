/**
 * The backup's effect on ingest (issue 38): the ingest bench's fleet (bench/ingest/: two child
 * processes of devices publishing `{ts, values}` at QoS 1, each next publish after the PUBACK,
 * which comes after the commit) against the real app on a SQLite file, as fast as the
 * acknowledgements allow, in three phases of `--seconds` each in the same run:
 *   A. no backup,  B. backups back to back (createBackup, as the scheduled backup runs it, in the
 *   server's process), A'. no backup again — so a drift of the machine or of the database's size
 *   shows. Prints values/s stored per phase, B ÷ mean(A, A'), the event loop's longest block, and
 *   the backups made in B (count, duration, size, objects linked).
 *
 *   npm run bench:backup                                               # 2 000 devices × 20 values, 20 s a phase, 64 MB of objects
 *   npm run bench:backup -- --devices=5000 --seconds=30 --objects=256 --writer=thread
 *
 * `--objects=N` writes N MB of objects (1 MB files) into DATA_DIR/objects first: the first backup
 * copies them, the later ones hash and hard-link them. `--writer=thread` is RECORD_WRITER_THREAD=on.
 * The broker listens on 127.0.0.1:21050. Every loop is bounded; the run stops after 15 minutes.
 * Results go in docs/performance.md; run by hand, never as a timed test.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Fleet, type Device } from './ingest/fleet';
import { fleet as runFleetProcess } from './ingest/fleetProcess';
import { loopMonitor } from './ingest/monitors';
import { HARD_LIMIT_MS, load, parseOptions, split } from './ingest/options';
import { seed } from './ingest/seed';

const mqttPort = 21050;

function numberOption(argv: string[], name: string, fallback: number, max: number): number {
  const match = argv.map((arg) => new RegExp(`^--${name}=(\\d+)$`).exec(arg)).find((found) => found !== null);
  const value = match ? Number(match[1]) : fallback;
  if (!Number.isInteger(value) || value < 0 || value > max) {
    throw new Error(`--${name} must be between 0 and ${max}`);
  }
  return value;
}

async function main(): Promise<void> {
  const argv = process.argv.slice(2);
  const options = parseOptions(argv.filter((arg) => !arg.startsWith('--objects=') && !/^--devices=/.test(arg)));
  const devicesCount = numberOption(argv, 'devices', 2000, 8000);
  const objectsMb = numberOption(argv, 'objects', 64, 4096);
  const hardStop = setTimeout(() => {
    console.error('bench: 15 minutes passed, stopping');
    process.exit(2);
  }, HARD_LIMIT_MS);
  hardStop.unref();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sd-bench-backup-'));
  const parts = 2;
  console.log(`machine: ${os.cpus().length} × ${os.cpus()[0]?.model ?? '?'}, ${Math.round(os.totalmem() / 2 ** 30)} GB, node ${process.version}, ${new Date().toISOString()}`);
  console.log(`load average (1, 5, 15 min): ${load()}`);

  const { buildApp } = await import('../apps/server/src/app');
  const { testConfig } = await import('../apps/server/src/config');
  const { rawSqlite } = await import('../apps/server/src/platform/db/database');
  const { createCompanyUser } = await import('../apps/server/src/test/testApp');
  const { backupSource, createBackup, pruneBackups } = await import('../apps/server/src/platform/backup/backup');

  const dataDir = path.join(dir, 'data');
  fs.mkdirSync(path.join(dataDir, 'objects', 'bench'), { recursive: true });
  for (let i = 0; i < objectsMb; i += 1) {
    fs.writeFileSync(path.join(dataDir, 'objects', 'bench', `object-${i}.bin`), randomBytes(2 ** 20));
  }
  const devices: Device[] = Array.from({ length: devicesCount }, (_, i) => ({ sn: `BACKUP${String(i).padStart(5, '0')}`, secret: randomBytes(12).toString('hex') }));
  const fleet = new Fleet();
  await fleet.start(parts, import.meta.filename);
  const app = await buildApp(testConfig({ dataDir, sqliteFile: undefined, mqttPort, logLevel: 'warn', recordWriterThread: options.writer === 'thread' }));
  try {
    const user = await createCompanyUser(app, { codes: ['sd_capsule', 'cd_device'] });
    const raw = rawSqlite(app.platform.db);
    if (!raw) {
      throw new Error('bench:backup runs on SQLite');
    }
    await seed(app.platform.db, raw, user.companyId, user.userId, devices, options.values);
    const connected = await fleet.ask(split(devices, parts).map((d) => ({ type: 'connect' as const, port: mqttPort, devices: d })), 600_000);
    console.log(
      `fleet: ${connected.reduce((n, r) => n + Number(r.count), 0)} devices connected in ${parts} processes, ${options.values} values a publish, QoS 1; writer: ${options.writer === 'thread' ? 'its own thread (RECORD_WRITER_THREAD=on)' : 'the event loop (default)'}; ${objectsMb} MB of objects`,
    );
    await fleet.ask({ type: 'run', mode: 'once', seconds: 300, values: options.values }, 400_000);

    const stats = app.telemetry.stats;
    const source = backupSource(app.platform.config, { db: app.platform.db, kind: app.platform.dbKind });
    const parentDir = path.join(dir, 'backups');
    const phase = async (name: string, withBackups: boolean) => {
      const monitor = loopMonitor();
      const from = stats.values;
      const loadBefore = load();
      const started = Date.now();
      let running = true;
      const backups: Array<{ ms: number; bytes: number; databaseBytes: number; linked: number; objects: number; phases: string }> = [];
      const backingUp = (async () => {
        // Back to back for the whole phase (at most 1 000), each new one linking the last one's objects.
        for (let i = 0; withBackups && running && i < 1000; i += 1) {
          const marks: Array<[string, number]> = [];
          const backup = await createBackup({
            parentDir,
            source,
            onProgress: (progress) => {
              if (progress.done === 0 || progress.done === progress.total) {
                marks.push([progress.phase, Date.now()]);
              }
            },
          });
          const spent = (phase: string) => {
            const at = marks.filter(([name]) => name === phase).map(([, time]) => time);
            return ((Math.max(...at) - Math.min(...at)) / 1000).toFixed(1);
          };
          backups.push({
            ms: backup.durationMs,
            bytes: backup.bytes,
            databaseBytes: backup.manifest.files.find((file) => file.path === 'data/smartdata.db')?.bytes ?? 0,
            linked: backup.manifest.objects.linked,
            objects: backup.manifest.objects.count,
            phases: `database ${spent('database')} s, files ${spent('objects')} s, fsync + manifest ${spent('manifest')} s`,
          });
          await pruneBackups(parentDir, 2);
        }
      })();
      const ran = await fleet.ask({ type: 'run', mode: 'max', seconds: options.seconds, values: options.values }, options.seconds * 1000 + 120_000);
      const seconds = (Date.now() - started) / 1000;
      running = false;
      const stored = stats.values - from;
      const loop = monitor.read();
      monitor.stop();
      await backingUp;
      const rate = stored / seconds;
      const mb = (bytes: number) => (bytes / 2 ** 20).toFixed(0);
      const backupText =
        backups.length === 0
          ? ''
          : `; ${backups.length} backups, ${(backups.reduce((n, b) => n + b.ms, 0) / backups.length / 1000).toFixed(1)} s each on average (longest ${(Math.max(...backups.map((b) => b.ms)) / 1000).toFixed(1)} s), ${mb(backups.at(-1)!.bytes)} MB each (database ${mb(backups.at(-1)!.databaseBytes)} MB), the last one: ${backups.at(-1)!.phases}, ${backups.at(-1)!.linked} of its ${backups.at(-1)!.objects} objects linked from the one before`;
      console.log(
        `${name}: ${Math.round(rate).toLocaleString('en-US')} values/s stored (${stored.toLocaleString('en-US')} values, ${ran.reduce((n, r) => n + Number(r.acked), 0).toLocaleString('en-US')} publishes acknowledged, ${ran.reduce((n, r) => n + Number(r.errors), 0)} errors) in ${seconds.toFixed(1)} s; event loop delay max ${loop.maxMs.toFixed(0)} ms, p99 ${loop.p99Ms.toFixed(0)} ms${backupText}; load ${loadBefore} → ${load()}`,
      );
      return rate;
    };
    const before = await phase('A, no backup', false);
    const during = await phase('B, backups back to back', true);
    const after = await phase("A', no backup", false);
    console.log(`with backups ÷ without (mean of A and A'): ${(during / ((before + after) / 2)).toFixed(2)}`);
  } finally {
    await fleet.close().catch(() => undefined);
    await app.close().catch((error: unknown) => console.error(`app close: ${String(error)}`));
    fs.rmSync(dir, { recursive: true, force: true });
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
