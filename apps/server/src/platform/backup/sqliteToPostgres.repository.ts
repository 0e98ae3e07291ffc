import type SQLite from 'better-sqlite3';
import type pg from 'pg';

/**
 * The SQL of copying an embedded database into PostgreSQL (sqliteToPostgres.ts): the tables and
 * columns of both sides, the foreign-key order, the rows, and the sequences after the copy.
 */

const identifier = (name: string) => {
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) {
    throw new Error(`unexpected table or column name ${name}`);
  }
  return `"${name}"`;
};

/** The SQLite file's tables (Kysely's migration tables and SQLite's own left out), with their columns. */
export function sqliteTables(db: SQLite.Database): Map<string, string[]> {
  const names = db.prepare("select name from sqlite_master where type = 'table' and name not like 'sqlite_%' and name not like 'kysely_%' order by name").pluck().all() as string[];
  return new Map(names.map((name) => [name, (db.prepare(`pragma table_info(${identifier(name)})`).all() as Array<{ name: string }>).map((column) => column.name)]));
}

/** Rows of a SQLite table, `columns` only, in rowid order where the table has one. */
export function sqliteRows(db: SQLite.Database, table: string, columns: string[]): IterableIterator<unknown[]> {
  return db.prepare(`select ${columns.map(identifier).join(', ')} from ${identifier(table)}`).raw().iterate() as IterableIterator<unknown[]>;
}

export function sqliteCount(db: SQLite.Database, table: string): number {
  return db.prepare(`select count(*) from ${identifier(table)}`).pluck().get() as number;
}

/** The schema's tables that hold rows (plain and partitioned tables; the partitions themselves left out), with their columns. */
export async function postgresTables(client: pg.Client, schema: string): Promise<Map<string, string[]>> {
  const result = await client.query<{ table_name: string; column_name: string }>(
    `select c.table_name, c.column_name from information_schema.columns c
       join pg_class t on t.relname = c.table_name join pg_namespace n on n.oid = t.relnamespace and n.nspname = c.table_schema
      where c.table_schema = $1 and t.relkind in ('r', 'p') and not t.relispartition and c.table_name not like 'kysely_%'
        and c.is_generated = 'NEVER'
      order by c.table_name, c.ordinal_position`,
    [schema],
  );
  const tables = new Map<string, string[]>();
  for (const row of result.rows) {
    tables.set(row.table_name, [...(tables.get(row.table_name) ?? []), row.column_name]);
  }
  return tables;
}

/** Foreign keys of the schema: [table, the table it references]. */
export async function postgresForeignKeys(client: pg.Client, schema: string): Promise<Array<[string, string]>> {
  const result = await client.query<{ child: string; parent: string }>(
    `select c.relname as child, p.relname as parent from pg_constraint k
       join pg_class c on c.oid = k.conrelid join pg_class p on p.oid = k.confrelid join pg_namespace n on n.oid = c.relnamespace
      where k.contype = 'f' and n.nspname = $1`,
    [schema],
  );
  return result.rows.map((row) => [row.child, row.parent]);
}

export async function deleteAll(client: pg.Client, schema: string, table: string): Promise<void> {
  await client.query(`delete from ${identifier(schema)}.${identifier(table)}`);
}

/** One multi-row insert. */
export async function insertRows(client: pg.Client, schema: string, table: string, columns: string[], rows: unknown[][]): Promise<void> {
  const values: unknown[] = [];
  const tuples = rows.map((row) => `(${row.map((value) => `$${values.push(value)}`).join(', ')})`);
  await client.query(`insert into ${identifier(schema)}.${identifier(table)} (${columns.map(identifier).join(', ')}) values ${tuples.join(', ')}`, values);
}

export async function postgresCount(client: pg.Client, schema: string, table: string): Promise<number> {
  const result = await client.query<{ n: string }>(`select count(*) as n from ${identifier(schema)}.${identifier(table)}`);
  return Number(result.rows[0]?.n ?? 0);
}

/** Every serial or identity column's sequence set past the greatest value copied, so the next row gets a new id. */
export async function resetSequences(client: pg.Client, schema: string): Promise<number> {
  const result = await client.query<{ table_name: string; column_name: string; sequence: string | null }>(
    `select table_name, column_name, pg_get_serial_sequence(quote_ident(table_schema) || '.' || quote_ident(table_name), column_name) as sequence
       from information_schema.columns where table_schema = $1 and (column_default like 'nextval(%' or is_identity = 'YES')`,
    [schema],
  );
  let reset = 0;
  for (const row of result.rows) {
    if (row.sequence) {
      await client.query(`select setval($1, coalesce((select max(${identifier(row.column_name)}) from ${identifier(schema)}.${identifier(row.table_name)}), 0) + 1, false)`, [row.sequence]);
      reset += 1;
    }
  }
  return reset;
}
