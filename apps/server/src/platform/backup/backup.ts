import fs from 'node:fs';
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { loadConfig, type AppConfig } from '../../config';
import { loadPg, migrate, openDatabase, type Db, type DbKind } from '../db/database';
import { migrations as knownMigrations } from '../db/migrations/index';
import { integrityProblems, rowCountsAtOnce } from '../db/rowCounts';
import { appliedMigrations, createSchema, tablesInSchema } from './backup.repository';
import { checkFiles, listFiles, manifestFileName, readManifest, restorePlan, type BackupFileEntry, type BackupManifest } from './manifest';
import { pgDumpSchema, pgRestore } from './pgDump';
import { BackupWorker } from './backupWorker';

export type { BackupFileEntry, BackupManifest } from './manifest';

/**
 * Backups of an installation (issue 38): the database (SQLite's online backup API, or pg_dump),
 * the local objects, the DATA_DIR files a restore cannot do without (the storage and settings
 * secrets, the broker's private CA), and a manifest with the SHA-256 of every file, written last.
 * A backup is written to `<name>.partial` and renamed to `<name>` once complete and fsynced, so a
 * crash never leaves a folder that looks whole. docs/operations.md, "Backup and restore".
 *
 * A backup folder:
 *   manifest.json          written last (BackupManifest)
 *   data/                  what DATA_DIR holds, as restore puts it back: smartdata.db (SQLite),
 *                          objects/… (local storage), storage-secret, settings-secret, mqtt-tls/, …
 *   database.dump          PostgreSQL: pg_dump --format=custom of the app's schema
 *
 * An object unchanged since the newest complete backup in the same parent folder (same path, size
 * and SHA-256) is hard-linked from it, not written again: it is still read, to compare its
 * checksum (a size and time stamp can match while the bytes differ); every backup is whole by
 * itself, and removing an older one never touches a newer one's files.
 */

/** What is backed up, from the running app (`backupSource(config, database)`) or from config alone (the CLI). */
export interface BackupSource {
  databaseKind: DbKind;
  dataDir: string;
  /** SQLite: the database file (DATA_DIR/smartdata.db unless the config names another). */
  sqliteFile?: string;
  /** PostgreSQL: the connection string and the schema the app uses (public unless DATABASE_SCHEMA). */
  databaseUrl?: string;
  databaseSchema?: string;
  /** `local`: DATA_DIR/objects is copied; `s3`: the objects are the bucket's concern (the manifest says so). */
  objectStorage: 'local' | 's3';
  /** What the installation needs that is not in DATA_DIR (secrets given by environment, S3 objects), said in the manifest. */
  notIncluded: string[];
  /** The running app's database, when there is one (PostgreSQL: its migrations are read through it). */
  database?: { db: Db; kind: DbKind };
}

export type BackupPhase = 'database' | 'objects' | 'manifest';

export interface BackupProgress {
  phase: BackupPhase;
  done: number;
  total: number;
}

export interface BackupResult {
  dir: string;
  name: string;
  createdAt: number;
  durationMs: number;
  bytes: number;
  files: number;
  manifest: BackupManifest;
}

/** Where uploadBackupToS3 writes: the storage module's driver (StorageDriver.put) fits. */
export interface BackupObjectStore {
  put(key: string, bytes: Buffer, contentType: string): Promise<void>;
}

/** A folder in a backup parent: a complete backup with its manifest, or a leftover that is not one. */
export type BackupListing =
  | { state: 'complete'; dir: string; name: string; manifest: BackupManifest }
  | { state: 'incomplete'; dir: string; name: string; reason: string };

export interface VerifyResult {
  ok: boolean;
  /** Files whose size or SHA-256 differs, or that are missing, or extra files not in the manifest. */
  problems: string[];
  manifest: BackupManifest | null;
}

export interface RestoreResult {
  manifest: BackupManifest;
  /** Migrations run forward after the restore (the backup was made by an older version). */
  migrated: string[];
  files: number;
  bytes: number;
  objects: number;
  /** Rows of tables a user recognises (company, app_user, data_item, data_record, device, storage_object, audit_log). */
  counts: Record<string, number>;
}

/** A restore or backup refused for a reason the person running it can act on (the CLI prints the message alone). */
export class BackupRefusal extends Error {}

