import path from 'node:path';
import { loadConfig } from '../../config';
import { BackupRefusal, backupSource, createBackup, listBackups, restoreBackup, verifyBackup, type BackupProgress } from './backup';
import { copySqliteToPostgres } from './sqliteToPostgres';

/**
 * `npm run backup -- --out DIR` (also `--list DIR`, `--verify BACKUP`), `npm run restore -- BACKUP` and
 * `npm run migrate-to-pg` (DATA_DIR's SQLite database into the empty PostgreSQL of DATABASE_URL),
 * with the configuration `npm start` reads (DATA_DIR, DATABASE_URL, DATABASE_SCHEMA, S3_*,
 * SETTINGS_SECRET, …). Relative paths mean the folder the command was typed in. A backup may run
 * while the server runs. Exit status: 0 done, 2 refused (the message says why), 1 failed.
 *
 * SMARTDATA_BACKUP_TEST_PAUSE=<phase>:<done> (tests only) stops the backup at that progress step,
 * printing `paused at …`, until the process is killed (at most two minutes).
 */
const userCwd = process.env.INIT_CWD ?? process.cwd();
const [command, ...args] = process.argv.slice(2);

function option(name: string): string | undefined {
  const at = args.indexOf(name);
  return at >= 0 ? args[at + 1] : undefined;
}

