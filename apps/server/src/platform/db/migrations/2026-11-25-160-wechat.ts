import type { Kysely } from 'kysely';

// Frozen in time: never import app code here. Runs on SQLite and PostgreSQL alike.
// WeChat scan sign-in (issue 14, docs/auth.md): the platform's WeChat website application (the
// secret encrypted at rest), the WeChat account bound to a user, and the single-use OAuth states.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('wechat_setting')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('app_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('secret_encrypted', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('wechat_binding')
    .addColumn('user_id', 'integer', (c) => c.primaryKey().references('app_user.id').onDelete('cascade'))
    .addColumn('openid', 'varchar(128)', (c) => c.notNull().unique())
    .addColumn('unionid', 'varchar(128)')
    .addColumn('bound_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('wechat_state')
    .addColumn('nonce_hash', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('purpose', 'varchar(16)', (c) => c.notNull())
    .addColumn('user_id', 'integer')
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('used_at', 'bigint')
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['wechat_state', 'wechat_binding', 'wechat_setting']) {
    await db.schema.dropTable(table).execute();
  }
}