const backupPrefix = 'smartdata-';
const partialSuffix = '.partial';
const sqliteName = 'smartdata.db';
const dumpName = 'database.dump';
/** Files a worker request copies; a waiting progress callback holds the backup after each batch. */
const copyBatch = 50;
/** DATA_DIR entries that are not copied as files: the database (copied through the backup API) and its journals, and the objects (copied with links). */
const sqliteCompanions = new Set([sqliteName, `${sqliteName}-wal`, `${sqliteName}-shm`, `${sqliteName}-journal`]);

const repoRoot = path.resolve(import.meta.dirname, '../../../../..');

/** The product version (the root package.json's). */
export function productVersion(): string {
  const manifest = JSON.parse(fs.readFileSync(path.join(repoRoot, 'package.json'), 'utf8')) as { version: string };
  return manifest.version;
}

/** Builds the source from the config (the CLI), or from the running app when its database is given. */
export function backupSource(config: AppConfig, database?: { db: Db; kind: DbKind }): BackupSource {
  const databaseKind: DbKind = config.databaseUrl ? 'postgres' : 'sqlite';
  const s3 = !!(config.s3Endpoint && config.s3Bucket && config.s3AccessKey && config.s3SecretKey);
  const notIncluded: string[] = [];
  if (s3) {
    notIncluded.push(`objects: in the S3 bucket ${config.s3Bucket} at ${config.s3Endpoint} (S3 storage) — back the bucket up with its own tools (versioning, replication)`);
  }
  if (config.settingsSecret) {
    notIncluded.push('settings secret: given by SETTINGS_SECRET — keep that value with the backup; without it every sealed secret (carriers, channels, WeChat, SMS) is unreadable');
  }
  if (config.storageSecret) {
    notIncluded.push('storage secret: given by STORAGE_SECRET — keep that value with the backup (signed object URLs)');
  }
  for (const [setting, file] of [
    ['MQTT_TLS_CERT', config.mqttTlsCert],
    ['MQTT_TLS_KEY', config.mqttTlsKey],
  ] as const) {
    if (file && !isInside(file, config.dataDir)) {
      notIncluded.push(`${setting}: ${file} lies outside DATA_DIR — keep it with the backup`);
    }
  }
  return {
    databaseKind,
    dataDir: config.dataDir,
    sqliteFile: databaseKind === 'sqlite' ? (config.sqliteFile ?? path.join(config.dataDir, sqliteName)) : undefined,
    databaseUrl: config.databaseUrl,
    databaseSchema: config.databaseUrl ? (config.databaseSchema ?? 'public') : undefined,
    objectStorage: s3 ? 's3' : 'local',
    notIncluded,
    ...(database ? { database } : {}),
  };
}

/**
 * Makes one backup in `parentDir` (created when missing) as `<parentDir>/smartdata-<UTC time>`;
 * unchanged objects are hard-linked from the newest complete backup in the same folder.
 * `onProgress` may answer a promise: the backup waits for it (the CLI's test pause does).
 * On failure the `.partial` folder is removed and the error thrown.
 */
