import type { CreateTableBuilder, Kysely } from 'kysely';

// Frozen in time: never import app code here. Runs on SQLite and PostgreSQL alike.

function withId<T extends string>(db: Kysely<any>, table: CreateTableBuilder<T, never>): CreateTableBuilder<T, 'id'> {
  return db.getExecutor().adapter.constructor.name === 'PostgresAdapter'
    ? table.addColumn('id', 'serial', (c) => c.primaryKey())
    : table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
}

export async function up(db: Kysely<any>): Promise<void> {
  await withId(db, db.schema.createTable('role_template'))
    .addColumn('name', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('codes', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();

  await withId(db, db.schema.createTable('company_invitation'))
    .addColumn('company_id', 'integer', (c) => c.notNull())
    .addColumn('user_id', 'integer', (c) => c.notNull())
    .addColumn('inviter_id', 'integer', (c) => c.notNull())
    .addColumn('role_ids', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('status', 'varchar(16)', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('answered_at', 'bigint')
    .execute();
  await db.schema.createIndex('company_invitation_user_idx').on('company_invitation').columns(['user_id', 'status']).execute();
  await db.schema.createIndex('company_invitation_company_idx').on('company_invitation').columns(['company_id', 'status']).execute();

  await withId(db, db.schema.createTable('user_group'))
    .addColumn('company_id', 'integer', (c) => c.notNull())
    .addColumn('name', 'varchar(64)', (c) => c.notNull())
    .addColumn('remark', 'varchar(255)', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addUniqueConstraint('user_group_company_name_uq', ['company_id', 'name'])
    .execute();

  await db.schema
    .createTable('user_group_member')
    .addColumn('group_id', 'integer', (c) => c.notNull())
    .addColumn('company_id', 'integer', (c) => c.notNull())
    .addColumn('user_id', 'integer', (c) => c.notNull())
    .addColumn('added_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('user_group_member_pk', ['group_id', 'user_id'])
    .execute();
  await db.schema.createIndex('user_group_member_user_idx').on('user_group_member').columns(['company_id', 'user_id']).execute();

  await withId(db, db.schema.createTable('alert_delegation'))
    .addColumn('company_id', 'integer', (c) => c.notNull())
    .addColumn('delegator_id', 'integer', (c) => c.notNull())
    .addColumn('delegate_id', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addUniqueConstraint('alert_delegation_uq', ['company_id', 'delegator_id', 'delegate_id'])
    .execute();

  await withId(db, db.schema.createTable('product_order'))
    .addColumn('company_id', 'integer', (c) => c.notNull())
    .addColumn('sw_product_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('sub_type_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('start_at', 'bigint', (c) => c.notNull())
    .addColumn('expire_at', 'bigint', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('product_order_company_idx').on('product_order').columns(['company_id', 'expire_at']).execute();

  await withId(db, db.schema.createTable('audit_log'))
    .addColumn('user_id', 'integer')
    .addColumn('user_name', 'varchar(64)', (c) => c.notNull().defaultTo(''))
    .addColumn('company_id', 'integer')
    .addColumn('method', 'varchar(8)', (c) => c.notNull())
    .addColumn('action', 'varchar(200)', (c) => c.notNull())
    .addColumn('target', 'varchar(500)', (c) => c.notNull().defaultTo(''))
    .addColumn('ip', 'varchar(64)', (c) => c.notNull().defaultTo(''))
    .addColumn('code', 'integer', (c) => c.notNull())
    .addColumn('duration_ms', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('audit_log_created_idx').on('audit_log').column('created_at').execute();
  await db.schema.createIndex('audit_log_company_idx').on('audit_log').columns(['company_id', 'created_at']).execute();

  await withId(db, db.schema.createTable('ip_allow'))
    .addColumn('ip', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('remark', 'varchar(100)', (c) => c.notNull().defaultTo(''))
    .addColumn('created_by', 'varchar(64)', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('data_retention')
    .addColumn('company_id', 'integer', (c) => c.primaryKey())
    .addColumn('raw_days', 'integer')
    .addColumn('last_purge_at', 'bigint')
    .addColumn('last_purged_rows', 'integer')
    .execute();

  await db.schema
    .createTable('scheduler_lease')
    .addColumn('job', 'varchar(100)', (c) => c.primaryKey())
    .addColumn('holder', 'varchar(100)', (c) => c.notNull())
    .addColumn('until', 'bigint', (c) => c.notNull())
    .addColumn('last_run_at', 'bigint')
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['scheduler_lease', 'data_retention', 'ip_allow', 'audit_log', 'product_order', 'alert_delegation', 'user_group_member', 'user_group', 'company_invitation', 'role_template']) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
