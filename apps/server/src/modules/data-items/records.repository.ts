import { sql, type RawBuilder, type Selectable, type SelectQueryBuilder } from 'kysely';
import type SQLite from 'better-sqlite3';
import { FieldType, type DataField, type FilterOp } from '@smartdata/domain';
import type { Db, DbKind } from '@server/platform/db/database';
import type { Database } from '@server/platform/db/schema';
import type { DataRecordTable } from '@server/platform/db/schema.cabin';
import { escapeLike } from '@server/platform/db/like';
import { scopedToCompany } from '@server/platform/db/tenancy';

const recordColumns = ['id', 'item_id', 'parent_record_id', 'values_json', 'source', 'created_by', 'created_at', 'updated_at'] as const;

export type RecordRow = Pick<Selectable<DataRecordTable>, (typeof recordColumns)[number]>;

/** A new record row (the record writer fills it). */
export interface NewRecord {
  companyId: number;
  itemId: number;
  parentRecordId: number | null;
  valuesJson: string;
  source: string;
  userId: number | null;
  at: number;
}

/** A record column that filters and sorts use directly. */
export type RecordColumnName = 'id' | 'created_at' | 'updated_at' | 'parent_record_id';

/** What a condition compares: a column, or a field's value inside values_json. */
export type RecordTarget = { column: RecordColumnName } | { field: Pick<DataField, 'fieldName' | 'type'> & { indexed?: boolean } };

export interface RecordCondition {
  target: RecordTarget;
  op: FilterOp;
  /** Already checked and converted by the service (number for numeric targets, text otherwise; a list for `in`). */
  value?: unknown;
}

export interface RecordListPlan {
  conditions: RecordCondition[];
  from?: number;
  to?: number;
  parentRecordId?: number;
  sort: { target: RecordTarget; order: 'asc' | 'desc' };
  limit: number;
  offset: number;
}

const isNumericType = (type: number) => type === FieldType.decimal || type === FieldType.currency || type === FieldType.integer || type === FieldType.dateTime;

/**
 * The value of a field inside the record's JSON: `json_extract` on SQLite, written the same way in
 * queries and in the field's expression index so SQLite reads the index; `->>` on PostgreSQL
 * (numbers cast to numeric, anything that is not a JSON number being null), where an indexed field
 * is read from its typed slot column instead (valueExpression) and this expression serves plain
 * fields and the slot trigger's definition. The field key is an ASCII identifier
 * (fieldNamePattern), inlined as a literal.
 */
export function fieldValue(kind: DbKind, field: Pick<DataField, 'fieldName' | 'type'>): RawBuilder<unknown> {
  const column = sql.ref('values_json');
  if (kind === 'sqlite') {
    return sql`json_extract(${column}, ${sql.lit(`$.${field.fieldName}`)})`;
  }
  const key = sql.lit(field.fieldName);
  return isNumericType(field.type)
    ? sql`(case when jsonb_typeof(${column}::jsonb -> ${key}) = 'number' then (${column}::jsonb ->> ${key})::numeric end)`
    : sql`(${column}::jsonb ->> ${key})`;
}

/**
 * PostgreSQL: the typed column (slot) holding each indexed field's value, by field name, as
 * data_record_slot says (migration 2026-11-28-270; a trigger fills the slots from values_json).
 * Empty on SQLite, whose expression indexes serve the json_extract expression itself.
 */
type Slots = ReadonlyMap<string, { type: number; column: string }>;

const noSlots: Slots = new Map();

const slotNames = ['n1', 'n2', 'n3', 'n4', 'n5', 't1', 't2', 't3', 't4', 't5'] as const;

/** The field's value: its slot column when it has one of its type, else read from values_json. */
function valueExpression(kind: DbKind, field: Pick<DataField, 'fieldName' | 'type'>, slots: Slots): RawBuilder<unknown> {
  const slot = slots.get(field.fieldName);
  return slot && slot.type === field.type ? sql`${sql.ref(`data_record.${slot.column}`)}` : fieldValue(kind, field);
}

function targetExpression(kind: DbKind, target: RecordTarget, slots: Slots): RawBuilder<unknown> {
  return 'column' in target ? sql`${sql.ref(`data_record.${target.column}`)}` : valueExpression(kind, target.field, slots);
}

