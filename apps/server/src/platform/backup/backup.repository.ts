import type { Kysely } from 'kysely';
import type pg from 'pg';
import type { Db } from '../db/database';

/** The migrations applied to the database (Kysely's own table, not in the app's schema types), sorted. */
export async function appliedMigrations(db: Db, schema?: string): Promise<string[]> {
  const migrationsDb = db as unknown as Kysely<{ kysely_migration: { name: string } }>;
  const scoped = schema ? migrationsDb.withSchema(schema) : migrationsDb;
  const rows = await scoped.selectFrom('kysely_migration').select('name').orderBy('name').execute();
  return rows.map((row) => row.name);
}

/** Tables in a PostgreSQL schema (a restore goes only into an empty one); read on a plain client, before the app's pool would create the schema. */
export async function tablesInSchema(client: pg.Client, schema: string): Promise<number> {
  const result = await client.query<{ n: string }>('select count(*) as n from information_schema.tables where table_schema = $1', [schema]);
  return Number(result.rows[0]?.n ?? 0);
}

/** Makes the (validated) schema a PostgreSQL restore goes into; `public` is already there. */
export async function createSchema(client: pg.Client, schema: string): Promise<void> {
  if (!/^[a-z_][a-z0-9_]*$/.test(schema)) {
    throw new Error(`Invalid schema name ${schema}`);
  }
  await client.query(`create schema if not exists ${schema}`);
}
