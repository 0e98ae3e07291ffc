import type SQLite from 'better-sqlite3';
import { keepSeries, type BatchRecord, type NewSeries, type SeriesEntry } from './batchStore';
import type { RawStatement } from './deviceRecords.port';
import { RawRecordWrites } from './deviceRecords.repository';
import { RawSeriesWrites } from './deferredSeries.repository';
import type { SeriesPoint } from './series';
import { SeriesRoller, type RollerOptions } from './seriesRoller';

/**
 * Values per transaction of a SQLite batch. On the event loop (no writer thread) each slice is one
 * synchronous transaction with a yield between slices. Measured with bench/ingest.ts over 150 s
 * (5 000 devices, 100 000 series): 10 000 values a slice stored 40 700 values/s, 20 000 stored
 * 62 000; 40 000 held the event loop for seconds (checkpoints of big transactions) and tripled
 * publish-to-browser latency. On the writer thread the slice bounds how long the app's own
 * connection may wait for the write lock.
 */
export const SLICE_VALUES = 20_000;
/** Series rolled per transaction of the roller. */
export const ROLL_SLICE = 500;

/**
 * The slices of a batch: [start, end) ranges of about SLICE_VALUES values (at least one record
 * each); an empty batch is one empty slice, so the part it carries still commits.
 */
export function slicesOf(records: ReadonlyArray<{ keys: number }>): Array<[number, number]> {
  if (records.length === 0) {
    return [[0, 0]];
  }
  const out: Array<[number, number]> = [];
  let start = 0;
  while (start < records.length) {
    let end = start;
    for (let values = 0; end < records.length && (values < SLICE_VALUES || end === start); end += 1) {
      values += records[end].keys;
    }
    out.push([start, end]);
    start = end;
  }
  return out;
}

/**
 * The SQLite half of the record writer: device batches and the roller of their deferred series,
 * as synchronous statements on one connection (the writer thread's, recordWriter.thread.ts, or the
 * app's own, eventLoopBatchStore.ts: the default, and always in memory). Every method runs inside
 * a transaction the caller opened on that connection. The series entries it keeps (ids and
 * watermarks) are this connection's: only its roller moves deferred watermarks.
 */
export class SqliteBatchWrites {
  readonly roller: SeriesRoller;
  private readonly records: RawRecordWrites;
  private readonly series: RawSeriesWrites;
  private readonly statements = new Map<string, SQLite.Statement>();
  /** Series by item and field, only for series whose creation committed. */
  private readonly seriesByItem = new Map<number, Map<string, SeriesEntry>>();
  /**
   * Every series entry handed out, by id, including those of a batch not yet committed: the roller
   * moves their watermark with the row's, inside its transaction, so the writer never holds a
   * watermark behind the database's (a value at or past it would then never be rolled).
   */
  private readonly entriesById = new Map<number, SeriesEntry>();

  constructor(
    readonly raw: SQLite.Database,
    roller: RollerOptions,
  ) {
    this.records = new RawRecordWrites(raw);
    this.series = new RawSeriesWrites(raw);
    this.roller = new SeriesRoller(raw, roller);
  }

  /** Statements of another module committed with the batch (prepared once per SQL text). */
  runStatements(list: readonly RawStatement[]): void {
    for (const { sql, params } of list) {
      let statement = this.statements.get(sql);
      if (!statement) {
        statement = this.raw.prepare(sql);
        this.statements.set(sql, statement);
      }
      statement.run(...params);
    }
  }

  /** The series a batch made, once all of its transactions committed. */
  keep(newSeries: NewSeries): void {
    keepSeries(this.seriesByItem, newSeries);
  }

  /** An item went away: the series entries of its fields are read again should its id come back. */
  forgetItem(itemId: number): void {
    for (const entry of this.seriesByItem.get(itemId)?.values() ?? []) {
      this.entriesById.delete(entry.id);
    }
    this.seriesByItem.delete(itemId);
  }

  /** Rolls a slice of due series to `target` and moves their entries with the rows (before commit: a failed commit leaves an entry ahead, which is safe). */
  rollSlice(slice: ReadonlyArray<{ id: number; rolledUntil: number }>, target: number): void {
    this.roller.rollAll(slice, target);
    for (const series of slice) {
      const entry = this.entriesById.get(series.id);
      if (entry && entry.rolledUntil !== null && entry.rolledUntil < target) {
        entry.rolledUntil = target;
      }
    }
  }

  /**
   * Writes a slice of a batch (records `offset`… of it) in the open transaction: pushes the index
   * in the batch and the id of every record stored. A record whose item already has a device
   * record of its instant is a redelivery: nothing of it is stored.
   *
   * No object per value: points are four columns (flat arrays) in record order, each record's
   * series ascending; the records are put in key order (their first series, instant, id: a
   * thousand sort keys instead of twenty thousand) and the points inserted record after record,
   * which is key order unless two records' series interleave (then the points are sorted).
   */
  writeSlice(all: readonly BatchRecord[], offset: number, storedAt: number[], storedIds: number[], newSeries: NewSeries): void {
    const rows = this.records;
    const series = this.series;
    const target = () => this.roller.target(Date.now());
    const perItem = new Map<number, { companyId: number; n: number }>();
    // Records first: a redelivered one (its item has a device record of that instant) is skipped.
    const records: BatchRecord[] = [];
    const insertedIds: number[] = [];
    for (let i = 0; i < all.length; i += 1) {
      const record = all[i];
      const id = rows.insertDeviceRecord(record.companyId, record.itemId, record.valuesJson ?? JSON.stringify(record.values), record.ts);
      if (id !== 0) {
        records.push(record);
        insertedIds.push(id);
        storedAt.push(offset + i);
        storedIds.push(id);
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
}
