import type { CreateTableBuilder, Kysely } from 'kysely';

// Frozen in time: never import app code here. Runs on SQLite and PostgreSQL alike.
// File and project nodes of the data cabin (issue 14.2, docs/cabin.md "Files and projects"):
// files with their versions (objects of the storage module) and the company's file settings
// (modules/files); projects with their members (modules/projects).

function isPostgres(db: Kysely<any>): boolean {
  return db.getExecutor().adapter.constructor.name === 'PostgresAdapter';
}

function withId<T extends string>(db: Kysely<any>, table: CreateTableBuilder<T, never>): CreateTableBuilder<T, 'id'> {
  return isPostgres(db) ? table.addColumn('id', 'serial', (c) => c.primaryKey()) : table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
}

export async function up(db: Kysely<any>): Promise<void> {
  await withId(db, db.schema.createTable('cabin_file'))
    .addColumn('company_id', 'integer', (c) => c.notNull())
    .addColumn('node_id', 'integer', (c) => c.notNull().unique())
    .addColumn('name', 'varchar(100)', (c) => c.notNull())
    .addColumn('created_by', 'integer')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('cabin_file_company_idx').on('cabin_file').columns(['company_id']).execute();

  await withId(db, db.schema.createTable('cabin_file_version'))
    .addColumn('company_id', 'integer', (c) => c.notNull())
    .addColumn('file_id', 'integer', (c) => c.notNull())
    .addColumn('version_no', 'integer', (c) => c.notNull())
    .addColumn('object_key', 'varchar(200)', (c) => c.notNull().unique())
    .addColumn('file_name', 'varchar(255)', (c) => c.notNull())
    .addColumn('content_type', 'varchar(128)', (c) => c.notNull())
    .addColumn('size', 'bigint', (c) => c.notNull())
    .addColumn('uploader_id', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('cabin_file_version_file_idx').on('cabin_file_version').columns(['file_id', 'version_no']).unique().execute();

  await db.schema
    .createTable('file_setting')
    .addColumn('company_id', 'integer', (c) => c.primaryKey())
    .addColumn('max_mb', 'integer', (c) => c.notNull())
    // JSON text: the allowed extensions, lower case, without the dot.
    .addColumn('allowed_types', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();

  await withId(db, db.schema.createTable('project'))
    .addColumn('company_id', 'integer', (c) => c.notNull())
    .addColumn('node_id', 'integer', (c) => c.notNull().unique())
    .addColumn('name', 'varchar(100)', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('status', 'varchar(16)', (c) => c.notNull().defaultTo('planned'))
    .addColumn('start_date', 'varchar(10)')
    .addColumn('end_date', 'varchar(10)')
    .addColumn('created_by', 'integer')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('project_company_idx').on('project').columns(['company_id']).execute();

  await db.schema
    .createTable('project_member')
    .addColumn('project_id', 'integer', (c) => c.notNull())
    .addColumn('company_id', 'integer', (c) => c.notNull())
    .addColumn('user_id', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('project_member_pk', ['project_id', 'user_id'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['project_member', 'project', 'file_setting', 'cabin_file_version', 'cabin_file']) {
    await db.schema.dropTable(table).execute();
  }
}