export async function createBackup(options: { parentDir: string; source: BackupSource; onProgress?: (progress: BackupProgress) => void | Promise<void> }): Promise<BackupResult> {
  const { source } = options;
  const parentDir = path.resolve(options.parentDir);
  const report = async (progress: BackupProgress) => {
    await options.onProgress?.(progress);
  };
  if (source.databaseKind === 'sqlite' && (!source.sqliteFile || source.sqliteFile === ':memory:')) {
    throw new BackupRefusal('an in-memory database cannot be backed up');
  }
  const started = Date.now();
  await fsp.mkdir(parentDir, { recursive: true });
  const previous = (await listBackups(parentDir)).find((listing) => listing.state === 'complete');
  const name = await freeName(parentDir, started);
  const partial = path.join(parentDir, name + partialSuffix);
  await fsp.mkdir(path.join(partial, 'data'), { recursive: true, mode: 0o700 });
  await fsp.chmod(partial, 0o700);
  const worker = new BackupWorker();
  try {
    const files: BackupFileEntry[] = [];
    const included: string[] = [];

    await report({ phase: 'database', done: 0, total: 1 });
    let migrationNames: string[];
    if (source.databaseKind === 'sqlite') {
      const snapshot = await worker.snapshotSqlite(source.sqliteFile!, path.join(partial, 'data', sqliteName));
      migrationNames = snapshot.migrations;
      files.push({ path: `data/${sqliteName}`, bytes: snapshot.bytes, sha256: snapshot.sha256 });
    } else {
      // Read before the dump: a migration runs only when a server starts, not during a backup.
      migrationNames = await postgresMigrations(source);
      await pgDumpSchema(source.databaseUrl!, source.databaseSchema ?? 'public', path.join(partial, dumpName));
      files.push({ path: dumpName, ...(await worker.sum(path.join(partial, dumpName))) });
    }
    included.push('database');
    await report({ phase: 'database', done: 1, total: 1 });

    const extras = (await dataDirExtras(source, parentDir)).map((extra) => ({ relative: `data/${extra}`, from: path.join(source.dataDir, extra), object: false }));
    const objectFiles = (source.objectStorage === 'local' ? await objectsOf(source.dataDir) : []).map((file) => ({ relative: `data/objects/${file}`, from: path.join(source.dataDir, 'objects', file), object: true }));
    const all = [...extras, ...objectFiles];
    const before = new Map((previous?.state === 'complete' ? previous.manifest.files : []).map((file) => [file.path, file]));
    const objects = { count: 0, bytes: 0, linked: 0 };
    await report({ phase: 'objects', done: 0, total: all.length });
    // In batches, so that a progress callback that waits (the CLI's test pause) holds the backup.
    for (let first = 0; first < all.length; first += copyBatch) {
      const batch = all.slice(first, first + copyBatch);
      const reports: Array<Promise<void>> = [];
      const results = await worker.copy(
        batch.map((file) => {
          const earlier = file.object && previous ? before.get(file.relative) : undefined;
          return { from: file.from, to: path.join(partial, file.relative), ...(earlier && previous ? { previous: { file: path.join(previous.dir, earlier.path), bytes: earlier.bytes, sha256: earlier.sha256 } } : {}) };
        }),
        (done) => void reports.push(report({ phase: 'objects', done: first + done, total: all.length })),
      );
      await Promise.all(reports);
      results.forEach((result, index) => {
        const file = batch[index];
        if (!result) {
          return; // deleted meanwhile
        }
        files.push({ path: file.relative, bytes: result.bytes, sha256: result.sha256 });
        if (file.object) {
          objects.count += 1;
          objects.bytes += result.bytes;
          objects.linked += result.linked ? 1 : 0;
        } else {
          const top = file.relative.split('/')[1];
          if (!included.includes(top)) {
            included.push(top);
          }
        }
      });
    }
    if (source.objectStorage === 'local') {
      included.push('objects');
    }

    await report({ phase: 'manifest', done: 0, total: 1 });
    const sortedMigrations = [...migrationNames].sort();
    const manifest: BackupManifest = {
      format: 1,
      product: 'smartdata-console',
      productVersion: productVersion(),
      createdAt: started,
      databaseKind: source.databaseKind,
      ...(source.databaseKind === 'postgres' ? { databaseSchema: source.databaseSchema ?? 'public' } : {}),
      migrations: sortedMigrations,
      lastMigration: sortedMigrations.at(-1) ?? null,
      included,
      notIncluded: source.notIncluded,
      objectStorage: source.objectStorage,
      objects,
      bytes: files.reduce((sum, file) => sum + file.bytes, 0),
      files: files.sort((a, b) => a.path.localeCompare(b.path)),
    };
    await writeDurably(path.join(partial, manifestFileName), JSON.stringify(manifest, null, 2) + '\n');
    await worker.fsyncFolders(partial);
    await report({ phase: 'manifest', done: 1, total: 1 });
    const dir = path.join(parentDir, name);
    await fsp.rename(partial, dir);
    await fsyncPath(parentDir);
    return { dir, name, createdAt: started, durationMs: Date.now() - started, bytes: manifest.bytes, files: manifest.files.length, manifest };
  } catch (error) {
    await fsp.rm(partial, { recursive: true, force: true });
    throw error;
  } finally {
    await worker.close();
  }
}

