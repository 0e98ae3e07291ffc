import { sql, type RawBuilder, type Selectable, type SelectQueryBuilder } from 'kysely';
import type { DataField, FilterOp } from '@smartdata/domain';
import type { Db, DbKind } from '@server/platform/db/database';
import type { Database } from '@server/platform/db/schema';
import type { DataRecordTable } from '@server/platform/db/schema.cabin';
import { escapeLike } from '@server/platform/db/like';
import { scopedToCompany } from '@server/platform/db/tenancy';
import { fieldValue, noSlots, recordSlots, refreshRecordStatistics, type Slots } from './recordFieldIndexes.repository';

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


/**
 * Every query of data records (their field indexes: RecordFieldIndexes, recordFieldIndexes.repository.ts).
 * Item ids are inlined as literals where partial field indexes must match.
 */
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
    const slots = usesIndex ? await recordSlots(this.db, this.kind, itemId) : noSlots;
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
    const slots = await recordSlots(this.db, this.kind, itemId);
    return this.list(this.base(companyId, itemId, plan, slots), plan, slots);
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
      await refreshRecordStatistics(this.db, this.kind);
    }
    await sql`pragma analysis_limit = 0`.execute(this.db);
    await sql`pragma optimize`.execute(this.db);
  }
}
