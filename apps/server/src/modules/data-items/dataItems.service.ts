import type { FastifyBaseLogger } from 'fastify';
import {
  attachmentFieldTypes,
  checkFieldValue,
  dataItemLimits,
  FieldType,
  levelAtLeast,
  numericFieldTypes,
  parseInstant,
  recordMatches,
  timeRangeOf,
  type AddDataItemRequest,
  type DataField,
  type DataItemDetail,
  type DataItemKindCode,
  type DataItemSummary,
  type FormDesign,
  type Page,
  type PermissionLevel,
  type RecordFilter,
  type RecordItem,
  type RecordsQuery,
  type RecordValues,
  type UpdateDataItemRequest,
} from '@smartdata/domain';
import type { Db, DbKind } from '@server/platform/db/database';
import type { Realtime } from '@server/platform/realtime';
import { SeriesStore } from '@server/platform/series';
import { notFound, permissionDenied, validationError } from '@server/platform/errors';
import { parseJsonList } from '@server/platform/scope';
import type { CabinCaller, CabinService, NodeKindHandler } from '../cabin/cabin.service';
import type { AttachmentChecker } from './attachments';
import { DataItemsRepository, type DataItemRow } from './dataItems.repository';
import { RecordsRepository, type RecordCondition, type RecordListPlan, type RecordRow, type RecordTarget } from './records.repository';

/** Where a record came from. */
export type RecordSource = 'manual' | 'form' | 'import' | 'device' | 'task' | 'forward';

export interface IngestOptions {
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

/** An item with its parsed fields. */
export interface LoadedItem {
  row: DataItemRow;
  fields: DataField[];
}

const columnTargets: Record<string, RecordTarget> = {
  id: { column: 'id' },
  createdAt: { column: 'created_at' },
  updatedAt: { column: 'updated_at' },
  parentRecordId: { column: 'parent_record_id' },
};

/** Fields as stored, in column order (priority, then as given). */
export function parseFields(text: string): DataField[] {
  return parseJsonList<DataField>(text)
    .map((field, index) => ({ field, index }))
    .sort((a, b) => a.field.priority - b.field.priority || a.index - b.index)
    .map(({ field }) => field);
}

/** The stored shape of a field list: priorities filled in, options normalized. */
export function toFields(inputs: AddDataItemRequest['fields']): DataField[] {
  return inputs.map((input, index) => ({
    name: input.name.trim(),
    fieldName: input.fieldName.trim(),
    type: Number(input.type) as DataField['type'],
    unit: (input.unit ?? '').trim(),
    priority: input.priority ?? index,
    required: input.required ?? false,
    decimalPlaces: input.decimalPlaces ?? null,
    dateDisplay: Number(input.type) === FieldType.dateTime ? (input.dateDisplay ?? 'datetime') : null,
    indexed: input.indexed ?? false,
  }));
}

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
 * Data items and their records (docs/cabin.md). Every record — typed by a person, submitted by a
 * form, imported, sent by a device, written by a task or forwarded — goes through
 * `ingestRecord`: values checked against their fields, stored, forwarded, pushed to subscribers.
 */
export class DataItemsService {
  readonly items: DataItemsRepository;
  readonly records: RecordsRepository;
  /** Numeric values of records for charts, written in the records' transactions (docs/charts.md). */
  readonly series: SeriesStore;
  /** Item → its company and cabin node, for the push filter of `records:<itemId>` (never change; dropped on delete). */
  private readonly nodes = new Map<number, { companyId: number; nodeId: number }>();

  constructor(
    private readonly db: Db,
    private readonly dbKind: DbKind,
    private readonly cabin: CabinService,
    private readonly realtime: Realtime,
    private readonly attachments: AttachmentChecker,
    private readonly defaultTimeZone: string,
    private readonly log: FastifyBaseLogger,
  ) {
    this.items = new DataItemsRepository(db);
    this.records = new RecordsRepository(db, dbKind);
    this.series = new SeriesStore(dbKind);
  }

  // ---- items ----

  /** An item of the caller's company where the caller holds `level` (40400 / 40300). */
  async requireItem(caller: CabinCaller, itemId: number, level: PermissionLevel): Promise<LoadedItem & { level: PermissionLevel }> {
    const row = await this.items.findItem(caller.companyId, itemId);
    if (!row) {
      throw notFound();
    }
    const effective = await this.cabin.effectiveLevel(caller, row.node_id);
    if (!levelAtLeast(effective.level, level)) {
      throw permissionDenied(`cabin.needs.${level}`);
    }
    return { row, fields: parseFields(row.fields), level: effective.level };
  }

