import { sql, type Kysely } from 'kysely';

// Frozen in time: never import app code here. Runs on SQLite and PostgreSQL alike.
//
// Issue 31.8: every late value recomputed its window at once — at 1 Hz one recompute run a second
// in the task log. A late value now marks its window: one pending recompute row per (analysis,
// window) — state 'scheduled', kind 'recompute' — counting the values that landed in it
// (`triggers`) and due a short period after the first (`due_at`); the scheduler's sweep runs it
// once when due. The pending row is in the database so that it survives a restart and any
// instance may run it (claimed by a compare-and-set on its state).

export async function up(db: Kysely<any>): Promise<void> {
  // One column per statement: SQLite's ALTER TABLE adds one at a time.
  await db.schema.alterTable('task_run').addColumn('triggers', 'integer').execute();
  await db.schema.alterTable('task_run').addColumn('due_at', 'bigint').execute();
  await sql`create unique index task_run_pending_uq on task_run (task_type, task_id, window_from) where kind = 'recompute' and state = 'scheduled'`.execute(db);
  await sql`create index task_run_due_idx on task_run (due_at) where state = 'scheduled'`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index if exists task_run_due_idx`.execute(db);
  await sql`drop index if exists task_run_pending_uq`.execute(db);
  await db.schema.alterTable('task_run').dropColumn('due_at').execute();
  await db.schema.alterTable('task_run').dropColumn('triggers').execute();
}
