import type { CreateTableBuilder, Kysely } from 'kysely';

// Frozen in time: never import app code here. Runs on SQLite and PostgreSQL alike.
// Document templates of a data item and the company's content templates (issue 17,
// docs/templates.md; modules/templates).

function isPostgres(db: Kysely<any>): boolean {
  return db.getExecutor().adapter.constructor.name === 'PostgresAdapter';
}

function withId<T extends string>(db: Kysely<any>, table: CreateTableBuilder<T, never>): CreateTableBuilder<T, 'id'> {
  return isPostgres(db) ? table.addColumn('id', 'serial', (c) => c.primaryKey()) : table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
}

export async function up(db: Kysely<any>): Promise<void> {
  await withId(db, db.schema.createTable('doc_template'))
    .addColumn('company_id', 'integer', (c) => c.notNull())
    .addColumn('item_id', 'integer', (c) => c.notNull())
    .addColumn('name', 'varchar(100)', (c) => c.notNull())
    // JSON text: the TipTap document (validated by the domain before it is stored).
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('created_by', 'integer')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('doc_template_item_idx').on('doc_template').columns(['company_id', 'item_id']).execute();

  await withId(db, db.schema.createTable('content_template'))
    .addColumn('company_id', 'integer', (c) => c.notNull())
    .addColumn('name', 'varchar(100)', (c) => c.notNull())
    // The item whose fields the placeholders offer; null for a text of the record's facts only.
    .addColumn('item_id', 'integer')
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('created_by', 'integer')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('content_template_company_idx').on('content_template').columns(['company_id']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['content_template', 'doc_template']) {
    await db.schema.dropTable(table).execute();
  }
}