function conditionExpression(kind: DbKind, condition: RecordCondition, slots: Slots): RawBuilder<boolean> {
  const target = targetExpression(kind, condition.target, slots);
  const value = condition.value;
  switch (condition.op) {
    case 'eq':
      return sql<boolean>`${target} = ${value}`;
    case 'ne':
      return sql<boolean>`(${target} <> ${value} or ${target} is null)`;
    case 'gt':
      return sql<boolean>`${target} > ${value}`;
    case 'gte':
      return sql<boolean>`${target} >= ${value}`;
    case 'lt':
      return sql<boolean>`${target} < ${value}`;
    case 'lte':
      return sql<boolean>`${target} <= ${value}`;
    case 'in': {
      const list = value as unknown[];
      return list.length === 0 ? sql<boolean>`1 = 0` : sql<boolean>`${target} in (${sql.join(list)})`;
    }
    case 'contains':
      return sql<boolean>`lower(${target}) like ${`%${escapeLike(String(value).toLowerCase())}%`} escape '\\'`;
    case 'empty':
      return sql<boolean>`${target} is null`;
    case 'notEmpty':
      return sql<boolean>`${target} is not null`;
  }
}

/** Name of a field's expression index (lower case: PostgreSQL folds names). */
export function fieldIndexName(itemId: number, field: Pick<DataField, 'fieldName' | 'type'>): string {
  return `data_record_f${itemId}_t${field.type}_${field.fieldName.toLowerCase()}`;
}

const fieldIndexPrefix = (itemId: number) => `data_record_f${itemId}_`;

/** Every query of data records. Item ids are inlined as literals where partial field indexes must match. */
export class RecordsRepository {
  constructor(
    private readonly db: Db,
    private readonly kind: DbKind,
  ) {}

  static in(trx: Db, kind: DbKind): RecordsRepository {
    return new RecordsRepository(trx, kind);
  }

  private base(companyId: number, itemId: number, plan: Omit<RecordListPlan, 'sort' | 'limit' | 'offset'>, slots: Slots): SelectQueryBuilder<Database, 'data_record', object> {
    let query = this.db
      .selectFrom('data_record')
      .where(scopedToCompany('data_record', companyId))
      .where('data_record.item_id', '=', sql.lit(itemId));
    if (plan.from !== undefined) {
      query = query.where('data_record.created_at', '>=', plan.from);
    }
    if (plan.to !== undefined) {
      query = query.where('data_record.created_at', '<', plan.to);
    }
    if (plan.parentRecordId !== undefined) {
      query = query.where('data_record.parent_record_id', '=', plan.parentRecordId);
    }
    for (const condition of plan.conditions) {
      query = query.where(conditionExpression(this.kind, condition, slots));
    }
    return query;
  }

  /** One page and the total of an item's records under the plan's conditions (no condition: the kept count). */
  async page(companyId: number, itemId: number, plan: RecordListPlan): Promise<{ total: number; rows: RecordRow[] }> {
    const unfiltered = plan.conditions.length === 0 && plan.from === undefined && plan.to === undefined && plan.parentRecordId === undefined;
    const indexed = (target: RecordTarget) => 'field' in target && target.field.indexed === true;
    const usesIndex = indexed(plan.sort.target) || plan.conditions.some((c) => indexed(c.target));
    const slots = usesIndex ? await this.slots(itemId) : noSlots;
    const base = this.base(companyId, itemId, plan, slots);
    if (!unfiltered && !usesIndex) {
      // No field index helps: the page and the total would read the same records twice, so one
      // query reads them once and counts them with a window function.
      const rows = await this.list(base, plan, slots, true);
      if (rows.length > 0) {
        return { total: Number(rows[0].total_rows), rows: rows.map(({ total_rows: _total, ...row }) => row) };
      }
    }
    const [total, rows] = await Promise.all([
      unfiltered ? this.countRecords(companyId, itemId) : base.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow().then((r) => Number(r.total)),
      this.list(base, plan, slots),
    ]);
    return { total, rows };
  }

  /** Rows only (export): at most `plan.limit`. */
  async rows(companyId: number, itemId: number, plan: RecordListPlan): Promise<RecordRow[]> {
    const slots = await this.slots(itemId);
    return this.list(this.base(companyId, itemId, plan, slots), plan, slots);
  }