  /**
   * The cabin node of an item of the company, for the realtime filter run on every push of
   * `records:<itemId>`: synchronous once known (an item never changes node); null when the company
   * has no such item.
   */
  itemNode(companyId: number, itemId: number): number | null | Promise<number | null> {
    const known = this.nodes.get(itemId);
    if (known) {
      return known.companyId === companyId ? known.nodeId : null;
    }
    return this.items.itemNode(companyId, itemId).then((row) => {
      if (!row) {
        return null;
      }
      if (this.nodes.size >= 100_000) {
        this.nodes.clear();
      }
      this.nodes.set(itemId, { companyId, nodeId: row.node_id });
      return row.node_id;
    });
  }

  async timeZone(companyId: number): Promise<string> {
    return (await this.items.companyTimeZone(companyId)) ?? this.defaultTimeZone;
  }

  /** Creates a data item in a directory where the caller may write (node and item in one transaction). */
  async addDataItem(caller: CabinCaller, request: AddDataItemRequest): Promise<{ id: number }> {
    const fields = toFields(request.fields);
    if (request.parentItemId) {
      await this.requireItem(caller, request.parentItemId, 'read');
    }
    const { refId } = await this.cabin.createNode(caller, { kind: 'dataItem', parentId: request.directoryId, name: request.name.trim() }, (trx, nodeId) =>
      DataItemsRepository.in(trx).insertItem({
        companyId: caller.companyId,
        nodeId,
        name: request.name.trim(),
        kind: request.kind,
        fields: JSON.stringify(fields),
        expiryDays: request.expiryDays ?? null,
        parentItemId: request.parentItemId ?? null,
        userId: caller.userId,
      }),
    );
    await this.records.syncFieldIndexes(refId, fields);
    return { id: refId };
  }

  /**
   * Changes an item's settings (read-write). Fields are matched by fieldName: a field whose type
   * would change is refused once the item has records, and a field still used by a form, a jump
   * or a forward of the item cannot be removed.
   */
  async updateDataItem(caller: CabinCaller, request: UpdateDataItemRequest): Promise<void> {
    const { row, fields: before } = await this.requireItem(caller, request.id, 'readWrite');
    let fields: DataField[] | undefined;
    if (request.fields) {
      fields = toFields(request.fields);
      const changedType = fields.filter((f) => before.some((b) => b.fieldName === f.fieldName && b.type !== f.type));
      if (changedType.length > 0 && (await this.records.countRecords(caller.companyId, row.id)) > 0) {
        throw validationError(`dataItem.fieldTypeLocked|${changedType[0]!.name}`);
      }
      const removed = before.filter((b) => !fields!.some((f) => f.fieldName === b.fieldName));
      for (const field of removed) {
        if (await this.fieldInUse(caller.companyId, row.id, field.fieldName)) {
          throw validationError(`dataItem.fieldInUse|${field.name}`);
        }
      }
    }
    if (request.parentItemId !== undefined && request.parentItemId !== null) {
      if (request.parentItemId === row.id) {
        throw validationError('dataItem.parentSelf');
      }
      await this.requireItem(caller, request.parentItemId, 'read');
    }
    if (request.name !== undefined && request.name.trim() !== row.name) {
      await this.cabin.rename(caller, row.node_id, request.name);
    }
    await this.items.updateItem(caller.companyId, row.id, {
      fields: fields ? JSON.stringify(fields) : undefined,
      expiryDays: request.expiryDays,
      parentItemId: request.parentItemId,
    });
    if (fields) {
      await this.records.syncFieldIndexes(row.id, fields);
    }
  }

  private async fieldInUse(companyId: number, itemId: number, fieldName: string): Promise<boolean> {
    const [forms, jumps, forwards] = await Promise.all([this.items.forms(companyId, itemId), this.items.jumps(companyId, itemId), this.items.forwards(companyId, itemId)]);
    return (
      forms.some((f) => parseDesign(f.design).elements.some((e) => e.field === fieldName)) ||
      jumps.some((j) => parseJsonList<{ sourceField?: string }>(j.conditions).some((c) => c.sourceField === fieldName)) ||
      forwards.some(
        (f) => parseJsonList<{ field: string }>(f.conditions).some((c) => c.field === fieldName) || parseJsonList<{ from: string }>(f.mappings).some((m) => m.from === fieldName),
      )
    );
  }

