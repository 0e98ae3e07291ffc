import { createHash, randomBytes } from 'node:crypto';
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, Migrator, SqliteDialect, type Migration } from 'kysely';
import mqtt, { type MqttClient } from 'mqtt';
import type { FastifyInstance } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '@server/app';
import { testConfig, type AppConfig } from '@server/config';
import { loadPg } from '@server/platform/db/database';
import { migrations } from '@server/platform/db/migrations/index';
import { ChannelReceiver, receiverSecrets } from '@server/test/channelReceiver';
import { adminPassword, as, body, createCompanyUser, signIn } from '@server/test/testApp';
import { BackupRefusal, backupSource, createBackup, listBackups, pruneBackups, restoreBackup, verifyBackup } from './backup';

/**
 * Backups a user can trust (issue 38), end to end: a backup taken while a device publishes at
 * QoS 1 through the embedded broker is restored into a fresh folder (with the CLI a person runs),
 * a server started on it finds every value acknowledged before the backup began, SQLite's
 * integrity_check is ok, every object's bytes match, and a secret sealed with DATA_DIR's settings
 * secret still works (a signed channel test). A backup killed with SIGKILL half-way leaves
 * nothing restore accepts; an older backup migrates forward, a newer one is refused.
 *
 * Ports (this file's range 21000–21099): brokers 21010–21011, the server child 21012, channel
 * receiver 21020. SQLite cases skip in the PostgreSQL run (they ran in the SQLite run); the
 * PostgreSQL case needs TEST_DATABASE_URL.
 */
const serverDir = path.resolve(import.meta.dirname, '../../..');
const root = fs.mkdtempSync(path.join(os.tmpdir(), 'sd-backup-api-'));
const testDatabaseUrl = process.env.TEST_DATABASE_URL || undefined;
const children: ChildProcess[] = [];
const receiver = new ChannelReceiver();
let receiverBase = '';

afterAll(async () => {
  for (const child of children) {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGKILL');
    }
  }
  await receiver.close().catch(() => undefined);
  fs.rmSync(root, { recursive: true, force: true });
});

/** The server's own secrets come from DATA_DIR files (as with `npm start`), not from the test config. */
function configOf(dataDir: string, overrides: Partial<AppConfig> = {}): AppConfig {
  return testConfig({ dataDir, sqliteFile: undefined, settingsSecret: undefined, storageSecret: undefined, adminPassword, webhookAllowHosts: ['127.0.0.1'], ...overrides });
}

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

interface Fixture {
  userName: string;
  password: string;
  itemId: number;
  device: { sn: string; secret: string };
  channelId: number;
  objects: Array<{ key: string; sha256: string }>;
}

/** A company user with a data item fed by a bound device, a Feishu channel with a sealed secret, and three uploaded objects. */
async function setUp(app: FastifyInstance, sn: string): Promise<Fixture> {
  if (!receiverBase) {
    receiverBase = await receiver.start(21020);
  }
  const user = await createCompanyUser(app, { codes: ['sd_capsule', 'cd_device', 'sys_notify_channel', 'cs_rules', 'cs_info'] });
  const api = as(app, await signIn(app, user.userName, user.password));
  const call = async (url: string, payload: object) => {
    const answer = body(await api({ method: 'POST', url: `/general/${url}`, payload }));
    expect(answer.code, JSON.stringify(answer)).toBe(0);
    return answer.data as Record<string, unknown>;
  };
  const directoryId = (await call('cabin/addDirectory', { parentId: null, name: 'Plant' })).id as number;
  const itemId = (await call('dataItem/addDataItem', {
    directoryId,
    name: 'Kiln',
    kind: 13,
    fields: [
      { name: 'Seq', fieldName: 'seq', type: 10, unit: '', priority: 1 },
      { name: 'Temp', fieldName: 'temp', type: 1, unit: '', priority: 2 },
    ],
  })).id as number;
  const device = (await call('device/addDevice', { name: 'Kiln gateway', sn, model: 'SD-G1' })) as { id: number; sn: string; secret: string };
  await call('telemetry/bindItem', { itemId, deviceId: device.id });
  const channelId = (await call('notify/addChannel', { kind: 'feishu', name: 'Kiln duty', url: `${receiverBase}/open-apis/bot/v2/hook/feishu-hook-id`, secret: receiverSecrets.feishu })).id as number;
  const objects: Fixture['objects'] = [];
  for (const [fileName, size] of [
    ['drawing.bin', 200_000],
    ['sheet.bin', 5_000],
    ['note.bin', 17],
  ] as const) {
    const bytes = randomBytes(size);
    const grant = (await call('cos/getUploadCredential', { purpose: 'object', fileName, contentType: 'application/octet-stream', size })) as { objectKey: string; uploadUrl: string; headers: Record<string, string> };
    const put = await app.inject({ method: 'PUT', url: grant.uploadUrl, headers: grant.headers, payload: bytes });
    expect(body(put).code).toBe(0);
    objects.push({ key: grant.objectKey, sha256: sha256(bytes) });
  }
  return { userName: user.userName, password: user.password, itemId, device: { sn: device.sn, secret: device.secret }, channelId, objects };
}

