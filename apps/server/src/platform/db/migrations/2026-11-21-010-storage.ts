import { type Kysely, type CreateTableBuilder } from 'kysely';

// Frozen in time: never import app code here. Runs on SQLite and PostgreSQL alike.
// Object storage records, company tags and company device access credentials.

function isPostgres(db: Kysely<any>): boolean {
  return db.getExecutor().adapter.constructor.name === 'PostgresAdapter';
}

function withId<T extends string>(db: Kysely<any>, table: CreateTableBuilder<T, never>): CreateTableBuilder<T, 'id'> {
  return isPostgres(db)
    ? table.addColumn('id', 'serial', (c) => c.primaryKey())
    : table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
}

export async function up(db: Kysely<any>): Promise<void> {
  await withId(db, db.schema.createTable('storage_object'))
    .addColumn('object_key', 'varchar(255)', (c) => c.notNull().unique())
    .addColumn('company_id', 'integer', (c) => c.notNull())
    .addColumn('purpose', 'varchar(16)', (c) => c.notNull())
    .addColumn('visibility', 'varchar(8)', (c) => c.notNull())
    .addColumn('file_name', 'varchar(255)', (c) => c.notNull().defaultTo(''))
    .addColumn('content_type', 'varchar(150)', (c) => c.notNull())
    .addColumn('size', 'bigint', (c) => c.notNull())
    .addColumn('uploader_id', 'integer', (c) => c.notNull())
    .addColumn('uploaded', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('uploaded_at', 'bigint')
    .execute();
  await db.schema.createIndex('storage_object_company_idx').on('storage_object').columns(['company_id', 'purpose', 'created_at']).execute();

  await withId(db, db.schema.createTable('tag'))
    .addColumn('company_id', 'integer', (c) => c.notNull())
    .addColumn('name', 'varchar(100)', (c) => c.notNull())
    .addColumn('color', 'varchar(7)', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addUniqueConstraint('tag_company_name_uq', ['company_id', 'name'])
    .execute();

  await db.schema
    .createTable('company_device_access')
    .addColumn('company_id', 'integer', (c) => c.primaryKey())
    .addColumn('access_key', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('secret_hash', 'varchar(255)', (c) => c.notNull())
    .addColumn('secret_hint', 'varchar(8)', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['company_device_access', 'tag', 'storage_object']) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
