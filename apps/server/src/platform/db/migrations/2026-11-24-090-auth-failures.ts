import type { Kysely } from 'kysely';

// Frozen in time: never import app code here. Runs on SQLite and PostgreSQL alike.
// Failed sign-ins and password checks, counted in the database so that every instance sees the same
// count and a restart forgets nothing (docs/security.md, "Guessing passwords"). One row per key
// (an account at an address, an account, an address), its count since the window began.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('auth_failure')
    .addColumn('key', 'varchar(300)', (c) => c.primaryKey())
    .addColumn('count', 'integer', (c) => c.notNull())
    .addColumn('since', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('auth_failure_since').on('auth_failure').column('since').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('auth_failure').execute();
}
