import type SQLite from 'better-sqlite3';
import type { RecordItem, RecordValues } from '@smartdata/domain';
import { rawSqlite, type Db, type DbKind } from '@server/platform/db/database';
import { DataItemsRepository } from './dataItems.repository';
import type { BatchPart } from './deviceRecords.port';
import { RawRecordWrites, RecordsRepository } from './records.repository';
import type { SeriesPoint } from './series';
import { RawSeriesWrites, type SeriesRepository } from './series.repository';
import { defaultRollerOptions, SeriesRoller, type RollerOptions } from './seriesRoller';

/** A record of a batch: values already checked; `charted` names its item's numeric fields, `keys` counts its values. */
export interface BatchRecord {
  companyId: number;
  itemId: number;
  ts: number;
  values: RecordValues;
  charted: ReadonlySet<string>;
  keys: number;
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

/**
 * Where records are stored: the record row, the item's record count, and the record's numeric
 * values as series points with their rollups. Every record written, changed or deleted in the
 * data-items module goes through here, so these rules live once:
 *
 *   - single records (people, forms, imports, forwards, tasks) in the caller's transaction,
 *     through Kysely, rollups kept on write;
 *   - batches of device records (`writeBatch`): on SQLite, prepared statements on the raw handle
 *     in slices of about 20 000 values, each one synchronous transaction; a series the batch
 *     writes is *deferred* (its values are points only and the roller folds them into the rollups
 *     a few minutes later, docs/charts.md) except a late value (before the series' watermark),
 *     whose rollups are written at once. Elsewhere one Kysely transaction with multi-row inserts.
 */
export class RecordWriter {
  /** The roller's work since start (the bench prints it). */
  readonly rollStats = { rounds: 0, series: 0, ms: 0 };
  private readonly raw: SQLite.Database | null;
  private readonly rawRecords: RawRecordWrites | null;
  private readonly rawSeries: RawSeriesWrites | null;
  private readonly roller: SeriesRoller | null;
  /** Series by `itemId:field`, only for series whose creation committed. */
  private readonly seriesIds = new Map<string, SeriesEntry>();
  /**
   * Every series entry handed out, by id, including those of a batch not yet committed: the roller
   * moves their watermark with the row's, inside its transaction, so the writer never holds a
   * watermark behind the database's (a value at or past it would then never be rolled).
   */
  private readonly entriesById = new Map<number, SeriesEntry>();
  private rolling = false;
  private closed = false;

  constructor(
    private readonly db: Db,
    private readonly dbKind: DbKind,
    private readonly series: SeriesRepository,
    roller: RollerOptions = defaultRollerOptions,
  ) {
    this.raw = dbKind === 'sqlite' ? rawSqlite(db) : null;
    // The rollups of a fleet's series are upserted all over the table: a page cache of 64 MB
    // (SQLite's default is 2 MB) keeps them in memory. Applies to the app's one connection.
    this.raw?.pragma('cache_size = -65536');
    this.rawRecords = this.raw ? new RawRecordWrites(this.raw) : null;
    this.rawSeries = this.raw ? new RawSeriesWrites(this.raw) : null;
    // Deferred rollups on the embedded database only: PostgreSQL may be shared by several
    // instances, whose writers could not keep one another's watermarks, and keeps rollups on write.
    this.roller = this.raw ? new SeriesRoller(this.raw, roller) : null;
  }

