import type { CreateTableBuilder, Kysely } from 'kysely';

// Frozen in time: never import app code here. Runs on SQLite and PostgreSQL alike.
// Issue 33 item 2 (docs/security.md "API keys"): a company's API keys — only the SHA-256 of each
// key is stored, with the first characters to tell keys apart; the codes the creator gave it (JSON
// text); expiry, last use (throttled) and revocation. The audit log names the key a call was made
// with. The built-in company administrator roles get the new code of the keys page.

function isPostgres(db: Kysely<any>): boolean {
  return db.getExecutor().adapter.constructor.name === 'PostgresAdapter';
}

function withId<T extends string>(db: Kysely<any>, table: CreateTableBuilder<T, never>): CreateTableBuilder<T, 'id'> {
  return isPostgres(db) ? table.addColumn('id', 'serial', (c) => c.primaryKey()) : table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
}

export async function up(db: Kysely<any>): Promise<void> {
  await withId(db, db.schema.createTable('api_key'))
    .addColumn('company_id', 'integer', (c) => c.notNull())
    .addColumn('name', 'varchar(100)', (c) => c.notNull())
    .addColumn('key_hash', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('hint', 'varchar(16)', (c) => c.notNull())
    .addColumn('codes', 'text', (c) => c.notNull())
    .addColumn('created_by', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint')
    .addColumn('last_used_at', 'bigint')
    .addColumn('last_used_ip', 'varchar(64)')
    .addColumn('revoked_at', 'bigint')
    .addColumn('revoked_by', 'integer')
    .execute();
  await db.schema.createIndex('api_key_company_ix').on('api_key').columns(['company_id', 'id']).execute();

  await db.schema.alterTable('audit_log').addColumn('api_key_id', 'integer').execute();

  const roles = await db.selectFrom('role').select(['id', 'codes']).where('builtin_key', '=', 'role.companyAdmin').execute();
  for (const role of roles as { id: number; codes: string }[]) {
    const codes = JSON.parse(role.codes) as string[];
    if (!codes.includes('sys_api_key')) {
      await db.updateTable('role').set({ codes: JSON.stringify([...codes, 'sys_api_key']) }).where('id', '=', role.id).execute();
    }
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('audit_log').dropColumn('api_key_id').execute();
  await db.schema.dropTable('api_key').execute();
}
