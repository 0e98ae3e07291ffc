import type { Client } from 'aedes';
import type SQLite from 'better-sqlite3';
import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'kysely';
import {
  attachmentFieldTypes,
  checkFieldValue,
  DataItemKind,
  FieldType,
  numericFieldTypes,
  parseTelemetry,
  parseUpTopic,
  type DataField,
  type RecordItem,
  type RecordValues,
} from '@smartdata/domain';
import { rawSqlite, type Db, type DbKind } from '@server/platform/db/database';
import { GroupCommit, GroupCommitOverloaded } from '@server/platform/groupCommit';
import type { Broker } from '@server/platform/mqtt';
import type { Realtime } from '@server/platform/realtime';
import { rollupRowsOf, SeriesStore, type SeriesPoint } from '@server/platform/series';
import { defaultRollerOptions, SeriesRoller, type RollerOptions } from '@server/platform/seriesRoller';
import type { DataItemsService } from '../data-items/dataItems.service';
import { parseFields } from '../data-items/dataItems.service';
import { TelemetryRepository, type DeviceRoute } from './telemetry.repository';

/** One payload for one bound item: what a flush turns into a record. */
export interface TelemetryWrite {
  companyId: number;
  itemId: number;
  ts: number;
  values: Record<string, number | string>;
}

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
  /** Realtime pushes of an item are gathered this long, then sent. */
  pushDelayMs: number;
  /** More records than this in one push window: one `recordsImported` instead of one push each. */
  pushEach: number;
  /** How long a device's route (company, bound items) is trusted before it is read again. */
  routeTtlMs: number;
  /** SQLite: how often the roller looks for series whose deferred rollups are due (0: never, tests call `rollDue`). */
  rollTickMs: number;
  roller: RollerOptions;
}

export const defaultIngestOptions: IngestOptions = { maxBatch: 1000, maxDelayMs: 5, maxQueued: 20_000, pushDelayMs: 50, pushEach: 20, routeTtlMs: 10_000, rollTickMs: 10_000, roller: defaultRollerOptions };

/** A series the ingest writes: its id and (SQLite) its watermark, kept equal to the row's `rolled_until` or ahead of it. */
interface SeriesEntry {
  id: number;
  rolledUntil: number | null;
}

/** Series rolled per transaction of the roller. */
const ROLL_SLICE = 500;

interface ItemMeta {
  id: number;
  companyId: number;
  kind: number;
  updatedAt: number;
  fields: Map<string, DataField>;
  charted: Set<string>;
  hasForwards: boolean;
}

interface ItemRow {
  id: number;
  company_id: number;
  kind: number;
  fields: string;
  updated_at: number;
  has_forwards: unknown;
}

interface PlannedRecord {
  write: TelemetryWrite;
  meta: ItemMeta;
  values: RecordValues;
  keys: number;
}

interface Counter {
  companyId: number;
  hour: number;
  values: number;
  records: number;
  unknown: number;
}

interface BatchPlan {
  fast: PlannedRecord[];
  slow: PlannedRecord[];
  counters: Counter[];
  unknown: number;
  rejected: number;
}

interface PendingPush {
  records: RecordItem[];
  count: number;
  firstId: number;
  lastId: number;
  latest: RecordItem;
}

const HOUR = 3_600_000;
/**
 * Values per transaction of a SQLite flush (one synchronous slice each), with a yield to the
 * event loop between slices. Measured with bench/ingest.ts over 150 s (5 000 devices, 100 000
 * series): 10 000 values a slice stored 40 700 values/s, 20 000 stored 62 000; 40 000 held the
 * event loop for seconds (checkpoints of big transactions) and tripled publish-to-browser latency.
 */
const SLICE_VALUES = 20_000;

/**
 * Telemetry ingest (docs/telemetry.md). The broker's publish hook hands every telemetry publish
 * here: the device's route (its bound items) is looked up (cached briefly), the payload becomes one
 * write per bound item, and the writes go through a group commit. The hook's promise — and so
 * the QoS 1 PUBACK — resolves only after the transaction holding the values committed. When the
 * queue is full the publish is refused (the connection closes, the device sends again).
 *
 * A flush writes, in one transaction: the records (source 'device', instant = the payload's ts),
 * their series points and rollups, the items' record counts and the company's counters. On
 * SQLite this uses prepared statements on the raw handle inside Kysely's transaction; on
 * PostgreSQL multi-row inserts. Items with enabled forwards take the data-items path
 * (`ingestChecked`, one transaction per record) so their forward conditions run as for any record.
 * After commit, new records are pushed on `records:<itemId>`, gathered per item for `pushDelayMs`.
 */
