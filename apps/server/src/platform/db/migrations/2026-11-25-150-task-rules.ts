import { sql, type CreateTableBuilder, type Kysely } from 'kysely';

// Frozen in time: never import app code here. Runs on SQLite and PostgreSQL alike.
// Intelligent rules, executable tasks and scheduled tasks (docs/tasks.md). Runs of all four task
// types share task_run, told apart by task_type; one scheduled run per (type, task, time).

function isPostgres(db: Kysely<any>): boolean {
  return db.getExecutor().adapter.constructor.name === 'PostgresAdapter';
}

function withId<T extends string>(db: Kysely<any>, table: CreateTableBuilder<T, never>): CreateTableBuilder<T, 'id'> {
  return isPostgres(db) ? table.addColumn('id', 'serial', (c) => c.primaryKey()) : table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
}

export async function up(db: Kysely<any>): Promise<void> {
  await withId(db, db.schema.createTable('task_rule'))
    .addColumn('company_id', 'integer', (c) => c.notNull())
    .addColumn('name', 'varchar(100)', (c) => c.notNull())
    .addColumn('enabled', 'integer', (c) => c.notNull())
    .addColumn('item_id', 'integer', (c) => c.notNull())
    .addColumn('match', 'varchar(10)', (c) => c.notNull())
    .addColumn('conditions', 'text', (c) => c.notNull())
    .addColumn('actions', 'text', (c) => c.notNull())
    .addColumn('created_by', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addUniqueConstraint('task_rule_company_name_uq', ['company_id', 'name'])
    .execute();
  await db.schema.createIndex('task_rule_item_idx').on('task_rule').columns(['company_id', 'item_id']).execute();

  await withId(db, db.schema.createTable('task_executable'))
    .addColumn('company_id', 'integer', (c) => c.notNull())
    .addColumn('name', 'varchar(100)', (c) => c.notNull())
    .addColumn('access_mode', 'varchar(10)', (c) => c.notNull())
    .addColumn('user_ids', 'text', (c) => c.notNull())
    .addColumn('actions', 'text', (c) => c.notNull())
    .addColumn('created_by', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addUniqueConstraint('task_executable_company_name_uq', ['company_id', 'name'])
    .execute();

  await withId(db, db.schema.createTable('task_scheduled'))
    .addColumn('company_id', 'integer', (c) => c.notNull())
    .addColumn('name', 'varchar(100)', (c) => c.notNull())
    .addColumn('enabled', 'integer', (c) => c.notNull())
    .addColumn('executable_id', 'integer', (c) => c.notNull())
    .addColumn('schedule', 'text', (c) => c.notNull())
    .addColumn('missed_runs', 'varchar(10)', (c) => c.notNull())
    .addColumn('next_run_at', 'bigint')
    .addColumn('created_by', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addUniqueConstraint('task_scheduled_company_name_uq', ['company_id', 'name'])
    .execute();
  await db.schema.createIndex('task_scheduled_next_idx').on('task_scheduled').columns(['next_run_at']).execute();

  // Smart analyses: custom values (userDefined) combined with the sources, JSON number[].
  await db.schema.alterTable('task_analysis').addColumn('user_defined', 'text', (c) => c.notNull().defaultTo('[]')).execute();
  await db.schema.alterTable('task_run').addColumn('task_type', 'varchar(12)', (c) => c.notNull().defaultTo('analysis')).execute();
  await db.schema.dropIndex('task_run_scheduled_uq').execute();
  await db.schema.createIndex('task_run_scheduled_type_uq').on('task_run').columns(['task_type', 'task_id', 'scheduled_for']).unique().where(sql.ref('kind'), '=', 'scheduled').execute();
  await db.schema.createIndex('task_run_type_idx').on('task_run').columns(['company_id', 'task_type', 'task_id']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('task_run_type_idx').execute();
  await db.schema.dropIndex('task_run_scheduled_type_uq').execute();
  await db.schema.createIndex('task_run_scheduled_uq').on('task_run').columns(['task_id', 'scheduled_for']).unique().where(sql.ref('kind'), '=', 'scheduled').execute();
  await db.schema.alterTable('task_run').dropColumn('task_type').execute();
  await db.schema.alterTable('task_analysis').dropColumn('user_defined').execute();
  await db.schema.dropTable('task_scheduled').execute();
  await db.schema.dropTable('task_executable').execute();
  await db.schema.dropTable('task_rule').execute();
}
