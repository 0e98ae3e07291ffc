import type { Client } from 'aedes';
import { parseTelemetry, parseUpTopic } from '@smartdata/domain';
import { GroupCommit, GroupCommitOverloaded, type FlushReport } from '@server/platform/groupCommit';
import type { DeviceTransport } from '@server/platform/mqtt';
import type { AcceptedBatch, DeviceRecordSink, DeviceValues } from '../data-items/deviceRecords.port';
import { TelemetryRepository, type DeviceRoute, type TelemetryCounter } from './telemetry.repository';

/** One payload for one bound item: what a flush turns into a record. */
export type TelemetryWrite = DeviceValues;

/** Counters since start (tests, the bench, logs). */
export interface IngestStats {
  /** Telemetry publishes read. */
  publishes: number;
  /** Publishes that were not telemetry JSON. */
  invalid: number;
  /** Publishes of devices with no bound item (values not stored). */
  unbound: number;
  /** Values stored in records. */
  values: number;
  records: number;
  /** Keys with no field of that fieldName (ignored). */
  unknownKeys: number;
  /** Values the field refused (wrong type, attachments). */
  rejectedValues: number;
  /** Publishes refused because the queue was full (QoS 1: connection closed). */
  refused: number;
  /** Records written through the data-items forward path (items with forwards). */
  forwarded: number;
}

export interface IngestOptions {
  maxBatch: number;
  maxDelayMs: number;
  maxQueued: number;
  /** How long a device's route (company, bound items) is trusted before it is read again. */
  routeTtlMs: number;
  /**
   * A flush's time budget (ms): batches are sized to fit it from the time per write measured so
   * far (issue 21; group commit's maxFlushMs). On SQLite a flush runs synchronously on the event
   * loop; on PostgreSQL it bounds the transaction, which holds its publishes' PUBACKs (a
   * 5 000-publish one held them 14–20 s under load, docs/performance.md).
   */
  maxFlushMs: number;
}

export const defaultIngestOptions: IngestOptions = { maxBatch: 1000, maxDelayMs: 5, maxQueued: 20_000, routeTtlMs: 10_000, maxFlushMs: 40 };

const HOUR = 3_600_000;

/**
 * Telemetry ingest (docs/telemetry.md). The broker's publish hook hands every telemetry publish
 * here: the device's route (its bound items) is looked up (cached briefly), the payload becomes one
 * write per bound item, and the writes go through a group commit. The hook's promise — and so
 * the QoS 1 PUBACK — resolves only after the transaction holding the values committed. When the
 * queue is full the publish is refused (the connection closes, the device sends again).
 *
 * A flush hands its writes to the data-items module's device records (`DeviceRecordSink`), the
 * one path by which records enter: keys mapped to fields, records, series values and counts
 * written there. The company's counters of values received (`telemetry_count`) are committed in
 * the same transaction as the records.
 */
export class TelemetryIngest {
  readonly stats: IngestStats = { publishes: 0, invalid: 0, unbound: 0, values: 0, records: 0, unknownKeys: 0, rejectedValues: 0, refused: 0, forwarded: 0 };
  readonly commit: GroupCommit<TelemetryWrite>;
  private readonly routes = new Map<string, { at: number; route: Promise<DeviceRoute | null> }>();
  private readonly options: IngestOptions;

  constructor(
    private readonly repository: TelemetryRepository,
    private readonly records: DeviceRecordSink,
    options: Partial<IngestOptions> = {},
  ) {
    this.options = { ...defaultIngestOptions, ...options };
    this.commit = new GroupCommit<TelemetryWrite>({
      flush: (batch) => this.flush(batch),
      maxBatch: this.options.maxBatch,
      maxDelayMs: this.options.maxDelayMs,
      maxQueued: this.options.maxQueued,
      maxFlushMs: this.options.maxFlushMs,
    });
  }

  /** Installs the publish hook on the embedded broker or the external broker's consumers. */
  attach(transport: Pick<DeviceTransport, 'setPublishHook'> | null): void {
    transport?.setPublishHook((message) => this.onPublish(null, message.topic, message.payload, message.qos, message.flowControlled === true));
  }

  /** Bindings changed: routes are read again. */
  forgetRoutes(): void {
    this.routes.clear();
  }

  /** Flushes the writes still waiting (shutdown, after the hook is removed). */
  async close(): Promise<void> {
    await this.commit.close();
  }

  // ---- the roller of deferred rollups (data items'), for tests and the bench ----

  /** Rolls the deferred series that are due now (`all`: every one behind the target); answers how many. */
  rollDue(now = Date.now(), all = false): Promise<number> {
    return this.records.rollups.rollDue(now, all);
  }