export class TelemetryIngest {
  readonly stats: IngestStats = { publishes: 0, invalid: 0, unbound: 0, values: 0, records: 0, unknownKeys: 0, rejectedValues: 0, refused: 0, forwarded: 0 };
  readonly commit: GroupCommit<TelemetryWrite>;
  private readonly repository: TelemetryRepository;
  private readonly routes = new Map<string, { at: number; route: Promise<DeviceRoute | null> }>();
  private readonly items = new Map<number, ItemMeta>();
  /** Series by `itemId:field`, only for series whose creation committed. */
  private readonly seriesIds = new Map<string, SeriesEntry>();
  /**
   * Every series entry handed out, by id, including those of a flush not yet committed: the roller
   * moves their watermark with the row's, inside its transaction, so the ingest never holds a
   * watermark behind the database's (a value at or past it would then never be rolled).
   */
  private readonly entriesById = new Map<number, SeriesEntry>();
  private readonly roller: SeriesRoller | null;
  private rollTimer: NodeJS.Timeout | null = null;
  private rolling = false;
  private closed = false;
  /** The roller's settings (SQLite), or null (PostgreSQL keeps rollups on write). */
  get rollerOptions(): RollerOptions | null {
    return this.roller?.options ?? null;
  }

  /** The roller's work since start (the bench prints it). */
  readonly rollStats = { rounds: 0, series: 0, ms: 0 };
  private readonly pushes = new Map<number, PendingPush>();
  private pushTimer: NodeJS.Timeout | null = null;
  private readonly raw: SQLite.Database | null;
  private readonly series: SeriesStore;
  private statements: ReturnType<typeof prepare> | null = null;
  private readonly options: IngestOptions;

  constructor(
    private readonly db: Db,
    private readonly dbKind: DbKind,
    private readonly dataItems: DataItemsService,
    private readonly realtime: Realtime,
    private readonly log: FastifyBaseLogger,
    options: Partial<IngestOptions> = {},
  ) {
    this.options = { ...defaultIngestOptions, ...options };
    this.repository = new TelemetryRepository(db);
    this.raw = dbKind === 'sqlite' ? rawSqlite(db) : null;
    // The rollups of a fleet's series are upserted all over the table: a page cache of 64 MB
    // (SQLite's default is 2 MB) keeps them in memory. Applies to the app's one connection.
    this.raw?.pragma('cache_size = -65536');
    this.series = new SeriesStore(dbKind);
    // Deferred rollups on the embedded database only: PostgreSQL may be shared by several
    // instances, whose ingests could not keep one another's watermarks, and keeps rollups on write.
    this.roller = this.raw ? new SeriesRoller(this.raw, this.options.roller) : null;
    if (this.roller && this.options.rollTickMs > 0) {
      this.rollTimer = setInterval(() => {
        this.rollDue().catch((error: unknown) => this.log.error({ err: error }, 'series roll failed'));
      }, this.options.rollTickMs);
      this.rollTimer.unref();
    }
    this.commit = new GroupCommit<TelemetryWrite>({
      flush: (batch) => this.flush(batch),
      maxBatch: this.options.maxBatch,
      maxDelayMs: this.options.maxDelayMs,
      maxQueued: this.options.maxQueued,
    });
  }

  /** Installs the publish hook on the embedded broker. */
  attach(broker: Broker | null): void {
    broker?.setPublishHook((client, packet) => this.onPublish(client, packet.topic, packet.payload, packet.qos));
  }

