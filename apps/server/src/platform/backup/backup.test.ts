import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { testConfig } from '@server/config';
import { backupSource, createBackup, listBackups, pruneBackups, uploadBackupToS3, verifyBackup, type BackupProgress, type BackupSource } from './backup';
import { sha256File } from './manifest';

// Real backups of a small DATA_DIR made here (a SQLite file in WAL mode with Kysely's migration
// table, objects, the secrets, mqtt-tls/): what a backup folder holds, lists, prunes and verifies.
const root = fs.mkdtempSync(path.join(os.tmpdir(), 'sd-backup-unit-'));
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

let sequence = 0;

function makeDataDir(): { dataDir: string; source: BackupSource } {
  sequence += 1;
  const dataDir = path.join(root, `data${sequence}`);
  fs.mkdirSync(path.join(dataDir, 'objects', 'c1'), { recursive: true });
  fs.mkdirSync(path.join(dataDir, 'mqtt-tls'), { recursive: true });
  const db = new SQLite(path.join(dataDir, 'smartdata.db'));
  db.pragma('journal_mode = WAL');
  db.exec("create table kysely_migration (name text primary key, timestamp text); insert into kysely_migration values ('2026-11-21-001-foundation', ''), ('2026-11-21-002-organization', '');");
  db.exec('create table reading (id integer primary key, value real)');
  db.prepare('insert into reading (value) values (?)').run(21.5);
  db.close();
  fs.writeFileSync(path.join(dataDir, 'settings-secret'), 'a'.repeat(64), { mode: 0o600 });
  fs.writeFileSync(path.join(dataDir, 'storage-secret'), 'b'.repeat(64), { mode: 0o600 });
  fs.writeFileSync(path.join(dataDir, 'mqtt-tls', 'ca.key'), 'KEY');
  fs.writeFileSync(path.join(dataDir, 'objects', 'c1', 'photo.jpg'), Buffer.alloc(3000, 7));
  fs.writeFileSync(path.join(dataDir, 'objects', 'c1', 'sheet.xlsx'), 'sheet');
  fs.writeFileSync(path.join(dataDir, 'objects', 'c1', 'upload.jpg.1234.part'), 'half an upload');
  return { dataDir, source: backupSource(testConfig({ dataDir, sqliteFile: undefined })) };
}

describe('createBackup', () => {
  it('holds the database, the objects and the DATA_DIR secrets, each with its SHA-256 in the manifest', async () => {
    const { dataDir, source } = makeDataDir();
    const progress: BackupProgress[] = [];
    const result = await createBackup({ parentDir: path.join(root, 'backups-a'), source, onProgress: (step) => void progress.push(step) });
    expect(result.name).toMatch(/^smartdata-\d{4}-\d{2}-\d{2}T\d{6}Z$/);
    expect(fs.readdirSync(path.join(root, 'backups-a'))).toEqual([result.name]);
    const paths = result.manifest.files.map((file) => file.path);
    expect(paths).toEqual(['data/mqtt-tls/ca.key', 'data/objects/c1/photo.jpg', 'data/objects/c1/sheet.xlsx', 'data/settings-secret', 'data/smartdata.db', 'data/storage-secret']);
    expect(result.manifest.included).toEqual(expect.arrayContaining(['database', 'objects', 'settings-secret', 'storage-secret', 'mqtt-tls']));
    expect(result.manifest.migrations).toEqual(['2026-11-21-001-foundation', '2026-11-21-002-organization']);
    expect(result.manifest.lastMigration).toBe('2026-11-21-002-organization');
    expect(result.manifest.objects).toEqual({ count: 2, bytes: 3005, linked: 0 });
    for (const file of result.manifest.files) {
      expect(await sha256File(path.join(result.dir, file.path))).toBe(file.sha256);
    }
    expect(fs.statSync(path.join(result.dir, 'data', 'settings-secret')).mode & 0o777).toBe(0o600);
    // The copied database stands alone (no -wal beside it) and holds the row.
    expect(fs.readdirSync(path.join(result.dir, 'data')).filter((name) => name.startsWith('smartdata.db'))).toEqual(['smartdata.db']);
    const copy = new SQLite(path.join(result.dir, 'data', 'smartdata.db'), { readonly: true });
    expect(copy.prepare('select value from reading').pluck().get()).toBe(21.5);
    copy.close();
    expect(progress.map((step) => step.phase)).toEqual(expect.arrayContaining(['database', 'objects', 'manifest']));
    expect(progress.at(-1)).toEqual({ phase: 'manifest', done: 1, total: 1 });
    expect(fs.existsSync(path.join(dataDir, 'smartdata.db'))).toBe(true);
  });

  it('hard-links unchanged objects from the previous backup and copies a changed one', async () => {
    const { dataDir, source } = makeDataDir();
    const parentDir = path.join(root, 'backups-b');
    const first = await createBackup({ parentDir, source });
    fs.writeFileSync(path.join(dataDir, 'objects', 'c1', 'sheet.xlsx'), 'sheet, edited');
    const second = await createBackup({ parentDir, source });
    expect(second.name).not.toBe(first.name);
    expect(second.manifest.objects).toEqual({ count: 2, bytes: 3013, linked: 1 });
    const inode = (dir: string, file: string) => fs.statSync(path.join(dir, 'data', 'objects', 'c1', file)).ino;
    expect(inode(second.dir, 'photo.jpg')).toBe(inode(first.dir, 'photo.jpg'));
    expect(inode(second.dir, 'sheet.xlsx')).not.toBe(inode(first.dir, 'sheet.xlsx'));
    expect(fs.readFileSync(path.join(second.dir, 'data', 'objects', 'c1', 'sheet.xlsx'), 'utf8')).toBe('sheet, edited');
    // Removing the older backup leaves the newer whole.
    fs.rmSync(first.dir, { recursive: true });
    expect((await verifyBackup(second.dir)).ok).toBe(true);
  });

  it('leaves out a backup folder that lies inside DATA_DIR', async () => {
    const { dataDir, source } = makeDataDir();
    const parentDir = path.join(dataDir, 'backups');
    await createBackup({ parentDir, source });
    const second = await createBackup({ parentDir, source });
    expect(second.manifest.files.some((file) => file.path.includes('backups'))).toBe(false);
  });

  it('says what is not in the backup: S3 objects and secrets given by environment', () => {
    const source = backupSource(
      testConfig({ dataDir: root, sqliteFile: undefined, s3Endpoint: 'http://minio:9000', s3Bucket: 'sd', s3AccessKey: 'k', s3SecretKey: 's', settingsSecret: 'x'.repeat(40) }),
    );
    expect(source.objectStorage).toBe('s3');
    expect(source.notIncluded.join('\n')).toContain('S3 bucket sd');
    expect(source.notIncluded.join('\n')).toContain('SETTINGS_SECRET');
  });

  it('removes its .partial folder when it fails', async () => {
    const parentDir = path.join(root, 'backups-fail');
    const source: BackupSource = { databaseKind: 'sqlite', dataDir: path.join(root, 'missing'), sqliteFile: path.join(root, 'missing', 'smartdata.db'), objectStorage: 'local', notIncluded: [] };
    await expect(createBackup({ parentDir, source })).rejects.toThrow(/database backup failed/);
    expect(fs.readdirSync(parentDir)).toEqual([]);
  });
});

