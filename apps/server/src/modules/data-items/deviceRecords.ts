import { attachmentFieldTypes, checkFieldValue, DataItemKind, dataItemLimits, FieldType, numericFieldTypes, userTexts, type DataField, type RecordItem, type RecordValues } from '@smartdata/domain';
import type { FastifyBaseLogger } from 'fastify';
import { rawSqlite, type Db, type DbKind } from '@server/platform/db/database';
import { parseFields } from './fields';
import { RawItemReads, type DataItemsRepository, type DeviceItemRow } from './dataItems.repository';
import type { RecordPushes } from './recordPushes';
import type { RecordsService } from './records.service';
import type { AcceptedBatch, BatchPart, DeferredRollups, DeviceBatchResult, DeviceRecordSink, DeviceValues } from './deviceRecords.port';
import type { BatchRecord } from './batchStore';
import type { RecordWriter } from './recordWriter';
import { deviceRecordsStored } from './deviceRecords.repository';
import type { RecordsCommitted } from './recordsCommitted.port';

interface ItemMeta {
  id: number;
  companyId: number;
  kind: number;
  updatedAt: number;
  fields: Map<string, DataField>;
  charted: Set<string>;
  hasForwards: boolean;
}

interface ForwardedRecord {
  companyId: number;
  itemId: number;
  ts: number;
  values: RecordValues;
  /** `values` as stored (JSON): what names a redelivery. */
  valuesJson: string;
  keys: number;
  unknown: number;
}

/** Unknown keys per company: those of payloads that became no record, and those of the records stored. */
function unknownOf(noRecord: ReadonlyMap<number, number>, stored: ReadonlyArray<{ companyId: number; unknown?: number }>): Map<number, number> {
  const out = new Map(noRecord);
  for (const record of stored) {
    if (record.unknown) {
      out.set(record.companyId, (out.get(record.companyId) ?? 0) + record.unknown);
    }
  }
  return out;
}

/**
 * Records sent by devices (docs/telemetry.md), in batches: the entry of the telemetry ingest.
 *
 * A key is stored in the field whose `fieldName` equals it; keys without such a field are
 * ignored and counted; a value the field refuses (a text for a number, anything for a picture or
 * file) is dropped and counted, the rest of the payload kept. Numbers are rounded as for any
 * record; required fields are not enforced (a gateway may report a subset of its registers). A
 * payload whose keys all miss is no record at all. A text longer than its field (spec §8 "Data
 * too long") is dropped like any refused value, not cut — a cut reading is a value the device never
 * sent — and said in the log once an hour per item and field. Only IoT data lists take device records (an
 * item that changed kind or company since it was bound takes none).
 *
 * Records of items with enabled forwards go through `RecordsService.ingestChecked` (one
 * transaction each, forwards exactly as for any record); the others through the record writer's
 * batch, with whatever the caller commits alongside (`alsoCommit`). New records are pushed on
 * `records:<itemId>` after commit, gathered per item.
 */
export class DeviceRecords implements DeviceRecordSink {
  private readonly metas = new Map<number, ItemMeta>();
  private readonly rawItems: RawItemReads | null;
  /** When a too-long value of `itemId:field` was last logged. */
  private readonly tooLongLogged = new Map<string, number>();

  constructor(
    private readonly db: Db,
    dbKind: DbKind,
    private readonly items: DataItemsRepository,
    private readonly writer: RecordWriter,
    private readonly records: RecordsService,
    private readonly pushes: RecordPushes,
    private readonly committed: RecordsCommitted,
    private readonly log?: Pick<FastifyBaseLogger, 'warn'>,
  ) {
    const raw = dbKind === 'sqlite' ? rawSqlite(db) : null;
    this.rawItems = raw ? new RawItemReads(raw) : null;
  }

  get rollups(): DeferredRollups {
    return this.writer;
  }

  /** Writes a batch; `alsoCommit` answers work committed with its records (telemetry's counters). */
  async write(batch: readonly DeviceValues[], alsoCommit?: (accepted: AcceptedBatch) => BatchPart | null): Promise<DeviceBatchResult> {
    const ids = [...new Set(batch.map((w) => w.itemId))];
    let metas: Map<number, ItemMeta>;
    if (this.rawItems) {
      const rawItems = this.rawItems;
      metas = this.itemsFrom(ids, (id) => rawItems.deviceItem(id));
    } else {
      // Item settings for a batch (PostgreSQL): one query.
      const byId = new Map((await this.items.deviceItems(ids)).map((r) => [Number(r.id), r]));
      metas = this.itemsFrom(ids, (id) => byId.get(id));
    }
    const plan = this.plan(batch, metas);
    // A forwarded record already stored (a redelivery) is not written again.
    const forwarded = plan.forwarded.length === 0 ? plan.forwarded : await this.notStored(plan.forwarded);
    const stored: BatchRecord[] = [];
    const partOf = alsoCommit
      ? (direct: readonly BatchRecord[]) => alsoCommit({ records: [...direct, ...forwarded], unknownKeys: unknownOf(plan.unknownOf, [...direct, ...forwarded]) })
      : null;
    const timing = { threadMs: 0 };
    const created = await this.writer.writeBatch(plan.direct, partOf, stored, timing);
    // Committed: tell the listeners, per company (created[i] is stored[i]). Nothing is
    // grouped when nobody listens: this is the ingest path.
    if (this.committed.hasListeners) {
      const byCompany = new Map<number, RecordItem[]>();
      created.forEach((record, i) => {
        const companyId = stored[i].companyId;
        const list = byCompany.get(companyId);
        if (list) {
          list.push(record);
        } else {
          byCompany.set(companyId, [record]);
        }
      });
      for (const [companyId, records] of byCompany) {
        this.committed.emit(companyId, records);
      }
    }
    for (const entry of forwarded) {
      // Forward conditions run exactly as for any record (its own transaction).
      await this.records.ingestChecked(entry.companyId, entry.itemId, [entry.values], { source: 'device', at: entry.ts });
    }
    this.pushes.queue(created);
    const keys = (list: ReadonlyArray<{ keys: number }>) => list.reduce((n, e) => n + e.keys, 0);
    return {
      records: stored.length + forwarded.length,
      values: keys(stored) + keys(forwarded),
      unknownKeys: plan.unknown,
      rejectedValues: plan.rejected,
      forwarded: forwarded.length,
      duplicates: plan.direct.length - stored.length + plan.forwarded.length - forwarded.length + plan.duplicates,
      threadMs: timing.threadMs,
    };
  }

