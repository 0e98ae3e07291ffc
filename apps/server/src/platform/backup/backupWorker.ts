import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';

/**
 * The file work of a backup, on a worker thread: the consistent copy of the embedded database,
 * the copies, links, SHA-256 sums and fsyncs. On the event loop each chunk read for a checksum
 * waits for its turn, and under ingest a turn comes every few tens of milliseconds: measured
 * (bench/backup.ts), hashing a 35 MB database there took 10 s; here the thread reads 1 MB at a
 * time synchronously and the event loop only receives the results.
 *
 * The database: better-sqlite3's `backup()` (SQLite's online backup API) from a connection of the
 * worker's own. The app writes on its connection, and with RECORD_WRITER_THREAD=on also on the
 * writer thread's; SQLite restarts a backup copied in steps whenever another connection commits
 * between two steps, so under steady ingest (a commit every 40 ms) a stepped copy might never
 * end. The copy is therefore made in one step: one read transaction, which in WAL mode is a
 * snapshot of the step's start while writers go on (the log grows until the copy ends). The copy
 * is then checked (`quick_check`), its applied migrations read, and it is switched to
 * rollback-journal mode, so the backed-up file stands alone (no -wal beside it); the server
 * switches it back to WAL when it opens it.
 */
export interface FileSum {
  bytes: number;
  sha256: string;
}

export interface SqliteSnapshot extends FileSum {
  pages: number;
  migrations: string[];
}

/** One file into the backup: linked from `previous.file` when the source still has the bytes its manifest entry says. */
export interface CopyItem {
  from: string;
  to: string;
  previous?: { file: string; bytes: number; sha256: string };
}

/** What became of a CopyItem: null when the source was gone (deleted meanwhile). */
export type CopyResult = (FileSum & { linked: boolean }) | null;

const workerSource = `
const { parentPort, workerData } = require('node:worker_threads');
const fs = require('node:fs');
const path = require('node:path');
const crypto = require('node:crypto');
const SQLite = require(workerData.module);
const buffer = Buffer.allocUnsafe(1 << 20);

function sum(file) {
  const fd = fs.openSync(file, 'r');
  try {
    const hash = crypto.createHash('sha256');
    let bytes = 0;
    for (;;) {
      const n = fs.readSync(fd, buffer, 0, buffer.length, null);
      if (n === 0) break;
      hash.update(buffer.subarray(0, n));
      bytes += n;
    }
    return { bytes, sha256: hash.digest('hex') };
  } finally {
    fs.closeSync(fd);
  }
}

function fsyncPath(target) {
  const fd = fs.openSync(target, 'r');
  try {
    fs.fsyncSync(fd);
  } finally {
    fs.closeSync(fd);
  }
}

function missing(error) {
  return error && error.code === 'ENOENT';
}

function copyOne(item) {
  let stat;
  try {
    stat = fs.statSync(item.from);
  } catch (error) {
    if (missing(error)) return null;
    throw error;
  }
  fs.mkdirSync(path.dirname(item.to), { recursive: true, mode: 0o700 });
  if (item.previous && item.previous.bytes === stat.size) {
    let now = null;
    try {
      now = sum(item.from);
    } catch (error) {
      if (missing(error)) return null;
      throw error;
    }
    if (now.sha256 === item.previous.sha256) {
      try {
        if (fs.statSync(item.previous.file).size === item.previous.bytes) {
          fs.linkSync(item.previous.file, item.to);
          return { bytes: now.bytes, sha256: now.sha256, linked: true };
        }
      } catch (error) {
        // gone, another file system, or links refused: copied below
      }
    }
  }
  try {
    fs.copyFileSync(item.from, item.to);
  } catch (error) {
    if (missing(error)) return null;
    throw error;
  }
  fs.chmodSync(item.to, stat.mode & 0o777);
  const copied = sum(item.to);
  fsyncPath(item.to);
  return { bytes: copied.bytes, sha256: copied.sha256, linked: false };
}

function folders(root) {
  const found = [root];
  for (const entry of fs.readdirSync(root, { withFileTypes: true })) {
    if (entry.isDirectory()) found.push(...folders(path.join(root, entry.name)));
  }
  return found;
}

async function snapshot(source, destination) {
  const db = new SQLite(source, { fileMustExist: true });
  let pages = 0;
  try {
    db.pragma('busy_timeout = 5000');
    await db.backup(destination, {
      progress: (progress) => {
        pages = progress.totalPages;
        return 0x7fffffff; // the rest in one step: one read transaction, one snapshot
      },
    });
  } finally {
    db.close();
  }
  const copy = new SQLite(destination, { fileMustExist: true });
  let migrations;
  try {
    const check = copy.pragma('quick_check', { simple: true });
    if (check !== 'ok') throw new Error('the copy of the database fails quick_check: ' + check);
    const hasMigrations = copy.prepare("select count(*) from sqlite_master where type = 'table' and name = 'kysely_migration'").pluck().get() > 0;
    migrations = hasMigrations ? copy.prepare('select name from kysely_migration order by name').pluck().all() : [];
    copy.pragma('journal_mode = DELETE');
    if (pages === 0) pages = copy.pragma('page_count', { simple: true });
  } finally {
    copy.close();
  }
  fsyncPath(destination);
  return { pages, migrations, ...sum(destination) };
}

parentPort.on('message', async (request) => {
  try {
    let result;
    if (request.op === 'snapshot') {
      result = await snapshot(request.source, request.destination);
    } else if (request.op === 'copy') {
      result = [];
      for (const item of request.items) {
        result.push(copyOne(item));
        parentPort.postMessage({ id: request.id, progress: result.length });
      }
    } else if (request.op === 'sum') {
      result = sum(request.file);
    } else if (request.op === 'fsyncFolders') {
      for (const folder of folders(request.root).reverse()) fsyncPath(folder);
      result = null;
    } else {
      throw new Error('unknown op ' + request.op);
    }
    parentPort.postMessage({ id: request.id, result });
  } catch (error) {
    parentPort.postMessage({ id: request.id, error: String(error && error.message ? error.message : error) });
  }
});
`;

