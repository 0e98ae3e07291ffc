import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';

/**
 * A consistent copy of the embedded database while the server writes, on a worker thread with a
 * connection of its own (better-sqlite3's `backup()`, SQLite's online backup API).
 *
 * Why there: the app writes on its own connection, and with RECORD_WRITER_THREAD=on also on the
 * writer thread's. SQLite restarts a backup copied in steps whenever another connection commits
 * between two steps, so under steady ingest (a commit every 40 ms) a stepped copy might never
 * end. The copy is therefore made in one step, which reads the whole file inside one read
 * transaction: in WAL mode that is a snapshot as of the step's start, and writers go on meanwhile
 * (the log grows until the copy ends). One step of a large file takes seconds, so it runs on a
 * worker thread, never on the event loop. The copy is then checked (`quick_check`), its applied
 * migrations read, and it is switched to rollback-journal mode, so the backed-up file stands alone
 * (no -wal beside it); the server switches it back to WAL when it opens it.
 */
export interface SqliteSnapshot {
  pages: number;
  migrations: string[];
}

const workerSource = `
const { parentPort, workerData } = require('node:worker_threads');
const SQLite = require(workerData.module);
(async () => {
  const source = new SQLite(workerData.source, { fileMustExist: true });
  try {
    source.pragma('busy_timeout = 5000');
    let pages = 0;
    await source.backup(workerData.destination, {
      progress: (progress) => {
        pages = progress.totalPages;
        return 0x7fffffff; // the rest in one step: one read transaction, one snapshot
      },
    });
    const copy = new SQLite(workerData.destination, { fileMustExist: true });
    try {
      const check = copy.pragma('quick_check', { simple: true });
      if (check !== 'ok') {
        throw new Error('the copy of the database fails quick_check: ' + check);
      }
      const hasMigrations = copy.prepare("select count(*) from sqlite_master where type = 'table' and name = 'kysely_migration'").pluck().get() > 0;
      const migrations = hasMigrations ? copy.prepare('select name from kysely_migration order by name').pluck().all() : [];
      copy.pragma('journal_mode = DELETE');
      if (pages === 0) {
        pages = copy.pragma('page_count', { simple: true });
      }
      parentPort.postMessage({ ok: true, pages, migrations });
    } finally {
      copy.close();
    }
  } finally {
    source.close();
  }
})().catch((error) => parentPort.postMessage({ ok: false, message: String(error && error.message ? error.message : error) }));
`;

/** Copies the SQLite file `source` (in WAL mode, written meanwhile) to `destination` (a new file). */
export function snapshotSqlite(source: string, destination: string): Promise<SqliteSnapshot> {
  const require = createRequire(import.meta.url);
  const worker = new Worker(workerSource, { eval: true, workerData: { source, destination, module: require.resolve('better-sqlite3') } });
  return new Promise<SqliteSnapshot>((resolve, reject) => {
    let settled = false;
    worker.once('message', (message: { ok: true; pages: number; migrations: string[] } | { ok: false; message: string }) => {
      settled = true;
      if (message.ok) {
        resolve({ pages: message.pages, migrations: message.migrations });
      } else {
        reject(new Error(`database backup failed: ${message.message}`));
      }
      void worker.terminate();
    });
    worker.once('error', (error) => {
      if (!settled) {
        settled = true;
        reject(error);
      }
    });
    worker.once('exit', (code) => {
      if (!settled) {
        settled = true;
        reject(new Error(`database backup worker exited with ${code}`));
      }
    });
  });
}