  /** The roller's settings (SQLite), or null (PostgreSQL keeps rollups on write). */
  get rollerOptions(): RollerOptions | null {
    return this.roller?.options ?? null;
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
   * Writes a batch of checked records (source `device`, no parent, created at their own instant)
   * and `part` with the last of its transactions; answers the records once everything committed.
   */
  async writeBatch(records: readonly BatchRecord[], part: BatchPart | null): Promise<RecordItem[]> {
    const created: RecordItem[] = [];
    const newSeries = new Map<string, SeriesEntry>();
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
          this.writeRaw(slice, created, newSeries);
          if (last) {
            part?.runRaw();
          }
        });
        start = end;
      } while (start < records.length);
    } else if (records.length > 0 || part) {
      await this.db.transaction().execute(async (trx) => {
        await this.writeKysely(trx, records, created, newSeries);
        await part?.run(trx);
      });
    }
    for (const [key, entry] of newSeries) {
      this.seriesIds.set(key, entry);
    }
    return created;
  }

  /** An item went away: the series entries of its fields are read again should its id come back. */
  forgetItem(itemId: number): void {
    for (const key of [...this.seriesIds.keys()].filter((k) => k.startsWith(`${itemId}:`))) {
      this.entriesById.delete(this.seriesIds.get(key)!.id);
      this.seriesIds.delete(key);
    }
  }

  /** The SQLite hot path: prepared statements, run synchronously inside the open transaction. */
  private writeRaw(records: readonly BatchRecord[], created: RecordItem[], newSeries: Map<string, SeriesEntry>): void {
    const rows = this.rawRecords!;
    const series = this.rawSeries!;
    const target = () => this.roller!.target(Date.now());
    const perItem = new Map<string, { companyId: number; itemId: number; n: number }>();
    const points: SeriesPoint[] = [];
    /** Points before their series' watermark: folded into the rollups now (the roller has passed them). */
    const late: SeriesPoint[] = [];
    for (const { companyId, itemId, ts, values, charted } of records) {
      const id = rows.insertDeviceRecord(companyId, itemId, JSON.stringify(values), ts);
      created.push({ id, itemId, parentRecordId: null, values, source: 'device', createdBy: null, createdAt: ts, updatedAt: ts });
      const key = `${companyId}:${itemId}`;
      const tally = perItem.get(key) ?? { companyId, itemId, n: 0 };
      tally.n += 1;
      perItem.set(key, tally);
      for (const field in values) {
        const value = values[field];
        if (typeof value !== 'number' || !charted.has(field) || !Number.isFinite(value)) {
          continue;
        }
        const seriesKey = `${itemId}:${field}`;
        let entry = this.seriesIds.get(seriesKey) ?? newSeries.get(seriesKey);
        if (entry === undefined) {
          entry = series.deferredSeries(companyId, itemId, field, target);
          newSeries.set(seriesKey, entry);
          this.entriesById.set(entry.id, entry);
        }
        const point = { seriesId: entry.id, ts, recordId: id, value };
        points.push(point);
        if (ts < entry.rolledUntil!) {
          late.push(point);
        }
      }
    }
    series.insertPoints(points);
    series.foldIntoRollups(late);
    for (const tally of perItem.values()) {
      rows.adjustCount(tally.companyId, tally.itemId, tally.n);
    }
  }

  /** PostgreSQL (and any other dialect): multi-row inserts through Kysely in the transaction; rollups on write. */
  private async writeKysely(trx: Db, records: readonly BatchRecord[], created: RecordItem[], newSeries: Map<string, SeriesEntry>): Promise<void> {
    const rows = RecordsRepository.in(trx, this.dbKind);
    const points: SeriesPoint[] = [];
    const perItem = new Map<string, { companyId: number; itemId: number; n: number }>();
    for (let i = 0; i < records.length; i += 1000) {
      const slice = records.slice(i, i + 1000);
      const ids = await rows.insertBatch(
        slice.map(({ companyId, itemId, ts, values }) => ({ companyId, itemId, parentRecordId: null, valuesJson: JSON.stringify(values), source: 'device', userId: null, at: ts })),
      );
      for (let j = 0; j < slice.length; j += 1) {
        const { companyId, itemId, ts, values, charted } = slice[j];
        const id = ids[j];
        created.push({ id, itemId, parentRecordId: null, values, source: 'device', createdBy: null, createdAt: ts, updatedAt: ts });
        const key = `${companyId}:${itemId}`;
        const tally = perItem.get(key) ?? { companyId, itemId, n: 0 };
        tally.n += 1;
        perItem.set(key, tally);
        const wanted = Object.keys(values).filter((f) => charted.has(f) && typeof values[f] === 'number');
        const missing = wanted.filter((f) => !this.seriesIds.has(`${itemId}:${f}`) && !newSeries.has(`${itemId}:${f}`));
        if (missing.length > 0) {
          for (const [field, seriesId] of await this.series.ensure(trx, companyId, itemId, missing)) {
            newSeries.set(`${itemId}:${field}`, { id: seriesId, rolledUntil: null });
          }
        }
        for (const field of wanted) {
          const seriesId = (this.seriesIds.get(`${itemId}:${field}`) ?? newSeries.get(`${itemId}:${field}`)!).id;
          points.push({ seriesId, ts, recordId: id, value: values[field] as number });
        }
      }
    }
    await this.series.append(trx, points);
    for (const tally of perItem.values()) {
      await rows.adjustCount(tally.companyId, tally.itemId, tally.n);
    }
  }

  // ---- the roller (SQLite) ----

  /**
   * Rolls every deferred series that is due (SQLite): slices of ROLL_SLICE series, one
   * transaction each, with a yield between them so publishes are served. Answers how many.
   * `all`: every deferred series behind the target, due or not (the bench times one whole round).
   */
  async rollDue(now = Date.now(), all = false): Promise<number> {
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