  /** The item's slot columns (PostgreSQL; none on SQLite). */
  private async slots(itemId: number): Promise<Slots> {
    if (this.kind !== 'postgres') {
      return noSlots;
    }
    const rows = await sql<{ field_name: string; field_type: number; slot: string }>`select field_name, field_type, slot from data_record_slot where item_id = ${itemId}`.execute(this.db);
    return new Map(rows.rows.map((r) => [r.field_name, { type: Number(r.field_type), column: `ix_${r.slot}` }]));
  }

  private list(base: SelectQueryBuilder<Database, 'data_record', object>, plan: RecordListPlan, slots: Slots): Promise<RecordRow[]>;
  private list(base: SelectQueryBuilder<Database, 'data_record', object>, plan: RecordListPlan, slots: Slots, withTotal: true): Promise<(RecordRow & { total_rows: number })[]>;
  private list(base: SelectQueryBuilder<Database, 'data_record', object>, plan: RecordListPlan, slots: Slots, withTotal = false): Promise<(RecordRow & { total_rows?: number })[]> {
    const order = plan.sort.order === 'asc' ? 'asc' : 'desc';
    let query = base.select(recordColumns.map((c) => `data_record.${c}` as const)).$if(withTotal, (q) => q.select(sql<number>`count(*) over ()`.as('total_rows')));
    if ('field' in plan.sort.target) {
      // Empty values sort as the smallest on both databases (SQLite's own order).
      const nulls = this.kind === 'postgres' ? sql.raw(order === 'asc' ? ' nulls first' : ' nulls last') : sql.raw('');
      query = query.orderBy(sql`${valueExpression(this.kind, plan.sort.target.field, slots)} ${sql.raw(order)}${nulls}`);
    } else if (plan.sort.target.column !== 'created_at') {
      query = query.orderBy(sql`${sql.ref(`data_record.${plan.sort.target.column}`)} ${sql.raw(order)}`);
    }
    return query.orderBy('data_record.created_at', order).orderBy('data_record.id', order).limit(plan.limit).offset(plan.offset).execute();
  }

  findRecord(companyId: number, id: number): Promise<RecordRow | undefined> {
    return this.db.selectFrom('data_record').select(recordColumns).where(scopedToCompany('data_record', companyId)).where('id', '=', id).executeTakeFirst();
  }

  /** The newest write (insert or update) of each item, by item id (system data items; items of several companies). */
  async lastWrites(itemIds: readonly number[]): Promise<Map<number, number>> {
    if (itemIds.length === 0) {
      return new Map();
    }
    const rows = await this.db
      .selectFrom('data_record')
      .select(['item_id', (eb) => eb.fn.max('updated_at').as('last')])
      .where('item_id', 'in', [...itemIds])
      .groupBy('item_id')
      .execute();
    return new Map(rows.map((r) => [Number(r.item_id), Number(r.last)]));
  }

  /**
   * The object keys held by the given attachment fields of an item's records, at most `limit`
   * records (system data items sum their sizes; the values themselves never leave the server).
   */
  async attachmentKeys(companyId: number, itemId: number, fieldNames: readonly string[], limit: number): Promise<{ keys: string[]; complete: boolean }> {
    if (fieldNames.length === 0) {
      return { keys: [], complete: true };
    }
    const rows = await this.db
      .selectFrom('data_record')
      .select('values_json')
      .where(scopedToCompany('data_record', companyId))
      .where('item_id', '=', itemId)
      .orderBy('id')
      .limit(limit + 1)
      .execute();
    const keys: string[] = [];
    for (const row of rows.slice(0, limit)) {
      const values = JSON.parse(row.values_json) as Record<string, unknown>;
      for (const name of fieldNames) {
        const value = values[name];
        if (Array.isArray(value)) {
          keys.push(...value.filter((k): k is string => typeof k === 'string'));
        }
      }
    }
    return { keys, complete: rows.length <= limit };
  }

  /** The time of an item's newest record, or null (read on the (company, item, created_at) index). */
  async latestRecordAt(companyId: number, itemId: number): Promise<number | null> {
    const row = await this.db
      .selectFrom('data_record')
      .select('created_at')
      .where(scopedToCompany('data_record', companyId))
      .where('item_id', '=', itemId)
      .orderBy('created_at', 'desc')
      .limit(1)
      .executeTakeFirst();
    return row ? Number(row.created_at) : null;
  }

