import type SQLite from 'better-sqlite3';
import type { RecordItem, RecordValues } from '@smartdata/domain';
import { rawSqlite, type Db, type DbKind } from '@server/platform/db/database';
import { DataItemsRepository } from './dataItems.repository';
import type { BatchPart } from './deviceRecords.port';
import { RawRecordWrites, RecordsRepository } from './records.repository';
import type { SeriesPoint } from './series';
import { pgDeviceRecordWrites } from './deviceRecords.repository';
import { pgSeriesWrites, RawSeriesWrites, seriesWriteLock, type SeriesRepository } from './series.repository';
import { rollupGrains } from './series.port';
import { defaultRollerOptions, PgSeriesRoller, SeriesRoller, type RollerOptions } from './seriesRoller';

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

/** A series the batch writes: its id and (SQLite) its watermark, kept equal to the row's `rolled_until` or ahead of it. */
interface SeriesEntry {
  id: number;
  rolledUntil: number | null;
}

/**
 * Values per transaction of a SQLite batch (one synchronous slice each), with a yield to the
 * event loop between slices. Measured with bench/ingest.ts over 150 s (5 000 devices, 100 000
 * series): 10 000 values a slice stored 40 700 values/s, 20 000 stored 62 000; 40 000 held the
 * event loop for seconds (checkpoints of big transactions) and tripled publish-to-browser latency.
 */
const SLICE_VALUES = 20_000;
/** Series rolled per transaction of the roller. */
const ROLL_SLICE = 500;
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
 *     written at once. On SQLite, prepared statements on the raw handle in slices of about 20 000
 *     values, each one synchronous transaction; on PostgreSQL one Kysely transaction with one
 *     `unnest()` insert per table (an array parameter per column), under the series write lock.
 */
export class RecordWriter {
  /** The roller's work since start (the bench prints it). */
  readonly rollStats = { rounds: 0, series: 0, ms: 0 };
  private readonly raw: SQLite.Database | null;
  private readonly rawRecords: RawRecordWrites | null;
  private readonly rawSeries: RawSeriesWrites | null;
  private readonly roller: SeriesRoller | null;
  private readonly pgRoller: PgSeriesRoller | null;
  /** Series by item and field, only for series whose creation committed. */
  private readonly seriesByItem = new Map<number, Map<string, SeriesEntry>>();
  /**
   * Every series entry handed out, by id, including those of a batch not yet committed: the roller
   * moves their watermark with the row's, inside its transaction, so the writer never holds a
   * watermark behind the database's (a value at or past it would then never be rolled).
   */
  private readonly entriesById = new Map<number, SeriesEntry>();
  private rolling = false;
  private closed = false;
  /** PostgreSQL: the furthest watermark this instance's roller set (tests roll ahead of the clock). */
  private pgRolledTo = 0;

  constructor(
    private readonly db: Db,
    private readonly dbKind: DbKind,
    private readonly series: SeriesRepository,
    roller: RollerOptions = defaultRollerOptions,
  ) {
    this.raw = dbKind === 'sqlite' ? rawSqlite(db) : null;
    if (dbKind === 'sqlite' && !this.raw) {
      throw new Error('record writer: a SQLite database opened by openDatabase (its raw handle) is needed');
    }
    // The rollups of a fleet's series are upserted all over the table: a page cache of 64 MB
    // (SQLite's default is 2 MB) keeps them in memory. Applies to the app's one connection.
    this.raw?.pragma('cache_size = -65536');
    this.rawRecords = this.raw ? new RawRecordWrites(this.raw) : null;
    this.rawSeries = this.raw ? new RawSeriesWrites(this.raw) : null;
    this.roller = this.raw ? new SeriesRoller(this.raw, roller) : null;
    // PostgreSQL may be shared by several instances: its writers keep no watermark in memory
    // (they read them in the transaction, under the series write lock) and its roller rolls under
    // advisory locks (seriesRoller.ts).
    this.pgRoller = dbKind === 'postgres' ? new PgSeriesRoller(roller) : null;
  }

