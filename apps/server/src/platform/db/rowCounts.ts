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
