import type { CreateTableBuilder, Kysely } from 'kysely';

// Frozen in time: never import app code here. Runs on SQLite and PostgreSQL alike.
// Issue 32 (docs/alarms.md "Channels and deliveries"): a company's notification channels (URL and
// secret sealed with the settings secret), the language of its messages, and the one durable
// delivery queue every outbound message goes through (at-least-once: a row is claimed with a
// lease before it is sent, and a claim that ran out is taken again). Update watches get a
// notification like rules; the SMS setting an alarm template; the built-in company administrator
// roles the new code of the channels page.

function isPostgres(db: Kysely<any>): boolean {
  return db.getExecutor().adapter.constructor.name === 'PostgresAdapter';
}

function withId<T extends string>(db: Kysely<any>, table: CreateTableBuilder<T, never>): CreateTableBuilder<T, 'id'> {
  return isPostgres(db) ? table.addColumn('id', 'serial', (c) => c.primaryKey()) : table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
}

export async function up(db: Kysely<any>): Promise<void> {
  await withId(db, db.schema.createTable('notify_channel'))
    .addColumn('company_id', 'integer', (c) => c.notNull())
    .addColumn('kind', 'varchar(16)', (c) => c.notNull())
    .addColumn('name', 'varchar(100)', (c) => c.notNull())
    .addColumn('url_sealed', 'text', (c) => c.notNull())
    .addColumn('url_hint', 'varchar(600)', (c) => c.notNull())
    .addColumn('secret_sealed', 'text')
    .addColumn('created_by', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addUniqueConstraint('notify_channel_company_name_uq', ['company_id', 'name'])
    .execute();

  await db.schema
    .createTable('notify_setting')
    .addColumn('company_id', 'integer', (c) => c.primaryKey())
    .addColumn('locale', 'varchar(8)', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();

  await withId(db, db.schema.createTable('delivery'))
    .addColumn('company_id', 'integer', (c) => c.notNull())
    // What the delivery belongs to (`alarm:<id>`), for its log; null: none.
    .addColumn('subject', 'varchar(64)')
    .addColumn('kind', 'varchar(16)', (c) => c.notNull())
    .addColumn('adapter', 'varchar(32)', (c) => c.notNull())
    .addColumn('target', 'text', (c) => c.notNull())
    .addColumn('label', 'varchar(300)', (c) => c.notNull())
    .addColumn('event', 'varchar(40)', (c) => c.notNull())
    .addColumn('payload', 'text', (c) => c.notNull())
    // pending, retrying, sending (claimed until claim_until), sent, failed.
    .addColumn('state', 'varchar(12)', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('next_at', 'bigint')
    .addColumn('claim_until', 'bigint')
    .addColumn('answer', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addColumn('sent_at', 'bigint')
    .execute();
  await db.schema.createIndex('delivery_due_ix').on('delivery').columns(['state', 'next_at']).execute();
  await db.schema.createIndex('delivery_subject_ix').on('delivery').columns(['company_id', 'subject']).execute();

  await db.schema.alterTable('alarm_watch').addColumn('notify', 'text').execute();
  await db.schema.alterTable('sms_setting').addColumn('alarm_template_code', 'varchar(64)', (c) => c.notNull().defaultTo('')).execute();
  await db.schema.alterTable('sms_setting').addColumn('alarm_template_params', 'text', (c) => c.notNull().defaultTo('[]')).execute();

  // The company administrator roles made so far hold every company code of their day: the new one too.
  const roles = await db.selectFrom('role').select(['id', 'codes']).where('builtin_key', '=', 'role.companyAdmin').execute();
  for (const role of roles as { id: number; codes: string }[]) {
    const codes = JSON.parse(role.codes) as string[];
    if (!codes.includes('sys_notify_channel')) {
      await db.updateTable('role').set({ codes: JSON.stringify([...codes, 'sys_notify_channel']) }).where('id', '=', role.id).execute();
    }
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('sms_setting').dropColumn('alarm_template_params').execute();
  await db.schema.alterTable('sms_setting').dropColumn('alarm_template_code').execute();
  await db.schema.alterTable('alarm_watch').dropColumn('notify').execute();
  await db.schema.dropTable('delivery').execute();
  await db.schema.dropTable('notify_setting').execute();
  await db.schema.dropTable('notify_channel').execute();
}
