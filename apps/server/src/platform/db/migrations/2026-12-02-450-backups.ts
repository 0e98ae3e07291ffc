import { sql, type CreateTableBuilder, type Kysely } from 'kysely';

// Frozen in time: never import app code here. Runs on SQLite and PostgreSQL alike.
// Issue 38 (docs/operations.md "Scheduled backups"): the runs of the platform's backups — scheduled
// (BACKUP_CRON) or "back up now" — with state, size, duration, location and error. One run per
// cron slot (unique scheduled_for: several instances do not both run it) and one running run at a
// time (a unique index on state of the running rows only). The built-in platform administrator
// roles get the page's new code.

function isPostgres(db: Kysely<any>): boolean {
  return db.getExecutor().adapter.constructor.name === 'PostgresAdapter';
}

function withId<T extends string>(db: Kysely<any>, table: CreateTableBuilder<T, never>): CreateTableBuilder<T, 'id'> {
  return isPostgres(db) ? table.addColumn('id', 'serial', (c) => c.primaryKey()) : table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
}

export async function up(db: Kysely<any>): Promise<void> {
  await withId(db, db.schema.createTable('backup_run'))
    .addColumn('state', 'varchar(16)', (c) => c.notNull())
    .addColumn('trigger_kind', 'varchar(16)', (c) => c.notNull())
    .addColumn('scheduled_for', 'bigint')
    .addColumn('started_at', 'bigint', (c) => c.notNull())
    .addColumn('finished_at', 'bigint')
    .addColumn('duration_ms', 'bigint')
    .addColumn('heartbeat_at', 'bigint', (c) => c.notNull())
    .addColumn('instance_id', 'varchar(200)', (c) => c.notNull())
    .addColumn('bytes', 'bigint')
    .addColumn('files', 'integer')
    .addColumn('name', 'varchar(200)')
    .addColumn('dir', 'text')
    .addColumn('s3_key', 'text')
    .addColumn('error', 'text')
    .addColumn('started_by', 'integer')
    .addColumn('alarm_open', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex('backup_run_slot_uq').on('backup_run').column('scheduled_for').unique().execute();
  await db.schema.createIndex('backup_run_running_uq').on('backup_run').column('state').unique().where(sql.ref('state'), '=', 'running').execute();
  await db.schema.createIndex('backup_run_started_ix').on('backup_run').column('started_at').execute();

  const roles = await db.selectFrom('role').select(['id', 'codes']).where('builtin_key', '=', 'role.platformAdmin').execute();
  for (const role of roles as { id: number; codes: string }[]) {
    const codes = JSON.parse(role.codes) as string[];
    if (!codes.includes('system_backup')) {
      await db.updateTable('role').set({ codes: JSON.stringify([...codes, 'system_backup']) }).where('id', '=', role.id).execute();
    }
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('backup_run').execute();
}
