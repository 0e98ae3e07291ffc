import type { Kysely } from 'kysely';

// Frozen in time: never import app code here. Runs on SQLite and PostgreSQL alike.
// The platform's SMS provider (issue 14.6, docs/sms.md): outbox (default), Alibaba Cloud or Tencent
// Cloud, with the access key secret encrypted at rest. One row (id 1); no row means outbox.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('sms_setting')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('provider', 'varchar(16)', (c) => c.notNull())
    .addColumn('access_key_id', 'varchar(128)', (c) => c.notNull())
    .addColumn('secret_encrypted', 'text')
    .addColumn('sign_name', 'varchar(64)', (c) => c.notNull())
    .addColumn('template_code', 'varchar(64)', (c) => c.notNull())
    .addColumn('sdk_app_id', 'varchar(32)', (c) => c.notNull())
    .addColumn('region', 'varchar(32)', (c) => c.notNull())
    .addColumn('endpoint', 'varchar(200)', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('sms_setting').execute();
}
