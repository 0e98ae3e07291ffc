import { sql, type Kysely } from 'kysely';

// Frozen in time: never import app code here. Runs on SQLite and PostgreSQL alike.
//
// Issue 22: migration 310 made a device record unique per (item, instant), so a second payload of
// the same instant with OTHER keys was dropped as if it were a redelivery — a device that sends two
// counters in two publishes stamped with the same second lost the second counter. A redelivery is
// the same payload again: the unique key is now (item, instant, values) — the values as stored
// (`values_json`; its md5 on PostgreSQL, whose index entries are bounded in size). Records of the
// same instant with other values are stored; a redelivered one is not (docs/telemetry.md,
// "Duplicates"). The index keeps 310's lower bound on ids: rows older than 310 are not checked.

function isPostgres(db: Kysely<any>): boolean {
  return db.getExecutor().adapter.constructor.name === 'PostgresAdapter';
}

/** The lower bound on ids (`id > N`) of the named index, or null when it does not exist. */
async function idBound(db: Kysely<any>, pg: boolean, index: string): Promise<number | null> {
  const definition = pg
    ? await sql<{ def: string }>`select indexdef as def from pg_indexes where indexname = ${index} and schemaname = current_schema()`.execute(db)
    : await sql<{ def: string }>`select sql as def from sqlite_master where type = 'index' and name = ${index}`.execute(db);
  const match = /id > \(?(\d+)/.exec(definition.rows[0]?.def ?? '');
  return match ? Number(match[1]) : null;
}

/** Migration 310's lower bound on ids, or the largest id now. */
async function bound(db: Kysely<any>, pg: boolean): Promise<number> {
  const kept = await idBound(db, pg, 'data_record_device_once_uq');
  if (kept !== null) {
    return kept;
  }
  const top = await sql<{ top: number | string | null }>`select max(id) as top from data_record`.execute(db);
  return Number(top.rows[0]?.top ?? 0);
}

export async function up(db: Kysely<any>): Promise<void> {
  const pg = isPostgres(db);
  const above = await bound(db, pg);
  await sql`drop index if exists data_record_device_once_uq`.execute(db);
  const values = pg ? sql`md5(values_json)` : sql`values_json`;
  await sql`create unique index data_record_device_values_once_uq on data_record (item_id, created_at, ${values})
    where source = 'device' and id > ${sql.lit(above)}`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  const pg = isPostgres(db);
  const above = (await idBound(db, pg, 'data_record_device_values_once_uq')) ?? (await bound(db, pg));
  await sql`drop index if exists data_record_device_values_once_uq`.execute(db);
  // 310's index again (it may fail where two records of one instant now exist: then it is left off).
  await sql`create unique index if not exists data_record_device_once_uq on data_record (item_id, created_at)
    where source = 'device' and id > ${sql.lit(above)}`
    .execute(db)
    .catch(() => undefined);
}
