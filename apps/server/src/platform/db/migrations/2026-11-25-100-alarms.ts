import type { CreateTableBuilder, Kysely } from 'kysely';

// Frozen in time: never import app code here. Runs on SQLite and PostgreSQL alike.
// Cloud monitoring (docs/alarms.md): alarm rules with their persisted state machine, update
// watches, and the alarms themselves. One open alarm per rule or watch is a unique index on
// `open_key` (set while open, null once cleared), not a check-then-insert.

function isPostgres(db: Kysely<any>): boolean {
  return db.getExecutor().adapter.constructor.name === 'PostgresAdapter';
}

function withId<T extends string>(db: Kysely<any>, table: CreateTableBuilder<T, never>): CreateTableBuilder<T, 'id'> {
  return isPostgres(db) ? table.addColumn('id', 'serial', (c) => c.primaryKey()) : table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
}

export async function up(db: Kysely<any>): Promise<void> {
  await withId(db, db.schema.createTable('alarm_rule'))
    .addColumn('company_id', 'integer', (c) => c.notNull())
    .addColumn('name', 'varchar(100)', (c) => c.notNull())
    .addColumn('enabled', 'integer', (c) => c.notNull())
    .addColumn('target_kind', 'varchar(20)', (c) => c.notNull())
    .addColumn('item_id', 'integer')
    .addColumn('field_name', 'varchar(100)')
    .addColumn('device_id', 'integer')
    .addColumn('node_id', 'integer', (c) => c.notNull())
    .addColumn('levels', 'text', (c) => c.notNull())
    .addColumn('clear_condition', 'text')
    .addColumn('repeat_minutes', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('schedule', 'text', (c) => c.notNull())
    .addColumn('notify', 'text', (c) => c.notNull())
    // The state machine of the rule's target (JSON), its version for optimistic writes, and the
    // instant its next lasting window completes (swept).
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('state_version', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('deadline', 'bigint')
    .addColumn('created_by', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addUniqueConstraint('alarm_rule_company_name_uq', ['company_id', 'name'])
    .execute();
  await db.schema.createIndex('alarm_rule_item_idx').on('alarm_rule').columns(['company_id', 'item_id']).execute();
  await db.schema.createIndex('alarm_rule_device_idx').on('alarm_rule').columns(['device_id']).execute();
  await db.schema.createIndex('alarm_rule_deadline_idx').on('alarm_rule').columns(['deadline']).execute();

  await withId(db, db.schema.createTable('alarm_watch'))
    .addColumn('company_id', 'integer', (c) => c.notNull())
    .addColumn('item_id', 'integer', (c) => c.notNull())
    .addColumn('field_name', 'varchar(100)', (c) => c.notNull().defaultTo(''))
    .addColumn('node_id', 'integer', (c) => c.notNull())
    .addColumn('every_minutes', 'integer', (c) => c.notNull())
    .addColumn('daily_at_minute', 'integer')
    .addColumn('level', 'integer', (c) => c.notNull())
    .addColumn('remind_minutes', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('enabled', 'integer', (c) => c.notNull())
    .addColumn('last_record_at', 'bigint')
    .addColumn('deadline', 'bigint')
    .addColumn('created_by', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addUniqueConstraint('alarm_watch_uq', ['company_id', 'item_id', 'field_name'])
    .execute();
  await db.schema.createIndex('alarm_watch_deadline_idx').on('alarm_watch').columns(['deadline']).execute();

  await withId(db, db.schema.createTable('alarm'))
    .addColumn('company_id', 'integer', (c) => c.notNull())
    .addColumn('rule_id', 'integer')
    .addColumn('watch_id', 'integer')
    .addColumn('rule_name', 'varchar(100)', (c) => c.notNull())
    .addColumn('target', 'text', (c) => c.notNull())
    .addColumn('node_id', 'integer', (c) => c.notNull())
    .addColumn('kind', 'varchar(20)', (c) => c.notNull())
    .addColumn('level', 'integer', (c) => c.notNull())
    .addColumn('state', 'varchar(20)', (c) => c.notNull())
    .addColumn('source', 'integer', (c) => c.notNull())
    .addColumn('value', 'double precision')
    .addColumn('first_time', 'bigint', (c) => c.notNull())
    .addColumn('last_time', 'bigint', (c) => c.notNull())
    .addColumn('count', 'integer', (c) => c.notNull())
    .addColumn('ack_by', 'integer')
    .addColumn('ack_time', 'bigint')
    .addColumn('ack_note', 'varchar(500)')
    .addColumn('clear_by', 'integer')
    .addColumn('clear_time', 'bigint')
    .addColumn('clear_note', 'varchar(500)')
    .addColumn('remind_at', 'bigint')
    .addColumn('open_key', 'varchar(40)')
    .execute();
  await db.schema.createIndex('alarm_open_uq').on('alarm').column('open_key').unique().execute();
  await db.schema.createIndex('alarm_company_time_idx').on('alarm').columns(['company_id', 'first_time']).execute();
  await db.schema.createIndex('alarm_company_state_idx').on('alarm').columns(['company_id', 'state']).execute();
  await db.schema.createIndex('alarm_remind_idx').on('alarm').columns(['remind_at']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('alarm').execute();
  await db.schema.dropTable('alarm_watch').execute();
  await db.schema.dropTable('alarm_rule').execute();
}
