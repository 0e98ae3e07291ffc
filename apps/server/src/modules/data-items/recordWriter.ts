import type SQLite from 'better-sqlite3';
import type { FastifyBaseLogger } from 'fastify';
import type { RecordItem, RecordValues } from '@smartdata/domain';
import { rawSqlite, type Db, type DbKind } from '@server/platform/db/database';
import { DataItemsRepository } from './dataItems.repository';
import type { BatchPart } from './deviceRecords.port';
import { RecordsRepository } from './records.repository';
import { pgDeviceRecordWrites } from './deviceRecords.repository';
import { pgSeriesWrites, seriesWriteLock, type SeriesRepository } from './series.repository';
import { rollupGrains } from './series.port';
import { defaultRollerOptions, PgSeriesRoller, type RollerOptions } from './seriesRoller';
import { keepSeries, ROLL_SLICE, slicesOf, SqliteBatchStore, type NewSeries, type SeriesEntry } from './sqliteBatchStore';
import type { ThreadAnswer, WireRecord } from './recordWriter.thread';
import { WriterThread } from './writerThread';

/** A record of a batch: values already checked; `charted` names its item's numeric fields, `keys` counts its values. */
export interface BatchRecord {
  companyId: number;
  itemId: number;
  ts: number;
  values: RecordValues;
  charted: ReadonlySet<string>;
  keys: number;
  /** Keys of its payload with no field (telemetry counts them with the record, once). */
  unknown?: number;
  /** `values` as stored (JSON), when the caller has it already (device batches dedupe by it). */
  valuesJson?: string;
}

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

/** A device record as the pushes and listeners get it: no parent, no author, created at its own instant. */
function deviceRecordItem(record: BatchRecord, id: number): RecordItem {
  return { id, itemId: record.itemId, parentRecordId: null, values: record.values, source: 'device', createdBy: null, createdAt: record.ts, updatedAt: record.ts };
}

/** Series rolled per transaction of the PostgreSQL roller (set-based statements: a slice costs little more than one series). */
const PG_ROLL_SLICE = 5_000;
const MINUTE = rollupGrains[0];

/**
 * Where records are stored: the record row, the item's record count, and the record's numeric
 * values as series points with their rollups. Every record written, changed or deleted in the
 * data-items module goes through here, so these rules live once:
 *
 *   - single records (people, forms, imports, forwards, tasks) in the caller's transaction,
 *     through Kysely, rollups kept on write;
 *   - batches of device records (`writeBatch`): a series the batch writes is *deferred* (its
 *     values are points only and the roller folds them into the rollups a few minutes later,
 *     docs/charts.md) except a late value (before the series' watermark), whose rollups are
 *     written at once. On SQLite, prepared statements in slices of about 20 000 values, each one
 *     transaction (sqliteBatchStore.ts): on the app's connection with a yield between slices, or
 *     (RECORD_WRITER_THREAD=on, the database a file) on the writer thread (recordWriter.thread.ts:
 *     the event loop is not held by a batch, both cores work). On PostgreSQL one Kysely transaction with
 *     one `unnest()` insert per table (an array parameter per column), under the series write lock.
 */