/** Every backup folder in `parentDir`, newest first; `.partial` leftovers are listed as incomplete, never as backups. */
export async function listBackups(parentDir: string): Promise<BackupListing[]> {
  let entries: fs.Dirent[];
  try {
    entries = await fsp.readdir(parentDir, { withFileTypes: true });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') {
      return [];
    }
    throw error;
  }
  const listings: Array<{ listing: BackupListing; at: number }> = [];
  for (const entry of entries) {
    if (!entry.isDirectory() || !entry.name.startsWith(backupPrefix)) {
      continue;
    }
    const dir = path.join(parentDir, entry.name);
    const modified = (await fsp.stat(dir)).mtimeMs;
    if (entry.name.endsWith(partialSuffix)) {
      listings.push({ listing: { state: 'incomplete', dir, name: entry.name, reason: 'did not finish: the folder still has its temporary name' }, at: modified });
      continue;
    }
    const read = await readManifest(dir);
    listings.push('manifest' in read ? { listing: { state: 'complete', dir, name: entry.name, manifest: read.manifest }, at: read.manifest.createdAt } : { listing: { state: 'incomplete', dir, name: entry.name, reason: read.problem }, at: modified });
  }
  return listings.sort((a, b) => b.at - a.at || b.listing.name.localeCompare(a.listing.name)).map(({ listing }) => listing);
}

/**
 * Removes all but the newest `keep` (at least 1) complete backups, and the incomplete leftovers
 * last changed before the newest complete backup began (a younger one may be a backup under way);
 * answers the removed folders.
 */
export async function pruneBackups(parentDir: string, keep: number): Promise<string[]> {
  const listings = await listBackups(parentDir);
  const complete = listings.filter((listing) => listing.state === 'complete');
  const newest = complete[0]?.manifest.createdAt;
  const removed: string[] = [];
  for (const listing of complete.slice(Math.max(1, Math.floor(keep)))) {
    removed.push(listing.dir);
  }
  if (newest !== undefined) {
    for (const listing of listings) {
      if (listing.state === 'incomplete' && (await fsp.stat(listing.dir)).mtimeMs < newest) {
        removed.push(listing.dir);
      }
    }
  }
  for (const dir of removed) {
    await fsp.rm(dir, { recursive: true, force: true });
  }
  return removed;
}

/** Reads every file of a backup and compares it with the manifest; a `.partial` folder is never ok. */
export async function verifyBackup(dir: string): Promise<VerifyResult> {
  const read = await readManifest(dir);
  if (!('manifest' in read)) {
    return { ok: false, problems: [read.problem], manifest: null };
  }
  const problems = await checkFiles(dir, read.manifest);
  if (path.basename(dir).endsWith(partialSuffix)) {
    problems.unshift('did not finish: the folder still has its temporary name');
  }
  return { ok: problems.length === 0, problems, manifest: read.manifest };
}

/**
 * Copies a complete backup to the object store under `<prefix>/<name>/…` (BACKUP_S3_PREFIX),
 * manifest.json last (so a listing of the prefix shows a finished copy by it); answers the keys
 * written. Each file is read whole into memory: meant for the database sizes of one machine.
 */
export async function uploadBackupToS3(dir: string, storage: BackupObjectStore, prefix: string): Promise<string[]> {
  const checked = await verifyBackup(dir);
  if (!checked.ok || !checked.manifest) {
    throw new BackupRefusal(`${dir} is not a complete backup: ${checked.problems.slice(0, 5).join('; ')}`);
  }
  const base = [prefix.replace(/^\/+|\/+$/g, ''), path.basename(dir)].filter((part) => part !== '').join('/');
  const keys: string[] = [];
  for (const file of [...checked.manifest.files.map((entry) => entry.path), manifestFileName]) {
    const key = `${base}/${file}`;
    await storage.put(key, await fsp.readFile(path.join(dir, file)), file === manifestFileName ? 'application/json' : 'application/octet-stream');
    keys.push(key);
  }
  return keys;
}

/**
 * Restores a backup into an empty `dataDir` (refused otherwise), after checking every checksum;
 * refuses a backup that has migrations this version does not know, runs the missing ones forward.
 * PostgreSQL backups go into the empty database of `databaseUrl` (under the schema they were
 * taken from). Refusals throw BackupRefusal before anything is written.
 */
