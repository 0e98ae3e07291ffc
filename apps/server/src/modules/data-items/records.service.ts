import type { FastifyBaseLogger } from 'fastify';
import {
  attachmentFieldTypes,
  checkFieldValue,
  dataItemLimits,
  FieldType,
  numericFieldTypes,
  parseInstant,
  recordMatches,
  timeRangeOf,
  type DataField,
  type Page,
  type PermissionLevel,
  type RecordFilter,
  type RecordItem,
  type RecordsQuery,
  type RecordValues,
} from '@smartdata/domain';
import type { Db } from '@server/platform/db/database';
import type { Realtime } from '@server/platform/realtime';
import { notFound, validationError } from '@server/platform/errors';
import { parseJsonList } from '@server/platform/scope';
import type { CabinCaller } from '../cabin/cabin.service';
import type { AttachmentChecker } from './attachments';
import { DataItemsRepository, type DataItemRow } from './dataItems.repository';
import type { DataItemsService, LoadedItem } from './dataItems.service';
import { chartedFields, parseFields } from './fields';
import type { RecordCondition, RecordListPlan, RecordRow, RecordsRepository, RecordTarget } from './records.repository';
import type { RecordWriter } from './recordWriter';
import type { RecordsCommitted } from './recordsCommitted.port';

/** Where a record came from. */
export type RecordSource = 'manual' | 'form' | 'import' | 'device' | 'task' | 'forward';

export interface NewRecordOptions {
  source?: RecordSource;
  /** The person who wrote it (null for devices and tasks). */
  userId?: number | null;
  parentRecordId?: number | null;
  /** The record's time (devices send their own); default now. */
  at?: number;
}

/** A value problem of one field (import reports them per row). */
export interface ValueProblem {
  field: string;
  key: string;
}

const columnTargets: Record<string, RecordTarget> = {
  id: { column: 'id' },
  createdAt: { column: 'created_at' },
  updatedAt: { column: 'updated_at' },
  parentRecordId: { column: 'parent_record_id' },
};

