import { sql, type CreateTableBuilder, type Kysely } from 'kysely';

// Frozen in time: never import app code here. Runs on SQLite and PostgreSQL alike.
// Intelligent tasks (docs/tasks.md): smart analyses and their runs. One run per (task, scheduled
// time) is a unique index over the scheduled runs, claimed by an insert: several instances on one
// database never run a time twice.

function isPostgres(db: Kysely<any>): boolean {
  return db.getExecutor().adapter.constructor.name === 'PostgresAdapter';
}

function withId<T extends string>(db: Kysely<any>, table: CreateTableBuilder<T, never>): CreateTableBuilder<T, 'id'> {
  return isPostgres(db) ? table.addColumn('id', 'serial', (c) => c.primaryKey()) : table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
}

export async function up(db: Kysely<any>): Promise<void> {
  await withId(db, db.schema.createTable('task_analysis'))
    .addColumn('company_id', 'integer', (c) => c.notNull())
    .addColumn('name', 'varchar(100)', (c) => c.notNull())
    .addColumn('enabled', 'integer', (c) => c.notNull())
    .addColumn('schedule', 'text', (c) => c.notNull())
    .addColumn('method', 'varchar(40)', (c) => c.notNull())
    .addColumn('source_item_id', 'integer', (c) => c.notNull())
    .addColumn('sources', 'text', (c) => c.notNull())
    .addColumn('aggregate', 'varchar(10)')
    .addColumn('range_from', 'bigint')
    .addColumn('range_to', 'bigint')
    .addColumn('decimals', 'integer', (c) => c.notNull())
    .addColumn('target_item_id', 'integer', (c) => c.notNull())
    .addColumn('target_field', 'varchar(100)', (c) => c.notNull())
    .addColumn('missed_runs', 'varchar(10)', (c) => c.notNull())
    .addColumn('next_run_at', 'bigint')
    .addColumn('created_by', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addUniqueConstraint('task_analysis_company_name_uq', ['company_id', 'name'])
    .execute();
  await db.schema.createIndex('task_analysis_next_idx').on('task_analysis').columns(['next_run_at']).execute();
  await db.schema.createIndex('task_analysis_source_idx').on('task_analysis').columns(['company_id', 'source_item_id']).execute();

  await withId(db, db.schema.createTable('task_run'))
    .addColumn('company_id', 'integer', (c) => c.notNull())
    .addColumn('task_id', 'integer', (c) => c.notNull())
    // 'scheduled' (by the scheduler), 'manual' (run now), 'recompute' (a late value).
    .addColumn('kind', 'varchar(10)', (c) => c.notNull())
    .addColumn('scheduled_for', 'bigint', (c) => c.notNull())
    .addColumn('window_from', 'bigint')
    .addColumn('window_to', 'bigint')
    .addColumn('started_at', 'bigint')
    .addColumn('ended_at', 'bigint')
    .addColumn('lease_until', 'bigint')
    .addColumn('state', 'varchar(12)', (c) => c.notNull())
    .addColumn('value', 'double precision')
    .addColumn('error', 'varchar(500)')
    .addColumn('record_id', 'bigint')
    .execute();
  await db.schema.createIndex('task_run_scheduled_uq').on('task_run').columns(['task_id', 'scheduled_for']).unique().where(sql.ref('kind'), '=', 'scheduled').execute();
  await db.schema.createIndex('task_run_task_idx').on('task_run').columns(['company_id', 'task_id', 'scheduled_for']).execute();
  await db.schema.createIndex('task_run_window_idx').on('task_run').columns(['task_id', 'window_from']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('task_run').execute();
  await db.schema.dropTable('task_analysis').execute();
}
