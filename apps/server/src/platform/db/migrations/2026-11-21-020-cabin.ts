import { sql, type CreateTableBuilder, type Kysely } from 'kysely';

// Frozen in time: never import app code here. Runs on SQLite and PostgreSQL alike.
// The data cabin: tree nodes and their grants, data items, records, forms, jump associations,
// forward conditions and item groups (docs/cabin.md).

function isPostgres(db: Kysely<any>): boolean {
  return db.getExecutor().adapter.constructor.name === 'PostgresAdapter';
}

function withId<T extends string>(db: Kysely<any>, table: CreateTableBuilder<T, never>, big = false): CreateTableBuilder<T, 'id'> {
  return isPostgres(db)
    ? table.addColumn('id', big ? 'bigserial' : 'serial', (c) => c.primaryKey())
    : table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
}

export async function up(db: Kysely<any>): Promise<void> {
  await withId(db, db.schema.createTable('cabin_node'))
    .addColumn('company_id', 'integer', (c) => c.notNull())
    .addColumn('parent_id', 'integer')
    .addColumn('kind', 'varchar(24)', (c) => c.notNull())
    .addColumn('name', 'varchar(100)', (c) => c.notNull())
    .addColumn('ref_id', 'integer')
    .addColumn('perm_mode', 'varchar(8)', (c) => c.notNull().defaultTo('default'))
    .addColumn('sort_order', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_by', 'integer')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('cabin_node_parent_idx').on('cabin_node').columns(['company_id', 'parent_id']).execute();
  await db.schema.createIndex('cabin_node_ref_idx').on('cabin_node').columns(['company_id', 'kind', 'ref_id']).execute();

  await db.schema
    .createTable('cabin_grant')
    .addColumn('company_id', 'integer', (c) => c.notNull())
    .addColumn('node_id', 'integer', (c) => c.notNull())
    .addColumn('scope', 'varchar(8)', (c) => c.notNull())
    .addColumn('target_id', 'integer', (c) => c.notNull())
    .addColumn('level', 'varchar(10)', (c) => c.notNull())
    .addPrimaryKeyConstraint('cabin_grant_pk', ['node_id', 'scope', 'target_id'])
    .execute();
  await db.schema.createIndex('cabin_grant_company_idx').on('cabin_grant').columns(['company_id', 'node_id']).execute();

  await withId(db, db.schema.createTable('data_item'))
    .addColumn('company_id', 'integer', (c) => c.notNull())
    .addColumn('node_id', 'integer', (c) => c.notNull().unique())
    .addColumn('name', 'varchar(100)', (c) => c.notNull())
    .addColumn('kind', 'integer', (c) => c.notNull())
    .addColumn('fields', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('expiry_days', 'integer')
    .addColumn('parent_item_id', 'integer')
    // Kept with every insert and delete of its records, so the unfiltered total costs nothing.
    .addColumn('record_count', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('created_by', 'integer')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('data_item_company_idx').on('data_item').columns(['company_id', 'kind']).execute();

  // One row per record; the values are one JSON text keyed by fieldName. Lists read a page
  // through (company_id, item_id, created_at, id) — the company first, as every query names it;
  // indexed fields get partial expression indexes of their own, made by the data-items module
  // when an item asks for them.
  await withId(db, db.schema.createTable('data_record'), true)
    .addColumn('company_id', 'integer', (c) => c.notNull())
    .addColumn('item_id', 'integer', (c) => c.notNull())
    .addColumn('parent_record_id', 'bigint')
    .addColumn('values_json', 'text', (c) => c.notNull())
    .addColumn('source', 'varchar(16)', (c) => c.notNull().defaultTo('manual'))
    .addColumn('created_by', 'integer')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('data_record_item_time_idx').on('data_record').columns(['company_id', 'item_id', 'created_at', 'id']).execute();
  await db.schema
    .createIndex('data_record_parent_idx')
    .on('data_record')
    .column('parent_record_id')
    .where(sql.ref('parent_record_id'), 'is not', null)
    .execute();

  await withId(db, db.schema.createTable('data_form'))
    .addColumn('company_id', 'integer', (c) => c.notNull())
    .addColumn('item_id', 'integer', (c) => c.notNull())
    .addColumn('name', 'varchar(100)', (c) => c.notNull())
    .addColumn('design', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('data_form_item_idx').on('data_form').columns(['company_id', 'item_id']).execute();

  await withId(db, db.schema.createTable('data_jump'))
    .addColumn('company_id', 'integer', (c) => c.notNull())
    .addColumn('item_id', 'integer', (c) => c.notNull())
    .addColumn('name', 'varchar(100)', (c) => c.notNull())
    .addColumn('priority', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('target_item_id', 'integer', (c) => c.notNull())
    .addColumn('conditions', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('data_jump_item_idx').on('data_jump').columns(['company_id', 'item_id']).execute();

  await withId(db, db.schema.createTable('data_forward'))
    .addColumn('company_id', 'integer', (c) => c.notNull())
    .addColumn('item_id', 'integer', (c) => c.notNull())
    .addColumn('name', 'varchar(100)', (c) => c.notNull())
    .addColumn('conditions', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('target_item_id', 'integer', (c) => c.notNull())
    .addColumn('mappings', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('data_forward_item_idx').on('data_forward').columns(['company_id', 'item_id']).execute();

  await withId(db, db.schema.createTable('data_item_group'))
    .addColumn('company_id', 'integer', (c) => c.notNull())
    .addColumn('name', 'varchar(100)', (c) => c.notNull())
    .addColumn('item_ids', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addUniqueConstraint('data_item_group_name_uq', ['company_id', 'name'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['data_item_group', 'data_forward', 'data_jump', 'data_form', 'data_record', 'data_item', 'cabin_grant', 'cabin_node']) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
