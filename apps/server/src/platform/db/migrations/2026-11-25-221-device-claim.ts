import type { Kysely } from 'kysely';

// Frozen in time: never import app code here. Runs on SQLite and PostgreSQL alike.
// A shipped device claimed by its customer's company (issue 18, docs/inventory.md): while the
// binding waits for the device's confirmation, the company and user that asked for it.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('device').addColumn('bind_company_id', 'integer').execute();
  await db.schema.alterTable('device').addColumn('bind_user_id', 'integer').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('device').dropColumn('bind_user_id').execute();
  await db.schema.alterTable('device').dropColumn('bind_company_id').execute();
}
