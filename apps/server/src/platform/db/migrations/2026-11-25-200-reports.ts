import type { CreateTableBuilder, Kysely } from 'kysely';

// Frozen in time: never import app code here. Runs on SQLite and PostgreSQL alike.
// Report templates (issue 17, docs/reports.md): the template behind a cabin node of kind
// 'reportTemplate' with its layout and schedule (modules/reports), and the files of scheduled
// deliveries (kept in the database: a report is tens of kilobytes).

function isPostgres(db: Kysely<any>): boolean {
  return db.getExecutor().adapter.constructor.name === 'PostgresAdapter';
}

function withId<T extends string>(db: Kysely<any>, table: CreateTableBuilder<T, never>): CreateTableBuilder<T, 'id'> {
  return isPostgres(db) ? table.addColumn('id', 'serial', (c) => c.primaryKey()) : table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
}

export async function up(db: Kysely<any>): Promise<void> {
  await withId(db, db.schema.createTable('report_template'))
    .addColumn('company_id', 'integer', (c) => c.notNull())
    .addColumn('node_id', 'integer', (c) => c.notNull().unique())
    .addColumn('name', 'varchar(100)', (c) => c.notNull())
    // JSON texts: TemplateCell[], TemplateMerge[], number[].
    .addColumn('cells', 'text', (c) => c.notNull())
    .addColumn('merges', 'text', (c) => c.notNull())
    .addColumn('column_widths', 'text', (c) => c.notNull())
    // The schedule: off | daily | weekly | monthly, the file format, JSON string[] of e-mail addresses,
    // the user it runs as (who set it), the next run.
    .addColumn('frequency', 'varchar(8)', (c) => c.notNull().defaultTo('off'))
    .addColumn('format', 'varchar(4)', (c) => c.notNull().defaultTo('xlsx'))
    .addColumn('emails', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('schedule_user_id', 'integer')
    .addColumn('next_run_at', 'bigint')
    .addColumn('last_run_at', 'bigint')
    .addColumn('created_by', 'integer')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('report_template_company_idx').on('report_template').columns(['company_id']).execute();
  await db.schema.createIndex('report_template_next_run_idx').on('report_template').columns(['next_run_at']).execute();

  await withId(db, db.schema.createTable('report_delivery'))
    .addColumn('company_id', 'integer', (c) => c.notNull())
    .addColumn('template_id', 'integer', (c) => c.notNull())
    .addColumn('template_name', 'varchar(100)', (c) => c.notNull())
    .addColumn('period_from', 'bigint', (c) => c.notNull())
    .addColumn('period_to', 'bigint', (c) => c.notNull())
    .addColumn('format', 'varchar(4)', (c) => c.notNull())
    .addColumn('file_name', 'varchar(255)', (c) => c.notNull())
    .addColumn('content', isPostgres(db) ? 'bytea' : 'blob', (c) => c.notNull())
    .addColumn('size', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('report_delivery_template_idx').on('report_delivery').columns(['template_id', 'period_from']).unique().execute();
  await db.schema.createIndex('report_delivery_company_idx').on('report_delivery').columns(['company_id', 'created_at']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('report_delivery').execute();
  await db.schema.dropTable('report_template').execute();
}
