import type { Kysely } from 'kysely';

// Frozen in time: never import app code here. Runs on SQLite and PostgreSQL alike.
// Issue 31.7: an alarm's `first_time` / `last_time` become the instants it was raised and last
// triggered (the engine's clock); the value's own time (a daily total's window start, a device's
// time stamp) gets its own column. Alarms raised before this were dated by their value, so their
// first time is their value's time; "stopped updating" alarms have no value and keep none.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('alarm').addColumn('value_time', 'bigint').execute();
  await db.updateTable('alarm').set((eb) => ({ value_time: eb.ref('first_time') })).where('value', 'is not', null).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('alarm').dropColumn('value_time').execute();
}
