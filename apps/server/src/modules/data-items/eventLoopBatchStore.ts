import type SQLite from 'better-sqlite3';
import type { RecordItem } from '@smartdata/domain';
import type { Db } from '@server/platform/db/database';
import { deviceRecordItem, type BatchRecord, type BatchStore, type NewSeries, type PartOf } from './batchStore';
import type { RollerOptions } from './seriesRoller';
import { ROLL_SLICE, slicesOf, SqliteBatchWrites } from './sqliteBatchWrites';

/**
 * The store of device batches on the app's own SQLite connection (the default, and always for a
 * database in memory): SqliteBatchWrites in slices, each one transaction run synchronously, with a
 * yield to the event loop between them so sockets and publishes are served.
 */
export class EventLoopBatchStore implements BatchStore {
  private readonly writes: SqliteBatchWrites;
  private closed = false;

  constructor(
    private readonly db: Db,
    private readonly raw: SQLite.Database,
    roller: RollerOptions,
  ) {
    // The rollups of a fleet's series are upserted all over the table: a page cache of 64 MB
    // (SQLite's default is 2 MB) keeps them in memory. The writer thread's connection has its own.
    raw.pragma('cache_size = -65536');
    this.writes = new SqliteBatchWrites(raw, roller);
  }

  /** Slices of about SLICE_VALUES values; the part commits with the last one. The caller answers after it. */
  async write(records: readonly BatchRecord[], partOf: PartOf, stored: BatchRecord[]): Promise<RecordItem[]> {
    const writes = this.writes;
    const newSeries: NewSeries = new Map();
    const storedAt: number[] = [];
    const ids: number[] = [];
    const slices = slicesOf(records);
    for (let n = 0; n < slices.length; n += 1) {
      if (n > 0) {
        await new Promise((resolve) => setImmediate(resolve));
      }
      const [start, end] = slices[n];
      const last = n === slices.length - 1;
      await this.rawTransaction(() => {
        const before = storedAt.length;
        writes.writeSlice(records.slice(start, end), start, storedAt, ids, newSeries);
        for (let k = before; k < storedAt.length; k += 1) {
          stored.push(records[storedAt[k]]);
        }
        if (last) {
          const list = partOf?.(stored)?.sqlite();
          if (list) {
            writes.runStatements(list);
          }
        }
      });
    }
    writes.keep(newSeries);
    return ids.map((id, k) => deviceRecordItem(records[storedAt[k]], id));
  }

  /** Slices of ROLL_SLICE series, one transaction each, with a yield between them so publishes are served. */
  async roll(now: number, all: boolean): Promise<number> {
    const writes = this.writes;
    const target = writes.roller.target(now);
    const due = writes.roller.due(now, all);
    for (let i = 0; i < due.length; i += ROLL_SLICE) {
      if (i > 0) {
        await new Promise((resolve) => setImmediate(resolve));
      }
      if (this.closed) {
        break; // the rest is rolled after the next start (nothing is lost: points hold every value)
      }
      const slice = due.slice(i, i + ROLL_SLICE);
      await this.rawTransaction(() => writes.rollSlice(slice, target));
    }
    return due.length;
  }

  forgetItem(itemId: number): void {
    this.writes.forgetItem(itemId);
  }

  close(): Promise<void> {
    this.closed = true;
    return Promise.resolve();
  }

  /**
   * Runs `work` (synchronous statements on the raw handle) in one transaction. JavaScript runs one
   * thing at a time, so a synchronous transaction cannot interleave with any other query; only a
   * Kysely transaction already open (awaiting between its statements) could, and then the work
   * waits for Kysely's connection like any query and runs in a transaction of its own there.
   */
  private async rawTransaction(work: () => void): Promise<void> {
    if (!this.raw.inTransaction) {
      this.raw.transaction(work).immediate();
      return;
    }
    await this.db.transaction().execute(() => {
      work();
      return Promise.resolve();
    });
  }
}
