import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import type SQLite from 'better-sqlite3';

/**
 * WAL checkpoints of the embedded database on a worker thread (issue 21).
 *
 * SQLite copies the write-ahead log back into the database file ("checkpoint") at the end of the
 * commit that grew the log past 1 000 pages, on the committing thread. Telemetry batches touch
 * pages all over `series_point` (one page per series): a commit grew the log by thousands of pages
 * and then copied them back, which held the event loop for up to a second and was 20–30 % of the
 * main thread under ingest. Here the app's connection no longer checkpoints (`wal_autocheckpoint
 * = 0`); a worker thread with its own connection to the same file runs PASSIVE checkpoints every
 * `everyMs` (never waiting for the writer or a reader, so it never makes the app's connection
 * wait). SQLite starts the log over at the next write transaction once a checkpoint has copied
 * all of it, so the file stays small while the worker keeps up. Durability is unchanged: a commit
 * is in the log before it is acknowledged, and a log left by a kill is replayed at the next open.
 *
 * When the worker cannot start (or dies), the app's connection checkpoints on its own again.
 */
export interface Checkpointer {
  /** Stops the worker (its connection closed); the app's connection checkpoints at its own close. */
  close(): Promise<void>;
  /** Checkpoints run and frames copied since start (the bench prints them). */
  readonly stats: { runs: number; frames: number };
}

const workerSource = `
const { parentPort, workerData } = require('node:worker_threads');
const SQLite = require(workerData.module);
const db = new SQLite(workerData.file, { fileMustExist: true });
db.pragma('busy_timeout = 0');
let timer = null;
const tick = () => {
  try {
    const [row] = db.pragma('wal_checkpoint(PASSIVE)');
    parentPort.postMessage({ type: 'ran', frames: row ? row.checkpointed : 0 });
  } catch (error) {
    // SQLITE_BUSY: another checkpoint runs (the app's close); the next tick tries again.
  }
  timer = setTimeout(tick, workerData.everyMs);
};
parentPort.on('message', (message) => {
  if (message === 'stop') {
    clearTimeout(timer);
    db.close();
    parentPort.close();
  }
});
timer = setTimeout(tick, workerData.everyMs);
`;

/** Starts the checkpoint worker for `sqlite` (a file in WAL mode); null for an in-memory database. */
export function startCheckpointer(sqlite: SQLite.Database, file: string, everyMs = 100): Checkpointer | null {
  if (file === ':memory:' || sqlite.memory) {
    return null;
  }
  const require = createRequire(import.meta.url);
  const stats = { runs: 0, frames: 0 };
  const worker = new Worker(workerSource, { eval: true, workerData: { file, module: require.resolve('better-sqlite3'), everyMs } });
  sqlite.pragma('wal_autocheckpoint = 0');
  let exited = false;
  const exit = new Promise<void>((resolve) => {
    worker.once('exit', () => {
      exited = true;
      // Whatever stopped it, the app's connection checkpoints again on its own.
      if (sqlite.open) {
        sqlite.pragma('wal_autocheckpoint = 1000');
      }
      resolve();
    });
  });
  worker.on('error', () => undefined); // reported by 'exit' above
  worker.on('message', (message: { type: string; frames: number }) => {
    stats.runs += 1;
    stats.frames += message.frames;
  });
  worker.unref();
  return {
    stats,
    async close() {
      if (!exited) {
        worker.postMessage('stop');
        await Promise.race([exit, new Promise((resolve) => setTimeout(resolve, 2000).unref())]);
        if (!exited) {
          await worker.terminate();
        }
      }
    },
  };
}