export async function restoreBackup(options: { backupDir: string; dataDir: string; databaseUrl?: string; databaseSchema?: string }): Promise<RestoreResult> {
  const backupDir = path.resolve(options.backupDir);
  const dataDir = path.resolve(options.dataDir);
  if (path.basename(backupDir).endsWith(partialSuffix)) {
    throw new BackupRefusal(`${backupDir} is not a backup: it did not finish (the folder still has its temporary name ${partialSuffix})`);
  }
  const read = await readManifest(backupDir);
  if (!('manifest' in read)) {
    throw new BackupRefusal(`${backupDir} is not a backup that can be restored: ${read.problem}`);
  }
  const { manifest } = read;
  const existing = await fsp.readdir(dataDir).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') {
      return [];
    }
    throw error;
  });
  if (existing.length > 0) {
    const shown = existing.slice(0, 5).join(', ') + (existing.length > 5 ? ', …' : '');
    throw new BackupRefusal(`DATA_DIR ${dataDir} is not empty (${shown}): a restore writes only into an empty folder, so nothing is overwritten. Move its contents aside or name another DATA_DIR.`);
  }
  const plan = restorePlan(manifest, { productVersion: productVersion(), migrations: Object.keys(knownMigrations) });
  if ('refused' in plan) {
    throw new BackupRefusal(plan.refused);
  }
  if (manifest.databaseKind === 'postgres' && !options.databaseUrl) {
    throw new BackupRefusal('this is a backup of a PostgreSQL installation: set DATABASE_URL to an empty database to restore it into');
  }
  if (manifest.databaseKind === 'sqlite' && options.databaseUrl) {
    throw new BackupRefusal('this is a backup of the embedded SQLite database: unset DATABASE_URL to restore it; to move it to PostgreSQL afterwards, run npm run migrate-to-pg (docs/operations.md, "Moving an installation from SQLite to PostgreSQL")');
  }
  const problems = await checkFiles(backupDir, manifest);
  if (problems.length > 0) {
    throw new BackupRefusal(`the backup does not match its manifest (${problems.length} ${problems.length === 1 ? 'problem' : 'problems'}): ${problems.slice(0, 10).join('; ')}`);
  }
  const schema = manifest.databaseSchema ?? 'public';
  if (manifest.databaseKind === 'postgres') {
    const tables = await withPgClient(options.databaseUrl!, (client) => tablesInSchema(client, schema));
    if (tables > 0) {
      throw new BackupRefusal(`the database of DATABASE_URL is not empty: schema ${schema} has ${tables} tables. Restore into an empty database (createdb).`);
    }
  }

  await fsp.mkdir(dataDir, { recursive: true });
  const dataFiles = manifest.files.filter((file) => file.path.startsWith('data/'));
  // The database file last, under a temporary name until whole: a restore cut short leaves no smartdata.db.
  for (const file of dataFiles.filter((entry) => entry.path !== `data/${sqliteName}`)) {
    await copyFile(path.join(backupDir, file.path), path.join(dataDir, file.path.slice('data/'.length)));
  }
  if (manifest.databaseKind === 'sqlite') {
    const temporary = path.join(dataDir, `${sqliteName}.restoring`);
    await copyFile(path.join(backupDir, 'data', sqliteName), temporary);
    await fsp.rename(temporary, path.join(dataDir, sqliteName));
  } else {
    await withPgClient(options.databaseUrl!, (client) => createSchema(client, schema));
    await pgRestore(options.databaseUrl!, path.join(backupDir, dumpName), schema, path.join(os.tmpdir(), `smartdata-restore-${process.pid}-${Date.now()}.list`));
  }
  await fsyncTree(dataDir);

  const config: AppConfig = { ...loadConfig({}), dataDir, databaseUrl: options.databaseUrl, databaseSchema: manifest.databaseKind === 'postgres' ? schema : undefined, sqliteFile: undefined };
  const database = await openDatabase(config);
  try {
    await migrate(database.db, manifest.databaseKind === 'postgres' ? schema : undefined);
    const integrity = await integrityProblems(database.db, database.kind);
    if (integrity.length > 0) {
      throw new Error(`the restored database fails its integrity check: ${integrity.slice(0, 5).join('; ')}`);
    }
    const counts = await rowCountsAtOnce(database.db, ['company', 'app_user', 'data_item', 'data_record', 'device', 'storage_object', 'audit_log']);
    return {
      manifest,
      migrated: plan.toRun,
      files: manifest.files.length,
      bytes: manifest.bytes,
      objects: manifest.objects.count,
      counts,
    };
  } finally {
    await database.close();
  }
}

