import { mkdtempSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { startCheckpointer } from './checkpointer';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) {
    rmSync(dir, { recursive: true, force: true });
  }
});

function open(): { db: SQLite.Database; file: string } {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'sd-checkpointer-'));
  dirs.push(dir);
  const file = path.join(dir, 'x.db');
  const db = new SQLite(file);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  return { db, file };
}

const waitFor = async (condition: () => boolean, ms = 5000) => {
  const until = Date.now() + ms;
  while (!condition() && Date.now() < until) {
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
};

describe('checkpointer', () => {
  it('takes checkpoints off the app connection: the worker copies the log back and the log starts over', async () => {
    const { db, file } = open();
    const checkpointer = startCheckpointer(db, file, 20)!;
    expect(db.pragma('wal_autocheckpoint', { simple: true })).toBe(0);
    db.exec('create table t (id integer primary key, v text)');
    const insert = db.prepare('insert into t (v) values (?)');
    const write = db.transaction((n: number) => {
      for (let i = 0; i < n; i += 1) {
        insert.run('x'.repeat(200));
      }
    });
    for (let round = 0; round < 20; round += 1) {
      write(1000);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    await waitFor(() => checkpointer.stats.frames > 0);
    expect(checkpointer.stats.runs).toBeGreaterThan(0);
    expect(checkpointer.stats.frames).toBeGreaterThan(0);
    // 20 × 1 000 rows of 200 bytes went through a log that was copied back and reused: the log
    // stays far below the 4 MB written (with no checkpoint at all it would hold all of it).
    expect(statSync(`${file}-wal`).size).toBeLessThan(4 * 2 ** 20);
    await checkpointer.close();
    expect(db.pragma('wal_autocheckpoint', { simple: true })).toBe(1000);
    db.close();
    const again = new SQLite(file, { readonly: true });
    expect((again.prepare('select count(*) as n from t').get() as { n: number }).n).toBe(20_000);
    again.close();
  });

  it('is not started for an in-memory database', () => {
    const db = new SQLite(':memory:');
    expect(startCheckpointer(db, ':memory:')).toBeNull();
    expect(db.pragma('wal_autocheckpoint', { simple: true })).toBe(1000);
    db.close();
  });
});
