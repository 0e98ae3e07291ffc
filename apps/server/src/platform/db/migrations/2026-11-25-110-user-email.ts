import type { Kysely } from 'kysely';

// Frozen in time: never import app code here. Runs on SQLite and PostgreSQL alike.
// A person's e-mail address (optional, set in the personal center): where alarm e-mails go.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('app_user').addColumn('email', 'varchar(200)').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('app_user').dropColumn('email').execute();
}
