import { createHash } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import type { DbKind } from '../db/database';

/** One file of a backup, as manifest.json lists it (path relative to the backup folder, `/`-separated). */
export interface BackupFileEntry {
  path: string;
  bytes: number;
  sha256: string;
}

/** manifest.json of a backup: written last, so a folder without it was never finished. */
export interface BackupManifest {
  format: 1;
  product: 'smartdata-console';
  productVersion: string;
  createdAt: number;
  databaseKind: DbKind;
  /** PostgreSQL: the schema that was dumped (restored under the same name). */
  databaseSchema?: string;
  /** Every migration applied to the backed-up database, sorted; `lastMigration` the greatest. */
  migrations: string[];
  lastMigration: string | null;
  /** What the backup holds: `database` (data/smartdata.db or database.dump), `objects`, and the DATA_DIR files by name. */
  included: string[];
  /** What an installation may have that is not in it, and why (S3 objects, secrets given by environment, …). */
  notIncluded: string[];
  objectStorage: 'local' | 's3';
  /** Objects in the backup, and how many of them were hard-linked unchanged from the previous backup. */
  objects: { count: number; bytes: number; linked: number };
  /** Bytes of every file listed (the manifest left out). */
  bytes: number;
  files: BackupFileEntry[];
}

export const manifestFileName = 'manifest.json';

/** SHA-256 (hex) of a file, streamed 1 MB at a time (each chunk waits for a turn of the event loop). */
export async function sha256File(file: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of fs.createReadStream(file, { highWaterMark: 1 << 20 })) {
    hash.update(chunk as Buffer);
  }
  return hash.digest('hex');
}

/** The manifest of a backup folder, or the reason there is none that can be read. */
export async function readManifest(dir: string): Promise<{ manifest: BackupManifest } | { problem: string }> {
  let text: string;
  try {
    text = await fsp.readFile(path.join(dir, manifestFileName), 'utf8');
  } catch {
    return { problem: 'no manifest.json: the backup was not finished' };
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { problem: 'manifest.json is not valid JSON' };
  }
  const manifest = value as Partial<BackupManifest> | null;
  if (!manifest || manifest.product !== 'smartdata-console' || manifest.format !== 1 || !Array.isArray(manifest.files) || !Array.isArray(manifest.migrations)) {
    return { problem: 'manifest.json is not the manifest of a SmartData Console backup (format 1)' };
  }
  return { manifest: manifest as BackupManifest };
}

/** Files of a folder, relative and `/`-separated, sorted (directories walked). */
export async function listFiles(root: string): Promise<string[]> {
  const found: string[] = [];
  const walk = async (relative: string) => {
    const entries = await fsp.readdir(path.join(root, relative), { withFileTypes: true });
    for (const entry of entries) {
      const child = relative === '' ? entry.name : `${relative}/${entry.name}`;
      if (entry.isDirectory()) {
        await walk(child);
      } else if (entry.isFile()) {
        found.push(child);
      }
    }
  };
  await walk('');
  return found.sort();
}

/**
 * Every file of the backup against the manifest: a missing file, another size or SHA-256, or a
 * file the manifest does not list is a problem (each named).
 */
export async function checkFiles(dir: string, manifest: BackupManifest): Promise<string[]> {
  const problems: string[] = [];
  const listed = new Set(manifest.files.map((file) => file.path));
  for (const file of manifest.files) {
    if (file.path.split('/').includes('..') || path.isAbsolute(file.path)) {
      problems.push(`${file.path}: not a path inside the backup`);
      continue;
    }
    const full = path.join(dir, file.path);
    const stat = await fsp.stat(full).catch(() => null);
    if (!stat?.isFile()) {
      problems.push(`${file.path}: missing`);
    } else if (stat.size !== file.bytes) {
      problems.push(`${file.path}: ${stat.size} bytes, the manifest says ${file.bytes}`);
    } else if ((await sha256File(full)) !== file.sha256) {
      problems.push(`${file.path}: SHA-256 differs from the manifest`);
    }
  }
  for (const file of await listFiles(dir)) {
    if (file !== manifestFileName && !listed.has(file)) {
      problems.push(`${file}: not in the manifest`);
    }
  }
  return problems;
}

/** -1, 0 or 1 as version a is older than, the same as or newer than b (dotted numbers; a pre-release tag is ignored). */
export function compareVersions(a: string, b: string): number {
  const parts = (version: string) => version.split('-')[0].split('.').map((part) => Number(part) || 0);
  const [x, y] = [parts(a), parts(b)];
  for (let i = 0; i < Math.max(x.length, y.length); i += 1) {
    const difference = (x[i] ?? 0) - (y[i] ?? 0);
    if (difference !== 0) {
      return Math.sign(difference);
    }
  }
  return 0;
}

/**
 * Whether this version can restore a backup: refused (with the reason a person can act on) when
 * it was made by a newer product version or holds migrations this version does not have; else
 * the migrations this version will run forward after the restore.
 */
export function restorePlan(manifest: BackupManifest, here: { productVersion: string; migrations: readonly string[] }): { refused: string } | { toRun: string[] } {
  const known = new Set(here.migrations);
  const unknown = manifest.migrations.filter((name) => !known.has(name));
  if (unknown.length > 0) {
    return {
      refused:
        `this backup was made by a newer SmartData Console (${manifest.productVersion}): its database has ${unknown.length === 1 ? 'a migration' : 'migrations'} ` +
        `this version (${here.productVersion}) does not have: ${unknown.join(', ')}. Restore it with that version or a newer one.`,
    };
  }
  if (compareVersions(manifest.productVersion, here.productVersion) > 0) {
    return { refused: `this backup was made by a newer SmartData Console (${manifest.productVersion}) than this one (${here.productVersion}). Restore it with that version or a newer one.` };
  }
  const had = new Set(manifest.migrations);
  return { toRun: here.migrations.filter((name) => !had.has(name)).sort() };
}
