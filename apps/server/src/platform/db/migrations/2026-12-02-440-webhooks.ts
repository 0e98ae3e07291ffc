import type { Kysely } from 'kysely';

// Frozen in time: never import app code here. Runs on SQLite and PostgreSQL alike.
// Issue 33 (docs/webhooks.md): a company's event subscriptions — the receiver's URL and signing
// secret sealed with the settings secret, the events, the items and devices it narrows to, and
// its creator, whose read rights decide what it receives. Deliveries are rows of the delivery
// queue (migration 410). The built-in company administrator roles get the page's new code.

function isPostgres(db: Kysely<any>): boolean {
  return db.getExecutor().adapter.constructor.name === 'PostgresAdapter';
}

export async function up(db: Kysely<any>): Promise<void> {
  const table = db.schema.createTable('webhook_subscription');
  await (isPostgres(db) ? table.addColumn('id', 'serial', (c) => c.primaryKey()) : table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement()))
    .addColumn('company_id', 'integer', (c) => c.notNull())
    .addColumn('url_sealed', 'text', (c) => c.notNull())
    .addColumn('url_hint', 'varchar(600)', (c) => c.notNull())
    .addColumn('secret_sealed', 'text', (c) => c.notNull())
    .addColumn('events', 'text', (c) => c.notNull())
    .addColumn('item_ids', 'text', (c) => c.notNull())
    .addColumn('device_ids', 'text', (c) => c.notNull())
    .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_by', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('webhook_subscription_company_ix').on('webhook_subscription').column('company_id').execute();

  const roles = await db.selectFrom('role').select(['id', 'codes']).where('builtin_key', '=', 'role.companyAdmin').execute();
  for (const role of roles as { id: number; codes: string }[]) {
    const codes = JSON.parse(role.codes) as string[];
    if (!codes.includes('sys_webhook')) {
      await db.updateTable('role').set({ codes: JSON.stringify([...codes, 'sys_webhook']) }).where('id', '=', role.id).execute();
    }
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('webhook_subscription').execute();
}