  /** Forwarded records whose item has no device record of their instant and values yet. */
  private async notStored(records: ForwardedRecord[]): Promise<ForwardedRecord[]> {
    const stored = await deviceRecordsStored(this.db, records);
    return records.filter((r) => !stored.has(`${r.itemId}:${r.ts}:${r.valuesJson}`));
  }

  /** Item metas from their rows; fields parsed again only when the item changed. */
  private itemsFrom(ids: readonly number[], rowOf: (id: number) => DeviceItemRow | undefined): Map<number, ItemMeta> {
    const out = new Map<number, ItemMeta>();
    for (const id of ids) {
      const row = rowOf(id);
      if (!row) {
        this.metas.delete(id);
        this.writer.forgetItem(id);
        continue;
      }
      let meta = this.metas.get(id);
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
        this.metas.set(id, meta);
      }
      meta.hasForwards = Boolean(Number(row.has_forwards));
      out.set(id, meta);
    }
    if (this.metas.size > 100_000) {
      this.metas.clear();
    }
    return out;
  }

  /** A device's value over its field's length, in the log at most once an hour per item and field (a device repeats it every poll). */
  private logTooLong(companyId: number, itemId: number, field: DataField, length: number): void {
    const key = `${itemId}:${field.fieldName}`;
    const now = Date.now();
    if (now - (this.tooLongLogged.get(key) ?? -Infinity) < 3_600_000) {
      return;
    }
    if (this.tooLongLogged.size > 10_000) {
      this.tooLongLogged.clear();
    }
    this.tooLongLogged.set(key, now);
    const max = field.type === FieldType.text ? dataItemLimits.textLength : dataItemLimits.longTextLength;
    this.log?.warn({ companyId, itemId, field: field.fieldName, length, max }, `device value dropped: ${userTexts.dataTooLong['en-US']} (${field.name})`);
  }

  /** Keys mapped to fields and checked; records split into the batch and the forward path. */
  private plan(batch: readonly DeviceValues[], metas: Map<number, ItemMeta>) {
    const direct: BatchRecord[] = [];
    const forwarded: ForwardedRecord[] = [];
    let unknown = 0;
    let rejected = 0;
    let duplicates = 0;
    /** Unknown keys of payloads that became no record (those of records count with their record). */
    const unknownOf = new Map<number, number>();
    /** Item, instant and values of the records planned: the same again is a redelivery (another payload of that instant is a record of its own). */
    const seen = new Set<string>();
    for (const write of batch) {
      const meta = metas.get(write.itemId);
      if (!meta || meta.companyId !== write.companyId || meta.kind !== DataItemKind.iotDataList) {
        continue; // the item went away or changed company: nothing to store
      }
      const values: RecordValues = {};
      let keys = 0;
      let unknownHere = 0;
      for (const key in write.values) {
        const field = meta.fields.get(key);
        if (!field) {
          unknownHere += 1;
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
          if (!check.ok && check.key === 'validation.value.tooLong') {
            this.logTooLong(write.companyId, write.itemId, field, [...String(raw)].length);
          }
        }
      }
      unknown += unknownHere;
      if (keys > 0) {
        const valuesJson = JSON.stringify(values);
        const once = `${write.itemId}:${write.ts}:${valuesJson}`;
        if (seen.has(once)) {
          duplicates += 1;
          continue; // the same payload twice in one batch (item, instant and values): stored once
        }
        seen.add(once);
        if (meta.hasForwards) {
          forwarded.push({ companyId: write.companyId, itemId: write.itemId, ts: write.ts, values, valuesJson, keys, unknown: unknownHere });
        } else {
          direct.push({ companyId: write.companyId, itemId: write.itemId, ts: write.ts, values, valuesJson, keys, charted: meta.charted, unknown: unknownHere });
        }
      } else if (unknownHere > 0) {
        unknownOf.set(write.companyId, (unknownOf.get(write.companyId) ?? 0) + unknownHere);
      }
    }
    return { direct, forwarded, unknown, rejected, unknownOf, duplicates };
  }
}