/**
 * A device publishing `{seq, temp}` at QoS 1, up to 20 in flight, until stopped (at most 20 000):
 * `acked` holds each value whose PUBACK arrived.
 */
async function publisher(mqttPort: number, device: Fixture['device']) {
  const client: MqttClient = mqtt.connect(`mqtt://127.0.0.1:${mqttPort}`, { username: device.sn, password: device.secret, clientId: device.sn, reconnectPeriod: 0, connectTimeout: 5000 });
  await new Promise<void>((resolve, reject) => {
    client.once('connect', () => resolve());
    client.once('error', reject);
  });
  client.on('error', () => undefined);
  const acked = new Set<number>();
  const base = Date.now() - 3_600_000;
  let next = 0;
  let inFlight = 0;
  let stopped = false;
  let drained: () => void = () => undefined;
  const sendNext = () => {
    if (stopped || next >= 20_000) {
      if (inFlight === 0) {
        drained();
      }
      return;
    }
    const seq = next;
    next += 1;
    inFlight += 1;
    client.publish(`sd/${device.sn}/up/telemetry`, JSON.stringify({ ts: base + seq, values: { seq, temp: 20 + (seq % 10) } }), { qos: 1 }, (error) => {
      inFlight -= 1;
      if (!error) {
        acked.add(seq);
      }
      sendNext();
    });
  };
  for (let i = 0; i < 20; i += 1) {
    sendNext();
  }
  return {
    acked,
    sent: () => next,
    /** Waits (at most 60 s) until `count` values are acknowledged. */
    async until(count: number) {
      for (let i = 0; i < 600 && acked.size < count; i += 1) {
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      expect(acked.size).toBeGreaterThanOrEqual(count);
    },
    async stop() {
      stopped = true;
      await Promise.race([new Promise<void>((resolve) => (inFlight === 0 ? resolve() : (drained = resolve))), new Promise((resolve) => setTimeout(resolve, 10_000))]);
      client.end(true);
    },
  };
}

/** Runs the CLI as a person would (`npm run backup` / `npm run restore` run this file through tsx). */
function cli(args: string[], env: Record<string, string>): { child: ChildProcess; done: Promise<{ code: number | null; signal: NodeJS.Signals | null; stdout: string; stderr: string }> } {
  const inherited = Object.fromEntries(Object.entries(process.env).filter(([name]) => !['DATABASE_URL', 'TEST_DATABASE_URL', 'DATA_DIR', 'INIT_CWD'].includes(name)));
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/platform/backup/backup.cli.ts', ...args], { cwd: serverDir, env: { ...inherited, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  children.push(child);
  let stdout = '';
  let stderr = '';
  child.stdout?.on('data', (chunk: Buffer) => (stdout += chunk.toString('utf8')));
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
  const done = new Promise<{ code: number | null; signal: NodeJS.Signals | null; stdout: string; stderr: string }>((resolve) => {
    child.once('exit', (code, signal) => resolve({ code, signal, stdout, stderr }));
  });
  return { child, done };
}

/** Waits (at most 60 s) until the child's standard output contains `text`. */
async function outputContains(child: ChildProcess, text: string): Promise<void> {
  let seen = '';
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no "${text}" in 60 s: ${seen}`)), 60_000);
    child.stdout?.on('data', (chunk: Buffer) => {
      seen += chunk.toString('utf8');
      if (seen.includes(text)) {
        clearTimeout(timer);
        resolve();
      }
    });
    child.once('exit', () => {
      clearTimeout(timer);
      reject(new Error(`exited before "${text}": ${seen}`));
    });
  });
}

/** The server (apps/server/src/main.ts) as a child process, as `npm start` runs it. */
async function startServer(dataDir: string, port: number, mqttPort: number, extra: Record<string, string>): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: serverDir,
    env: { ...process.env, DATABASE_URL: '', DATA_DIR: dataDir, HOST: '127.0.0.1', PORT: String(port), MQTT_PORT: String(mqttPort), MQTT_TLS_PORT: 'off', LOG_LEVEL: 'warn', WEB_DIST: path.join(dataDir, 'no-web'), ...extra },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  children.push(child);
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
  for (let i = 0; i < 300; i += 1) {
    if (child.exitCode !== null) {
      throw new Error(`server exited: ${stderr}`);
    }
    if (await fetch(`http://127.0.0.1:${port}/general/health`).then((r) => r.ok, () => false)) {
      return child;
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`server did not start: ${stderr}`);
}