function megabytes(bytes: number): string {
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

function usage(): never {
  console.error('usage: npm run backup -- --out DIR | --list DIR | --verify BACKUP_DIR\n       npm run restore -- BACKUP_DIR   (into the empty DATA_DIR; PostgreSQL: the empty database of DATABASE_URL)\n       npm run migrate-to-pg           (DATA_DIR/smartdata.db into the empty PostgreSQL database of DATABASE_URL)');
  process.exit(2);
}

async function pauseForTest(progress: BackupProgress): Promise<void> {
  const pause = process.env.SMARTDATA_BACKUP_TEST_PAUSE;
  if (pause && pause === `${progress.phase}:${progress.done}`) {
    console.log(`paused at ${progress.phase} ${progress.done}/${progress.total}`);
    await new Promise((resolve) => setTimeout(resolve, 120_000));
    process.exit(3);
  }
}

async function backup(): Promise<void> {
  const listDir = option('--list');
  const verifyDir = option('--verify');
  if (listDir) {
    for (const listing of await listBackups(path.resolve(userCwd, listDir))) {
      console.log(
        listing.state === 'complete'
          ? `${listing.name}  ${new Date(listing.manifest.createdAt).toISOString()}  ${megabytes(listing.manifest.bytes)}  ${listing.manifest.files.length} files  ${listing.manifest.databaseKind}`
          : `${listing.name}  incomplete: ${listing.reason}`,
      );
    }
    return;
  }
  if (verifyDir) {
    const result = await verifyBackup(path.resolve(userCwd, verifyDir));
    if (!result.ok) {
      throw new BackupRefusal(`${verifyDir} does not verify (${result.problems.length} problems):\n  ${result.problems.slice(0, 20).join('\n  ')}`);
    }
    console.log(`${verifyDir}: every file matches the manifest (${result.manifest!.files.length} files, ${megabytes(result.manifest!.bytes)})`);
    return;
  }
  const out = option('--out');
  if (!out) {
    usage();
  }
  const config = loadConfig(process.env);
  let shown = '';
  const result = await createBackup({
    parentDir: path.resolve(userCwd, out),
    source: backupSource(config),
    onProgress: async (progress) => {
      const line = progress.phase === 'objects' ? `objects ${Math.floor((progress.done / Math.max(1, progress.total)) * 10) * 10}%` : `${progress.phase} ${progress.done}/${progress.total}`;
      if (line !== shown) {
        shown = line;
        console.log(line);
      }
      await pauseForTest(progress);
    },
  });
  const { manifest } = result;
  console.log(`backup ${result.dir}`);
  console.log(`  ${manifest.databaseKind} database, last migration ${manifest.lastMigration ?? '(none)'}; ${result.files} files, ${megabytes(result.bytes)}, in ${(result.durationMs / 1000).toFixed(1)} s`);
  console.log(`  objects: ${manifest.objects.count} (${megabytes(manifest.objects.bytes)}; ${manifest.objects.linked} unchanged, linked from the previous backup)`);
  console.log(`  included: ${manifest.included.join(', ')}`);
  for (const line of manifest.notIncluded) {
    console.log(`  not included: ${line}`);
  }
}

async function restore(): Promise<void> {
  const dir = args.find((arg) => !arg.startsWith('--'));
  if (!dir) {
    usage();
  }
  const config = loadConfig(process.env);
  const result = await restoreBackup({ backupDir: path.resolve(userCwd, dir), dataDir: config.dataDir, databaseUrl: config.databaseUrl });
  const { manifest } = result;
  console.log(`restored ${path.resolve(userCwd, dir)} into DATA_DIR ${config.dataDir}${manifest.databaseKind === 'postgres' ? ' and the database of DATABASE_URL' : ''}`);
  console.log(`  made ${new Date(manifest.createdAt).toISOString()} by SmartData Console ${manifest.productVersion} (${manifest.databaseKind}); every checksum matched (${result.files} files, ${megabytes(result.bytes)})`);
  console.log(`  objects: ${result.objects}`);
  console.log(`  migrations run forward: ${result.migrated.length === 0 ? 'none (the backup was made by this version)' : result.migrated.join(', ')}`);
  console.log(`  rows: ${Object.entries(result.counts).map(([table, n]) => `${table} ${n}`).join(', ')}`);
  for (const line of manifest.notIncluded) {
    console.log(`  not in the backup: ${line}`);
  }
  console.log('Start the server with the same DATA_DIR (and DATABASE_URL).');
}

async function migrateToPostgres(): Promise<void> {
  const config = loadConfig(process.env);
  if (!config.databaseUrl) {
    throw new BackupRefusal('set DATABASE_URL to the empty PostgreSQL database to move into (and DATA_DIR to the SQLite installation)');
  }
  const result = await copySqliteToPostgres({
    dataDir: config.dataDir,
    databaseUrl: config.databaseUrl,
    databaseSchema: config.databaseSchema,
    onTable: (table, rows) => {
      if (rows > 0) {
        console.log(`  ${table}: ${rows} rows`);
      }
    },
  });
  const rows = result.tables.reduce((sum, table) => sum + table.rows, 0);
  console.log(`moved ${config.dataDir}/smartdata.db into PostgreSQL${config.databaseSchema ? ` (schema ${config.databaseSchema})` : ''}: ${result.tables.length} tables, ${rows} rows, every table's count compared; ${result.sequences} sequences set; ${result.migrations} migrations on both sides`);
  for (const { table, rows: left } of result.skipped) {
    console.log(`  not moved: ${table} (${left} rows): PostgreSQL has no such table`);
  }
  console.log('Stop the SQLite server if it still runs, then start the server with DATABASE_URL set and the same DATA_DIR (its secrets, objects and mqtt-tls/ stay in use). smartdata.db is left as it was.');
}

async function main(): Promise<void> {
  if (command === 'backup') {
    await backup();
  } else if (command === 'restore') {
    await restore();
  } else if (command === 'migrate-to-pg') {
    await migrateToPostgres();
  } else {
    usage();
  }
}

// The database's checkpoint worker and its close timer are unref'd (they must not hold a server
// open): without a handle of its own, the process would end while the restore closes the database.
const keepAlive = setInterval(() => undefined, 60_000);
main().then(
  () => {
    clearInterval(keepAlive);
    process.exit(0);
  },
  (error: unknown) => {
    if (error instanceof BackupRefusal) {
      console.error(`refused: ${error.message}`);
      process.exit(2);
    }
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
