import type { CreateTableBuilder, Kysely } from 'kysely';

// Frozen in time: never import app code here. Runs on SQLite and PostgreSQL alike.
// Production and inventory (issue 18, docs/inventory.md): master data, documents, the append-only
// stock ledger, the stock it sums to, where each serial is, and the device lifecycle history.

function isPostgres(db: Kysely<any>): boolean {
  return db.getExecutor().adapter.constructor.name === 'PostgresAdapter';
}

function withId<T extends string>(db: Kysely<any>, table: CreateTableBuilder<T, never>): CreateTableBuilder<T, 'id'> {
  return isPostgres(db) ? table.addColumn('id', 'serial', (c) => c.primaryKey()) : table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
}

export async function up(db: Kysely<any>): Promise<void> {
  await withId(db, db.schema.createTable('inv_category'))
    .addColumn('company_id', 'integer', (c) => c.notNull())
    .addColumn('parent_id', 'integer')
    .addColumn('name', 'varchar(100)', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('inv_category_company_idx').on('inv_category').columns(['company_id']).execute();

  await withId(db, db.schema.createTable('inv_item'))
    .addColumn('company_id', 'integer', (c) => c.notNull())
    .addColumn('category_id', 'integer')
    .addColumn('name', 'varchar(100)', (c) => c.notNull())
    .addColumn('serialized', 'integer', (c) => c.notNull())
    .addColumn('unit', 'varchar(20)', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('inv_item_name_idx').on('inv_item').columns(['company_id', 'name']).unique().execute();

  await withId(db, db.schema.createTable('inv_warehouse'))
    .addColumn('company_id', 'integer', (c) => c.notNull())
    .addColumn('name', 'varchar(100)', (c) => c.notNull())
    .addColumn('kind', 'varchar(16)', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('inv_warehouse_name_idx').on('inv_warehouse').columns(['company_id', 'name']).unique().execute();

  await withId(db, db.schema.createTable('inv_customer'))
    .addColumn('company_id', 'integer', (c) => c.notNull())
    .addColumn('name', 'varchar(100)', (c) => c.notNull())
    .addColumn('contact', 'varchar(100)', (c) => c.notNull())
    .addColumn('phone', 'varchar(100)', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('inv_customer_name_idx').on('inv_customer').columns(['company_id', 'name']).unique().execute();

  await db.schema
    .createTable('inv_setting')
    .addColumn('company_id', 'integer', (c) => c.primaryKey())
    .addColumn('allow_negative_stock', 'integer', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();

  await withId(db, db.schema.createTable('production_order'))
    .addColumn('company_id', 'integer', (c) => c.notNull())
    .addColumn('item_id', 'integer', (c) => c.notNull())
    .addColumn('warehouse_id', 'integer', (c) => c.notNull())
    .addColumn('quantity', 'integer', (c) => c.notNull())
    .addColumn('produced', 'integer', (c) => c.notNull())
    .addColumn('state', 'varchar(16)', (c) => c.notNull())
    .addColumn('created_by', 'integer')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('completed_at', 'bigint')
    .execute();
  await db.schema.createIndex('production_order_company_idx').on('production_order').columns(['company_id']).execute();

  await withId(db, db.schema.createTable('inv_stock_in'))
    .addColumn('company_id', 'integer', (c) => c.notNull())
    .addColumn('warehouse_id', 'integer', (c) => c.notNull())
    .addColumn('state', 'varchar(16)', (c) => c.notNull())
    .addColumn('created_by', 'integer')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('cancelled_at', 'bigint')
    .execute();
  await db.schema.createIndex('inv_stock_in_company_idx').on('inv_stock_in').columns(['company_id']).execute();

  await withId(db, db.schema.createTable('inv_outbound'))
    .addColumn('company_id', 'integer', (c) => c.notNull())
    .addColumn('warehouse_id', 'integer', (c) => c.notNull())
    .addColumn('customer_id', 'integer', (c) => c.notNull())
    .addColumn('state', 'varchar(16)', (c) => c.notNull())
    .addColumn('remarks', 'varchar(400)', (c) => c.notNull())
    .addColumn('created_by', 'integer')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('shipped_at', 'bigint')
    .addColumn('cancelled_at', 'bigint')
    .execute();
  await db.schema.createIndex('inv_outbound_company_idx').on('inv_outbound').columns(['company_id']).execute();

  // One row per serial (quantity 1) or per non-serialized line.
  await withId(db, db.schema.createTable('inv_outbound_line'))
    .addColumn('company_id', 'integer', (c) => c.notNull())
    .addColumn('outbound_id', 'integer', (c) => c.notNull())
    .addColumn('item_id', 'integer', (c) => c.notNull())
    .addColumn('serial', 'varchar(32)')
    .addColumn('quantity', 'integer', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('inv_outbound_line_outbound_idx').on('inv_outbound_line').columns(['outbound_id']).execute();

  await withId(db, db.schema.createTable('inv_shipment'))
    .addColumn('company_id', 'integer', (c) => c.notNull())
    .addColumn('outbound_id', 'integer', (c) => c.notNull().unique())
    .addColumn('carrier', 'varchar(100)', (c) => c.notNull())
    .addColumn('tracking_no', 'varchar(100)', (c) => c.notNull())
    .addColumn('created_by', 'integer')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();

  await withId(db, db.schema.createTable('inv_return'))
    .addColumn('company_id', 'integer', (c) => c.notNull())
    .addColumn('warehouse_id', 'integer', (c) => c.notNull())
    .addColumn('remarks', 'varchar(400)', (c) => c.notNull())
    .addColumn('created_by', 'integer')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();

  // Append-only: never updated, never deleted; a cancelled document adds reversing rows.
  await withId(db, db.schema.createTable('inv_ledger'))
    .addColumn('company_id', 'integer', (c) => c.notNull())
    .addColumn('document_kind', 'varchar(16)', (c) => c.notNull())
    .addColumn('document_id', 'integer', (c) => c.notNull())
    .addColumn('item_id', 'integer', (c) => c.notNull())
    .addColumn('warehouse_id', 'integer', (c) => c.notNull())
    .addColumn('serial', 'varchar(32)')
    .addColumn('quantity', 'integer', (c) => c.notNull())
    .addColumn('reversal', 'integer', (c) => c.notNull())
    .addColumn('created_by', 'integer')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('inv_ledger_item_idx').on('inv_ledger').columns(['company_id', 'item_id', 'warehouse_id']).execute();
  await db.schema.createIndex('inv_ledger_document_idx').on('inv_ledger').columns(['company_id', 'document_kind', 'document_id']).execute();

  // On hand per item and warehouse: the sum of the ledger, kept in the ledger's transaction.
  await db.schema
    .createTable('inv_stock')
    .addColumn('company_id', 'integer', (c) => c.notNull())
    .addColumn('item_id', 'integer', (c) => c.notNull())
    .addColumn('warehouse_id', 'integer', (c) => c.notNull())
    .addColumn('quantity', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('inv_stock_pk', ['company_id', 'item_id', 'warehouse_id'])
    .execute();

  // Where a serial is: in a warehouse, or on an open outbound order (a shipped one has no row).
  // The primary key keeps a serial in at most one place.
  await db.schema
    .createTable('inv_serial')
    .addColumn('company_id', 'integer', (c) => c.notNull())
    .addColumn('serial', 'varchar(32)', (c) => c.notNull())
    .addColumn('item_id', 'integer', (c) => c.notNull())
    .addColumn('device_id', 'integer', (c) => c.notNull())
    .addColumn('warehouse_id', 'integer')
    .addColumn('outbound_id', 'integer')
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('inv_serial_pk', ['company_id', 'serial'])
    .execute();
  await db.schema.createIndex('inv_serial_device_idx').on('inv_serial').columns(['device_id']).unique().execute();

  // The devices module's: every lifecycle move of a device, with the document that made it.
  await withId(db, db.schema.createTable('device_lifecycle'))
    .addColumn('company_id', 'integer', (c) => c.notNull())
    .addColumn('device_id', 'integer', (c) => c.notNull())
    .addColumn('from_status', 'integer')
    .addColumn('to_status', 'integer', (c) => c.notNull())
    .addColumn('document', 'varchar(20)', (c) => c.notNull())
    .addColumn('document_kind', 'varchar(16)')
    .addColumn('document_id', 'integer')
    .addColumn('created_by', 'integer')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('device_lifecycle_device_idx').on('device_lifecycle').columns(['company_id', 'device_id']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of [
    'device_lifecycle',
    'inv_serial',
    'inv_stock',
    'inv_ledger',
    'inv_return',
    'inv_shipment',
    'inv_outbound_line',
    'inv_outbound',
    'inv_stock_in',
    'production_order',
    'inv_setting',
    'inv_customer',
    'inv_warehouse',
    'inv_item',
    'inv_category',
  ]) {
    await db.schema.dropTable(table).execute();
  }
}