  /** Bindings changed: routes are read again. */
  forgetRoutes(): void {
    this.routes.clear();
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.rollTimer) {
      clearInterval(this.rollTimer);
      this.rollTimer = null;
    }
    await this.commit.close();
    this.sendPushes();
  }

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

  /** The hook: undefined for publishes that are not telemetry (aedes goes on at once). */
  onPublish(_client: Client, topic: string, payload: Buffer | string, qos: number): Promise<void> | undefined {
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
      return this.commit.submit(writes).catch((error: unknown) => {
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

  private async flush(batch: TelemetryWrite[]): Promise<void> {
    const ids = [...new Set(batch.map((w) => w.itemId))];
    const created: RecordItem[] = [];
    const newSeries = new Map<string, SeriesEntry>();
    let plan: BatchPlan;
    if (this.raw) {
      const s = (this.statements ??= prepare(this.raw));
      plan = this.plan(batch, this.itemsFrom(ids, (id) => s.findItem.get(id) as ItemRow | undefined));
      // Slices of about SLICE_VALUES values, each one transaction run synchronously on the raw
      // handle, with a yield between them so sockets are served. The publishes are answered after the last.
      let start = 0;
      do {
        if (start > 0) {
          await new Promise((resolve) => setImmediate(resolve));
        }
        let end = start;
        for (let values = 0; end < plan.fast.length && (values < SLICE_VALUES || end === start); end += 1) {
          values += plan.fast[end]!.keys;
        }
        const last = end >= plan.fast.length;
        await this.rawTransaction(() => this.writeSqlite(plan.fast.slice(start, end), created, last ? plan.counters : [], newSeries));
        start = end;
      } while (start < plan.fast.length);
    } else {
      plan = this.plan(batch, await this.loadItems(ids));
      if (plan.fast.length > 0 || plan.counters.length > 0) {
        await this.db.transaction().execute((trx) => this.writeKysely(trx, plan.fast, created, plan.counters, newSeries));
      }
    }
    for (const [key, entry] of newSeries) {
      this.seriesIds.set(key, entry);
    }
    for (const entry of plan.slow) {
      // Forward conditions run exactly as for any record (data-items path, its own transaction).
      await this.dataItems.ingestChecked(entry.write.companyId, entry.write.itemId, [entry.values], { source: 'device', at: entry.write.ts });
      this.stats.forwarded += 1;
    }
    this.stats.records += plan.fast.length + plan.slow.length;
    this.stats.values += plan.fast.reduce((n, e) => n + e.keys, 0) + plan.slow.reduce((n, e) => n + e.keys, 0);
    this.stats.unknownKeys += plan.unknown;
    this.stats.rejectedValues += plan.rejected;
    this.queuePushes(created);
  }

  /** Keys mapped to fields and checked; records split into the fast path and the forward path; counters. */
  private plan(batch: readonly TelemetryWrite[], metas: Map<number, ItemMeta>): BatchPlan {
    const fast: PlannedRecord[] = [];
    const slow: PlannedRecord[] = [];
    let unknown = 0;
    let rejected = 0;
    const unknownOf = new Map<number, number>();
    for (const write of batch) {
      const meta = metas.get(write.itemId);
      if (!meta || meta.companyId !== write.companyId || meta.kind !== DataItemKind.iotDataList) {
        continue; // the item went away or changed company: nothing to store
      }
      const values: RecordValues = {};
      let keys = 0;
      for (const key in write.values) {
        const field = meta.fields.get(key);
        if (!field) {
          unknown += 1;
          unknownOf.set(write.companyId, (unknownOf.get(write.companyId) ?? 0) + 1);
          continue;
        }
        const raw = write.values[key];
        if (typeof raw === 'number' && field.type === FieldType.decimal && field.decimalPlaces === null && Number.isFinite(raw)) {
          values[key] = raw; // the common case, without the general check
          keys += 1;
          continue;
        }
        if (attachmentFieldTypes.includes(field.type)) {
          rejected += 1;
          continue;
        }
        const check = checkFieldValue({ ...field, required: false }, raw, 'UTC');
        if (check.ok && check.value !== null) {
          values[key] = check.value;
          keys += 1;
        } else {
          rejected += 1;
        }
      }
      if (keys > 0) {
        (meta.hasForwards ? slow : fast).push({ write, meta, values, keys });
      }
    }
    const counters = new Map<string, Counter>();
    const count = (companyId: number, ts: number, values: number, records: number, unknownKeys: number) => {
      const hour = Math.floor(ts / HOUR) * HOUR;
      const key = `${companyId}:${hour}`;
      const row = counters.get(key) ?? { companyId, hour, values: 0, records: 0, unknown: 0 };
      row.values += values;
      row.records += records;
      row.unknown += unknownKeys;
      counters.set(key, row);
    };
    for (const entry of fast) {
      count(entry.write.companyId, entry.write.ts, entry.keys, 1, 0);
    }
    for (const entry of slow) {
      count(entry.write.companyId, entry.write.ts, entry.keys, 1, 0);
    }
    for (const [companyId, n] of unknownOf) {
      count(companyId, Date.now(), 0, 0, n);
    }
    return { fast, slow, counters: [...counters.values()], unknown, rejected };
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
    await this.db.transaction().execute(async () => {
      work();
    });
  }

  /** Item settings for a batch (PostgreSQL): one query. */
  private async loadItems(ids: number[]): Promise<Map<number, ItemMeta>> {
    if (ids.length === 0) {
      return new Map();
    }
    const rows = await this.db
      .selectFrom('data_item')
      .select(['id', 'company_id', 'kind', 'fields', 'updated_at'])
      .select((eb) =>
        eb
          .exists(eb.selectFrom('data_forward').select('data_forward.id').whereRef('data_forward.item_id', '=', 'data_item.id').whereRef('data_forward.company_id', '=', 'data_item.company_id').where('data_forward.enabled', '=', 1))
          .as('has_forwards'),
      )
      .where('id', 'in', ids)
      .execute();
    const byId = new Map(rows.map((r) => [Number(r.id), r as ItemRow]));
    return this.itemsFrom(ids, (id) => byId.get(id));
  }

  /** Item metas from their rows; fields parsed again only when the item changed. */
  private itemsFrom(ids: readonly number[], rowOf: (id: number) => ItemRow | undefined): Map<number, ItemMeta> {
    const out = new Map<number, ItemMeta>();
    for (const id of ids) {
      const row = rowOf(id);
      if (!row) {
        this.items.delete(id);
        for (const key of [...this.seriesIds.keys()].filter((k) => k.startsWith(`${id}:`))) {
          this.entriesById.delete(this.seriesIds.get(key)!.id);
          this.seriesIds.delete(key);
        }
        continue;
      }
      let meta = this.items.get(id);
      if (!meta || meta.updatedAt !== Number(row.updated_at) || meta.companyId !== Number(row.company_id)) {
        const fields = parseFields(row.fields);
        meta = {
          id,
          companyId: Number(row.company_id),
          kind: Number(row.kind),
          updatedAt: Number(row.updated_at),
          fields: new Map(fields.map((f) => [f.fieldName, f])),
          charted: new Set(fields.filter((f) => numericFieldTypes.includes(f.type)).map((f) => f.fieldName)),
          hasForwards: false,
        };
        this.items.set(id, meta);
      }
      meta.hasForwards = Boolean(Number(row.has_forwards));
      out.set(id, meta);
    }
    if (this.items.size > 100_000) {
      this.items.clear();
    }
    return out;
  }

  /** The SQLite hot path: prepared statements, run synchronously inside the open transaction. */
  private writeSqlite(
    entries: Array<{ write: TelemetryWrite; meta: ItemMeta; values: RecordValues }>,
    created: RecordItem[],
    counters: Array<{ companyId: number; hour: number; values: number; records: number; unknown: number }>,
    newSeries: Map<string, SeriesEntry>,
  ): void {
    const s = (this.statements ??= prepare(this.raw!));
    const perItem = new Map<string, { companyId: number; itemId: number; n: number }>();
    const points: SeriesPoint[] = [];
    /** Points before their series' watermark: folded into the rollups now (the roller has passed them). */
    const late: SeriesPoint[] = [];
    for (const { write, meta, values } of entries) {
      const json = JSON.stringify(values);
      const id = Number(s.insertRecord.run(write.companyId, write.itemId, json, write.ts, write.ts).lastInsertRowid);
      created.push({ id, itemId: write.itemId, parentRecordId: null, values, source: 'device', createdBy: null, createdAt: write.ts, updatedAt: write.ts });
      const key = `${write.companyId}:${write.itemId}`;
      const tally = perItem.get(key) ?? { companyId: write.companyId, itemId: write.itemId, n: 0 };
      tally.n += 1;
      perItem.set(key, tally);
      for (const field in values) {
        const value = values[field];
        if (typeof value !== 'number' || !meta.charted.has(field) || !Number.isFinite(value)) {
          continue;
        }
        const seriesKey = `${write.itemId}:${field}`;
        let entry = this.seriesIds.get(seriesKey) ?? newSeries.get(seriesKey);
        if (entry === undefined) {
          s.ensureSeries.run(write.companyId, write.itemId, field);
          const row = s.findSeries.get(write.itemId, field) as { id: number; rolled_until: number | null };
          let rolledUntil = row.rolled_until === null ? null : Number(row.rolled_until);
          if (rolledUntil === null) {
            // From now on this series' values are rolled after commit (its rollups so far are complete).
            rolledUntil = this.roller!.target(Date.now());
            s.deferSeries.run(rolledUntil, row.id);
          }
          entry = { id: Number(row.id), rolledUntil };
          newSeries.set(seriesKey, entry);
          this.entriesById.set(entry.id, entry);
        }
        const point = { seriesId: entry.id, ts: write.ts, recordId: id, value };
        points.push(point);
        if (write.ts < entry.rolledUntil!) {
          late.push(point);
        }
      }
    }
    // In key order: neighbouring inserts and upserts touch the same pages.
    points.sort((a, b) => a.seriesId - b.seriesId || a.ts - b.ts || a.recordId - b.recordId);
    for (const p of points) {
      s.insertPoint.run(p.seriesId, p.ts, p.recordId, p.value);
    }
    for (const row of rollupRowsOf(late).sort((a, b) => a.series_id - b.series_id || a.grain - b.grain || a.bucket_ts - b.bucket_ts)) {
      s.upsertRollup.run(row.series_id, row.grain, row.bucket_ts, row.cnt, row.sum, row.min, row.max);
    }
    for (const tally of perItem.values()) {
      s.addCount.run(tally.n, tally.companyId, tally.itemId);
    }
    for (const c of counters) {
      s.upsertCounter.run(c.companyId, c.hour, c.values, c.records, c.unknown);
    }
  }

  /** PostgreSQL (and any other dialect): multi-row inserts through Kysely in the transaction. */
  private async writeKysely(
    trx: Db,
    entries: Array<{ write: TelemetryWrite; meta: ItemMeta; values: RecordValues }>,
    created: RecordItem[],
    counters: Array<{ companyId: number; hour: number; values: number; records: number; unknown: number }>,
    newSeries: Map<string, SeriesEntry>,
  ): Promise<void> {
    const points: SeriesPoint[] = [];
    const perItem = new Map<string, { companyId: number; itemId: number; n: number }>();
    for (let i = 0; i < entries.length; i += 1000) {
      const slice = entries.slice(i, i + 1000);
      const ids = await trx
        .insertInto('data_record')
        .values(
          slice.map(({ write, values }) => ({
            company_id: write.companyId,
            item_id: write.itemId,
            parent_record_id: null,
            values_json: JSON.stringify(values),
            source: 'device',
            created_by: null,
            created_at: write.ts,
            updated_at: write.ts,
          })),
        )
        .returning('id')
        .execute();
      for (let j = 0; j < slice.length; j += 1) {
        const { write, meta, values } = slice[j]!;
        const id = Number(ids[j]!.id);
        created.push({ id, itemId: write.itemId, parentRecordId: null, values, source: 'device', createdBy: null, createdAt: write.ts, updatedAt: write.ts });
        const key = `${write.companyId}:${write.itemId}`;
        const tally = perItem.get(key) ?? { companyId: write.companyId, itemId: write.itemId, n: 0 };
        tally.n += 1;
        perItem.set(key, tally);
        const wanted = Object.keys(values).filter((f) => meta.charted.has(f) && typeof values[f] === 'number');
        const missing = wanted.filter((f) => !this.seriesIds.has(`${write.itemId}:${f}`) && !newSeries.has(`${write.itemId}:${f}`));
        if (missing.length > 0) {
          for (const [field, seriesId] of await this.series.ensure(trx, write.companyId, write.itemId, missing)) {
            newSeries.set(`${write.itemId}:${field}`, { id: seriesId, rolledUntil: null });
          }
        }
        for (const field of wanted) {
          const seriesId = (this.seriesIds.get(`${write.itemId}:${field}`) ?? newSeries.get(`${write.itemId}:${field}`)!).id;
          points.push({ seriesId, ts: write.ts, recordId: id, value: values[field] as number });
        }
      }
    }
    await this.series.append(trx, points);
    for (const tally of perItem.values()) {
      await trx
        .updateTable('data_item')
        .set((eb) => ({ record_count: eb('record_count', '+', tally.n) }))
        .where('company_id', '=', tally.companyId)
        .where('id', '=', tally.itemId)
        .execute();
    }
    for (const c of counters) {
      await trx
        .insertInto('telemetry_count')
        .values({ company_id: c.companyId, hour_ts: c.hour, value_count: c.values, record_count: c.records, unknown_count: c.unknown })
        .onConflict((oc) =>
          oc.columns(['company_id', 'hour_ts']).doUpdateSet({
            value_count: sql`telemetry_count.value_count + excluded.value_count`,
            record_count: sql`telemetry_count.record_count + excluded.record_count`,
            unknown_count: sql`telemetry_count.unknown_count + excluded.unknown_count`,
          }),
        )
        .execute();
    }
  }

  // ---- realtime ----

  /** Gathers new records per item; one timer sends them all (after commit, bursts coalesced). */
  private queuePushes(records: readonly RecordItem[]): void {
    for (const record of records) {
      const pending = this.pushes.get(record.itemId);
      if (pending) {
        pending.count += 1;
        pending.lastId = record.id;
        pending.latest = record;
        if (pending.records.length <= this.options.pushEach) {
          pending.records.push(record);
        }
      } else {
        this.pushes.set(record.itemId, { records: [record], count: 1, firstId: record.id, lastId: record.id, latest: record });
      }
    }
    if (this.pushes.size > 0 && !this.pushTimer) {
      this.pushTimer = setTimeout(() => this.sendPushes(), this.options.pushDelayMs);
    }
  }

  private sendPushes(): void {
    if (this.pushTimer) {
      clearTimeout(this.pushTimer);
      this.pushTimer = null;
    }
    const pending = [...this.pushes];
    this.pushes.clear();
    for (const [itemId, push] of pending) {
      const channel = `records:${itemId}`;
      if (this.realtime.subscriberCount(channel) === 0 && this.dbKind === 'sqlite') {
        continue; // nobody listens here, and no other instance shares this database
      }
      if (push.count <= this.options.pushEach) {
        for (const record of push.records) {
          this.realtime.publish(channel, 'recordAdded', record);
        }
      } else {
        // A burst: one push; the table re-reads its first page. `latest` is the newest record.
        this.realtime.publish(channel, 'recordsImported', { itemId, count: push.count, firstId: push.firstId, lastId: push.lastId, source: 'device', latest: push.latest });
      }
    }
  }
}

function prepare(raw: SQLite.Database) {
  return {
    insertRecord: raw.prepare(
      "insert into data_record (company_id, item_id, parent_record_id, values_json, source, created_by, created_at, updated_at) values (?, ?, null, ?, 'device', null, ?, ?)",
    ),
    findItem: raw.prepare(
      'select id, company_id, kind, fields, updated_at, exists (select 1 from data_forward f where f.item_id = data_item.id and f.company_id = data_item.company_id and f.enabled = 1) as has_forwards from data_item where id = ?',
    ),
    ensureSeries: raw.prepare('insert into series (company_id, item_id, field) values (?, ?, ?) on conflict (item_id, field) do nothing'),
    findSeries: raw.prepare('select id, rolled_until from series where item_id = ? and field = ?'),
    deferSeries: raw.prepare('update series set rolled_until = ? where id = ? and rolled_until is null'),
    insertPoint: raw.prepare('insert into series_point (series_id, ts, record_id, value) values (?, ?, ?, ?)'),
    upsertRollup: raw.prepare(
      `insert into series_rollup (series_id, grain, bucket_ts, cnt, sum, min, max) values (?, ?, ?, ?, ?, ?, ?)
       on conflict (series_id, grain, bucket_ts) do update set cnt = series_rollup.cnt + excluded.cnt, sum = series_rollup.sum + excluded.sum,
       min = min(series_rollup.min, excluded.min), max = max(series_rollup.max, excluded.max)`,
    ),
    addCount: raw.prepare('update data_item set record_count = record_count + ? where company_id = ? and id = ?'),
    upsertCounter: raw.prepare(
      `insert into telemetry_count (company_id, hour_ts, value_count, record_count, unknown_count) values (?, ?, ?, ?, ?)
       on conflict (company_id, hour_ts) do update set value_count = telemetry_count.value_count + excluded.value_count,
       record_count = telemetry_count.record_count + excluded.record_count, unknown_count = telemetry_count.unknown_count + excluded.unknown_count`,
    ),
  };
}
