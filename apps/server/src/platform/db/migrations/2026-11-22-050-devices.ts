import type { CreateTableBuilder, Kysely } from 'kysely';

// Frozen in time: never import app code here. Runs on SQLite and PostgreSQL alike.
// Devices and gateways (docs/devices.md): the registry, firmware packages and upgrade jobs,
// gateway configurations with their versions, MQTT link certificates.

function isPostgres(db: Kysely<any>): boolean {
  return db.getExecutor().adapter.constructor.name === 'PostgresAdapter';
}

function withId<T extends string>(db: Kysely<any>, table: CreateTableBuilder<T, never>): CreateTableBuilder<T, 'id'> {
  return isPostgres(db) ? table.addColumn('id', 'serial', (c) => c.primaryKey()) : table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
}

export async function up(db: Kysely<any>): Promise<void> {
  await withId(db, db.schema.createTable('device'))
    .addColumn('company_id', 'integer', (c) => c.notNull())
    .addColumn('node_id', 'integer', (c) => c.notNull().unique())
    .addColumn('name', 'varchar(100)', (c) => c.notNull())
    .addColumn('sn', 'varchar(32)', (c) => c.notNull().unique())
    .addColumn('model', 'varchar(50)', (c) => c.notNull())
    .addColumn('address', 'varchar(200)', (c) => c.notNull().defaultTo(''))
    .addColumn('remarks', 'varchar(500)', (c) => c.notNull().defaultTo(''))
    .addColumn('pictures', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('secret_hash', 'varchar(64)', (c) => c.notNull())
    .addColumn('status', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('bind_state', 'varchar(10)', (c) => c.notNull().defaultTo('unbound'))
    .addColumn('bind_cmd_id', 'varchar(40)')
    .addColumn('bind_code', 'varchar(10)')
    .addColumn('bind_expires_at', 'bigint')
    .addColumn('bind_message', 'varchar(60)')
    .addColumn('online', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('last_seen_at', 'bigint')
    .addColumn('firmware_version', 'varchar(20)')
    .addColumn('ota_job_id', 'integer')
    .addColumn('config_state', 'varchar(10)', (c) => c.notNull().defaultTo('idle'))
    .addColumn('config_cmd_id', 'varchar(40)')
    .addColumn('config_version', 'integer')
    .addColumn('config_message', 'varchar(60)')
    .addColumn('config_reasons', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('config_deadline', 'bigint')
    .addColumn('detect_state', 'varchar(10)', (c) => c.notNull().defaultTo('idle'))
    .addColumn('detect_cmd_id', 'varchar(40)')
    .addColumn('detect_flow', 'text')
    .addColumn('detect_message', 'varchar(60)')
    .addColumn('detect_reasons', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('detect_deadline', 'bigint')
    .addColumn('created_by', 'integer')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('device_company_idx').on('device').columns(['company_id', 'id']).execute();

  await withId(db, db.schema.createTable('device_firmware'))
    .addColumn('company_id', 'integer', (c) => c.notNull())
    .addColumn('model', 'varchar(50)', (c) => c.notNull())
    .addColumn('version', 'varchar(20)', (c) => c.notNull())
    .addColumn('object_key', 'varchar(300)', (c) => c.notNull())
    .addColumn('file_name', 'varchar(200)', (c) => c.notNull())
    .addColumn('size', 'bigint', (c) => c.notNull())
    .addColumn('sha256', 'varchar(64)', (c) => c.notNull())
    .addColumn('remarks', 'varchar(500)', (c) => c.notNull().defaultTo(''))
    .addColumn('created_by', 'integer')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addUniqueConstraint('device_firmware_version_uq', ['company_id', 'model', 'version'])
    .execute();

  await withId(db, db.schema.createTable('device_ota'))
    .addColumn('company_id', 'integer', (c) => c.notNull())
    .addColumn('device_id', 'integer', (c) => c.notNull())
    .addColumn('firmware_id', 'integer', (c) => c.notNull())
    .addColumn('cmd_id', 'varchar(40)', (c) => c.notNull())
    .addColumn('from_version', 'varchar(20)')
    .addColumn('to_version', 'varchar(20)', (c) => c.notNull())
    .addColumn('state', 'varchar(10)', (c) => c.notNull())
    .addColumn('percent', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('message', 'varchar(60)')
    .addColumn('deadline', 'bigint', (c) => c.notNull())
    .addColumn('created_by', 'integer')
    .addColumn('started_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addColumn('finished_at', 'bigint')
    .execute();
  await db.schema.createIndex('device_ota_device_idx').on('device_ota').columns(['company_id', 'device_id']).execute();

  await db.schema
    .createTable('gateway_config')
    .addColumn('device_id', 'integer', (c) => c.primaryKey())
    .addColumn('company_id', 'integer', (c) => c.notNull())
    .addColumn('flow', 'text', (c) => c.notNull())
    .addColumn('saved_at', 'bigint', (c) => c.notNull())
    .addColumn('saved_by', 'integer')
    .addColumn('applied_version', 'integer')
    .execute();

  await withId(db, db.schema.createTable('gateway_config_version'))
    .addColumn('company_id', 'integer', (c) => c.notNull())
    .addColumn('device_id', 'integer', (c) => c.notNull())
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('reason', 'varchar(10)', (c) => c.notNull())
    .addColumn('state', 'varchar(10)', (c) => c.notNull())
    .addColumn('flow', 'text', (c) => c.notNull())
    .addColumn('created_by', 'integer')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addUniqueConstraint('gateway_config_version_uq', ['device_id', 'version'])
    .execute();

  await withId(db, db.schema.createTable('gateway_certificate'))
    .addColumn('company_id', 'integer', (c) => c.notNull())
    .addColumn('file_name', 'varchar(200)', (c) => c.notNull())
    .addColumn('pem', 'text', (c) => c.notNull())
    .addColumn('subject', 'varchar(500)', (c) => c.notNull())
    .addColumn('issuer', 'varchar(500)', (c) => c.notNull())
    .addColumn('valid_from', 'bigint', (c) => c.notNull())
    .addColumn('valid_to', 'bigint', (c) => c.notNull())
    .addColumn('fingerprint256', 'varchar(100)', (c) => c.notNull())
    .addColumn('is_ca', 'integer', (c) => c.notNull())
    .addColumn('self_signed', 'integer', (c) => c.notNull())
    .addColumn('created_by', 'integer')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('gateway_certificate_company_idx').on('gateway_certificate').columns(['company_id']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['gateway_certificate', 'gateway_config_version', 'gateway_config', 'device_ota', 'device_firmware', 'device']) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