describe('listBackups, pruneBackups, verifyBackup', () => {
  it('lists complete backups newest first and a .partial leftover as incomplete, never as a backup', async () => {
    const { source } = makeDataDir();
    const parentDir = path.join(root, 'backups-c');
    const made = [];
    for (let i = 0; i < 3; i += 1) {
      made.push(await createBackup({ parentDir, source }));
    }
    fs.cpSync(made[2].dir, path.join(parentDir, 'smartdata-2000-01-01T000000Z.partial'), { recursive: true });
    fs.mkdirSync(path.join(parentDir, 'smartdata-2000-01-02T000000Z'));
    fs.mkdirSync(path.join(parentDir, 'unrelated'));
    const listed = await listBackups(parentDir);
    const complete = listed.filter((listing) => listing.state === 'complete');
    expect(complete.map((listing) => listing.name)).toEqual(made.map((backup) => backup.name).reverse());
    const incomplete = listed.filter((listing) => listing.state === 'incomplete');
    expect(incomplete.map((listing) => [listing.name, listing.state === 'incomplete' ? listing.reason : ''])).toEqual(
      expect.arrayContaining([
        ['smartdata-2000-01-01T000000Z.partial', 'did not finish: the folder still has its temporary name'],
        ['smartdata-2000-01-02T000000Z', 'no manifest.json: the backup was not finished'],
      ]),
    );
    // A .partial folder does not verify even when its files match its manifest.
    expect(await verifyBackup(path.join(parentDir, 'smartdata-2000-01-01T000000Z.partial'))).toMatchObject({ ok: false, problems: ['did not finish: the folder still has its temporary name'] });
  });

  it('keeps the newest N complete backups and removes leftovers older than the newest', async () => {
    const { source } = makeDataDir();
    const parentDir = path.join(root, 'backups-d');
    const leftover = path.join(parentDir, 'smartdata-2000-01-01T000000Z.partial');
    fs.mkdirSync(leftover, { recursive: true });
    fs.utimesSync(leftover, new Date(946_684_800_000), new Date(946_684_800_000));
    const made = [];
    for (let i = 0; i < 4; i += 1) {
      made.push(await createBackup({ parentDir, source }));
    }
    const removed = await pruneBackups(parentDir, 2);
    expect(removed.sort()).toEqual([made[0].dir, made[1].dir, leftover].sort());
    expect(fs.readdirSync(parentDir).sort()).toEqual([made[2].name, made[3].name].sort());
    expect(await pruneBackups(parentDir, 0)).toEqual([made[2].dir]); // at least one is always kept
  });

  it('finds a changed byte in an object', async () => {
    const { source } = makeDataDir();
    const backup = await createBackup({ parentDir: path.join(root, 'backups-e'), source });
    expect(await verifyBackup(backup.dir)).toMatchObject({ ok: true, problems: [] });
    const file = path.join(backup.dir, 'data', 'objects', 'c1', 'photo.jpg');
    const bytes = fs.readFileSync(file);
    bytes[100] ^= 1;
    fs.writeFileSync(file, bytes);
    expect(await verifyBackup(backup.dir)).toMatchObject({ ok: false, problems: ['data/objects/c1/photo.jpg: SHA-256 differs from the manifest'] });
  });
});

describe('uploadBackupToS3', () => {
  it('writes every file under <prefix>/<name>/, the manifest last, byte for byte', async () => {
    const { source } = makeDataDir();
    const backup = await createBackup({ parentDir: path.join(root, 'backups-f'), source });
    const stored = new Map<string, Buffer>();
    const keys = await uploadBackupToS3(backup.dir, { put: async (key, bytes) => void stored.set(key, bytes) }, '/backups/');
    expect(keys.at(-1)).toBe(`backups/${backup.name}/manifest.json`);
    expect(keys).toHaveLength(backup.manifest.files.length + 1);
    for (const file of backup.manifest.files) {
      expect(stored.get(`backups/${backup.name}/${file.path}`)).toEqual(fs.readFileSync(path.join(backup.dir, file.path)));
    }
  });
});