type Reply = { id: number; progress: number } | { id: number; result: unknown } | { id: number; error: string };

/** A worker thread for one backup; `close()` ends it. */
export class BackupWorker {
  private readonly worker: Worker;
  private readonly pending = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void; onProgress?: (done: number) => void }>();
  private sequence = 0;
  private failure: Error | null = null;

  constructor() {
    const require = createRequire(import.meta.url);
    this.worker = new Worker(workerSource, { eval: true, workerData: { module: require.resolve('better-sqlite3') } });
    this.worker.on('message', (reply: Reply) => {
      const waiting = this.pending.get(reply.id);
      if (!waiting) {
        return;
      }
      if ('progress' in reply) {
        waiting.onProgress?.(reply.progress);
        return;
      }
      this.pending.delete(reply.id);
      if ('error' in reply) {
        waiting.reject(new Error(reply.error));
      } else {
        waiting.resolve(reply.result);
      }
    });
    const fail = (error: Error) => {
      this.failure = error;
      for (const waiting of this.pending.values()) {
        waiting.reject(error);
      }
      this.pending.clear();
    };
    this.worker.on('error', fail);
    this.worker.on('exit', (code) => fail(new Error(`backup worker exited with ${code}`)));
  }

  private ask<T>(request: Record<string, unknown>, onProgress?: (done: number) => void): Promise<T> {
    if (this.failure) {
      return Promise.reject(this.failure);
    }
    this.sequence += 1;
    const id = this.sequence;
    return new Promise<T>((resolve, reject) => {
      this.pending.set(id, { resolve: resolve as (value: unknown) => void, reject, onProgress });
      this.worker.postMessage({ ...request, id });
    });
  }

  /** Copies the SQLite file `source` (in WAL mode, written meanwhile) to `destination` (a new file), checked, fsynced and summed. */
  async snapshotSqlite(source: string, destination: string): Promise<SqliteSnapshot> {
    try {
      return await this.ask<SqliteSnapshot>({ op: 'snapshot', source, destination });
    } catch (error) {
      throw new Error(`database backup failed: ${(error as Error).message}`);
    }
  }

  /** Copies (or links) each item in turn, each copy fsynced; `onProgress` after each. */
  copy(items: CopyItem[], onProgress?: (done: number) => void): Promise<CopyResult[]> {
    return items.length === 0 ? Promise.resolve([]) : this.ask<CopyResult[]>({ op: 'copy', items }, onProgress);
  }

  /** Size and SHA-256 of a file. */
  sum(file: string): Promise<FileSum> {
    return this.ask<FileSum>({ op: 'sum', file });
  }

  /** Flushes every folder under `root` (their entries are what a rename relies on). */
  fsyncFolders(root: string): Promise<void> {
    return this.ask<void>({ op: 'fsyncFolders', root });
  }

  async close(): Promise<void> {
    this.worker.removeAllListeners('exit');
    await this.worker.terminate();
  }
}