  /** Deleting a data item is deleting its node (admin): records, forms, jumps and forwards go with it. */
  async deleteDataItem(caller: CabinCaller, id: number): Promise<void> {
    const row = await this.items.findItem(caller.companyId, id);
    if (!row) {
      throw notFound();
    }
    await this.cabin.delete(caller, row.node_id);
  }

  async getDataItem(caller: CabinCaller, id: number, config: { forms: DataItemDetail['forms']; jumps: DataItemDetail['jumps']; forwards: DataItemDetail['forwards'] }): Promise<DataItemDetail> {
    const { row, fields, level } = await this.requireItem(caller, id, 'read');
    const node = await this.cabin.repository.findNode(caller.companyId, row.node_id);
    return {
      id: row.id,
      nodeId: row.node_id,
      name: row.name,
      kind: row.kind as DataItemKindCode,
      directoryId: node?.parent_id ?? null,
      recordCount: await this.records.countRecords(caller.companyId, row.id),
      fields,
      expiryDays: row.expiry_days,
      parentItemId: row.parent_item_id,
      level,
      ...config,
      createdAt: row.created_at,
      updatedAt: row.updated_at,
    };
  }

  /** The company's data items the caller can read (pickers: jump and forward targets, item groups). */
  async listDataItems(caller: CabinCaller, query: { pageNum: number; pageSize: number; keyword?: string; kind?: number; parentItemId?: number }): Promise<Page<DataItemSummary>> {
    const [rows, levels] = await Promise.all([this.items.listItems(caller.companyId, query), this.cabin.levelMap(caller)]);
    const visible = rows.filter((r) => levels.levelOf(r.node_id) !== 'none');
    const start = (query.pageNum - 1) * query.pageSize;
    return {
      total: visible.length,
      list: visible
        .slice(start, start + query.pageSize)
        .map((r) => ({ id: r.id, nodeId: r.node_id, name: r.name, kind: r.kind as DataItemKindCode, directoryId: r.directory_id, parentItemId: r.parent_item_id })),
    };
  }

  /** How the cabin treats nodes of kind dataItem: names, tree details, copy and delete. */
  nodeHandler(): NodeKindHandler {
    return {
      describe: async (companyId, refIds) => {
        const rows = await this.items.itemsByIds(companyId, refIds);
        return new Map(rows.map((r) => [r.id, { itemKind: r.kind }]));
      },
      rename: (trx, companyId, refId, name) => DataItemsRepository.in(trx).renameItem(companyId, refId, name),
      // A copy has the definition (fields, forms, jumps; not forwards, which would write into
      // other items twice, and not records).
      copy: async (trx, companyId, refId, copy) => {
        const repository = DataItemsRepository.in(trx);
        const source = await repository.findItem(companyId, refId);
        if (!source) {
          throw notFound();
        }
        const id = await repository.insertItem({
          companyId,
          nodeId: copy.nodeId,
          name: copy.name,
          kind: source.kind,
          fields: source.fields,
          expiryDays: source.expiry_days,
          parentItemId: source.parent_item_id,
          userId: copy.userId,
        });
        for (const form of await repository.forms(companyId, refId)) {
          await repository.insertForm(companyId, id, form.name, form.design);
        }
        for (const jump of await repository.jumps(companyId, refId)) {
          await repository.insertJump(companyId, { itemId: id, name: jump.name, priority: jump.priority, targetItemId: jump.target_item_id, conditions: jump.conditions });
        }
        return id;
      },
      afterCopy: async (companyId, refIds) => {
        for (const item of await this.items.itemsByIds(companyId, refIds)) {
          await this.records.syncFieldIndexes(item.id, parseFields(item.fields));
        }
      },
      remove: async (trx, companyId, refIds) => {
        await DataItemsRepository.in(trx).deleteItems(companyId, refIds);
        await this.series.removeItems(trx, companyId, refIds);
      },
      afterRemove: async (_companyId, refIds) => {
        for (const id of refIds) {
          this.nodes.delete(id);
          await this.records.dropFieldIndexes(id);
        }
      },
    };
  }

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
      throw validationError(checked.problems[0]!.key);
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

