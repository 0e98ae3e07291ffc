import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { CompiledQuery, Kysely, Migrator, SqliteDialect, sql, type Driver, type MigrationProvider } from 'kysely';
import type { AppConfig } from '../../config';
import { lazyImport } from '../lazyImport';
import { startCheckpointer } from './checkpointer';
import type { Database } from './schema';
import { migrations } from './migrations/index';
import { OwnSchemaPostgresDialect } from './ownSchemaIntrospector';

export type Db = Kysely<Database>;
export type DbKind = 'sqlite' | 'postgres';

/**
 * The PostgreSQL driver, loaded when the server opens a PostgreSQL database (a SQLite server never
 * holds it: idle memory, issue 21). bigint (epoch milliseconds) and numeric come back as numbers,
 * as they do on SQLite.
 */
export const loadPg = lazyImport(async () => {
  const pg = (await import('pg')).default;
  pg.types.setTypeParser(20, (value) => Number(value));
  pg.types.setTypeParser(1700, (value) => Number(value));
  return pg;
});

/** What the PostgreSQL pool says of itself (pg.Pool's counts; platform/metrics.ts reads them). */
export interface PoolCounts {
  readonly totalCount: number;
  readonly idleCount: number;
  readonly waitingCount: number;
}

export interface DatabaseHandle {
  db: Db;
  kind: DbKind;
  /** PostgreSQL: the connection pool and its size (max); SQLite has none. */
  pool?: { counts: PoolCounts; max: number };
  close(): Promise<void>;
}

/** Opens the database the config names: PostgreSQL when databaseUrl is set, else SQLite. */
export async function openDatabase(config: AppConfig): Promise<DatabaseHandle> {
  if (config.databaseUrl) {
    const pg = await loadPg();
    const schema = config.databaseSchema;
    if (schema) {
      if (!/^[a-z_][a-z0-9_]*$/.test(schema)) {
        throw new Error(`Invalid DATABASE_SCHEMA ${schema}`);
      }
      const bootstrap = new pg.Client({ connectionString: config.databaseUrl });
      await bootstrap.connect();
      await bootstrap.query(`CREATE SCHEMA IF NOT EXISTS ${schema}`);
      await bootstrap.end();
    }
    const max = 10;
    const pool = new pg.Pool({
      connectionString: config.databaseUrl,
      max,
      ...(schema ? { options: `-c search_path=${schema}` } : {}),
    });
    const db = new Kysely<Database>({ dialect: new OwnSchemaPostgresDialect({ pool }) });
    return { db, kind: 'postgres', pool: { counts: pool, max }, close: () => db.destroy() };
  }
  const file = config.sqliteFile ?? path.join(config.dataDir, 'smartdata.db');
  if (file !== ':memory:') {
    fs.mkdirSync(path.dirname(file), { recursive: true });
  }
  const sqlite = new SQLite(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  // Checkpoints on a worker thread, never on the event loop (checkpointer.ts).
  const checkpointer = startCheckpointer(sqlite, file);
  const db = new Kysely<Database>({ dialect: new ImmediateSqliteDialect({ database: withStatementCache(sqlite) }) });
  rawHandles.set(db, sqlite);
  return {
    db,
    kind: 'sqlite',
    close: async () => {
      await checkpointer?.close();
      await db.destroy();
    },
  };
}

/**
 * Kysely's transactions on SQLite begin IMMEDIATE (Kysely's own `begin` is deferred): the record
 * writer's thread writes the same file on a connection of its own, and a deferred transaction
 * that read before writing would fail at once (SQLITE_BUSY_SNAPSHOT, no busy wait) had the thread
 * committed in between. Taking the write lock first waits for the thread's slice instead.
 */
class ImmediateSqliteDialect extends SqliteDialect {
  override createDriver(): Driver {
    const driver = super.createDriver();
    driver.beginTransaction = async (connection) => {
      await connection.executeQuery(CompiledQuery.raw('begin immediate'));
    };
    return driver;
  }
}

const rawHandles = new WeakMap<Db, SQLite.Database>();

/**
 * The better-sqlite3 handle under a SQLite Kysely instance (null on PostgreSQL), for hot paths
 * that prepare their own statements (telemetry ingest). Use it inside a Kysely transaction or
 * `db.connection().execute(…)` of that instance, or for a transaction run synchronously while
 * `inTransaction` is false, so no other query interleaves.
 */
export function rawSqlite(db: Db): SQLite.Database | null {
  return rawHandles.get(db) ?? null;
}

/**
 * Kysely prepares every query anew; preparing is most of SQLite's cost for small queries, so the
 * prepared statements are kept by SQL text (bounded; a statement still iterating is not reused).
 */
function withStatementCache(sqlite: SQLite.Database) {
  const statements = new Map<string, SQLite.Statement>();
  return {
    close: () => sqlite.close(),
    prepare(sqlText: string) {
      const cached = statements.get(sqlText);
      if (cached && !cached.busy) {
        return cached;
      }
      const statement = sqlite.prepare(sqlText);
      if (statements.size >= 1000) {
        statements.clear();
      }
      statements.set(sqlText, statement);
      return statement;
    },
  };
}

const provider: MigrationProvider = { getMigrations: async () => migrations };

/** Brings the schema up to date; throws with the failing migration's error. */
export async function migrate(db: Db, schema?: string): Promise<void> {
  // With a schema of our own, the migration tables live there too (Kysely otherwise finds another
  // schema's tables and skips creating its own).
  // Unordered: migrations are numbered when work starts and land as it finishes (170 after 180), so
  // a database that already ran a later one must still run an earlier newcomer instead of refusing
  // to start; each migration touches only its own tables.
  const migrator = new Migrator({ db, provider, allowUnorderedMigrations: true, ...(schema ? { migrationTableSchema: schema } : {}) });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${String(error)}`);
  }
}

/** Drops a test schema (PostgreSQL only). */
export async function dropSchema(databaseUrl: string, schema: string): Promise<void> {
  const pg = await loadPg();
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  await client.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
  await client.end();
}

export { sql };

/** PostgreSQL NOTIFY through the pool (realtime fan-out between instances; docs/architecture.md). */
export async function notify(db: Db, channel: string, payload: string): Promise<void> {
  await sql`select pg_notify(${channel}, ${payload})`.execute(db);
}