async function stopServer(child: ChildProcess): Promise<void> {
  if (child.exitCode === null && child.signalCode === null) {
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    child.kill('SIGTERM');
    await exited;
  }
}

/** Every `seq` among the item's records, read page by page as the records list shows them. */
async function storedSeqs(app: FastifyInstance, token: string, itemId: number): Promise<Set<number>> {
  const stored = new Set<number>();
  for (let page = 1; page <= 500; page += 1) {
    const answer = body(await app.inject({ url: `/general/dataItem/getRecords?itemId=${itemId}&pageNum=${page}&pageSize=100`, headers: { authorization: `Bearer ${token}` } }));
    expect(answer.code).toBe(0);
    const list = answer.data.list as Array<{ values: { seq: number } }>;
    for (const record of list) {
      stored.add(record.values.seq);
    }
    if (list.length < 100) {
      break;
    }
  }
  return stored;
}

/**
 * What a person checks after a restore: a server started on the restored DATA_DIR shows every
 * value acknowledged before the backup began, serves every object with its bytes, and a channel
 * whose secret was sealed with the settings secret still signs its test message correctly.
 */
async function checkRestoredServer(dataDir: string, fixture: Fixture, ackedBefore: Set<number>, published: number, overrides: Partial<AppConfig> = {}): Promise<void> {
  const app = await buildApp(configOf(dataDir, overrides));
  try {
    const token = await signIn(app, fixture.userName, fixture.password);
    const stored = await storedSeqs(app, token, fixture.itemId);
    expect([...ackedBefore].filter((seq) => !stored.has(seq))).toEqual([]);
    expect([...stored].filter((seq) => seq < 0 || seq >= published)).toEqual([]);
    const api = as(app, token);
    for (const object of fixture.objects) {
      const download = body(await api({ method: 'POST', url: '/general/cos/getDownloadUrl', payload: { objectKey: object.key } }));
      expect(download.code).toBe(0);
      const served = await app.inject({ url: download.data.url as string });
      expect(served.statusCode).toBe(200);
      expect(sha256(served.rawPayload)).toBe(object.sha256);
    }
    const before = receiver.on('/open-apis/bot/v2/hook/feishu-hook-id').length;
    const test = body(await api({ method: 'POST', url: '/general/notify/testChannel', payload: { id: fixture.channelId } }));
    expect(test.data).toMatchObject({ ok: true, status: 200 });
    const sent = receiver.on('/open-apis/bot/v2/hook/feishu-hook-id');
    expect(sent.length).toBe(before + 1);
    expect(sent.at(-1)!.valid).toBe(true);
  } finally {
    await app.close();
  }
}