  findRecords(companyId: number, itemId: number, ids: readonly number[]): Promise<RecordRow[]> {
    return this.db
      .selectFrom('data_record')
      .select(recordColumns)
      .where(scopedToCompany('data_record', companyId))
      .where('item_id', '=', itemId)
      .where('id', 'in', [...ids])
      .execute();
  }

  /** The item's kept record count. */
  async countRecords(companyId: number, itemId: number): Promise<number> {
    const row = await this.db.selectFrom('data_item').select('record_count').where(scopedToCompany('data_item', companyId)).where('id', '=', itemId).executeTakeFirst();
    return Number(row?.record_count ?? 0);
  }

  /** Keeps data_item.record_count; runs in the transaction of the insert or delete. */
  async adjustCount(companyId: number, itemId: number, delta: number): Promise<void> {
    if (delta !== 0) {
      await this.db
        .updateTable('data_item')
        .set((eb) => ({ record_count: eb('record_count', '+', delta) }))
        .where(scopedToCompany('data_item', companyId))
        .where('id', '=', itemId)
        .execute();
    }
  }

  /** Many records of one item at once (bulk loads): one statement, the count kept alongside. */
  async insertMany(companyId: number, itemId: number, rows: readonly { valuesJson: string; source: string; at: number; parentRecordId?: number | null; userId?: number | null }[]): Promise<void> {
    if (rows.length === 0) {
      return;
    }
    await this.db
      .insertInto('data_record')
      .values(
        rows.map((r) => ({
          company_id: companyId,
          item_id: itemId,
          parent_record_id: r.parentRecordId ?? null,
          values_json: r.valuesJson,
          source: r.source,
          created_by: r.userId ?? null,
          created_at: r.at,
          updated_at: r.at,
        })),
      )
      .execute();
    await this.adjustCount(companyId, itemId, rows.length);
  }

