import type { Kysely } from 'kysely';

// Frozen in time: never import app code here. Runs on SQLite and PostgreSQL alike.
// Telemetry ingest (docs/telemetry.md): which device feeds which IoT data list, and the values
// received per company and hour (the acquisition page).

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('telemetry_binding')
    .addColumn('item_id', 'integer', (c) => c.primaryKey())
    .addColumn('company_id', 'integer', (c) => c.notNull())
    .addColumn('device_id', 'integer', (c) => c.notNull())
    .addColumn('created_by', 'integer')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('telemetry_binding_device_idx').on('telemetry_binding').columns(['device_id']).execute();
  await db.schema.createIndex('telemetry_binding_company_idx').on('telemetry_binding').columns(['company_id']).execute();

  // Per company and UTC hour (of the values' own instants): values stored, records written, keys ignored.
  await db.schema
    .createTable('telemetry_count')
    .addColumn('company_id', 'integer', (c) => c.notNull())
    .addColumn('hour_ts', 'bigint', (c) => c.notNull())
    .addColumn('value_count', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('record_count', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('unknown_count', 'bigint', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('telemetry_count_pk', ['company_id', 'hour_ts'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('telemetry_count').ifExists().execute();
  await db.schema.dropTable('telemetry_binding').ifExists().execute();
}