  // ---- records ----

  /**
   * The one path by which records enter a data item — people, forms, imports, devices and tasks
   * all call it. Checks the values (types, required, uploaded pictures and files of the company),
   * stores the record, writes the copies its forward conditions ask for (in the same
   * transaction, at most dataItemLimits.forwardDepthMax hops), and pushes every new record to the
   * subscribers of `records:<itemId>`. Permission checks are the caller's.
   */
  async ingestRecord(companyId: number, itemId: number, values: RecordValues, options: IngestOptions = {}): Promise<RecordItem> {
    const row = await this.items.findItem(companyId, itemId);
    if (!row) {
      throw notFound();
    }
    const timeZone = await this.timeZone(companyId);
    const checked = await this.checkedValues({ companyId, userId: options.userId ?? 0 }, parseFields(row.fields), values, timeZone);
    const parentRecordId = await this.checkParentRecord(companyId, row, options.parentRecordId);
    const created = await this.db.transaction().execute((trx) =>
      this.insertWithForwards(trx, companyId, row, checked, { ...options, parentRecordId }, timeZone, 0),
    );
    this.publishAdded(created);
    return created[0]!;
  }

  /** Rows already checked (import): all written in one transaction, or none. */
  async ingestChecked(companyId: number, itemId: number, rows: readonly RecordValues[], options: IngestOptions): Promise<number> {
    const row = await this.items.findItem(companyId, itemId);
    if (!row) {
      throw notFound();
    }
    const timeZone = await this.timeZone(companyId);
    const created = await this.db.transaction().execute(async (trx) => {
      const all: RecordItem[] = [];
      for (const values of rows) {
        all.push(...(await this.insertWithForwards(trx, companyId, row, values, options, timeZone, 0)));
      }
      return all;
    });
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

  private async insertWithForwards(trx: Db, companyId: number, item: DataItemRow, values: RecordValues, options: IngestOptions, timeZone: string, depth: number): Promise<RecordItem[]> {
    const records = RecordsRepository.in(trx, this.dbKind);
    const at = options.at ?? Date.now();
    const valuesJson = JSON.stringify(values);
    const id = await records.insertRecord({
      companyId,
      itemId: item.id,
      parentRecordId: options.parentRecordId ?? null,
      valuesJson,
      source: options.source ?? 'manual',
      userId: options.userId ?? null,
      at,
    });
    await this.series.appendRecords(trx, companyId, item.id, [{ recordId: id, ts: at, values }], chartedFields(item.fields));
    const created: RecordItem[] = [
      { id, itemId: item.id, parentRecordId: options.parentRecordId ?? null, values, source: options.source ?? 'manual', createdBy: options.userId ?? null, createdAt: at, updatedAt: at },
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
    await this.requireItem(caller, itemId, 'readWrite');
    const record = await this.ingestRecord(caller.companyId, itemId, values, { source, userId: caller.userId, parentRecordId });
    return { id: record.id };
  }

  private async requireRecord(caller: CabinCaller, id: number, level: PermissionLevel, itemId?: number): Promise<{ record: RecordRow; item: LoadedItem }> {
    const record = await this.records.findRecord(caller.companyId, id);
    if (!record || (itemId !== undefined && record.item_id !== itemId)) {
      throw notFound();
    }
    const item = await this.requireItem(caller, record.item_id, level);
    return { record, item };
  }

  async getRecord(caller: CabinCaller, id: number): Promise<RecordItem> {
    return toRecordItem((await this.requireRecord(caller, id, 'read')).record);
  }

  /** Inline edit: the given fields change, the others stay; checked as a whole. */
  async updateRecord(caller: CabinCaller, id: number, values: RecordValues, itemId?: number): Promise<void> {
    const { record, item } = await this.requireRecord(caller, id, 'readWrite', itemId);
    const previous = toRecordItem(record).values;
    const timeZone = await this.timeZone(caller.companyId);
    const checked = await this.checkedValues(caller, item.fields, values, timeZone, previous);
    const at = Date.now();
    await this.db.transaction().execute(async (trx) => {
      await RecordsRepository.in(trx, this.dbKind).updateValues(caller.companyId, id, JSON.stringify(checked), at);
      await this.series.replaceRecord(trx, caller.companyId, record.item_id, { recordId: Number(record.id), ts: Number(record.created_at), values: checked }, chartedFields(item.row.fields));
    });
    this.realtime.publish(`records:${record.item_id}`, 'recordUpdated', { ...toRecordItem(record), values: checked, updatedAt: at });
  }

  async deleteRecord(caller: CabinCaller, id: number, itemId?: number): Promise<void> {
    const { record } = await this.requireRecord(caller, id, 'readWrite', itemId);
    await this.deleteIn(caller.companyId, record.item_id, [Number(record.id)]);
  }

  /** Batch delete of an item's records (read-write); ids of other items or companies are 40400. */
  async deleteRecords(caller: CabinCaller, itemId: number, ids: readonly number[]): Promise<{ deleted: number }> {
    await this.requireItem(caller, itemId, 'readWrite');
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
    await this.db.transaction().execute(async (trx) => {
      await this.series.removeRecords(trx, companyId, await this.series.recordInstants(trx, companyId, ids));
      await RecordsRepository.in(trx, this.dbKind).deleteRecords(companyId, itemId, ids);
    });
    this.realtime.publish(`records:${itemId}`, 'recordsDeleted', { itemId, ids });
  }

  /** `getRecords`: read on the item; filters, time range (company time zone), sort, page. */
  async getRecords(caller: CabinCaller, query: RecordsQuery): Promise<Page<RecordItem>> {
    const { row, fields } = await this.requireItem(caller, query.itemId, 'read');
    const plan = await this.listPlan(caller.companyId, fields, query, { limit: query.pageSize, offset: (query.pageNum - 1) * query.pageSize });
    const { total, rows } = await this.records.page(caller.companyId, row.id, plan);
    return { total, list: rows.map(toRecordItem) };
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
    const timeZone = query.timeRange && 'preset' in query.timeRange ? await this.timeZone(companyId) : this.defaultTimeZone;
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
    const sort = query.sort ? { target: targetOf(query.sort.field).target, order: query.sort.order } : { target: columnTargets.createdAt!, order: 'desc' as const };
    if ('field' in sort.target && attachmentFieldTypes.includes(sort.target.field.type as DataField['type'])) {
      throw validationError(`dataItem.sortField|${query.sort!.field}`);
    }
    return { conditions, from, to, parentRecordId: query.parentRecordId, sort, ...page };
  }

  // ---- platform hooks ----

  /**
   * The purge: an item's records older than its own expiry, or than the company's retention
   * (`before`), whichever keeps less.
   */
  async purgeCompany(companyId: number, before: number | null, now = Date.now()): Promise<number> {
    let deleted = 0;
    for (const item of await this.items.itemIdsOfCompany(companyId)) {
      const own = item.expiry_days !== null ? now - item.expiry_days * 86_400_000 : null;
      const cutoff = Math.max(before ?? -Infinity, own ?? -Infinity);
      if (Number.isFinite(cutoff)) {
        deleted += await this.db.transaction().execute(async (trx) => {
          await this.series.removeBefore(trx, companyId, item.id, cutoff);
          return RecordsRepository.in(trx, this.dbKind).deleteOlderThan(companyId, item.id, cutoff);
        });
      }
    }
    return deleted;
  }

  /** Value expiry of every item that has one (the hourly maintenance job), and SQLite statistics. */
  async expireValues(now = Date.now()): Promise<number> {
    const companies = new Set((await this.items.itemsWithExpiry()).map((i) => i.company_id));
    let deleted = 0;
    for (const companyId of companies) {
      deleted += await this.purgeCompany(companyId, null, now);
    }
    await this.records.optimize();
    return deleted;
  }
}

/** Names of the fields whose values go to the series store (decimal, currency, integer). */
function chartedFields(fieldsJson: string): string[] {
  return parseFields(fieldsJson)
    .filter((f) => numericFieldTypes.includes(f.type))
    .map((f) => f.fieldName);
}

function parseDesign(text: string): FormDesign {
  try {
    const design = JSON.parse(text) as FormDesign;
    return Array.isArray(design.elements) ? design : { elements: [] };
  } catch {
    return { elements: [] };
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
      if (!Array.isArray(filter.value) || filter.value.length > 200) {
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
