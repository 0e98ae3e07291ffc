import type SQLite from 'better-sqlite3';
import type { FastifyBaseLogger } from 'fastify';
import type { RecordItem, RecordValues } from '@smartdata/domain';
import { rawSqlite, type Db, type DbKind } from '@server/platform/db/database';
import type { BatchRecord, BatchStore, PartOf } from './batchStore';
import { DataItemsRepository } from './dataItems.repository';
import { EventLoopBatchStore } from './eventLoopBatchStore';
import { PgBatchStore } from './pgBatchStore';
import { RecordsRepository } from './records.repository';
import type { SeriesRepository } from './series.repository';
import { defaultRollerOptions, type RollerOptions } from './seriesRoller';
import { WriterThread } from './writerThread';

/** A record to write: values already checked. */
export interface RecordToWrite {
  companyId: number;
  itemId: number;
  parentRecordId: number | null;
  values: RecordValues;
  source: string;
  userId: number | null;
  at: number;
}

/**
 * Where records are stored: the record row, the item's record count, and the record's numeric
 * values as series points with their rollups. Every record written, changed or deleted in the
 * data-items module goes through here, so these rules live once:
 *
 *   - single records (people, forms, imports, forwards, tasks) in the caller's transaction,
 *     through Kysely, rollups kept on write;
 *   - batches of device records (`writeBatch`), handed whole to one store (batchStore.ts): a
 *     series the batch writes is *deferred* (its values are points only and the roller folds them
 *     into the rollups a few minutes later, docs/charts.md) except a late value (before the
 *     series' watermark), whose rollups are written at once. On SQLite the writer thread
 *     (RECORD_WRITER_THREAD=on, the database a file: the event loop is not held by a batch, both
 *     cores work) or else the app's connection, in slices of about 20 000 values with a yield
 *     between them; on PostgreSQL one transaction of `unnest()` inserts under the series write
 *     lock. This class only chooses the store (`store`) and keeps the roller's figures.
 */
export class RecordWriter {
  /** The roller's work since start (the bench prints it). */
  readonly rollStats = { rounds: 0, series: 0, ms: 0 };
  private readonly raw: SQLite.Database | null;
  /** PostgreSQL's store. */
  private readonly pg: PgBatchStore | null;
  /** SQLite: the writer thread, while it runs. */
  private thread: WriterThread | null = null;
  /** SQLite without the thread: the store on the app's connection (made when first needed). */
  private loop: EventLoopBatchStore | null = null;
  private readonly rollerSettings: RollerOptions;
  private readonly log: Pick<FastifyBaseLogger, 'info' | 'error'> | null;
  /** SQLite in a file, the thread not turned off, and not failed. */
  private threadAllowed: boolean;
  private rolling = false;
  /** A round of the roller on the app's connection, while it runs. */
  private rollingHere: Promise<number> | null = null;
  private closed = false;

  constructor(
    private readonly db: Db,
    private readonly dbKind: DbKind,
    private readonly series: SeriesRepository,
    roller: RollerOptions = defaultRollerOptions,
    options: { thread?: boolean; log?: Pick<FastifyBaseLogger, 'info' | 'error'> } = {},
  ) {
    this.rollerSettings = roller;
    this.log = options.log ?? null;
    this.raw = dbKind === 'sqlite' ? rawSqlite(db) : null;
    if (dbKind === 'sqlite' && !this.raw) {
      throw new Error('record writer: a SQLite database opened by openDatabase (its raw handle) is needed');
    }
    // Started with the first device batch, so a server without devices never pays for the thread.
    this.threadAllowed = this.raw !== null && !this.raw.memory && options.thread === true;
    this.pg = dbKind === 'postgres' ? new PgBatchStore(db, roller) : null;
  }

  /** Whether device batches are written on the writer thread (starting it when it may run). */
  async onThread(): Promise<boolean> {
    return (await this.liveThread(true)) !== null;
  }

  /** The roller's settings, or null (a dialect without deferred rollups). */
  get rollerOptions(): RollerOptions | null {
    return this.rollerSettings;
  }

  // ---- single records (the caller's transaction) ----

  /** A new record, its count and its series values: its id. */
  async insert(trx: Db, record: RecordToWrite, charted: readonly string[]): Promise<number> {
    const id = await RecordsRepository.in(trx, this.dbKind).insertRecord({ ...record, valuesJson: JSON.stringify(record.values) });
    await this.series.appendRecords(trx, record.companyId, record.itemId, [{ recordId: id, ts: record.at, values: record.values }], charted);
    return id;
  }

  /** A record's values changed: its points are replaced and the rollups around its instant rebuilt. */
  async update(trx: Db, companyId: number, record: { id: number; itemId: number; ts: number }, values: RecordValues, charted: readonly string[], at: number): Promise<void> {
    await RecordsRepository.in(trx, this.dbKind).updateValues(companyId, record.id, JSON.stringify(values), at);
    await this.series.replaceRecord(trx, companyId, record.itemId, { recordId: record.id, ts: record.ts, values }, charted);
  }

  /** Records of an item and their child records, with their points and counts: how many went. */
  async delete(trx: Db, companyId: number, itemId: number, ids: readonly number[]): Promise<number> {
    const records = RecordsRepository.in(trx, this.dbKind);
    await this.series.removeRecords(trx, companyId, await records.instantsOf(companyId, ids));
    return records.deleteRecords(companyId, itemId, ids);
  }