export function toRecordItem(row: RecordRow): RecordItem {
  let values: RecordValues = {};
  try {
    values = JSON.parse(row.values_json) as RecordValues;
  } catch {
    values = {};
  }
  return {
    id: Number(row.id),
    itemId: row.item_id,
    parentRecordId: row.parent_record_id === null ? null : Number(row.parent_record_id),
    values,
    source: row.source,
    createdBy: row.created_by,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

/**
 * Records of data items (docs/cabin.md). Every record — typed by a person, submitted by a form,
 * imported, sent by a device, written by a task or forwarded — enters through `ingestRecord`
 * (`ingestChecked` for rows already checked; device batches through DeviceRecords): values
 * checked against their fields, stored by the record writer, forwarded, pushed to subscribers.
 */
export class RecordsService {
  constructor(
    private readonly db: Db,
    private readonly dataItems: DataItemsService,
    private readonly items: DataItemsRepository,
    private readonly records: RecordsRepository,
    private readonly writer: RecordWriter,
    private readonly realtime: Realtime,
    private readonly attachments: AttachmentChecker,
    private readonly defaultTimeZone: string,
    private readonly log: FastifyBaseLogger,
    private readonly committed: RecordsCommitted,
  ) {}

  // ---- values ----

  /**
   * Checks values against the item's fields and answers what to store (nulls left out). With
   * `previous`, the given values replace those fields and the rest stay (inline edit); attachment
   * keys already stored are not checked again.
   */
  async checkValues(
    caller: { companyId: number; userId: number },
    fields: readonly DataField[],
    values: RecordValues,
    timeZone: string,
    previous?: RecordValues,
  ): Promise<{ values: RecordValues; problems: ValueProblem[] }> {
    const problems: ValueProblem[] = [];
    for (const key of Object.keys(values)) {
      if (!fields.some((f) => f.fieldName === key)) {
        problems.push({ field: key, key: `validation.value.unknownField|${key}` });
      }
    }
    const merged: RecordValues = previous ? { ...previous, ...values } : values;
    const out: RecordValues = {};
    for (const field of fields) {
      const check = checkFieldValue(field, merged[field.fieldName], timeZone);
      if (!check.ok) {
        problems.push({ field: field.fieldName, key: `${check.key}|${field.name}` });
        continue;
      }
      if (check.value === null) {
        continue;
      }
      if (attachmentFieldTypes.includes(field.type)) {
        const stored = previous?.[field.fieldName];
        const fresh = (check.value as string[]).filter((key) => !(Array.isArray(stored) && stored.includes(key)));
        const problem = fresh.length > 0 ? await this.attachments.check(caller, fresh, field.type === FieldType.picture) : null;
        if (problem) {
          problems.push({ field: field.fieldName, key: `${problem}|${field.name}` });
          continue;
        }
      }
      out[field.fieldName] = check.value;
    }
    return { values: out, problems };
  }

  private async checkedValues(caller: { companyId: number; userId: number }, fields: readonly DataField[], values: RecordValues, timeZone: string, previous?: RecordValues): Promise<RecordValues> {
    const checked = await this.checkValues(caller, fields, values, timeZone, previous);
    if (checked.problems.length > 0) {
      throw validationError(checked.problems[0].key);
    }
    return checked.values;
  }

  /** A master record of the item's parent item (child records). */
  private async checkParentRecord(companyId: number, item: DataItemRow, parentRecordId: number | null | undefined): Promise<number | null> {
    if (parentRecordId === null || parentRecordId === undefined) {
      return null;
    }
    if (item.parent_item_id === null) {
      throw validationError('dataItem.noParentItem');
    }
    const parent = await this.records.findRecord(companyId, parentRecordId);
    if (!parent || parent.item_id !== item.parent_item_id) {
      throw notFound();
    }
    return Number(parent.id);
  }

  // ---- writes ----

  /**
   * The one path by which records enter a data item — people, forms, imports, devices and tasks
   * all call it. Checks the values (types, required, uploaded pictures and files of the company),
   * stores the record, writes the copies its forward conditions ask for (in the same
   * transaction, at most dataItemLimits.forwardDepthMax hops), and pushes every new record to the
   * subscribers of `records:<itemId>`. Permission checks are the caller's.
   */
  async ingestRecord(companyId: number, itemId: number, values: RecordValues, options: NewRecordOptions = {}): Promise<RecordItem> {
    const row = await this.items.findItem(companyId, itemId);
    if (!row) {
      throw notFound();
    }
    const timeZone = await this.dataItems.timeZone(companyId);
    const checked = await this.checkedValues({ companyId, userId: options.userId ?? 0 }, parseFields(row.fields), values, timeZone);
    const parentRecordId = await this.checkParentRecord(companyId, row, options.parentRecordId);
    const created = await this.db.transaction().execute((trx) => this.insertWithForwards(trx, companyId, row, checked, { ...options, parentRecordId }, timeZone, 0));
    this.committed.emit(companyId, created);
    this.publishAdded(created);
    return created[0];
  }

  /** Rows already checked (import, device records of items with forwards): all written in one transaction, or none. */
  async ingestChecked(companyId: number, itemId: number, rows: readonly RecordValues[], options: NewRecordOptions): Promise<number> {
    const row = await this.items.findItem(companyId, itemId);
    if (!row) {
      throw notFound();
    }
    const timeZone = await this.dataItems.timeZone(companyId);
    const created = await this.db.transaction().execute(async (trx) => {
      const all: RecordItem[] = [];
      for (const values of rows) {
        all.push(...(await this.insertWithForwards(trx, companyId, row, values, options, timeZone, 0)));
      }
      return all;
    });
    this.committed.emit(companyId, created);
    const own = created.filter((r) => r.itemId === itemId);
    this.realtime.publish(`records:${itemId}`, 'recordsImported', { itemId, count: own.length, firstId: own[0]?.id ?? null, lastId: own.at(-1)?.id ?? null });
    this.publishAdded(created.filter((r) => r.itemId !== itemId));
    return own.length;
  }

  private publishAdded(records: readonly RecordItem[]): void {
    for (const record of records) {
      this.realtime.publish(`records:${record.itemId}`, 'recordAdded', record);
    }
  }

  private async insertWithForwards(trx: Db, companyId: number, item: DataItemRow, values: RecordValues, options: NewRecordOptions, timeZone: string, depth: number): Promise<RecordItem[]> {
    const at = options.at ?? Date.now();
    const record = { companyId, itemId: item.id, parentRecordId: options.parentRecordId ?? null, values, source: options.source ?? 'manual', userId: options.userId ?? null, at };
    const id = await this.writer.insert(trx, record, chartedFields(item.fields));
    const created: RecordItem[] = [
      { id, itemId: item.id, parentRecordId: record.parentRecordId, values, source: record.source, createdBy: record.userId, createdAt: at, updatedAt: at },
    ];
    if (depth >= dataItemLimits.forwardDepthMax) {
      return created;
    }
    const items = DataItemsRepository.in(trx);
    for (const forward of await items.forwards(companyId, item.id, true)) {
      if (!recordMatches(values, parseJsonList<RecordFilter>(forward.conditions))) {
        continue;
      }
      const target = await items.findItem(companyId, forward.target_item_id);
      if (!target) {
        continue;
      }
      const targetFields = parseFields(target.fields);
      const copy: RecordValues = {};
      for (const mapping of parseJsonList<{ from: string; to: string }>(forward.mappings)) {
        const field = targetFields.find((f) => f.fieldName === mapping.to);
        const check = field ? checkFieldValue({ ...field, required: false }, values[mapping.from], timeZone) : null;
        if (field && check?.ok && check.value !== null) {
          copy[field.fieldName] = check.value;
        }
      }
      const missing = targetFields.find((f) => f.required && copy[f.fieldName] === undefined);
      if (missing) {
        this.log.warn({ forwardId: forward.id, field: missing.fieldName }, 'forward skipped: a required field of the target has no value');
        continue;
      }
      created.push(...(await this.insertWithForwards(trx, companyId, target, copy, { source: 'forward', userId: options.userId ?? null, at }, timeZone, depth + 1)));
    }
    return created;
  }

  /** `addRecord`: read-write on the item. */
  async addRecord(caller: CabinCaller, itemId: number, values: RecordValues, parentRecordId?: number | null, source: RecordSource = 'manual'): Promise<{ id: number }> {
    await this.dataItems.requireItem(caller, itemId, 'readWrite');
    const record = await this.ingestRecord(caller.companyId, itemId, values, { source, userId: caller.userId, parentRecordId });
    return { id: record.id };
  }

  private async requireRecord(caller: CabinCaller, id: number, level: PermissionLevel, itemId?: number): Promise<{ record: RecordRow; item: LoadedItem }> {
    const record = await this.records.findRecord(caller.companyId, id);
    if (!record || (itemId !== undefined && record.item_id !== itemId)) {
      throw notFound();
    }
    const item = await this.dataItems.requireItem(caller, record.item_id, level);
    return { record, item };
  }

  /**
   * A task's result replaced (intelligent tasks: a window recomputed after a late value): the given
   * fields of the record change, checked like any edit. False when the record is gone (deleted by
   * someone): the task then writes a new one.
   */
  async replaceTaskValues(companyId: number, itemId: number, id: number, values: RecordValues): Promise<boolean> {
    const record = await this.records.findRecord(companyId, id);
    const row = record && record.item_id === itemId ? await this.items.findItem(companyId, itemId) : undefined;
    if (!record || !row) {
      return false;
    }
    const fields = parseFields(row.fields);
    const timeZone = await this.dataItems.timeZone(companyId);
    const checked = await this.checkedValues({ companyId, userId: 0 }, fields, values, timeZone, toRecordItem(record).values);
    const at = Date.now();
    await this.db.transaction().execute((trx) =>
      this.writer.update(trx, companyId, { id: Number(record.id), itemId: record.item_id, ts: Number(record.created_at) }, checked, chartedFields(row.fields), at),
    );
    const replaced = { ...toRecordItem(record), values: checked, updatedAt: at };
    // Alarm rules on the result see the new value (issue 31.7); new-record listeners do not.
    this.committed.emitReplaced(companyId, [replaced]);
    this.realtime.publish(`records:${record.item_id}`, 'recordUpdated', replaced);
    return true;
  }

  /** Inline edit: the given fields change, the others stay; checked as a whole. */
  async updateRecord(caller: CabinCaller, id: number, values: RecordValues, itemId?: number): Promise<void> {
    const { record, item } = await this.requireRecord(caller, id, 'readWrite', itemId);
    const previous = toRecordItem(record).values;
    const timeZone = await this.dataItems.timeZone(caller.companyId);
    const checked = await this.checkedValues(caller, item.fields, values, timeZone, previous);
    const at = Date.now();
    await this.db.transaction().execute((trx) =>
      this.writer.update(trx, caller.companyId, { id: Number(record.id), itemId: record.item_id, ts: Number(record.created_at) }, checked, chartedFields(item.row.fields), at),
    );
    this.realtime.publish(`records:${record.item_id}`, 'recordUpdated', { ...toRecordItem(record), values: checked, updatedAt: at });
  }

  /** Deletes a record and its child records (read-write on the item). */
  async deleteRecord(caller: CabinCaller, id: number, itemId?: number): Promise<void> {
    const { record } = await this.requireRecord(caller, id, 'readWrite', itemId);
    await this.deleteIn(caller.companyId, record.item_id, [Number(record.id)]);
  }

  /** Batch delete of an item's records (read-write); ids of other items or companies are 40400. */
  async deleteRecords(caller: CabinCaller, itemId: number, ids: readonly number[]): Promise<{ deleted: number }> {
    await this.dataItems.requireItem(caller, itemId, 'readWrite');
    const unique = [...new Set(ids)];
    const found = await this.records.findRecords(caller.companyId, itemId, unique);
    if (found.length !== unique.length) {
      throw notFound();
    }
    await this.deleteIn(caller.companyId, itemId, unique);
    return { deleted: unique.length };
  }

  /** A master record goes with its child records, in one transaction. */
  private async deleteIn(companyId: number, itemId: number, ids: number[]): Promise<void> {
    await this.db.transaction().execute((trx) => this.writer.delete(trx, companyId, itemId, ids));
    this.realtime.publish(`records:${itemId}`, 'recordsDeleted', { itemId, ids });
  }

  // ---- reads ----

  /** One record (read on its item). */
  async getRecord(caller: CabinCaller, id: number): Promise<RecordItem> {
    return toRecordItem((await this.requireRecord(caller, id, 'read')).record);
  }

  /** `getRecords`: read on the item; filters, time range (company time zone), sort, page. */
  async getRecords(caller: CabinCaller, query: RecordsQuery): Promise<Page<RecordItem>> {
    const { row, fields } = await this.dataItems.requireItem(caller, query.itemId, 'read');
    const plan = await this.listPlan(caller.companyId, fields, query, { limit: query.pageSize, offset: (query.pageNum - 1) * query.pageSize });
    const { total, rows } = await this.records.page(caller.companyId, row.id, plan);
    return { total, list: rows.map(toRecordItem) };
  }

  /** The records of a plan, at most its limit (export). */
  async listRecords(companyId: number, itemId: number, plan: RecordListPlan): Promise<RecordItem[]> {
    return (await this.records.rows(companyId, itemId, plan)).map(toRecordItem);
  }

  /**
   * The latest record (by its time) of each item, for pages that show current values (a
   * project's page, through the `latestRecords` port). The caller checks the permissions.
   */
  async latestRecords(companyId: number, itemIds: readonly number[]): Promise<Map<number, RecordItem>> {
    const latest = new Map<number, RecordItem>();
    for (const itemId of itemIds) {
      const [row] = await this.records.rows(companyId, itemId, { conditions: [], sort: { target: columnTargets.createdAt, order: 'desc' }, limit: 1, offset: 0 });
      if (row) {
        latest.set(itemId, toRecordItem(row));
      }
    }
    return latest;
  }

  /** Records received per company in [yesterday, today) and since today (acquisition page). */
  receivedPerCompany(companyIds: readonly number[], yesterday: number, today: number): Promise<Map<number, { today: number; yesterday: number }>> {
    return this.records.receivedPerCompany(companyIds, yesterday, today);
  }

  /**
   * Turns the list parameters into a query plan: fields and columns known, values of the right
   * type (numbers for numeric fields, instants for date-times and times), operators that suit the
   * field. Unknown fields and unreadable values are 50001.
   */
  async listPlan(
    companyId: number,
    fields: readonly DataField[],
    query: Pick<RecordsQuery, 'filters' | 'sort' | 'timeRange' | 'parentRecordId'>,
    page: { limit: number; offset: number },
  ): Promise<RecordListPlan> {
    const timeZone = query.timeRange && 'preset' in query.timeRange ? await this.dataItems.timeZone(companyId) : this.defaultTimeZone;
    const targetOf = (name: string): { target: RecordTarget; type: number | 'column' } => {
      const column = columnTargets[name];
      if (column) {
        return { target: column, type: 'column' };
      }
      const field = fields.find((f) => f.fieldName === name);
      if (!field) {
        throw validationError(`dataItem.filterField|${name}`);
      }
      return { target: { field }, type: field.type };
    };
    const conditions: RecordCondition[] = query.filters.map((filter) => {
      const { target, type } = targetOf(filter.field);
      return { target, op: filter.op, value: filterValue(filter, type, timeZone) };
    });
    let from: number | undefined;
    let to: number | undefined;
    if (query.timeRange) {
      if ('preset' in query.timeRange) {
        ({ from, to } = timeRangeOf(query.timeRange.preset, Date.now(), timeZone));
      } else {
        ({ from, to } = query.timeRange);
      }
    }
    const sort = query.sort ? { target: targetOf(query.sort.field).target, order: query.sort.order } : { target: columnTargets.createdAt, order: 'desc' as const };
    if ('field' in sort.target && attachmentFieldTypes.includes(sort.target.field.type)) {
      throw validationError(`dataItem.sortField|${query.sort!.field}`);
    }
    return { conditions, from, to, parentRecordId: query.parentRecordId, sort, ...page };
  }
}

/** A filter's value in the type its target compares with. */
function filterValue(filter: RecordFilter, type: number | 'column', timeZone: string): unknown {
  const name = filter.field;
  const numeric = type === 'column' || numericFieldTypes.includes(type as DataField['type']) || type === FieldType.dateTime;
  const isTime = type === FieldType.dateTime || (type === 'column' && (name === 'createdAt' || name === 'updatedAt'));
  const convert = (raw: unknown): unknown => {
    if (!numeric) {
      if (raw === null || raw === undefined || typeof raw === 'object') {
        throw validationError(`dataItem.filterValue|${name}`);
      }
      return String(raw);
    }
    if (typeof raw === 'number' && Number.isFinite(raw)) {
      return raw;
    }
    if (typeof raw === 'string' && raw.trim() !== '') {
      const asNumber = Number(raw);
      if (Number.isFinite(asNumber)) {
        return asNumber;
      }
      const instant = isTime ? parseInstant(raw, timeZone) : null;
      if (instant !== null) {
        return instant;
      }
    }
    throw validationError(`dataItem.filterValue|${name}`);
  };
  switch (filter.op) {
    case 'empty':
    case 'notEmpty':
      return undefined;
    case 'contains':
      if (type !== FieldType.text && type !== FieldType.longText) {
        throw validationError(`dataItem.filterOp|${name}`);
      }
      return convert(filter.value);
    case 'in':
      if (!Array.isArray(filter.value) || filter.value.length > dataItemLimits.filterInValuesMax) {
        throw validationError(`dataItem.filterValue|${name}`);
      }
      return filter.value.map(convert);
    default:
      if (type === FieldType.picture || type === FieldType.file || type === FieldType.longText) {
        throw validationError(`dataItem.filterOp|${name}`);
      }
      return convert(filter.value);
  }
}
