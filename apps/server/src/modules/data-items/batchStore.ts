import type { RecordItem, RecordValues } from '@smartdata/domain';
import type { BatchPart, RawStatement } from './deviceRecords.port';
import type { RollerOptions } from './seriesRoller';

/**
 * What the files of the record writer share, in a file of its own so that none of them imports
 * another one back: a device batch goes recordWriter.ts (the one entry, `writeBatch`, and the one
 * choice of store) → one of the three stores below → its statements, and nothing returns.
 *
 *   - WriterThread (writerThread.ts): SQLite on the writer thread, which runs recordWriter.thread.ts
 *     with SqliteBatchWrites (sqliteBatchWrites.ts) on a connection of its own;
 *   - EventLoopBatchStore (eventLoopBatchStore.ts): SQLite on the app's connection, the same
 *     SqliteBatchWrites in slices with a yield between them;
 *   - PgBatchStore (pgBatchStore.ts): PostgreSQL, one Kysely transaction of `unnest()` statements.
 */

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

/** The caller's work committed with a batch, asked for with the records stored (deviceRecords.port.ts). */
export type PartOf = ((stored: readonly BatchRecord[]) => BatchPart | null) | null;

/** Where device batches are written and their deferred series rolled. */
export interface BatchStore {
  /**
   * Writes a batch (records of source `device`, at most one per item and instant) and the part
   * `partOf` answers for the records stored, with the last of its transactions; pushes the
   * records stored to `stored` and answers them as items once everything committed (`created[i]`
   * is `stored[i]`). A record whose item already has a device record of its instant is a
   * redelivery: nothing of it is stored. `timing.threadMs` gets the time spent waiting for the
   * writer thread.
   */
  write(records: readonly BatchRecord[], partOf: PartOf, stored: BatchRecord[], timing: { threadMs: number }): Promise<RecordItem[]>;
  /** One round of the roller over the deferred series due at `now` (`all`: every one behind the target): how many it rolled. */
  roll(now: number, all: boolean): Promise<number>;
  /** An item went away: the series entries of its fields are read again should its id come back. */
  forgetItem(itemId: number): void;
  /** Shutdown: a roll under way stops after its slice; what was handed over commits first. */
  close(): Promise<void>;
}

/** A device record as the pushes and listeners get it: no parent, no author, created at its own instant. */
export function deviceRecordItem(record: BatchRecord, id: number): RecordItem {
  return { id, itemId: record.itemId, parentRecordId: null, values: record.values, source: 'device', createdBy: null, createdAt: record.ts, updatedAt: record.ts };
}

/** A series the batch writes: its id and its watermark, kept equal to the row's `rolled_until` or ahead of it. */
export interface SeriesEntry {
  id: number;
  rolledUntil: number | null;
}

/** Series a batch made, by item and field: kept once its transactions committed. */
export type NewSeries = Map<number, Map<string, SeriesEntry>>;

/** Adds the series a batch made to what is known of committed series. */
export function keepSeries(known: NewSeries, made: NewSeries): void {
  for (const [itemId, fields] of made) {
    const forItem = known.get(itemId);
    if (forItem) {
      for (const [field, entry] of fields) {
        forItem.set(field, entry);
      }
    } else {
      known.set(itemId, fields);
    }
  }
}

// ---- between the event loop (writerThread.ts) and the writer thread (recordWriter.thread.ts) ----

/** A record as posted to the thread: company, item, instant, values (and their JSON when known), value count. */
export interface WireRecord {
  c: number;
  i: number;
  t: number;
  v: BatchRecord['values'];
  j: string | undefined;
  k: number;
}

export type ThreadRequest =
  | { op: 'batch'; id: number; records: WireRecord[]; charted: Array<[number, string[]]>; part: RawStatement[] | null }
  | { op: 'statements'; id: number; list: RawStatement[] }
  | { op: 'roll'; id: number; now: number; all: boolean; first: boolean }
  | { op: 'forget'; itemId: number }
  | { op: 'close' };

export type ThreadAnswer =
  | { id: number; error: string }
  | { id: number; storedAt: number[] | null; ids: number[]; partRun: boolean }
  | { id: number; rolled: number; left: number }
  | { id: number };

/** What the thread starts with (`workerData`): the database file and the roller's settings. */
export interface ThreadData {
  file: string;
  roller: RollerOptions;
}