export class RecordWriter {
  /** The roller's work since start (the bench prints it). */
  readonly rollStats = { rounds: 0, series: 0, ms: 0 };
  private readonly raw: SQLite.Database | null;
  /** SQLite: the writer thread, while it runs. */
  private thread: WriterThread | null = null;
  /** SQLite without the thread: the store on the app's connection (made when first needed). */
  private store: SqliteBatchStore | null = null;
  private readonly rollerSettings: RollerOptions;
  private readonly log: Pick<FastifyBaseLogger, 'info' | 'error'> | null;
  /** SQLite in a file, the thread not turned off, and not failed. */
  private threadAllowed: boolean;
  private readonly pgRoller: PgSeriesRoller | null;
  /** PostgreSQL: series by item and field, only for series whose creation committed. */
  private readonly seriesByItem = new Map<number, Map<string, SeriesEntry>>();
  private rolling = false;
  /** A round of the roller on the app's connection, while it runs. */
  private rollingHere: Promise<number> | null = null;
  private closed = false;
  /** PostgreSQL: the furthest watermark this instance's roller set (tests roll ahead of the clock). */
  private pgRolledTo = 0;

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
    // PostgreSQL may be shared by several instances: its writers keep no watermark in memory
    // (they read them in the transaction, under the series write lock) and its roller rolls under
    // advisory locks (seriesRoller.ts).
    this.pgRoller = dbKind === 'postgres' ? new PgSeriesRoller(roller) : null;
  }

  /** Whether device batches are written on the writer thread (starting it when it may run). */
  async onThread(): Promise<boolean> {
    return (await this.liveThread(true)) !== null;
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
    this.store = null;
    return null;
  }

  /** Starts the writer thread; the app's connection's store is dropped (its watermarks would fall behind the thread's rolls). */
  private startThread(): void {
    const thread = new WriterThread(this.raw!.name, this.rollerSettings);
    this.thread = thread;
    this.store = null;
    void thread.ready.then((ok) => {
      if (ok) {
        this.log?.info('record writer: device batches are written on a thread of their own');
      } else {
        this.log?.error({ err: thread.failure }, 'record writer: the writer thread did not start; device batches are written on the event loop');
      }
    });
  }

  /** The store on the app's connection. */
  private localStore(): SqliteBatchStore {
    if (!this.store) {
      // The rollups of a fleet's series are upserted all over the table: a page cache of 64 MB
      // (SQLite's default is 2 MB) keeps them in memory. The writer thread's connection has its own.
      this.raw!.pragma('cache_size = -65536');
      this.store = new SqliteBatchStore(this.raw!, this.rollerSettings);
    }
    return this.store;
  }

  /** The roller's settings, or null (a dialect without deferred rollups). */
  get rollerOptions(): RollerOptions | null {
    return this.raw ? this.rollerSettings : (this.pgRoller?.options ?? null);
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
   * (`created[i]` is `stored[i]`). `timing.threadMs` gets the time spent waiting for the writer thread. A record whose item already has a device record of its instant
   * is a redelivery: nothing of it is stored (no record, points, count; migration 310's index).
   */
  async writeBatch(
    records: readonly BatchRecord[],
    partOf: ((stored: readonly BatchRecord[]) => BatchPart | null) | null,
    stored: BatchRecord[] = [],
    timing: { threadMs: number } = { threadMs: 0 },
  ): Promise<RecordItem[]> {
    if (this.raw) {
      const thread = await this.liveThread(records.length > 0);
      return thread ? this.writeOnThread(thread, records, partOf, stored, timing) : this.writeHere(records, partOf, stored);
    }
    const created: RecordItem[] = [];
    const newSeries: NewSeries = new Map();
    if (records.length > 0 || partOf) {
      await this.db.transaction().execute(async (trx) => {
        await this.writePg(trx, records, created, stored, newSeries);
        await partOf?.(stored)?.run(trx);
      });
    }
    keepSeries(this.seriesByItem, newSeries);
    return created;
  }

  /**
   * SQLite on the writer thread. The part is asked for with every record of the batch (the usual
   * case) and committed with the last slice; when some record was a redelivery the thread leaves
   * it out and the part of the records stored follows in a transaction of its own.
   */
  private async writeOnThread(
    thread: WriterThread,
    records: readonly BatchRecord[],
    partOf: ((stored: readonly BatchRecord[]) => BatchPart | null) | null,
    stored: BatchRecord[],
    timing: { threadMs: number },
  ): Promise<RecordItem[]> {
    const wire: WireRecord[] = new Array<WireRecord>(records.length);
    const charted = new Map<number, string[]>();
    for (let i = 0; i < records.length; i += 1) {
      const r = records[i];
      wire[i] = { c: r.companyId, i: r.itemId, t: r.ts, v: r.values, j: r.valuesJson, k: r.keys };
      if (!charted.has(r.itemId)) {
        charted.set(r.itemId, [...r.charted]);
      }
    }
    const part = partOf?.(records)?.sqlite() ?? null;
    const posted = performance.now();
    const answer = await thread.request<Extract<ThreadAnswer, { partRun: boolean }>>({ op: 'batch', records: wire, charted: [...charted], part });
    timing.threadMs += performance.now() - posted;
    const created: RecordItem[] = new Array<RecordItem>(answer.ids.length);
    for (let k = 0; k < answer.ids.length; k += 1) {
      const record = records[answer.storedAt ? answer.storedAt[k] : k];
      stored.push(record);
      created[k] = deviceRecordItem(record, answer.ids[k]);
    }
    if (partOf && !answer.partRun) {
      const list = partOf(stored)?.sqlite() ?? [];
      if (list.length > 0) {
        const again = performance.now();
        await thread.request({ op: 'statements', list });
        timing.threadMs += performance.now() - again;
      }
    }
    return created;
  }

  /**
   * SQLite on the app's connection: slices of about SLICE_VALUES values, each one transaction run
   * synchronously, with a yield between them so sockets are served. The caller answers after the last.
   */
  private async writeHere(records: readonly BatchRecord[], partOf: ((stored: readonly BatchRecord[]) => BatchPart | null) | null, stored: BatchRecord[]): Promise<RecordItem[]> {
    const store = this.localStore();
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
        store.writeSlice(records.slice(start, end), start, storedAt, ids, newSeries);
        for (let k = before; k < storedAt.length; k += 1) {
          stored.push(records[storedAt[k]]);
        }
        if (last) {
          const list = partOf?.(stored)?.sqlite();
          if (list) {
            store.runStatements(list);
          }
        }
      });
    }
    store.keep(newSeries);
    return ids.map((id, k) => deviceRecordItem(records[storedAt[k]], id));
  }

  /** A series entry of the batch's item and field: committed, or made by this batch. */
  private entryOf(newSeries: Map<number, Map<string, SeriesEntry>>, itemId: number, field: string): SeriesEntry | undefined {
    return this.seriesByItem.get(itemId)?.get(field) ?? newSeries.get(itemId)?.get(field);
  }

  /** Records a series entry the batch made. */
  private static made(newSeries: Map<number, Map<string, SeriesEntry>>, itemId: number, field: string, entry: SeriesEntry): void {
    const made = newSeries.get(itemId);
    if (made) {
      made.set(field, entry);
    } else {
      newSeries.set(itemId, new Map([[field, entry]]));
    }
  }

  /** An item went away: the series entries of its fields are read again should its id come back. */
  forgetItem(itemId: number): void {
    this.seriesByItem.delete(itemId);
    this.store?.forgetItem(itemId);
    this.thread?.tell({ op: 'forget', itemId });
  }

  /**
   * PostgreSQL: records, points and counts each one `unnest()` insert or update (an array
   * parameter per column: nothing for Kysely to compile per row, a handful of parameters for the
   * pg client), series deferred like on SQLite. Under the series write lock (shared), so the
   * watermarks read here are those of the last roll committed: a value before its series' one is
   * folded into the rollups at once. Only values before the current minute can be (a roll's
   * watermark is at least `lagMs` behind its clock; instances' clocks agree to better than that),
   * or before a watermark this instance's roller set ahead of the clock (tests).
   */
  private async writePg(trx: Db, all: readonly BatchRecord[], created: RecordItem[], stored: BatchRecord[], newSeries: Map<number, Map<string, SeriesEntry>>): Promise<void> {
    if (all.length === 0) {
      return;
    }
    await seriesWriteLock(trx, 'postgres');
    const companies = new Array<number>(all.length);
    const items = new Array<number>(all.length);
    const texts = new Array<string>(all.length);
    const instants = new Array<number>(all.length);
    for (let i = 0; i < all.length; i += 1) {
      const r = all[i];
      companies[i] = r.companyId;
      items[i] = r.itemId;
      texts[i] = r.valuesJson ?? JSON.stringify(r.values);
      instants[i] = r.ts;
    }
    const allIds = await pgDeviceRecordWrites.insert(trx, companies, items, texts, instants);
    // A redelivered record (id 0: its item has a device record of that instant) is skipped.
    const records: BatchRecord[] = [];
    const ids: number[] = [];
    for (let i = 0; i < all.length; i += 1) {
      if (allIds[i] !== 0) {
        records.push(all[i]);
        ids.push(allIds[i]);
      }
    }
    stored.push(...records);
    if (records.length === 0) {
      return;
    }
    const n = records.length;
    // Series: made (and deferred) where missing, all of the batch's at once.
    const missing = { companies: [] as number[], items: [] as number[], fields: [] as string[] };
    const asked = new Set<string>();
    for (const { companyId, itemId, values, charted } of records) {
      for (const field in values) {
        if (typeof values[field] === 'number' && charted.has(field) && !this.entryOf(newSeries, itemId, field) && !asked.has(`${itemId}:${field}`)) {
          asked.add(`${itemId}:${field}`);
          missing.companies.push(companyId);
          missing.items.push(itemId);
          missing.fields.push(field);
        }
      }
    }
    if (missing.items.length > 0) {
      const found = await pgSeriesWrites.ensure(trx, missing.companies, missing.items, missing.fields);
      const made: number[] = [];
      for (let i = 0; i < missing.items.length; i += 1) {
        const id = found.get(`${missing.items[i]}:${missing.fields[i]}`)!;
        RecordWriter.made(newSeries, missing.items[i], missing.fields[i], { id, rolledUntil: null });
        made.push(id);
      }
      await pgSeriesWrites.defer(trx, made, this.pgRoller!.target(Date.now()));
    }
    const sids: number[] = [];
    const pts: number[] = [];
    const rids: number[] = [];
    const vals: number[] = [];
    const lateBefore = Math.max(Math.floor(Date.now() / MINUTE) * MINUTE, this.pgRolledTo);
    let maybeLate = 0;
    const perItem = new Map<number, { companyId: number; n: number }>();
    for (let i = 0; i < n; i += 1) {
      const { companyId, itemId, ts, values, charted } = records[i];
      const id = ids[i];
      created.push(deviceRecordItem(records[i], id));
      const tally = perItem.get(itemId);
      if (tally) {
        tally.n += 1;
      } else {
        perItem.set(itemId, { companyId, n: 1 });
      }
      for (const field in values) {
        const value = values[field];
        if (typeof value !== 'number' || !charted.has(field) || !Number.isFinite(value)) {
          continue;
        }
        sids.push(this.entryOf(newSeries, itemId, field)!.id);
        pts.push(ts);
        rids.push(id);
        vals.push(value);
        if (ts < lateBefore) {
          maybeLate += 1;
        }
      }
    }
    await pgSeriesWrites.insertPoints(trx, sids, pts, rids, vals);
    if (maybeLate > 0) {
      const late = { sids: [] as number[], pts: [] as number[], vals: [] as number[] };
      for (let i = 0; i < sids.length; i += 1) {
        if (pts[i] < lateBefore) {
          late.sids.push(sids[i]);
          late.pts.push(pts[i]);
          late.vals.push(vals[i]);
        }
      }
      // Values before their series' watermark: the roller has passed them, their rollups now.
      await pgSeriesWrites.foldLate(trx, late.sids, late.pts, late.vals);
    }
    const countItems: number[] = [];
    const countCompanies: number[] = [];
    const counts: number[] = [];
    for (const [itemId, { companyId, n: count }] of perItem) {
      countItems.push(itemId);
      countCompanies.push(companyId);
      counts.push(count);
    }
    await pgDeviceRecordWrites.addCounts(trx, countItems, countCompanies, counts);
  }

  // ---- the roller (SQLite) ----

  /**
   * Rolls every deferred series that is due (SQLite): slices of ROLL_SLICE series, one
   * transaction each, with a yield between them so publishes are served. Answers how many.
   * `all`: every deferred series behind the target, due or not (the bench times one whole round).
   */
  async rollDue(now = Date.now(), all = false): Promise<number> {
    if (this.pgRoller) {
      return this.rollDuePg(now, all);
    }
    if (!this.raw || this.rolling || this.closed) {
      return 0;
    }
    this.rolling = true;
    const started = performance.now();
    try {
      const thread = await this.liveThread(false);
      let rolled: number;
      if (thread) {
        rolled = await this.rollOnThread(thread, now, all);
      } else {
        this.rollingHere = this.rollHere(now, all);
        rolled = await this.rollingHere;
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

  /** The roller on the writer thread: a slice at a time, so the batches posted meanwhile are written between slices. */
  private async rollOnThread(thread: WriterThread, now: number, all: boolean): Promise<number> {
    let rolled = 0;
    for (let first = true; ; first = false) {
      const answer = await thread.request<Extract<ThreadAnswer, { left: number }>>({ op: 'roll', now, all, first });
      rolled += answer.rolled;
      if (answer.left === 0 || this.closed) {
        return rolled; // after a close, the rest is rolled after the next start (points hold every value)
      }
    }
  }

  /** The roller on the app's connection: slices of ROLL_SLICE series, one transaction each, with a yield between them so publishes are served. */
  private async rollHere(now: number, all: boolean): Promise<number> {
    const store = this.localStore();
    const target = store.roller.target(now);
    const due = store.roller.due(now, all);
    for (let i = 0; i < due.length; i += ROLL_SLICE) {
      if (i > 0) {
        await new Promise((resolve) => setImmediate(resolve));
      }
      if (this.closed) {
        break; // the rest is rolled after the next start (nothing is lost: points hold every value)
      }
      const slice = due.slice(i, i + ROLL_SLICE);
      await this.rawTransaction(() => store.rollSlice(slice, target));
    }
    return due.length;
  }

  /** PostgreSQL: slices of PG_ROLL_SLICE series, one transaction each; stops when another instance is rolling. */
  private async rollDuePg(now: number, all: boolean): Promise<number> {
    const roller = this.pgRoller!;
    if (this.rolling) {
      return 0;
    }
    this.rolling = true;
    const started = performance.now();
    let rolled = 0;
    try {
      const target = roller.target(now);
      this.pgRolledTo = Math.max(this.pgRolledTo, target);
      const due = await roller.due(this.db, now, all);
      for (let i = 0; i < due.length && !this.closed; i += PG_ROLL_SLICE) {
        const slice = due.slice(i, i + PG_ROLL_SLICE).map((s) => s.id);
        const ids = await this.db.transaction().execute((trx) => roller.rollAll(trx, slice, target));
        if (ids === null) {
          break; // another instance is rolling: it takes the rest
        }
        rolled += ids.length;
      }
      if (rolled > 0) {
        this.rollStats.rounds += 1;
        this.rollStats.series += rolled;
        this.rollStats.ms += performance.now() - started;
      }
      return rolled;
    } finally {
      this.rolling = false;
    }
  }

  /** Shutdown: a roll under way stops after its current slice (the rest is rolled after the next start); the writer thread ends once what it was given is committed. */
  async close(): Promise<void> {
    this.closed = true;
    await this.thread?.close();
  }

  /**
   * Runs `work` (synchronous statements on the raw handle) in one transaction. JavaScript runs one
   * thing at a time, so a synchronous transaction cannot interleave with any other query; only a
   * Kysely transaction already open (awaiting between its statements) could, and then the work
   * waits for Kysely's connection like any query and runs in a transaction of its own there.
   */
  private async rawTransaction(work: () => void): Promise<void> {
    const raw = this.raw!;
    if (!raw.inTransaction) {
      raw.transaction(work).immediate();
      return;
    }
    await this.db.transaction().execute(() => {
      work();
      return Promise.resolve();
    });
  }
}