function integrityCheck(file: string): string {
  const db = new SQLite(file, { readonly: true });
  try {
    return String(db.pragma('integrity_check', { simple: true }));
  } finally {
    db.close();
  }
}

/** Restores with the CLI into a fresh DATA_DIR and checks what it printed and the database file. */
async function restoreWithCli(backupDir: string, dataDir: string): Promise<void> {
  const restored = await cli(['restore', backupDir], { DATA_DIR: dataDir }).done;
  expect(restored.code, restored.stderr).toBe(0);
  expect(restored.stdout).toContain(`restored ${backupDir} into DATA_DIR ${dataDir}`);
  expect(restored.stdout).toContain('every checksum matched');
  expect(restored.stdout).toMatch(/rows: .*data_record \d+/);
  expect(integrityCheck(path.join(dataDir, 'smartdata.db'))).toBe('ok');
  expect(fs.existsSync(path.join(dataDir, 'settings-secret'))).toBe(true);
}

describe.skipIf(!!testDatabaseUrl)('a backup while devices publish (SQLite)', () => {
  it('in the server process (as the scheduled backup runs), writer on the event loop: every value acknowledged before it began is restored', { timeout: 180_000 }, async () => {
    const dataDir = path.join(root, 'live-a');
    const app = await buildApp(configOf(dataDir, { mqttPort: 21010 }));
    let ackedBefore: Set<number>;
    let published: number;
    let backupDir: string;
    try {
      const fixture = await setUp(app, 'BACKUP0A');
      const device = await publisher(21010, fixture.device);
      await device.until(300);
      ackedBefore = new Set(device.acked);
      const backup = await createBackup({ parentDir: path.join(root, 'backups-a'), source: backupSource(app.platform.config, { db: app.platform.db, kind: app.platform.dbKind }) });
      const ackedDuring = device.acked.size - ackedBefore.size;
      await device.until(device.acked.size + 100);
      await device.stop();
      published = device.sent();
      backupDir = backup.dir;
      console.log(`backup in process: ${ackedBefore.size} values acknowledged before, ${ackedDuring} during the backup (${backup.durationMs} ms), ${device.acked.size} in all`);
      expect(backup.manifest.included).toEqual(expect.arrayContaining(['database', 'objects', 'settings-secret', 'storage-secret']));
      expect(backup.manifest.objects.count).toBe(3);
      await app.close();

      const restoredDir = path.join(root, 'restored-a');
      await restoreWithCli(backupDir, restoredDir);
      for (const object of fixture.objects) {
        expect(sha256(fs.readFileSync(path.join(restoredDir, 'objects', ...object.key.split('/'))))).toBe(object.sha256);
      }
      await checkRestoredServer(restoredDir, fixture, ackedBefore, published);
    } finally {
      await app.close();
    }
  });

  it('with `npm run backup` beside a running server whose values go through the writer thread: every value acknowledged before it began is restored', { timeout: 180_000 }, async () => {
    const dataDir = path.join(root, 'live-b');
    const setup = await buildApp(configOf(dataDir));
    const fixture = await setUp(setup, 'BACKUP0B');
    await setup.close();
    const server = await startServer(dataDir, 21012, 21011, { RECORD_WRITER_THREAD: 'on' });
    const device = await publisher(21011, fixture.device);
    await device.until(300);
    const ackedBefore = new Set(device.acked);
    const parentDir = path.join(root, 'backups-b');
    const backup = await cli(['backup', '--out', parentDir], { DATA_DIR: dataDir }).done;
    const ackedDuring = device.acked.size - ackedBefore.size;
    await device.until(device.acked.size + 100);
    await device.stop();
    await stopServer(server);
    expect(backup.code, backup.stderr).toBe(0);
    console.log(`npm run backup: ${ackedBefore.size} values acknowledged before, ${ackedDuring} while it ran, ${device.acked.size} in all`);
    const [listing] = await listBackups(parentDir);
    expect(listing.state).toBe('complete');
    expect(backup.stdout).toContain(`backup ${listing.dir}`);

    const restoredDir = path.join(root, 'restored-b');
    await restoreWithCli(listing.dir, restoredDir);
    await checkRestoredServer(restoredDir, fixture, ackedBefore, device.sent());
  });
});