  /** The roller's settings, or null (a dialect without deferred rollups). */
  get rollerOptions(): RollerOptions | null {
    return this.roller?.options ?? this.pgRoller?.options ?? null;
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
   * (`created[i]` is `stored[i]`). A record whose item already has a device record of its instant
   * is a redelivery: nothing of it is stored (no record, points, count; migration 310's index).
   */
  async writeBatch(
    records: readonly BatchRecord[],
    partOf: ((stored: readonly BatchRecord[]) => BatchPart | null) | null,
    stored: BatchRecord[] = [],
  ): Promise<RecordItem[]> {
    const created: RecordItem[] = [];
    const newSeries = new Map<number, Map<string, SeriesEntry>>();
    if (this.raw) {
      // Slices of about SLICE_VALUES values, each one transaction run synchronously on the raw
      // handle, with a yield between them so sockets are served. The caller answers after the last.
      let start = 0;
      do {
        if (start > 0) {
          await new Promise((resolve) => setImmediate(resolve));
        }
        let end = start;
        for (let values = 0; end < records.length && (values < SLICE_VALUES || end === start); end += 1) {
          values += records[end].keys;
        }
        const last = end >= records.length;
        const slice = records.slice(start, end);
        await this.rawTransaction(() => {
          this.writeRaw(slice, created, stored, newSeries);
          if (last) {
            partOf?.(stored)?.runRaw();
          }
        });
        start = end;
      } while (start < records.length);
    } else if (records.length > 0 || partOf) {
      await this.db.transaction().execute(async (trx) => {
        await this.writePg(trx, records, created, stored, newSeries);
        await partOf?.(stored)?.run(trx);
      });
    }
    for (const [itemId, made] of newSeries) {
      const known = this.seriesByItem.get(itemId);
      if (known) {
        for (const [field, entry] of made) {
          known.set(field, entry);
        }
      } else {
        this.seriesByItem.set(itemId, made);
      }
    }
    return created;
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
    for (const entry of this.seriesByItem.get(itemId)?.values() ?? []) {
      this.entriesById.delete(entry.id);
    }
    this.seriesByItem.delete(itemId);
  }

  /**
   * The SQLite hot path: prepared statements, run synchronously inside the open transaction. No
   * object per value: points are four columns (flat arrays) in record order, each record's series
   * ascending; the records are put in key order (their first series, instant, id: a thousand sort
   * keys instead of twenty thousand) and the points inserted record after record, which is key
   * order unless two records' series interleave (then the points are sorted).
   */
  private writeRaw(all: readonly BatchRecord[], created: RecordItem[], stored: BatchRecord[], newSeries: Map<number, Map<string, SeriesEntry>>): void {
    const rows = this.rawRecords!;
    const series = this.rawSeries!;
    const target = () => this.roller!.target(Date.now());
    const perItem = new Map<number, { companyId: number; n: number }>();
    // Records first: a redelivered one (its item has a device record of that instant) is skipped.
    const records: BatchRecord[] = [];
    const insertedIds: number[] = [];
    for (const record of all) {
      const id = rows.insertDeviceRecord(record.companyId, record.itemId, record.valuesJson ?? JSON.stringify(record.values), record.ts);
      if (id !== 0) {
        records.push(record);
        insertedIds.push(id);
        stored.push(record);
      }
    }
    const n = records.length;
    const sids: number[] = [];
    const pts: number[] = [];
    const rids: number[] = [];
    const vals: number[] = [];
    /** Each record's points: [starts[r], starts[r + 1]). */
    const starts = new Uint32Array(n + 1);
    const firstSeries = new Float64Array(n);
    const recordIds = new Float64Array(n);
    let inOrder = true;
    /** Points before their series' watermark: folded into the rollups now (the roller has passed them). */
    const late: SeriesPoint[] = [];
    for (let r = 0; r < n; r += 1) {
      const { companyId, itemId, ts, values, charted } = records[r];
      const id = insertedIds[r];
      recordIds[r] = id;
      created.push({ id, itemId, parentRecordId: null, values, source: 'device', createdBy: null, createdAt: ts, updatedAt: ts });
      const tally = perItem.get(itemId);
      if (tally) {
        tally.n += 1;
      } else {
        perItem.set(itemId, { companyId, n: 1 });
      }
      const known = this.seriesByItem.get(itemId);
      let made = newSeries.get(itemId);
      starts[r] = sids.length;
      let previous = -1;
      for (const field in values) {
        const value = values[field];
        if (typeof value !== 'number' || !charted.has(field) || !Number.isFinite(value)) {
          continue;
        }
        let entry = known?.get(field) ?? made?.get(field);
        if (entry === undefined) {
          entry = series.deferredSeries(companyId, itemId, field, target);
          if (!made) {
            made = new Map();
            newSeries.set(itemId, made);
          }
          made.set(field, entry);
          this.entriesById.set(entry.id, entry);
        }
        const sid = entry.id;
        if (sid <= previous) {
          inOrder = false;
        }
        previous = sid;
        sids.push(sid);
        pts.push(ts);
        rids.push(id);
        vals.push(value);
        if (ts < entry.rolledUntil!) {
          late.push({ seriesId: sid, ts, recordId: id, value });
        }
      }
      firstSeries[r] = sids.length > starts[r] ? sids[starts[r]] : -1;
    }
    starts[n] = sids.length;
    let order: Uint32Array | null = null;
    if (inOrder) {
      order = new Uint32Array(n);
      for (let r = 0; r < n; r += 1) {
        order[r] = r;
      }
      order.sort((a, b) => firstSeries[a] - firstSeries[b] || pts[starts[a]] - pts[starts[b]] || recordIds[a] - recordIds[b]);
      // Key order across records: each record's last point before the next one's first.
      let lastS = -1;
      let lastT = 0;
      let lastR = 0;
      for (let k = 0; k < n && order; k += 1) {
        const r = order[k];
        const a = starts[r];
        const b = starts[r + 1];
        if (a === b) {
          continue;
        }
        if ((sids[a] - lastS || pts[a] - lastT || rids[a] - lastR) <= 0) {
          order = null;
          break;
        }
        lastS = sids[b - 1];
        lastT = pts[b - 1];
        lastR = rids[b - 1];
      }
    }
    if (order) {
      series.insertRecordsInOrder(order, starts, sids, pts, rids, vals);
    } else {
      series.insertColumns(sids, pts, rids, vals);
    }
    series.foldIntoRollups(late);
    for (const [itemId, tally] of perItem) {
      rows.adjustCount(tally.companyId, itemId, tally.n);
    }
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
      created.push({ id, itemId, parentRecordId: null, values, source: 'device', createdBy: null, createdAt: ts, updatedAt: ts });
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
    const roller = this.roller;
    if (!roller || this.rolling) {
      return 0;
    }
    this.rolling = true;
    const started = performance.now();
    try {
      const target = roller.target(now);
      const due = roller.due(now, all);
      for (let i = 0; i < due.length; i += ROLL_SLICE) {
        if (i > 0) {
          await new Promise((resolve) => setImmediate(resolve));
        }
        if (this.closed) {
          break; // the rest is rolled after the next start (nothing is lost: points hold every value)
        }
        const slice = due.slice(i, i + ROLL_SLICE);
        await this.rawTransaction(() => {
          roller.rollAll(slice, target);
          // Moved with the rows, before commit: a failed commit leaves an entry ahead, which is safe.
          for (const series of slice) {
            const entry = this.entriesById.get(series.id);
            if (entry && entry.rolledUntil !== null && entry.rolledUntil < target) {
              entry.rolledUntil = target;
            }
          }
        });
      }
      if (due.length > 0) {
        this.rollStats.rounds += 1;
        this.rollStats.series += due.length;
        this.rollStats.ms += performance.now() - started;
      }
      return due.length;
    } finally {
      this.rolling = false;
    }
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

  /** Shutdown: a roll under way stops after its current slice (the rest is rolled after the next start). */
  close(): void {
    this.closed = true;
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