  async insertRecord(values: NewRecord): Promise<number> {
    const row = await this.db
      .insertInto('data_record')
      .values({
        company_id: values.companyId,
        item_id: values.itemId,
        parent_record_id: values.parentRecordId,
        values_json: values.valuesJson,
        source: values.source,
        created_by: values.userId,
        created_at: values.at,
        updated_at: values.at,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await this.adjustCount(values.companyId, values.itemId, 1);
    return Number(row.id);
  }

  /** Records of any items at once, without their counts (the caller adds them per item): their ids, in order. */
  async insertBatch(rows: readonly NewRecord[]): Promise<number[]> {
    if (rows.length === 0) {
      return [];
    }
    const ids = await this.db
      .insertInto('data_record')
      .values(
        rows.map((r) => ({
          company_id: r.companyId,
          item_id: r.itemId,
          parent_record_id: r.parentRecordId,
          values_json: r.valuesJson,
          source: r.source,
          created_by: r.userId,
          created_at: r.at,
          updated_at: r.at,
        })),
      )
      .returning('id')
      .execute();
    return ids.map((r) => Number(r.id));
  }

  async updateValues(companyId: number, id: number, valuesJson: string, at: number): Promise<void> {
    await this.db.updateTable('data_record').set({ values_json: valuesJson, updated_at: at }).where(scopedToCompany('data_record', companyId)).where('id', '=', id).execute();
  }

  /**
   * The items and instants of records about to be deleted, with their child records (the delete
   * removes both): read before the delete, in its transaction, so their series points can go too.
   */
  async instantsOf(companyId: number, ids: readonly number[]): Promise<Array<{ itemId: number; recordId: number; ts: number }>> {
    const out: Array<{ itemId: number; recordId: number; ts: number }> = [];
    for (let i = 0; i < ids.length; i += 500) {
      const slice = ids.slice(i, i + 500);
      const rows = await this.db
        .selectFrom('data_record')
        .select(['id', 'item_id', 'created_at'])
        .where(scopedToCompany('data_record', companyId))
        .where((eb) => eb.or([eb('id', 'in', slice), eb('parent_record_id', 'in', slice)]))
        .execute();
      out.push(...rows.map((r) => ({ itemId: Number(r.item_id), recordId: Number(r.id), ts: Number(r.created_at) })));
    }
    return out;
  }

  /** Deletes records of an item, and their child records (run in a transaction); answers how many went. */
  async deleteRecords(companyId: number, itemId: number, ids: readonly number[]): Promise<number> {
    const perItem = new Map<number, number>();
    for (let start = 0; start < ids.length; start += 500) {
      const slice = ids.slice(start, start + 500);
      const children = await this.db.deleteFrom('data_record').where(scopedToCompany('data_record', companyId)).where('parent_record_id', 'in', slice).returning('item_id').execute();
      const own = await this.db.deleteFrom('data_record').where(scopedToCompany('data_record', companyId)).where('item_id', '=', itemId).where('id', 'in', slice).returning('item_id').execute();
      for (const row of [...children, ...own]) {
        perItem.set(row.item_id, (perItem.get(row.item_id) ?? 0) + 1);
      }
    }
    let deleted = 0;
    for (const [item, count] of perItem) {
      await this.adjustCount(companyId, item, -count);
      deleted += count;
    }
    return deleted;
  }

  /** Value expiry and retention: an item's records created before `before`. */
  async deleteOlderThan(companyId: number, itemId: number, before: number): Promise<number> {
    const result = await this.db
      .deleteFrom('data_record')
      .where(scopedToCompany('data_record', companyId))
      .where('item_id', '=', itemId)
      .where('created_at', '<', before)
      .executeTakeFirst();
    const deleted = Number(result.numDeletedRows);
    await this.adjustCount(companyId, itemId, -deleted);
    return deleted;
  }

  /** Records received per company in [yesterday, today) and since today (acquisition page). */
  async receivedPerCompany(companyIds: readonly number[], yesterday: number, today: number): Promise<Map<number, { today: number; yesterday: number }>> {
    const result = new Map<number, { today: number; yesterday: number }>();
    if (companyIds.length === 0) {
      return result;
    }
    // Item by item through the (company_id, item_id, created_at) index.
    const rows = await this.db
      .selectFrom('data_record')
      .select((eb) => [
        'data_record.company_id',
        eb.fn.sum<number>(sql`case when data_record.created_at >= ${today} then 1 else 0 end`).as('today'),
        eb.fn.sum<number>(sql`case when data_record.created_at < ${today} then 1 else 0 end`).as('yesterday'),
      ])
      .where('data_record.company_id', 'in', [...companyIds])
      .where('data_record.item_id', 'in', (eb) => eb.selectFrom('data_item').select('data_item.id').where('data_item.company_id', 'in', [...companyIds]))
      .where('data_record.created_at', '>=', yesterday)
      .groupBy('data_record.company_id')
      .execute();
    for (const row of rows) {
      result.set(row.company_id, { today: Number(row.today), yesterday: Number(row.yesterday) });
    }
    return result;
  }

  // ---- field indexes ----

  /**
   * Makes the item's field indexes match its indexed fields: a partial index per field on
   * (company_id, item_id, value, created_at, id) where item_id is the item, so filters and sorts on that
   * field (and their counts) read an index instead of every record. SQLite: the value is the
   * json_extract expression, then the planner's statistics are refreshed. PostgreSQL: the value is
   * the field's typed slot column (syncSlots), which the planner has statistics for and a count
   * reads with an index-only scan.
   */
  async syncFieldIndexes(itemId: number, fields: readonly Pick<DataField, 'fieldName' | 'type' | 'indexed'>[]): Promise<void> {
    if (this.kind === 'postgres') {
      await (this.db.isTransaction ? this.syncSlots(this.db, itemId, fields) : this.db.transaction().execute((trx) => this.syncSlots(trx, itemId, fields)));
      return;
    }
    const wanted = new Map(fields.filter((f) => f.indexed).map((f) => [fieldIndexName(itemId, f), f]));
    const existing = await this.fieldIndexes(itemId);
    for (const name of existing) {
      if (!wanted.has(name)) {
        await this.db.schema.dropIndex(name).ifExists().execute();
      }
    }
    let created = false;
    for (const [name, field] of wanted) {
      if (!existing.includes(name)) {
        await sql`create index if not exists ${sql.id(name)} on data_record (company_id, item_id, (${fieldValue(this.kind, field)}), created_at, id) where item_id = ${sql.lit(itemId)}`.execute(this.db);
        created = true;
      }
    }
    if (created) {
      await this.refreshStatistics();
    }
  }

  /**
   * PostgreSQL: gives each indexed field a typed slot column (kept while the field stays indexed
   * with the same type), refills the item's slots through the trigger when the assignment changed,
   * and keeps one partial index per field on (company_id, slot NULLS FIRST, created_at, id) where
   * item_id is the item (migration 2026-11-28-270 says why item_id is no column of it). Record writes wait meanwhile (reads go on), so none is written with the old assignment.
   */
  private async syncSlots(trx: Db, itemId: number, fields: readonly Pick<DataField, 'fieldName' | 'type' | 'indexed'>[]): Promise<void> {
    const wanted = fields.filter((f) => f.indexed);
    await sql`lock table data_record in share row exclusive mode`.execute(trx);
    const current = (await sql<{ field_name: string; field_type: number; slot: string }>`select field_name, field_type, slot from data_record_slot where item_id = ${itemId}`.execute(trx)).rows;
    const kept = current.filter((c) => wanted.some((f) => f.fieldName === c.field_name && f.type === Number(c.field_type)));
    const gone = current.filter((c) => !kept.includes(c));
    for (const c of gone) {
      await sql`delete from data_record_slot where item_id = ${itemId} and field_name = ${c.field_name}`.execute(trx);
    }
    const used = new Set(kept.map((c) => c.slot));
    const slotted = new Map(kept.map((c) => [c.field_name, c.slot]));
    let added = false;
    for (const field of wanted.filter((f) => !slotted.has(f.fieldName))) {
      const prefix = isNumericType(field.type) ? 'n' : 't';
      const slot = slotNames.find((s) => s.startsWith(prefix) && !used.has(s));
      if (!slot) {
        continue; // more than five of a kind (the fields check refuses it): read from values_json
      }
      used.add(slot);
      slotted.set(field.fieldName, slot);
      await sql`insert into data_record_slot (item_id, field_name, field_type, slot) values (${itemId}, ${field.fieldName}, ${field.type}, ${slot})`.execute(trx);
      added = true;
    }
    if ((current.length > 0) !== (slotted.size > 0)) {
      await this.remakeSlotTrigger(trx);
    }
    if (added || gone.length > 0) {
      // Through the trigger; an item that just lost its last slot is no longer in the trigger's
      // set, so its slots are cleared here.
      await (slotted.size > 0
        ? sql`update data_record set values_json = values_json where item_id = ${sql.lit(itemId)}`
        : sql.raw(`update data_record set ${slotNames.map((s) => `ix_${s} = null`).join(', ')} where item_id = ${itemId}`)
      ).execute(trx);
    }
    const names = new Map(wanted.filter((f) => slotted.has(f.fieldName)).map((f) => [fieldIndexName(itemId, f), slotted.get(f.fieldName)!]));
    const existing = await this.fieldIndexes(itemId, trx);
    for (const name of existing) {
      if (!names.has(name)) {
        await trx.schema.dropIndex(name).ifExists().execute();
      }
    }
    for (const [name, slot] of names) {
      if (!existing.includes(name)) {
        await sql`create index if not exists ${sql.id(name)} on data_record (company_id, ${sql.ref(`ix_${slot}`)} nulls first, created_at, id) where item_id = ${sql.lit(itemId)}`.execute(trx);
      }
    }
  }

  async dropFieldIndexes(itemId: number): Promise<void> {
    for (const name of await this.fieldIndexes(itemId)) {
      await this.db.schema.dropIndex(name).ifExists().execute();
    }
    if (this.kind === 'postgres') {
      const drop = async (trx: Db) => {
        const deleted = await sql`delete from data_record_slot where item_id = ${itemId}`.execute(trx);
        if (Number(deleted.numAffectedRows ?? 0) > 0) {
          await this.remakeSlotTrigger(trx);
        }
      };
      await (this.db.isTransaction ? drop(this.db) : this.db.transaction().execute(drop));
    }
  }

  /**
   * PostgreSQL: the slot trigger fires only for the items that have slots (`WHEN (new.item_id =
   * any (…))`), so a record of any other item, most device records, is written without entering
   * PL/pgSQL (the trigger with a lookup on every row cost about 12 µs a record). Remade whenever
   * an item gains its first slot or loses its last, in the caller's transaction.
   */
  private async remakeSlotTrigger(trx: Db): Promise<void> {
    const items = (await sql<{ item_id: number }>`select distinct item_id from data_record_slot order by item_id`.execute(trx)).rows.map((r) => Number(r.item_id));
    await sql`drop trigger if exists data_record_fill_slots on data_record`.execute(trx);
    if (items.length > 0) {
      await sql
        .raw(
          `create trigger data_record_fill_slots before insert or update of values_json, item_id on data_record for each row when (new.item_id = any ('{${items.join(',')}}'::int[])) execute function data_record_fill_slots()`,
        )
        .execute(trx);
    }
  }

  private async fieldIndexes(itemId: number, db: Db = this.db): Promise<string[]> {
    const prefix = fieldIndexPrefix(itemId);
    const result =
      this.kind === 'sqlite'
        ? await sql<{ name: string }>`select name from sqlite_master where type = 'index' and tbl_name = 'data_record'`.execute(db)
        : await sql<{ name: string }>`select indexname as name from pg_indexes where tablename = 'data_record' and schemaname = current_schema()`.execute(db);
    return result.rows.map((r) => r.name).filter((name) => name.startsWith(prefix));
  }

  /**
   * SQLite chooses between the time index and the field indexes by its statistics, which must
   * be exact (a sampled ANALYZE misjudges how many records an item has): they are gathered when
   * an index is made and by the hourly maintenance job (`PRAGMA optimize`, which re-analyzes
   * tables that grew tenfold; about a second per million records). PostgreSQL's autovacuum does
   * this itself.
   */
  async refreshStatistics(): Promise<void> {
    if (this.kind === 'sqlite') {
      await sql`pragma analysis_limit = 0`.execute(this.db);
      await sql`analyze data_record`.execute(this.db);
    }
  }

  /**
   * The hourly maintenance: a full ANALYZE of data_record once it holds more than twice the
   * records its statistics were taken with (bulk loads, a busy device), then `PRAGMA optimize`.
   */
  async optimize(): Promise<void> {
    if (this.kind !== 'sqlite') {
      return;
    }
    const stat = await sql<{ stat: string }>`select stat from sqlite_stat1 where idx = 'data_record_item_time_idx'`.execute(this.db).catch(() => ({ rows: [] as { stat: string }[] }));
    const analyzed = Number(stat.rows[0]?.stat.split(' ')[0] ?? 0);
    const total = await this.db.selectFrom('data_item').select((eb) => eb.fn.sum<number>('record_count').as('total')).executeTakeFirst();
    if (Number(total?.total ?? 0) > 2 * analyzed + 1000) {
      await this.refreshStatistics();
    }
    await sql`pragma analysis_limit = 0`.execute(this.db);
    await sql`pragma optimize`.execute(this.db);
  }
}

/**
 * The record writes of the device batch on the embedded database (recordWriter.ts): statements
 * prepared once on the raw handle, run synchronously inside the writer's transaction.
 */
export class RawRecordWrites {
  private readonly insert: SQLite.Statement;
  private readonly addCount: SQLite.Statement;

  constructor(raw: SQLite.Database) {
    this.insert = raw.prepare(
      "insert into data_record (company_id, item_id, parent_record_id, values_json, source, created_by, created_at, updated_at) values (?, ?, null, ?, 'device', null, ?, ?) on conflict do nothing",
    );
    this.addCount = raw.prepare('update data_item set record_count = record_count + ? where company_id = ? and id = ?');
  }

  /**
   * A device record (no parent, no author, created at the device's instant): its id, or 0 when
   * the item already has a device record of that instant (a redelivery: nothing stored).
   */
  insertDeviceRecord(companyId: number, itemId: number, valuesJson: string, at: number): number {
    const result = this.insert.run(companyId, itemId, valuesJson, at, at);
    return result.changes === 0 ? 0 : Number(result.lastInsertRowid);
  }

  /** Keeps data_item.record_count (the unfiltered total). */
  adjustCount(companyId: number, itemId: number, delta: number): void {
    this.addCount.run(delta, companyId, itemId);
  }
}
