import type { CreateTableBuilder, Kysely } from 'kysely';

// Frozen in time: never import app code here. Runs on SQLite and PostgreSQL alike.
// Electric meters (issue 17, docs/meters.md; modules/meters): meter nodes of the data cabin
// (kind 'meter', node type 101 standard over a data item field or a device key, 100 virtual over a
// formula), the terms of virtual meters' formulas, and each company's time-of-use tariff windows.
// Readings are not copied: they stay in the series store of the data items they come from.

function isPostgres(db: Kysely<any>): boolean {
  return db.getExecutor().adapter.constructor.name === 'PostgresAdapter';
}

function withId<T extends string>(db: Kysely<any>, table: CreateTableBuilder<T, never>): CreateTableBuilder<T, 'id'> {
  return isPostgres(db) ? table.addColumn('id', 'serial', (c) => c.primaryKey()) : table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
}

export async function up(db: Kysely<any>): Promise<void> {
  await withId(db, db.schema.createTable('meter'))
    .addColumn('company_id', 'integer', (c) => c.notNull())
    .addColumn('node_id', 'integer', (c) => c.notNull().unique())
    .addColumn('name', 'varchar(100)', (c) => c.notNull())
    // Spec §3: 101 standard, 100 virtual.
    .addColumn('node_type', 'integer', (c) => c.notNull())
    // A standard meter's multiplier of its counter (transformer ratio); 1 for virtual meters.
    .addColumn('factor', 'double precision', (c) => c.notNull().defaultTo(1))
    // A standard meter's source: a data item field, or a device's telemetry key (one of the two pairs).
    .addColumn('source_item_id', 'integer')
    .addColumn('source_field', 'varchar(64)')
    .addColumn('source_device_id', 'integer')
    .addColumn('source_key', 'varchar(64)')
    .addColumn('created_by', 'integer')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('meter_company_idx').on('meter').columns(['company_id', 'node_type']).execute();

  await withId(db, db.schema.createTable('meter_formula_term'))
    .addColumn('company_id', 'integer', (c) => c.notNull())
    .addColumn('meter_id', 'integer', (c) => c.notNull())
    .addColumn('source_meter_id', 'integer', (c) => c.notNull())
    .addColumn('factor', 'double precision', (c) => c.notNull())
    .addColumn('sort_order', 'integer', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('meter_formula_term_meter_idx').on('meter_formula_term').columns(['meter_id', 'source_meter_id']).unique().execute();
  await db.schema.createIndex('meter_formula_term_source_idx').on('meter_formula_term').columns(['source_meter_id']).execute();

  await withId(db, db.schema.createTable('meter_tariff_window'))
    .addColumn('company_id', 'integer', (c) => c.notNull())
    // sharp, peak, flat, valley, deepValley
    .addColumn('period', 'varchar(16)', (c) => c.notNull())
    // Minutes of the local day, 0–1439; end ≤ start crosses midnight.
    .addColumn('start_minute', 'integer', (c) => c.notNull())
    .addColumn('end_minute', 'integer', (c) => c.notNull())
    .addColumn('price', 'double precision', (c) => c.notNull())
    .addColumn('sort_order', 'integer', (c) => c.notNull())
    .addColumn('updated_by', 'integer')
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('meter_tariff_window_company_idx').on('meter_tariff_window').columns(['company_id', 'sort_order']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('meter_tariff_window').execute();
  await db.schema.dropTable('meter_formula_term').execute();
  await db.schema.dropTable('meter').execute();
}