  get rollStats(): { rounds: number; series: number; ms: number } {
    return this.records.rollups.rollStats;
  }

  get rollerOptions(): { lagMs: number; everyMs: number } | null {
    return this.records.rollups.rollerOptions;
  }

  /** Whether device batches are written on the writer thread (SQLite in a file), for the bench. */
  writerOnThread(): Promise<boolean> {
    return this.records.rollups.onThread();
  }

  // ---- the hook ----

  /**
   * The hook: undefined for publishes that are not telemetry (acknowledged at once). The client is
   * the embedded broker's, unused. `flowControlled`: the transport bounds the publishes in flight
   * (the external broker's consumers), so their writes are queued even past `maxQueued` instead
   * of refused — a refusal there made the consumer reconnect and the broker send them all again.
   */
  onPublish(_client: Client | null, topic: string, payload: Buffer | string, qos: number, flowControlled = false): Promise<void> | undefined {
    const up = parseUpTopic(topic);
    if (!up || up.kind !== 'telemetry') {
      return undefined;
    }
    this.stats.publishes += 1;
    let telemetry;
    try {
      telemetry = parseTelemetry(JSON.parse(typeof payload === 'string' ? payload : payload.toString('utf8')));
    } catch {
      telemetry = null;
    }
    if (!telemetry) {
      this.stats.invalid += 1;
      return undefined;
    }
    const cached = this.routes.get(up.sn);
    const now = Date.now();
    let route: Promise<DeviceRoute | null>;
    if (cached && now - cached.at < this.options.routeTtlMs) {
      route = cached.route;
    } else if (cached) {
      // Stale: answered from the cache while it is read again (a lookup waits for the running
      // flush's transaction; a device must not wait for that on every publish).
      route = cached.route;
      cached.at = now;
      const fresh = this.repository.route(up.sn);
      fresh.then(
        () => {
          if (this.routes.get(up.sn) === cached) {
            this.routes.set(up.sn, { at: Date.now(), route: fresh });
          }
        },
        () => undefined,
      );
    } else {
      route = this.repository.route(up.sn);
      this.routes.set(up.sn, { at: now, route });
      route.catch(() => this.routes.delete(up.sn));
    }
    if (this.routes.size > 200_000) {
      this.routes.clear();
    }
    const { ts, values } = telemetry;
    return route.then((found) => {
      if (!found || found.itemIds.length === 0) {
        this.stats.unbound += 1;
        return;
      }
      const writes = found.itemIds.map((itemId) => ({ companyId: found.companyId, itemId, ts, values }));
      return this.commit.submit(writes, { bounded: flowControlled }).catch((error: unknown) => {
        if (error instanceof GroupCommitOverloaded) {
          this.stats.refused += 1;
          if (qos === 0) {
            return; // nothing was promised: dropped
          }
        }
        throw error;
      });
    });
  }

  // ---- the flush ----

  private async flush(batch: TelemetryWrite[]): Promise<FlushReport> {
    const result = await this.records.write(batch, (accepted) => {
      const counters = countersOf(accepted);
      return counters.length === 0
        ? null
        : { sqlite: () => TelemetryRepository.countStatements(counters), run: (trx) => TelemetryRepository.in(trx, this.repository.kind).addCounts(counters) };
    });
    this.stats.records += result.records;
    this.stats.values += result.values;
    this.stats.unknownKeys += result.unknownKeys;
    this.stats.rejectedValues += result.rejectedValues;
    this.stats.forwarded += result.forwarded;
    return { offLoopMs: result.threadMs };
  }
}

/**
 * Values received per company and UTC hour of the values' own instants (the acquisition page
 * adds values minus records to the records counted by data items); unknown keys count at now.
 */
function countersOf(accepted: AcceptedBatch): TelemetryCounter[] {
  const counters = new Map<string, TelemetryCounter>();
  const count = (companyId: number, ts: number, values: number, records: number, unknownKeys: number) => {
    const hour = Math.floor(ts / HOUR) * HOUR;
    const key = `${companyId}:${hour}`;
    const row = counters.get(key) ?? { companyId, hour, values: 0, records: 0, unknown: 0 };
    row.values += values;
    row.records += records;
    row.unknown += unknownKeys;
    counters.set(key, row);
  };
  for (const record of accepted.records) {
    count(record.companyId, record.ts, record.keys, 1, 0);
  }
  for (const [companyId, n] of accepted.unknownKeys) {
    count(companyId, Date.now(), 0, 0, n);
  }
  return [...counters.values()];
}
