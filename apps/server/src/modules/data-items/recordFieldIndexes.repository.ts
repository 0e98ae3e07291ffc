import { sql, type RawBuilder } from 'kysely';
import { FieldType, type DataField } from '@smartdata/domain';
import type { Db, DbKind } from '@server/platform/db/database';

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
export type Slots = ReadonlyMap<string, { type: number; column: string }>;

export const noSlots: Slots = new Map();

const slotNames = ['n1', 'n2', 'n3', 'n4', 'n5', 't1', 't2', 't3', 't4', 't5'] as const;

/** The item's slot columns (PostgreSQL; none on SQLite). */
export async function recordSlots(db: Db, kind: DbKind, itemId: number): Promise<Slots> {
  if (kind !== 'postgres') {
    return noSlots;
  }
  const rows = await sql<{ field_name: string; field_type: number; slot: string }>`select field_name, field_type, slot from data_record_slot where item_id = ${itemId}`.execute(db);
  return new Map(rows.rows.map((r) => [r.field_name, { type: Number(r.field_type), column: `ix_${r.slot}` }]));
}

/** Name of a field's expression index (lower case: PostgreSQL folds names). */
export function fieldIndexName(itemId: number, field: Pick<DataField, 'fieldName' | 'type'>): string {
  return `data_record_f${itemId}_t${field.type}_${field.fieldName.toLowerCase()}`;
}

const fieldIndexPrefix = (itemId: number) => `data_record_f${itemId}_`;

/**
 * SQLite chooses between the time index and the field indexes by its statistics, which must
 * be exact (a sampled ANALYZE misjudges how many records an item has): they are gathered when
 * an index is made and by the hourly maintenance job (`PRAGMA optimize`, which re-analyzes
 * tables that grew tenfold; about a second per million records). PostgreSQL's autovacuum does
 * this itself.
 */
export async function refreshRecordStatistics(db: Db, kind: DbKind): Promise<void> {
  if (kind === 'sqlite') {
    await sql`pragma analysis_limit = 0`.execute(db);
    await sql`analyze data_record`.execute(db);
  }
}

/**
 * The field indexes of data records (a field marked `indexed` in its item's definition): made,
 * changed and dropped with the item's fields, in the item's own schema objects (partial indexes,
 * PostgreSQL's slot columns and their trigger). The queries that read them are RecordsRepository's.
 */
export class RecordFieldIndexes {
  constructor(
    private readonly db: Db,
    private readonly kind: DbKind,
  ) {}

  /**
   * Makes the item's field indexes match its indexed fields: a partial index per field on
   * (company_id, item_id, value, created_at, id) where item_id is the item, so filters and sorts on that
   * field (and their counts) read an index instead of every record. SQLite: the value is the
   * json_extract expression, then the planner's statistics are refreshed. PostgreSQL: the value is
   * the field's typed slot column (syncSlots), which the planner has statistics for and a count
   * reads with an index-only scan.
   */
  async sync(itemId: number, fields: readonly Pick<DataField, 'fieldName' | 'type' | 'indexed'>[]): Promise<void> {
    if (this.kind === 'postgres') {
      await (this.db.isTransaction ? this.syncSlots(this.db, itemId, fields) : this.db.transaction().execute((trx) => this.syncSlots(trx, itemId, fields)));
      return;
    }
    const wanted = new Map(fields.filter((f) => f.indexed).map((f) => [fieldIndexName(itemId, f), f]));
    const existing = await this.existing(itemId);
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
      await refreshRecordStatistics(this.db, this.kind);
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
    const existing = await this.existing(itemId, trx);
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

  async drop(itemId: number): Promise<void> {
    for (const name of await this.existing(itemId)) {
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

  private async existing(itemId: number, db: Db = this.db): Promise<string[]> {
    const prefix = fieldIndexPrefix(itemId);
    const result =
      this.kind === 'sqlite'
        ? await sql<{ name: string }>`select name from sqlite_master where type = 'index' and tbl_name = 'data_record'`.execute(db)
        : await sql<{ name: string }>`select indexname as name from pg_indexes where tablename = 'data_record' and schemaname = current_schema()`.execute(db);
    return result.rows.map((r) => r.name).filter((name) => name.startsWith(prefix));
  }
}
