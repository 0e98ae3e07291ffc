import type { CreateTableBuilder, Kysely } from 'kysely';

// Frozen in time: never import app code here. Runs on SQLite and PostgreSQL alike.
// Sales contracts and orders (issue 18, docs/sales.md): contracts with their files, sales orders
// with their lines; in inventory, the reserved quantity per item and warehouse, the append-only
// reservation ledger it sums, and the sales order an outbound order was made for.

function isPostgres(db: Kysely<any>): boolean {
  return db.getExecutor().adapter.constructor.name === 'PostgresAdapter';
}

function withId<T extends string>(db: Kysely<any>, table: CreateTableBuilder<T, never>): CreateTableBuilder<T, 'id'> {
  return isPostgres(db) ? table.addColumn('id', 'serial', (c) => c.primaryKey()) : table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
}

export async function up(db: Kysely<any>): Promise<void> {
  await withId(db, db.schema.createTable('sl_contract'))
    .addColumn('company_id', 'integer', (c) => c.notNull())
    .addColumn('number', 'varchar(64)', (c) => c.notNull())
    .addColumn('customer_id', 'integer', (c) => c.notNull())
    .addColumn('title', 'varchar(200)', (c) => c.notNull())
    .addColumn('signed_date', 'varchar(10)')
    .addColumn('start_date', 'varchar(10)')
    .addColumn('end_date', 'varchar(10)')
    .addColumn('amount_cents', 'bigint', (c) => c.notNull())
    .addColumn('remarks', 'varchar(1000)', (c) => c.notNull())
    .addColumn('state', 'varchar(16)', (c) => c.notNull())
    .addColumn('created_by', 'integer')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('sl_contract_number_idx').on('sl_contract').columns(['company_id', 'number']).unique().execute();
  await db.schema.createIndex('sl_contract_end_idx').on('sl_contract').columns(['company_id', 'end_date']).execute();

  await withId(db, db.schema.createTable('sl_contract_file'))
    .addColumn('company_id', 'integer', (c) => c.notNull())
    .addColumn('contract_id', 'integer', (c) => c.notNull())
    .addColumn('object_key', 'varchar(200)', (c) => c.notNull().unique())
    .addColumn('file_name', 'varchar(400)', (c) => c.notNull())
    .addColumn('content_type', 'varchar(200)', (c) => c.notNull())
    .addColumn('size', 'bigint', (c) => c.notNull())
    .addColumn('created_by', 'integer')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('sl_contract_file_contract_idx').on('sl_contract_file').columns(['contract_id']).execute();

  await withId(db, db.schema.createTable('sl_order'))
    .addColumn('company_id', 'integer', (c) => c.notNull())
    .addColumn('number', 'varchar(64)', (c) => c.notNull())
    .addColumn('customer_id', 'integer', (c) => c.notNull())
    .addColumn('contract_id', 'integer')
    .addColumn('service_end_date', 'varchar(10)')
    .addColumn('remarks', 'varchar(1000)', (c) => c.notNull())
    .addColumn('state', 'varchar(20)', (c) => c.notNull())
    .addColumn('created_by', 'integer')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addColumn('confirmed_at', 'bigint')
    .addColumn('closed_at', 'bigint')
    .execute();
  await db.schema.createIndex('sl_order_number_idx').on('sl_order').columns(['company_id', 'number']).unique().execute();
  await db.schema.createIndex('sl_order_end_idx').on('sl_order').columns(['company_id', 'service_end_date']).execute();

  // quantity = reserved (held in the warehouse) + on_outbound (on open outbound orders) + shipped + what a closed order gave up.
  await withId(db, db.schema.createTable('sl_order_line'))
    .addColumn('company_id', 'integer', (c) => c.notNull())
    .addColumn('order_id', 'integer', (c) => c.notNull())
    .addColumn('item_id', 'integer', (c) => c.notNull())
    .addColumn('warehouse_id', 'integer', (c) => c.notNull())
    .addColumn('quantity', 'integer', (c) => c.notNull())
    .addColumn('reserved', 'integer', (c) => c.notNull())
    .addColumn('on_outbound', 'integer', (c) => c.notNull())
    .addColumn('shipped', 'integer', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('sl_order_line_order_idx').on('sl_order_line').columns(['order_id', 'item_id', 'warehouse_id']).unique().execute();

  // Inventory's: what sales orders hold of the stock (available = quantity − reserved).
  await db.schema
    .alterTable('inv_stock')
    .addColumn('reserved', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('inv_outbound').addColumn('sales_order_id', 'integer').execute();
  await db.schema.createIndex('inv_outbound_sales_order_idx').on('inv_outbound').columns(['sales_order_id']).execute();

  // Inventory's append-only reservation ledger: inv_stock.reserved is its sum per item and warehouse.
  await withId(db, db.schema.createTable('inv_reservation'))
    .addColumn('company_id', 'integer', (c) => c.notNull())
    .addColumn('sales_order_id', 'integer', (c) => c.notNull())
    .addColumn('outbound_id', 'integer')
    .addColumn('item_id', 'integer', (c) => c.notNull())
    .addColumn('warehouse_id', 'integer', (c) => c.notNull())
    .addColumn('quantity', 'integer', (c) => c.notNull())
    .addColumn('reason', 'varchar(20)', (c) => c.notNull())
    .addColumn('created_by', 'integer')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('inv_reservation_item_idx').on('inv_reservation').columns(['company_id', 'item_id', 'warehouse_id']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('inv_reservation').execute();
  await db.schema.dropIndex('inv_outbound_sales_order_idx').execute();
  await db.schema.alterTable('inv_outbound').dropColumn('sales_order_id').execute();
  await db.schema.alterTable('inv_stock').dropColumn('reserved').execute();
  for (const table of ['sl_order_line', 'sl_order', 'sl_contract_file', 'sl_contract']) {
    await db.schema.dropTable(table).execute();
  }
}
