import { sql, type Kysely } from 'kysely';

// Frozen in time: never import app code here. Runs on SQLite and PostgreSQL alike.
//
// Issue 22: at-least-once delivery (an external broker redelivers what an instance that died had
// not acknowledged) means a device payload may arrive twice. An IoT data list is bound to one
// device, so (item, instant) names a device record: a unique index on device records'
// (item_id, created_at) lets the ingest insert with ON CONFLICT DO NOTHING, so a redelivered
// payload is stored once even when two instances receive it (docs/telemetry.md "Duplicates").
//
// Databases written before this may hold such duplicates already (two publishes of one instant):
// they are kept as they are — the index covers only records written after this migration (ids
// above the largest one now), so creating it never fails on old rows and no stored value changes.

export async function up(db: Kysely<any>): Promise<void> {
  const top = await sql<{ top: number | string | null }>`select max(id) as top from data_record`.execute(db);
  const above = Number(top.rows[0]?.top ?? 0);
  await sql`create unique index data_record_device_once_uq on data_record (item_id, created_at)
    where source = 'device' and id > ${sql.lit(above)}`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index if exists data_record_device_once_uq`.execute(db);
}