  /** Value expiry and retention: an item's records before `before`, with their points. */
  async deleteBefore(trx: Db, companyId: number, itemId: number, before: number): Promise<number> {
    await this.series.removeBefore(trx, companyId, itemId, before);
    return RecordsRepository.in(trx, this.dbKind).deleteOlderThan(companyId, itemId, before);
  }

  /** Deleted data items: their records, forms, jumps, forwards and series (the cabin's delete transaction). */
  async removeItems(trx: Db, companyId: number, itemIds: number[]): Promise<void> {
    await DataItemsRepository.in(trx).deleteItems(companyId, itemIds);
    await this.series.removeItems(trx, companyId, itemIds);
  }

  // ---- batches of device records ----

  /**
   * Writes a batch of checked records (source `device`, no parent, created at their own instant,
   * at most one per item and instant) and the part `partOf` answers for the records stored, with
   * the last of its transactions; answers the records stored once everything committed
   * (`created[i]` is `stored[i]`). `timing.threadMs` gets the time spent waiting for the writer
   * thread. A record whose item already has a device record of its instant is a redelivery:
   * nothing of it is stored (no record, points, count; migration 310's index).
   */
  async writeBatch(records: readonly BatchRecord[], partOf: PartOf, stored: BatchRecord[] = [], timing: { threadMs: number } = { threadMs: 0 }): Promise<RecordItem[]> {
    const store = await this.store(records.length > 0);
    return store.write(records, partOf, stored, timing);
  }

  /**
   * The one choice of where device batches go: PostgreSQL's store; on SQLite the writer thread
   * when it runs (`start`: started first if it may), else the store on the app's connection.
   */
  private async store(start: boolean): Promise<BatchStore> {
    if (this.pg) {
      return this.pg;
    }
    return (await this.liveThread(start)) ?? this.eventLoopStore();
  }

  /**
   * The writer thread when it runs (`start`: started if it may run); else null, and the store on
   * the app's connection takes over. Whenever the writer changes sides the other side's store is
   * dropped: one connection's series entries (watermarks) would fall behind the other's rolls.
   */
  private async liveThread(start: boolean): Promise<WriterThread | null> {
    if (!this.thread && start && this.threadAllowed && !this.closed) {
      // A roll on the app's connection finishes first: it moves watermarks the thread will read.
      await this.rollingHere?.catch(() => 0);
      if (!this.thread && !this.closed) {
        this.startThread();
      }
    }
    const thread = this.thread;
    if (!thread) {
      return null;
    }
    const started = await thread.ready;
    if (started && thread.alive) {
      return thread;
    }
    if (started && !this.closed && thread.failure) {
      this.log?.error({ err: thread.failure }, 'record writer: the writer thread stopped; device batches are written on the event loop');
    }
    this.threadAllowed = false;
    this.thread = null;
    this.loop = null;
    return null;
  }

  /** Starts the writer thread; the app's connection's store is dropped (its watermarks would fall behind the thread's rolls). */
  private startThread(): void {
    const thread = new WriterThread(this.raw!.name, this.rollerSettings);
    this.thread = thread;
    this.loop = null;
    void thread.ready.then((ok) => {
      if (ok) {
        this.log?.info('record writer: device batches are written on a thread of their own');
      } else {
        this.log?.error({ err: thread.failure }, 'record writer: the writer thread did not start; device batches are written on the event loop');
      }
    });
  }

  /** The store on the app's connection. */
  private eventLoopStore(): EventLoopBatchStore {
    this.loop ??= new EventLoopBatchStore(this.db, this.raw!, this.rollerSettings);
    return this.loop;
  }

  /** An item went away: the series entries of its fields are read again should its id come back. */
  forgetItem(itemId: number): void {
    this.pg?.forgetItem(itemId);
    this.loop?.forgetItem(itemId);
    this.thread?.forgetItem(itemId);
  }

  // ---- the roller ----

  /**
   * Rolls every deferred series that is due, on the store that writes the batches (slices of
   * series, one transaction each, publishes served between them). Answers how many. `all`: every
   * deferred series behind the target, due or not (the bench times one whole round).
   */
  async rollDue(now = Date.now(), all = false): Promise<number> {
    // After a close nothing starts on SQLite; PostgreSQL's round stops before its first slice.
    if (this.rolling || (this.raw && this.closed)) {
      return 0;
    }
    this.rolling = true;
    const started = performance.now();
    try {
      const store = await this.store(false);
      let rolled: number;
      if (store === this.loop) {
        this.rollingHere = store.roll(now, all);
        rolled = await this.rollingHere;
      } else {
        rolled = await store.roll(now, all);
      }
      if (rolled > 0) {
        this.rollStats.rounds += 1;
        this.rollStats.series += rolled;
        this.rollStats.ms += performance.now() - started;
      }
      return rolled;
    } finally {
      this.rolling = false;
      this.rollingHere = null;
    }
  }

  /** Shutdown: a roll under way stops after its current slice (the rest is rolled after the next start); the writer thread ends once what it was given is committed. */
  async close(): Promise<void> {
    this.closed = true;
    await Promise.all([this.pg?.close(), this.loop?.close(), this.thread?.close()]);
  }
}
