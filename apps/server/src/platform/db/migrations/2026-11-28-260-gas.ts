import type { CreateTableBuilder, Kysely } from 'kysely';

// Frozen in time: never import app code here. Runs on SQLite and PostgreSQL alike.
// Gas blending, high-purity gas and certificates (issue 20, docs/gas.md): blending orders (the
// calculation input, its plan, the weighed fill and the analysis as JSON), high-purity grades and
// their analyses, certificates (a snapshot, a random public code for the verification page).

function isPostgres(db: Kysely<any>): boolean {
  return db.getExecutor().adapter.constructor.name === 'PostgresAdapter';
}

function withId<T extends string>(db: Kysely<any>, table: CreateTableBuilder<T, never>): CreateTableBuilder<T, 'id'> {
  return isPostgres(db) ? table.addColumn('id', 'serial', (c) => c.primaryKey()) : table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
}

export async function up(db: Kysely<any>): Promise<void> {
  await withId(db, db.schema.createTable('gas_blend_order'))
    .addColumn('company_id', 'integer', (c) => c.notNull())
    .addColumn('number', 'varchar(32)', (c) => c.notNull())
    .addColumn('state', 'varchar(16)', (c) => c.notNull())
    .addColumn('method', 'varchar(16)', (c) => c.notNull())
    .addColumn('cylinder_number', 'varchar(32)', (c) => c.notNull())
    .addColumn('cylinder_material', 'varchar(50)', (c) => c.notNull())
    .addColumn('valve', 'varchar(50)', (c) => c.notNull())
    .addColumn('remarks', 'varchar(200)', (c) => c.notNull())
    .addColumn('input_json', 'text', (c) => c.notNull())
    .addColumn('plan_json', 'text', (c) => c.notNull())
    .addColumn('fill_json', 'text')
    .addColumn('analysis_json', 'text')
    .addColumn('product_item_id', 'integer')
    .addColumn('warehouse_id', 'integer')
    .addColumn('created_by', 'integer')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('gas_blend_order_number_idx').on('gas_blend_order').columns(['company_id', 'number']).unique().execute();
  await db.schema.createIndex('gas_blend_order_state_idx').on('gas_blend_order').columns(['company_id', 'state', 'id']).execute();

  await withId(db, db.schema.createTable('gas_grade'))
    .addColumn('company_id', 'integer', (c) => c.notNull())
    .addColumn('gas', 'varchar(16)', (c) => c.notNull())
    .addColumn('grade', 'varchar(8)', (c) => c.notNull())
    .addColumn('impurities_json', 'text', (c) => c.notNull())
    .addColumn('remarks', 'varchar(200)', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('gas_grade_name_idx').on('gas_grade').columns(['company_id', 'gas', 'grade']).unique().execute();

  await withId(db, db.schema.createTable('gas_purity_analysis'))
    .addColumn('company_id', 'integer', (c) => c.notNull())
    .addColumn('number', 'varchar(32)', (c) => c.notNull())
    .addColumn('grade_id', 'integer', (c) => c.notNull())
    .addColumn('cylinder_number', 'varchar(32)', (c) => c.notNull())
    .addColumn('lot', 'varchar(50)', (c) => c.notNull())
    .addColumn('analysed_at', 'bigint', (c) => c.notNull())
    .addColumn('results_json', 'text', (c) => c.notNull())
    .addColumn('purity', 'double precision', (c) => c.notNull())
    .addColumn('purity_lower', 'double precision', (c) => c.notNull())
    .addColumn('passed', 'integer', (c) => c.notNull())
    .addColumn('created_by', 'integer')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('gas_purity_analysis_number_idx').on('gas_purity_analysis').columns(['company_id', 'number']).unique().execute();
  await db.schema.createIndex('gas_purity_analysis_grade_idx').on('gas_purity_analysis').columns(['company_id', 'grade_id']).execute();

  await withId(db, db.schema.createTable('gas_certificate'))
    .addColumn('company_id', 'integer', (c) => c.notNull())
    .addColumn('number', 'varchar(32)', (c) => c.notNull())
    .addColumn('code', 'varchar(64)', (c) => c.notNull())
    .addColumn('source', 'varchar(8)', (c) => c.notNull())
    .addColumn('source_id', 'integer', (c) => c.notNull())
    .addColumn('snapshot_json', 'text', (c) => c.notNull())
    .addColumn('state', 'varchar(16)', (c) => c.notNull())
    .addColumn('certified_at', 'varchar(10)', (c) => c.notNull())
    .addColumn('expires_at', 'varchar(10)', (c) => c.notNull())
    .addColumn('revoked_reason', 'varchar(200)')
    .addColumn('revoked_at', 'bigint')
    .addColumn('created_by', 'integer')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('gas_certificate_number_idx').on('gas_certificate').columns(['company_id', 'number']).unique().execute();
  await db.schema.createIndex('gas_certificate_code_idx').on('gas_certificate').columns(['code']).unique().execute();
  await db.schema.createIndex('gas_certificate_source_idx').on('gas_certificate').columns(['company_id', 'source', 'source_id']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['gas_certificate', 'gas_purity_analysis', 'gas_grade', 'gas_blend_order']) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