describe.skipIf(!!testDatabaseUrl)('a backup killed half-way (SQLite)', () => {
  it('leaves no folder that restore accepts or that is listed as a backup, at any of two points', { timeout: 120_000 }, async () => {
    const dataDir = path.join(root, 'killed');
    const app = await buildApp(configOf(dataDir));
    await setUp(app, 'BACKUP0K');
    await app.close();
    const parentDir = path.join(root, 'backups-killed');
    // After the database and one object; after the manifest, just before the rename.
    for (const pause of ['objects:1', 'manifest:1']) {
      const run = cli(['backup', '--out', parentDir], { DATA_DIR: dataDir, SMARTDATA_BACKUP_TEST_PAUSE: pause });
      await outputContains(run.child, 'paused at');
      run.child.kill('SIGKILL');
      expect((await run.done).signal).toBe('SIGKILL');
    }
    const leftovers = fs.readdirSync(parentDir);
    expect(leftovers).toHaveLength(2);
    const listed = await listBackups(parentDir);
    expect(listed.map((listing) => listing.state)).toEqual(['incomplete', 'incomplete']);
    for (const leftover of leftovers) {
      const dir = path.join(parentDir, leftover);
      expect(leftover).toMatch(/\.partial$/);
      expect((await verifyBackup(dir)).ok).toBe(false);
      const target = path.join(root, `restore-of-${leftover}`);
      const restore = await cli(['restore', dir], { DATA_DIR: target }).done;
      expect(restore.code).toBe(2);
      expect(restore.stderr).toContain('it did not finish');
      expect(fs.existsSync(target) ? fs.readdirSync(target) : []).toEqual([]);
      // Without the temporary name, a folder lacking its manifest is refused all the same.
      if (!fs.existsSync(path.join(dir, 'manifest.json'))) {
        const renamed = dir.replace(/\.partial$/, '');
        fs.renameSync(dir, renamed);
        await expect(restoreBackup({ backupDir: renamed, dataDir: target })).rejects.toThrow('no manifest.json: the backup was not finished');
        fs.renameSync(renamed, dir);
      }
    }
    // The next backup is whole beside them, and pruning removes the leftovers.
    const next = await cli(['backup', '--out', parentDir], { DATA_DIR: dataDir }).done;
    expect(next.code, next.stderr).toBe(0);
    const [newest] = await listBackups(parentDir);
    expect(newest.state).toBe('complete');
    expect((await pruneBackups(parentDir, 7)).sort()).toEqual(leftovers.map((name) => path.join(parentDir, name)).sort());
    expect(fs.readdirSync(parentDir)).toEqual([newest.name]);
  });
});

/** A SQLite database in `dataDir` migrated with exactly `applied` (Kysely's own migrator, as an older or newer version would have). */
async function databaseWith(dataDir: string, applied: Record<string, Migration>): Promise<void> {
  fs.mkdirSync(dataDir, { recursive: true });
  const sqlite = new SQLite(path.join(dataDir, 'smartdata.db'));
  sqlite.pragma('journal_mode = WAL');
  const db = new Kysely<unknown>({ dialect: new SqliteDialect({ database: sqlite }) });
  const result = await new Migrator({ db, provider: { getMigrations: async () => applied }, allowUnorderedMigrations: true }).migrateToLatest();
  expect(result.error).toBeUndefined();
  await db.destroy();
}

