import type { CreateTableBuilder, Kysely } from 'kysely';

// Frozen in time: never import app code here. Runs on SQLite and PostgreSQL alike.
// Dashboards (cabin nodes of kind 'dashboard') and dashboard carousels (docs/dashboards.md).

function isPostgres(db: Kysely<any>): boolean {
  return db.getExecutor().adapter.constructor.name === 'PostgresAdapter';
}

function withId<T extends string>(db: Kysely<any>, table: CreateTableBuilder<T, never>): CreateTableBuilder<T, 'id'> {
  return isPostgres(db) ? table.addColumn('id', 'serial', (c) => c.primaryKey()) : table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
}

export async function up(db: Kysely<any>): Promise<void> {
  await withId(db, db.schema.createTable('dashboard'))
    .addColumn('company_id', 'integer', (c) => c.notNull())
    .addColumn('node_id', 'integer', (c) => c.notNull().unique())
    .addColumn('name', 'varchar(100)', (c) => c.notNull())
    .addColumn('board_type', 'varchar(16)', (c) => c.notNull().defaultTo('grid'))
    .addColumn('width', 'integer', (c) => c.notNull().defaultTo(1920))
    .addColumn('height', 'integer', (c) => c.notNull().defaultTo(1080))
    .addColumn('refresh_minutes', 'integer', (c) => c.notNull().defaultTo(5))
    .addColumn('template_code', 'varchar(40)')
    // The widget list as JSON text (layout, binding, options of each widget).
    .addColumn('widgets', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('created_by', 'integer')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('dashboard_company_idx').on('dashboard').columns(['company_id', 'name']).execute();

  await withId(db, db.schema.createTable('board_play'))
    .addColumn('company_id', 'integer', (c) => c.notNull())
    .addColumn('name', 'varchar(100)', (c) => c.notNull())
    // What the editor and the playground work on, and what big_screen plays (JSON text).
    .addColumn('draft', 'text', (c) => c.notNull())
    .addColumn('published', 'text')
    .addColumn('published_at', 'bigint')
    .addColumn('created_by', 'integer')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('board_play_company_idx').on('board_play').columns(['company_id', 'name']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('board_play').execute();
  await db.schema.dropTable('dashboard').execute();
}
