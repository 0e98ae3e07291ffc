import fs from 'node:fs';
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { loadConfig } from '../../config';
import { loadPg, migrate, openDatabase } from '../db/database';
import { tablesInSchema } from './backup.repository';
import { BackupRefusal } from './backup';
import { BackupWorker } from './backupWorker';
import { deleteAll, insertRows, postgresCount, postgresForeignKeys, postgresTables, resetSequences, sqliteCount, sqliteRows, sqliteTables } from './sqliteToPostgres.repository';

/**
 * Moves an installation from the embedded SQLite database to PostgreSQL (`npm run migrate-to-pg`):
 * a consistent copy of DATA_DIR/smartdata.db (the backup's snapshot) is migrated to this
 * version, the empty PostgreSQL database of DATABASE_URL is migrated to the same version, and
 * every table's rows are copied across in one transaction — the rows the migrations seeded on the
 * PostgreSQL side replaced by the installation's own, referenced tables first, every sequence set
 * past the greatest id — then each table's row count is compared. The rest of DATA_DIR (secrets,
 * objects, mqtt-tls/) stays where it is: the PostgreSQL installation runs with the same DATA_DIR.
 */
export interface MoveResult {
  tables: Array<{ table: string; rows: number }>;
  /** SQLite tables PostgreSQL does not have (none expected), with their rows. */
  skipped: Array<{ table: string; rows: number }>;
  sequences: number;
  migrations: number;
}

/** Rows per insert: well under PostgreSQL's 65 535 parameters for the widest table. */
const parametersPerInsert = 30_000;

export async function copySqliteToPostgres(options: { dataDir: string; databaseUrl: string; databaseSchema?: string; onTable?: (table: string, rows: number) => void }): Promise<MoveResult> {
  const schema = options.databaseSchema ?? 'public';
  const source = path.join(options.dataDir, 'smartdata.db');
  if (!fs.existsSync(source)) {
    throw new BackupRefusal(`there is no embedded database at ${source}: set DATA_DIR to the SQLite installation's folder`);
  }
  const pg = await loadPg();
  const client = new pg.Client({ connectionString: options.databaseUrl });
  await client.connect();
  const temporary = await fsp.mkdtemp(path.join(os.tmpdir(), 'smartdata-to-pg-'));
  try {
    const tables = await tablesInSchema(client, schema);
    if (tables > 0) {
      throw new BackupRefusal(`the database of DATABASE_URL is not empty: schema ${schema} has ${tables} tables. Move into an empty database (createdb).`);
    }
    // A snapshot of one instant (the server may still run; values it stores later are not moved).
    const worker = new BackupWorker();
    const copy = path.join(temporary, 'smartdata.db');
    try {
      await worker.snapshotSqlite(source, copy);
    } finally {
      await worker.close();
    }
    const base = { ...loadConfig({}), dataDir: temporary };
    const sqliteSide = await openDatabase({ ...base, sqliteFile: copy });
    await migrate(sqliteSide.db).finally(() => sqliteSide.close());
    const postgresSide = await openDatabase({ ...base, databaseUrl: options.databaseUrl, databaseSchema: schema });
    await migrate(postgresSide.db, schema).finally(() => postgresSide.close());

    const sqlite = new SQLite(copy, { readonly: true });
    try {
      const from = sqliteTables(sqlite);
      const to = await postgresTables(client, schema);
      const order = referencedFirst([...to.keys()].filter((table) => from.has(table)), await postgresForeignKeys(client, schema));
      const skipped = [...from.keys()].filter((table) => !to.has(table)).map((table) => ({ table, rows: sqliteCount(sqlite, table) }));
      const copied: MoveResult['tables'] = [];
      await client.query('begin');
      try {
        for (const table of [...order].reverse()) {
          await deleteAll(client, schema, table);
        }
        for (const table of order) {
          const columns = from.get(table)!.filter((column) => to.get(table)!.includes(column));
          const perInsert = Math.max(1, Math.floor(parametersPerInsert / columns.length));
          let batch: unknown[][] = [];
          let rows = 0;
          for (const row of sqliteRows(sqlite, table, columns)) {
            batch.push(row);
            if (batch.length >= perInsert) {
              await insertRows(client, schema, table, columns, batch);
              rows += batch.length;
              batch = [];
            }
          }
          if (batch.length > 0) {
            await insertRows(client, schema, table, columns, batch);
            rows += batch.length;
          }
          copied.push({ table, rows });
          options.onTable?.(table, rows);
        }
        const sequences = await resetSequences(client, schema);
        for (const { table, rows } of copied) {
          const there = await postgresCount(client, schema, table);
          if (there !== rows || rows !== sqliteCount(sqlite, table)) {
            throw new Error(`table ${table}: ${rows} rows read, ${there} in PostgreSQL`);
          }
        }
        await client.query('commit');
        return { tables: copied, skipped, sequences, migrations: (sqlite.prepare('select count(*) from kysely_migration').pluck().get() as number) ?? 0 };
      } catch (error) {
        await client.query('rollback');
        throw error;
      }
    } finally {
      sqlite.close();
    }
  } finally {
    await client.end();
    await fsp.rm(temporary, { recursive: true, force: true });
  }
}

/** Tables ordered so that each comes after the tables it references (a self-reference is no constraint on the order). */
function referencedFirst(tables: string[], foreignKeys: Array<[string, string]>): string[] {
  const ordered: string[] = [];
  const placed = new Set<string>();
  const visit = (table: string, path: Set<string>) => {
    if (placed.has(table) || path.has(table)) {
      return;
    }
    path.add(table);
    for (const [child, parent] of foreignKeys) {
      if (child === table && parent !== table && tables.includes(parent)) {
        visit(parent, path);
      }
    }
    placed.add(table);
    ordered.push(table);
  };
  for (const table of [...tables].sort()) {
    visit(table, new Set());
  }
  return ordered;
}