describe.skipIf(!!testDatabaseUrl)('versions (SQLite)', () => {
  const names = Object.keys(migrations).sort();
  const newest = names.at(-1)!;

  it('a backup made before the newest migration restores and runs it forward; a server starts on it', { timeout: 60_000 }, async () => {
    const dataDir = path.join(root, 'older');
    const { [newest]: _left, ...older } = migrations;
    await databaseWith(dataDir, older);
    const backup = await createBackup({ parentDir: path.join(root, 'backups-older'), source: backupSource(configOf(dataDir)) });
    expect(backup.manifest.migrations).not.toContain(newest);
    expect(backup.manifest.lastMigration).toBe(names.at(-2));

    const restoredDir = path.join(root, 'restored-older');
    const restored = await cli(['restore', backup.dir], { DATA_DIR: restoredDir }).done;
    expect(restored.code, restored.stderr).toBe(0);
    expect(restored.stdout).toContain(`migrations run forward: ${newest}`);
    const db = new SQLite(path.join(restoredDir, 'smartdata.db'), { readonly: true });
    expect(db.prepare('select name from kysely_migration order by name').pluck().all()).toEqual(names);
    db.close();
    const app = await buildApp(configOf(restoredDir));
    try {
      expect(body(await app.inject({ url: '/general/health' })).data.status).toBe('up');
      await signIn(app, 'admin', adminPassword);
    } finally {
      await app.close();
    }
  });

  it('a backup from a newer version is refused, naming the migration this version lacks, and nothing is written', { timeout: 60_000 }, async () => {
    const dataDir = path.join(root, 'newer');
    const future: Migration = {
      up: async (db) => {
        await db.schema.createTable('future_thing').addColumn('id', 'integer', (column) => column.primaryKey()).execute();
      },
    };
    await databaseWith(dataDir, { ...migrations, '2099-01-01-990-future-thing': future });
    const backup = await createBackup({ parentDir: path.join(root, 'backups-newer'), source: backupSource(configOf(dataDir)) });
    expect(backup.manifest.lastMigration).toBe('2099-01-01-990-future-thing');
    const target = path.join(root, 'restored-newer');
    const refused = await cli(['restore', backup.dir], { DATA_DIR: target }).done;
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain('this backup was made by a newer SmartData Console');
    expect(refused.stderr).toContain('2099-01-01-990-future-thing');
    expect(fs.existsSync(target) ? fs.readdirSync(target) : []).toEqual([]);
  });

  it('refuses a non-empty DATA_DIR and a backup whose files do not match the manifest', { timeout: 60_000 }, async () => {
    const dataDir = path.join(root, 'checks');
    await databaseWith(dataDir, migrations);
    const backup = await createBackup({ parentDir: path.join(root, 'backups-checks'), source: backupSource(configOf(dataDir)) });
    await expect(restoreBackup({ backupDir: backup.dir, dataDir })).rejects.toThrow(/DATA_DIR .* is not empty \(smartdata\.db/);
    const database = path.join(backup.dir, 'data', 'smartdata.db');
    const bytes = fs.readFileSync(database);
    bytes[bytes.length - 1] ^= 0xff;
    fs.writeFileSync(database, bytes);
    const target = path.join(root, 'restored-checks');
    const refusal = await restoreBackup({ backupDir: backup.dir, dataDir: target }).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(BackupRefusal);
    expect((refusal as Error).message).toContain('data/smartdata.db: SHA-256 differs from the manifest');
    expect(fs.existsSync(target)).toBe(false);
  });
});

/** A statement on TEST_DATABASE_URL's database (create and drop the restore targets). */
async function admin(statement: string): Promise<void> {
  const pg = await loadPg();
  const client = new pg.Client({ connectionString: testDatabaseUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/** TEST_DATABASE_URL with another database name. */
function databaseUrlOf(database: string): string {
  const url = new URL(testDatabaseUrl!);
  url.pathname = `/${database}`;
  return url.toString();
}

describe.skipIf(!testDatabaseUrl)('PostgreSQL: pg_dump and pg_restore', () => {
  it('a backup of the app schema and the objects restores into an empty database; a server on it has the values and the objects', { timeout: 120_000 }, async () => {
    const schema = `t_${randomBytes(6).toString('hex')}`;
    const restoreDb = `sd_restore_${randomBytes(4).toString('hex')}`;
    const restoreUrl = databaseUrlOf(restoreDb);
    const dataDir = path.join(root, 'pg');
    const app = await buildApp(configOf(dataDir, { databaseUrl: testDatabaseUrl, databaseSchema: schema, mqttPort: 21010 }));
    try {
      const fixture = await setUp(app, 'BACKUP0P');
      const device = await publisher(21010, fixture.device);
      await device.until(200);
      const ackedBefore = new Set(device.acked);
      const backup = await createBackup({ parentDir: path.join(root, 'backups-pg'), source: backupSource(app.platform.config, { db: app.platform.db, kind: app.platform.dbKind }) });
      await device.stop();
      await app.close();
      expect(backup.manifest).toMatchObject({ databaseKind: 'postgres', databaseSchema: schema, objects: { count: 3 } });
      expect(backup.manifest.files.map((file) => file.path)).toContain('database.dump');
      expect(backup.manifest.migrations).toEqual(Object.keys(migrations).sort());

      await admin(`create database ${restoreDb}`);
      const restoredDir = path.join(root, 'restored-pg');
      const result = await restoreBackup({ backupDir: backup.dir, dataDir: restoredDir, databaseUrl: restoreUrl });
      expect(result.migrated).toEqual([]);
      expect(result.counts.data_record).toBeGreaterThanOrEqual(ackedBefore.size);
      // The database is no longer empty: a second restore into it is refused.
      await expect(restoreBackup({ backupDir: backup.dir, dataDir: path.join(root, 'restored-pg-2'), databaseUrl: restoreUrl })).rejects.toThrow(/is not empty: schema .* has \d+ tables/);
      await checkRestoredServer(restoredDir, fixture, ackedBefore, device.sent(), { databaseUrl: restoreUrl, databaseSchema: schema });
    } finally {
      await app.close();
      await admin(`drop schema if exists ${schema} cascade`);
      await admin(`drop database if exists ${restoreDb}`);
    }
  });
});

describe.skipIf(!testDatabaseUrl)('moving from SQLite to PostgreSQL (npm run migrate-to-pg)', () => {
  it('copies every table into an empty database; a server on it with the same DATA_DIR has the values, objects and secrets, and stores new values', { timeout: 120_000 }, async () => {
    const targetDb = `sd_moved_${randomBytes(4).toString('hex')}`;
    const targetUrl = databaseUrlOf(targetDb);
    const dataDir = path.join(root, 'to-pg');
    const sqliteApp = await buildApp(configOf(dataDir, { mqttPort: 21010 }));
    let fixture: Fixture;
    let acked: Set<number>;
    let published: number;
    try {
      fixture = await setUp(sqliteApp, 'BACKUP0M');
      const device = await publisher(21010, fixture.device);
      await device.until(200);
      await device.stop();
      acked = new Set(device.acked);
      published = device.sent();
    } finally {
      await sqliteApp.close();
    }
    await admin(`create database ${targetDb}`);
    try {
      const moved = await cli(['migrate-to-pg'], { DATA_DIR: dataDir, DATABASE_URL: targetUrl }).done;
      expect(moved.code, moved.stderr).toBe(0);
      expect(moved.stdout).toMatch(/moved .*smartdata\.db into PostgreSQL: \d+ tables, \d+ rows, every table's count compared/);
      expect(moved.stdout).not.toContain('not moved:');
      // A second run into the now full database is refused.
      const again = await cli(['migrate-to-pg'], { DATA_DIR: dataDir, DATABASE_URL: targetUrl }).done;
      expect(again.code).toBe(2);
      expect(again.stderr).toContain('is not empty');

      await checkRestoredServer(dataDir, fixture, acked, published, { databaseUrl: targetUrl });
      // New rows get new ids (the sequences were set past the copied ones): the device's next values are stored.
      const pgApp = await buildApp(configOf(dataDir, { databaseUrl: targetUrl, mqttPort: 21011 }));
      try {
        const more = await publisher(21011, fixture.device);
        await more.until(20);
        await more.stop();
        const token = await signIn(pgApp, fixture.userName, fixture.password);
        const stored = await storedSeqs(pgApp, token, fixture.itemId);
        expect([...more.acked].filter((seq) => !stored.has(seq))).toEqual([]);
        const api = as(pgApp, token);
        expect(body(await api({ method: 'POST', url: '/general/cabin/addDirectory', payload: { parentId: null, name: 'After the move' } })).code).toBe(0);
      } finally {
        await pgApp.close();
      }
    } finally {
      await admin(`drop database if exists ${targetDb} with (force)`);
    }
  });
});
