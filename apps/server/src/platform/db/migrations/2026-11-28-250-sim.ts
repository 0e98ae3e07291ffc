import type { CreateTableBuilder, Kysely } from 'kysely';

// Frozen in time: never import app code here. Runs on SQLite and PostgreSQL alike.
// SIM traffic cards (issue 19, docs/sim.md): cards, carrier operations, daily usage, carrier
// connections per company, and the simulated carrier's own records. Indexes keep the list of
// 10 000 cards of a company fast under every filter (carrier, status, state, usage, ICCID, number).

function isPostgres(db: Kysely<any>): boolean {
  return db.getExecutor().adapter.constructor.name === 'PostgresAdapter';
}

function withId<T extends string>(db: Kysely<any>, table: CreateTableBuilder<T, never>): CreateTableBuilder<T, 'id'> {
  return isPostgres(db) ? table.addColumn('id', 'serial', (c) => c.primaryKey()) : table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
}

export async function up(db: Kysely<any>): Promise<void> {
  await withId(db, db.schema.createTable('sim_card'))
    .addColumn('company_id', 'integer', (c) => c.notNull())
    .addColumn('number', 'varchar(24)', (c) => c.notNull())
    .addColumn('iccid', 'varchar(20)', (c) => c.notNull())
    .addColumn('imsi', 'varchar(15)')
    .addColumn('carrier', 'varchar(8)', (c) => c.notNull())
    .addColumn('plan_name', 'varchar(50)', (c) => c.notNull())
    .addColumn('plan_period', 'varchar(10)', (c) => c.notNull())
    .addColumn('plan_mb', 'double precision')
    .addColumn('used_mb', 'double precision', (c) => c.notNull())
    .addColumn('used_pct', 'double precision')
    .addColumn('period_start', 'bigint')
    .addColumn('activated_at', 'bigint')
    .addColumn('expires_at', 'bigint')
    .addColumn('device_id', 'integer')
    .addColumn('status', 'varchar(16)', (c) => c.notNull())
    .addColumn('raw_status', 'varchar(32)')
    .addColumn('state', 'varchar(16)', (c) => c.notNull())
    .addColumn('last_sync_at', 'bigint')
    .addColumn('last_sync_result', 'varchar(200)')
    .addColumn('remarks', 'varchar(400)', (c) => c.notNull())
    .addColumn('alert_percent', 'integer', (c) => c.notNull())
    .addColumn('alerted_period', 'bigint')
    .addColumn('data_frequency', 'integer')
    .addColumn('payload_bytes', 'integer')
    .addColumn('created_by', 'integer')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('sim_card_iccid_idx').on('sim_card').columns(['company_id', 'iccid']).unique().execute();
  await db.schema.createIndex('sim_card_number_idx').on('sim_card').columns(['company_id', 'number']).execute();
  await db.schema.createIndex('sim_card_carrier_idx').on('sim_card').columns(['company_id', 'carrier', 'status', 'id']).execute();
  await db.schema.createIndex('sim_card_status_idx').on('sim_card').columns(['company_id', 'status', 'id']).execute();
  await db.schema.createIndex('sim_card_state_idx').on('sim_card').columns(['company_id', 'state', 'id']).execute();
  await db.schema.createIndex('sim_card_usage_idx').on('sim_card').columns(['company_id', 'used_pct']).execute();
  await db.schema.createIndex('sim_card_device_idx').on('sim_card').columns(['company_id', 'device_id']).execute();
  await db.schema.createIndex('sim_card_sync_idx').on('sim_card').columns(['last_sync_at']).execute();

  await withId(db, db.schema.createTable('sim_operation'))
    .addColumn('company_id', 'integer', (c) => c.notNull())
    .addColumn('card_id', 'integer', (c) => c.notNull())
    .addColumn('carrier', 'varchar(8)', (c) => c.notNull())
    .addColumn('action', 'varchar(16)', (c) => c.notNull())
    .addColumn('plan_mb', 'double precision')
    .addColumn('plan_name', 'varchar(50)')
    .addColumn('state', 'varchar(16)', (c) => c.notNull())
    .addColumn('message', 'varchar(400)')
    .addColumn('carrier_ref', 'varchar(64)')
    .addColumn('created_by', 'integer')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('submitted_at', 'bigint')
    .addColumn('finished_at', 'bigint')
    .execute();
  await db.schema.createIndex('sim_operation_card_idx').on('sim_operation').columns(['company_id', 'card_id', 'id']).execute();
  await db.schema.createIndex('sim_operation_state_idx').on('sim_operation').columns(['state', 'card_id']).execute();

  await db.schema
    .createTable('sim_usage_day')
    .addColumn('company_id', 'integer', (c) => c.notNull())
    .addColumn('card_id', 'integer', (c) => c.notNull())
    .addColumn('day', 'varchar(10)', (c) => c.notNull())
    .addColumn('used_mb', 'double precision', (c) => c.notNull())
    .addPrimaryKeyConstraint('sim_usage_day_pk', ['card_id', 'day'])
    .execute();
  await db.schema.createIndex('sim_usage_day_company_idx').on('sim_usage_day').columns(['company_id', 'day']).execute();

  await db.schema
    .createTable('sim_connection')
    .addColumn('company_id', 'integer', (c) => c.notNull())
    .addColumn('carrier', 'varchar(8)', (c) => c.notNull())
    .addColumn('mode', 'varchar(16)', (c) => c.notNull())
    .addColumn('account', 'varchar(100)', (c) => c.notNull())
    .addColumn('secret', 'text')
    .addColumn('endpoint', 'varchar(200)', (c) => c.notNull())
    .addColumn('delay_seconds', 'integer', (c) => c.notNull())
    .addColumn('updated_by', 'integer')
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('sim_connection_pk', ['company_id', 'carrier'])
    .execute();

  await db.schema
    .createTable('sim_simulated_line')
    .addColumn('company_id', 'integer', (c) => c.notNull())
    .addColumn('iccid', 'varchar(20)', (c) => c.notNull())
    .addColumn('status', 'varchar(16)', (c) => c.notNull())
    .addColumn('status_since', 'bigint', (c) => c.notNull())
    .addColumn('plan_mb', 'double precision', (c) => c.notNull())
    .addColumn('used_mb', 'double precision', (c) => c.notNull())
    .addColumn('used_at', 'bigint', (c) => c.notNull())
    .addColumn('period_start', 'bigint', (c) => c.notNull())
    .addColumn('activated_at', 'bigint')
    .addColumn('scheduled', 'text', (c) => c.notNull())
    .addColumn('done', 'text', (c) => c.notNull())
    .addColumn('orders', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('sim_simulated_line_pk', ['company_id', 'iccid'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['sim_simulated_line', 'sim_connection', 'sim_usage_day', 'sim_operation', 'sim_card']) {
    await db.schema.dropTable(table).execute();
  }
}
