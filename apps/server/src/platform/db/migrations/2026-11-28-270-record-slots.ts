import { sql, type Kysely } from 'kysely';

// Frozen in time: never import app code here. PostgreSQL only (SQLite keeps its json_extract
// expression indexes, which it reads without touching the records).
//
// Issue 21: on PostgreSQL an indexed field's partial expression index on `values_json::jsonb ->>`
// was not enough — the planner has no statistics for a partial index's expression (it guessed a
// third of the rows and chose a parallel sequential scan that parses every record's JSON), and an
// expression index never serves an index-only scan, so a count read the table row by row. Indexed
// values now live in typed columns of their own: five numeric (ix_n1…ix_n5) and five text
// (ix_t1…ix_t5) slots, as an item has at most five indexed fields. data_record_slot says which
// field of which item a slot holds; a trigger fills the slots from values_json on every insert and
// every change of values_json of a record of an item that has slots (its WHEN names those items,
// so other records never enter PL/pgSQL), so every writer stays as it is. Each indexed field keeps its partial
// index (same name), now on (company_id, slot NULLS FIRST, created_at, id) where item_id = the item:
// without item_id as a column, since the planner drops the condition the predicate implies and a
// column without a condition between company_id and the value would make the value's range a
// filter over every entry of the company; NULLS FIRST so that `ORDER BY value DESC NULLS LAST`
// (empty values sort as the smallest, as on SQLite) is the index read backwards.

function isPostgres(db: Kysely<any>): boolean {
  return db.getExecutor().adapter.constructor.name === 'PostgresAdapter';
}

const slots = ['n1', 'n2', 'n3', 'n4', 'n5', 't1', 't2', 't3', 't4', 't5'];

export async function up(db: Kysely<any>): Promise<void> {
  if (!isPostgres(db)) {
    return;
  }
  await db.schema
    .createTable('data_record_slot')
    .addColumn('item_id', 'integer', (c) => c.notNull())
    .addColumn('field_name', 'varchar(100)', (c) => c.notNull())
    .addColumn('field_type', 'integer', (c) => c.notNull())
    .addColumn('slot', 'varchar(4)', (c) => c.notNull())
    .addPrimaryKeyConstraint('data_record_slot_pk', ['item_id', 'field_name'])
    .addUniqueConstraint('data_record_slot_slot_uq', ['item_id', 'slot'])
    .execute();
  await sql.raw(`alter table data_record ${slots.map((slot) => `add column ix_${slot} ${slot.startsWith('n') ? 'numeric' : 'text'}`).join(', ')}`).execute(db);
  const assignments = slots
    .map((slot) =>
      slot.startsWith('n')
        ? `when '${slot}' then new.ix_${slot} := case when jsonb_typeof(v -> s.field_name) = 'number' then (v ->> s.field_name)::numeric end;`
        : `when '${slot}' then new.ix_${slot} := v ->> s.field_name;`,
    )
    .join('\n      ');
  await sql
    .raw(
      `create or replace function data_record_fill_slots() returns trigger language plpgsql as $fn$
declare
  s record;
  v jsonb;
begin
  ${slots.map((slot) => `new.ix_${slot} := null;`).join(' ')}
  for s in select field_name, slot from data_record_slot where item_id = new.item_id loop
    if v is null then
      v := new.values_json::jsonb;
    end if;
    case s.slot
      ${assignments}
    end case;
  end loop;
  return new;
end
$fn$`,
    )
    .execute(db);

  // The indexed fields of existing items: from their expression indexes (the JSON key is the quoted
  // literal; the item and the field type are in the index name).
  const indexes = await sql<{ name: string; def: string }>`select indexname as name, indexdef as def from pg_indexes where tablename = 'data_record' and schemaname = current_schema() and indexname like 'data_record_f%' order by indexname`.execute(db);
  const perItem = new Map<number, { name: string; key: string; type: number; numeric: boolean }[]>();
  for (const index of indexes.rows) {
    const named = /^data_record_f(\d+)_t(\d+)_/.exec(index.name);
    const key = /->> '([^']+)'::text/.exec(index.def);
    if (!named || !key) {
      continue;
    }
    const itemId = Number(named[1]);
    perItem.set(itemId, [...(perItem.get(itemId) ?? []), { name: index.name, key: key[1], type: Number(named[2]), numeric: index.def.includes('jsonb_typeof') }]);
  }
  // The trigger fires only for items that have slots (the data-items module remakes it when that
  // set changes): a record of any other item is written without entering PL/pgSQL at all.
  if (perItem.size > 0) {
    await sql
      .raw(
        `create trigger data_record_fill_slots before insert or update of values_json, item_id on data_record for each row when (new.item_id = any ('{${[...perItem.keys()].sort((a, b) => a - b).join(',')}}'::int[])) execute function data_record_fill_slots()`,
      )
      .execute(db);
  }
  for (const [itemId, fields] of perItem) {
    let numbers = 0;
    let texts = 0;
    const made: { name: string; slot: string }[] = [];
    for (const field of fields) {
      await sql`drop index if exists ${sql.id(field.name)}`.execute(db);
      const slot = field.numeric ? `n${++numbers}` : `t${++texts}`;
      if (numbers > 5 || texts > 5) {
        continue;
      }
      await db.insertInto('data_record_slot').values({ item_id: itemId, field_name: field.key, field_type: field.type, slot }).execute();
      made.push({ name: field.name, slot });
    }
    // Fills the slots of the item's records through the trigger.
    await sql`update data_record set values_json = values_json where item_id = ${sql.lit(itemId)}`.execute(db);
    for (const { name, slot } of made) {
      await sql`create index ${sql.id(name)} on data_record (company_id, ${sql.ref(`ix_${slot}`)} nulls first, created_at, id) where item_id = ${sql.lit(itemId)}`.execute(db);
    }
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  if (!isPostgres(db)) {
    return;
  }
  await sql`drop trigger if exists data_record_fill_slots on data_record`.execute(db);
  await sql`drop function if exists data_record_fill_slots()`.execute(db);
  await db.schema.dropTable('data_record_slot').ifExists().execute();
  await sql.raw(`alter table data_record ${slots.map((slot) => `drop column if exists ix_${slot}`).join(', ')}`).execute(db);
}