// ---------------------------------------------------------------------------------------------

/** `smartdata-2026-12-02T030000Z`, with `-2`, `-3`, … when that name (or its .partial) is taken. */
async function freeName(parentDir: string, at: number): Promise<string> {
  const base = backupPrefix + new Date(at).toISOString().replace(/\.\d{3}Z$/, 'Z').replace(/:/g, '');
  for (let n = 1; n <= 1000; n += 1) {
    const name = n === 1 ? base : `${base}-${n}`;
    const taken = await Promise.all([name, name + partialSuffix].map((candidate) => fsp.stat(path.join(parentDir, candidate)).then(() => true, () => false)));
    if (!taken.includes(true)) {
      return name;
    }
  }
  throw new Error(`no free backup name for ${base} in ${parentDir}`);
}

function isInside(file: string, dir: string): boolean {
  const relative = path.relative(path.resolve(dir), path.resolve(file));
  return relative === '' || (!relative.startsWith('..') && !path.isAbsolute(relative));
}

/** The DATA_DIR files other than the database and the objects (secrets, mqtt-tls/, …), relative; the backup folder itself left out when it lies inside DATA_DIR. */
async function dataDirExtras(source: BackupSource, parentDir: string): Promise<string[]> {
  const files = await listFiles(source.dataDir).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') {
      return [];
    }
    throw error;
  });
  return files.filter((file) => {
    const top = file.split('/')[0];
    if (top === 'objects' || sqliteCompanions.has(top) || `${top}`.endsWith('.restoring')) {
      return false;
    }
    const full = path.join(source.dataDir, file);
    if (isInside(full, parentDir)) {
      return false;
    }
    return !(source.sqliteFile && [source.sqliteFile, `${source.sqliteFile}-wal`, `${source.sqliteFile}-shm`].includes(full));
  });
}

/** Object files under DATA_DIR/objects, relative; the local driver's temporary `.part` files left out. */
async function objectsOf(dataDir: string): Promise<string[]> {
  const root = path.join(dataDir, 'objects');
  const files = await listFiles(root).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') {
      return [];
    }
    throw error;
  });
  return files.filter((file) => !file.endsWith('.part'));
}

/** Copies a file (its mode kept: the secrets are 0600), parent folders made. */
async function copyFile(from: string, to: string): Promise<void> {
  await fsp.mkdir(path.dirname(to), { recursive: true, mode: 0o700 });
  await fsp.copyFile(from, to);
  await fsp.chmod(to, (await fsp.stat(from)).mode & 0o777);
}

async function writeDurably(file: string, text: string): Promise<void> {
  const handle = await fsp.open(file, 'w', 0o600);
  try {
    await handle.writeFile(text);
    await handle.sync();
  } finally {
    await handle.close();
  }
}

async function fsyncPath(target: string): Promise<void> {
  const handle = await fsp.open(target, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/** Every file and folder of a tree flushed to disk (folders too: their entries are what a rename relies on). */
async function fsyncTree(root: string): Promise<void> {
  for (const file of await listFiles(root)) {
    await fsyncPath(path.join(root, file));
  }
  const folders = new Set<string>([root]);
  for (const file of await listFiles(root)) {
    let dir = path.dirname(path.join(root, file));
    while (isInside(dir, root) && !folders.has(dir)) {
      folders.add(dir);
      dir = path.dirname(dir);
    }
  }
  for (const dir of folders) {
    await fsyncPath(dir);
  }
}

async function withPgClient<T>(databaseUrl: string, run: (client: import('pg').Client) => Promise<T>): Promise<T> {
  const pg = await loadPg();
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

/** The migrations applied to the PostgreSQL schema, through the running app's database when given. */
async function postgresMigrations(source: BackupSource): Promise<string[]> {
  const schema = source.databaseSchema ?? 'public';
  if (source.database) {
    return appliedMigrations(source.database.db, schema);
  }
  const database = await openDatabase({ ...loadConfig({}), databaseUrl: source.databaseUrl, databaseSchema: source.databaseSchema });
  try {
    return await appliedMigrations(database.db, schema);
  } finally {
    await database.close();
  }
}
