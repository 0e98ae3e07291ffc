import type { AppConfig } from '../../config';
import type { DatabaseHandle, DbKind } from '../db/database';

/**
 * Backups of an installation (issue 38): the database (SQLite's online backup API, or pg_dump),
 * the local objects, the DATA_DIR files a restore cannot do without (the storage and settings
 * secrets, the broker's private CA), and a manifest with the SHA-256 of every file, written last.
 * A backup is written to `<name>.partial` and renamed to `<name>` once complete and fsynced, so a
 * crash never leaves a folder that looks whole. docs/operations.md, "Backup and restore".
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
  /** The running app's database handle, when there is one (it is never closed by the backup). */
  database?: DatabaseHandle;
}

export type BackupPhase = 'database' | 'objects' | 'manifest';

export interface BackupProgress {
  phase: BackupPhase;
  done: number;
  total: number;
}

/** One file of a backup, as manifest.json lists it (path relative to the backup folder, `/`-separated). */
export interface BackupFileEntry {
  path: string;
  bytes: number;
  sha256: string;
}

/** manifest.json of a backup. */
export interface BackupManifest {
  format: 1;
  product: 'smartdata-console';
  productVersion: string;
  createdAt: number;
  databaseKind: DbKind;
  /** Every migration applied to the backed-up database, sorted; `lastMigration` the greatest. */
  migrations: string[];
  lastMigration: string | null;
  /** What the backup holds: `database` (smartdata.db or database.dump), `objects`, and the DATA_DIR files by name. */
  included: string[];
  /** Why something an installation may have is not in it (S3 objects, secrets given by environment, …). */
  notIncluded: string[];
  objectStorage: 'local' | 's3';
  /** Objects copied afresh, and linked unchanged from the previous backup. */
  objects: { count: number; bytes: number; linked: number };
  bytes: number;
  files: BackupFileEntry[];
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
  /** Rows of a few tables a user recognises (companies, users, data items, records, devices). */
  counts: Record<string, number>;
}

/** Builds the source from the config (the CLI), or from the running app when its database handle is given. */
export function backupSource(config: AppConfig, database?: DatabaseHandle): BackupSource {
  void config;
  void database;
  throw new Error('not yet');
}

/**
 * Makes one backup in `parentDir` (created when missing) as `<parentDir>/smartdata-<UTC time>`;
 * unchanged objects are hard-linked from the newest complete backup in the same folder.
 */
export async function createBackup(options: { parentDir: string; source: BackupSource; onProgress?: (progress: BackupProgress) => void }): Promise<BackupResult> {
  void options;
  return Promise.reject(new Error('not yet'));
}

/** Every backup folder in `parentDir`, newest first; `.partial` leftovers are listed as incomplete, never as backups. */
export async function listBackups(parentDir: string): Promise<BackupListing[]> {
  void parentDir;
  return Promise.reject(new Error('not yet'));
}

/** Removes all but the newest `keep` complete backups, and incomplete leftovers older than the newest complete one; answers the removed folders. */
export async function pruneBackups(parentDir: string, keep: number): Promise<string[]> {
  void parentDir;
  void keep;
  return Promise.reject(new Error('not yet'));
}

/** Reads every file of a backup and compares it with the manifest. */
export async function verifyBackup(dir: string): Promise<VerifyResult> {
  void dir;
  return Promise.reject(new Error('not yet'));
}

/** Copies a complete backup to the object store under `<prefix>/<name>/…` (BACKUP_S3_PREFIX); answers the keys written. */
export async function uploadBackupToS3(dir: string, storage: BackupObjectStore, prefix: string): Promise<string[]> {
  void dir;
  void storage;
  void prefix;
  return Promise.reject(new Error('not yet'));
}

/**
 * Restores a backup into an empty `dataDir` (refused otherwise), after checking every checksum;
 * refuses a backup that has migrations this version does not know, runs the missing ones forward.
 * PostgreSQL backups go into the empty database of `databaseUrl`.
 */
export async function restoreBackup(options: { backupDir: string; dataDir: string; databaseUrl?: string; databaseSchema?: string }): Promise<RestoreResult> {
  void options;
  return Promise.reject(new Error('not yet'));
}
