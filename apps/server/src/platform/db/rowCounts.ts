import { sql } from 'kysely';
import type { Db } from './database';

/** Rows per table (migration bookkeeping left out): what generated tests compare before and after. */
export async function rowCounts(db: Db): Promise<Record<string, number>> {
  const tables = (await db.introspection.getTables()).map((t) => t.name).filter((name) => !name.startsWith('kysely_'));
  const counts: Record<string, number> = {};
  for (const table of tables.sort()) {
    const row = await db
      .selectFrom(table as 'company')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    counts[table] = Number(row.n);
  }
  return counts;
}

/**
 * Rows per table in one statement (a UNION ALL of counts): cheap enough to read before and after
 * every call of a generated test, on SQLite and PostgreSQL alike.
 */
export async function rowCountsAtOnce(db: Db, tables: readonly string[]): Promise<Record<string, number>> {
  if (tables.length === 0) {
    return {};
  }
  const one = (table: string) =>
    db.selectFrom(table as 'company').select([sql.lit(table).as('t'), (eb) => eb.fn.countAll<number>().as('n')]);
  let query = one(tables[0]);
  for (const table of tables.slice(1)) {
    query = query.unionAll(one(table));
  }
  const rows = await query.execute();
  return Object.fromEntries(rows.map((row) => [String(row.t), Number(row.n)]));
}

/** The database's own consistency checks (SQLite: integrity and foreign keys); empty when sound. */
export async function integrityProblems(db: Db, kind: 'sqlite' | 'postgres'): Promise<string[]> {
  if (kind !== 'sqlite') {
    // PostgreSQL enforces constraints on every write; a count of every table must still answer.
    await rowCounts(db);
    return [];
  }
  const integrity = await sql<{ integrity_check: string }>`pragma integrity_check`.execute(db);
  const foreignKeys = await sql<Record<string, unknown>>`pragma foreign_key_check`.execute(db);
  return [...integrity.rows.map((r) => r.integrity_check).filter((text) => text !== 'ok'), ...foreignKeys.rows.map((r) => JSON.stringify(r))];
}
