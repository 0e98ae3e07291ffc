import type { Kysely } from 'kysely';

// Frozen in time: never import app code here. Runs on SQLite and PostgreSQL alike.
// Deferred rollups (docs/charts.md, "Rollups after commit"): a series may keep its rollups
// complete only up to `rolled_until`, its later values being in points only until the roller folds
// them. Null (every series so far): rollups are kept on every write.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('series').addColumn('rolled_until', 'bigint').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('series').dropColumn('rolled_until').execute();
}
