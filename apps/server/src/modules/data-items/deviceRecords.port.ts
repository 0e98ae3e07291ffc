import type { Db } from '@server/platform/db/database';

/**
 * The entry of device records (telemetry writes through it): a batch of device payloads becomes
 * records of data items, with whatever the caller commits alongside. Implemented by DeviceRecords.
 */

/**
 * Work of another module committed in the transaction of a batch of records, so its figures and
 * the records agree (telemetry's counters of values received).
 */
export interface BatchPart {
  /**
   * The embedded database: statements run in the batch's last transaction, on whichever
   * connection writes the batch (the writer thread's, or the app's own): SQL and parameters only.
   */
  sqlite(): RawStatement[];
  /** Other databases: in the batch's transaction. */
  run(trx: Db): Promise<void>;
}

/** A statement for the embedded database, as data (it may run on the writer thread). */
export interface RawStatement {
  sql: string;
  params: Array<number | string | null>;
}

/** One payload of a device for one item (telemetry: one publish, one bound item): what becomes a record. */
export interface DeviceValues {
  companyId: number;
  itemId: number;
  /** The device's own instant: the record's `created_at`. */
  ts: number;
  values: Readonly<Record<string, number | string>>;
}

/** What a batch accepted, for the caller's own figures: its records (company, instant, values kept) and the unknown keys per company. */
export interface AcceptedBatch {
  records: ReadonlyArray<{ companyId: number; ts: number; keys: number }>;
  unknownKeys: ReadonlyMap<number, number>;
}

/** What became of a batch. */
export interface DeviceBatchResult {
  /** Records written (one per payload and item with at least one value kept). */
  records: number;
  /** Values stored in them. */
  values: number;
  /** Keys with no field of that fieldName (ignored). */
  unknownKeys: number;
  /** Values the field refused (wrong type, attachments). */
  rejectedValues: number;
  /** Records written through the forward path (items with enabled forwards). */
  forwarded: number;
  /**
   * Payloads not stored because their item already has a device record of their instant (a
   * redelivery, or the same instant twice in the batch: the first wins).
   */
  duplicates: number;
  /** Time spent waiting for the SQLite writer thread (ms; 0 without it): the event loop was free meanwhile. */
  threadMs: number;
}

/** The roller of the series that device batches defer (SQLite): a roll on demand, its work and its settings (tests and the bench). */
export interface DeferredRollups {
  /** Rolls the deferred series due at `now` (`all`: every one behind the target); answers how many. */
  rollDue(now?: number, all?: boolean): Promise<number>;
  readonly rollStats: { rounds: number; series: number; ms: number };
  /** null where rollups are kept on write (PostgreSQL). */
  readonly rollerOptions: { lagMs: number; everyMs: number } | null;
  /** Whether device batches are written on the writer thread (SQLite in a file, RECORD_WRITER_THREAD on). */
  onThread(): Promise<boolean>;
}

/** The port telemetry writes through (the data-items module's `deviceRecords`). */
export interface DeviceRecordSink {
  write(batch: readonly DeviceValues[], alsoCommit?: (accepted: AcceptedBatch) => BatchPart | null): Promise<DeviceBatchResult>;
  readonly rollups: DeferredRollups;
}
