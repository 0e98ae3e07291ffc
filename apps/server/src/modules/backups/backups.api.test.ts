import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BackupRunView, BackupSettingsView } from '@smartdata/domain';
import { adminPassword, as, body, createCompanyUser, createTestApp, signIn, type TestApp } from '@server/test/testApp';
import { ChannelReceiver, receiverSecrets } from '@server/test/channelReceiver';
import { BackupsRepository } from './backups.repository';
import { BackupsService, type BackupEngine } from './backups.service';

/**
 * The platform's backups (issue 38, docs/operations.md "Scheduled backups"), through the API with the
 * real engine (platform/backup) on a database in a file (SQLite) or the PostgreSQL of
 * TEST_DATABASE_URL: back up now, one at a time, BACKUP_KEEP, a failing scheduled backup and an
 * interrupted one (failed, an alarm of the platform company, a message through its channel to a
 * local receiver), a missed slot seen at start (missed, an alarm, cleared by the next success), and
 * the page only for the platform administrator.
 */
type Api = ReturnType<typeof as>;

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'sd-backups-api-'));
const usePg = Boolean(process.env.TEST_DATABASE_URL);
const zh = { 'accept-language': 'zh-CN' };
const en = { 'accept-language': 'en-US' };
const dayMs = 86_400_000;

/** A test server whose DATA_DIR (and SQLite file) is a folder of its own under `root`. */
function appIn(name: string, backupDir: string, keep = 2) {
  const dataDir = path.join(root, name);
  fs.mkdirSync(dataDir, { recursive: true });
  return createTestApp({ dataDir, ...(usePg ? {} : { sqliteFile: path.join(dataDir, 'smartdata.db') }), backupDir, backupKeep: keep, webhookAllowHosts: ['127.0.0.1'] });
}

const call = (who: Api, method: 'GET' | 'POST', url: string, payload?: object, headers: Record<string, string> = zh) =>
  who({ method, url: `/general/${url}`, ...(method === 'GET' ? { query: payload as Record<string, string> } : { payload }), headers }).then(body);

async function runs(who: Api): Promise<BackupRunView[]> {
  const answer = await call(who, 'GET', 'system/backup/getBackups', { pageNum: '1', pageSize: '50' });
  expect(answer.code, JSON.stringify(answer)).toBe(0);
  return answer.data.list as BackupRunView[];
}

async function alarms(who: Api): Promise<{ id: number; ruleName: string; state: string; target: { kind: string; dir?: string }; targetName: string }[]> {
  const answer = await call(who, 'GET', 'alarm/getAlarms', { pageNum: '1', pageSize: '50' });
  expect(answer.code, JSON.stringify(answer)).toBe(0);
  return answer.data.list;
}

/** Complete backup folders in `dir` (not the `.partial` of one being written). */
const backupFolders = (dir: string) => fs.readdirSync(dir).filter((name) => name.startsWith('smartdata-') && !name.endsWith('.partial'));

describe('backups of the platform', () => {
  let t: TestApp;
  let admin: Api;
  const backupDir = path.join(root, 'backups');

  beforeAll(async () => {
    t = await appIn('good', backupDir);
    admin = as(t.app, await signIn(t.app, 'admin', adminPassword));
  });
  afterAll(async () => {
    await t.close();
  });

  it('is the platform administrator’s page only: a company user holding the code is refused', async () => {
    const user = await createCompanyUser(t.app, { codes: ['system_backup', 'system_maintenance', 'sys_setting'] });
    const member = as(t.app, await signIn(t.app, user.userName, user.password));
    for (const [method, url] of [
      ['GET', 'system/backup/getBackups'],
      ['GET', 'system/backup/getBackupSettings'],
      ['POST', 'system/backup/addBackup'],
    ] as const) {
      const answer = await call(member, method, url, method === 'POST' ? {} : undefined);
      expect({ url, code: answer.code }).toEqual({ url, code: 40300 });
    }
    expect(await runs(admin)).toEqual([]);
  });

  it('answers the settings in effect: the folder, the daily 03:00 schedule and its next time, the number kept', async () => {
    const answer = await call(admin, 'GET', 'system/backup/getBackupSettings');
    const settings = answer.data as BackupSettingsView;
    expect(settings).toMatchObject({ enabled: true, dir: backupDir, cron: '0 0 3 * * *', timeZone: 'Asia/Shanghai', keep: 2, s3Prefix: null, s3Upload: false, objectStorage: 'local', running: false, databaseKind: usePg ? 'postgres' : 'sqlite' });
    expect(settings.nextRunAt).toBeGreaterThan(Date.now());
  });

  it('backs up now: the run is answered running, then listed as succeeded with its size, files, duration and folder', async () => {
    const started = await call(admin, 'POST', 'system/backup/addBackup', {});
    expect(started.code, JSON.stringify(started)).toBe(0);
    expect(started.data).toMatchObject({ state: 'running', trigger: 'manual', finishedAt: null, scheduledFor: null });
    await t.app.backups.idle();
    const [run] = await runs(admin);
    expect(run).toMatchObject({ id: started.data.id, state: 'succeeded', trigger: 'manual', error: null, s3Key: null, startedByName: expect.any(String) });
    expect(run!.bytes).toBeGreaterThan(0);
    expect(run!.files).toBeGreaterThanOrEqual(1);
    expect(run!.durationMs).toBeGreaterThanOrEqual(0);
    expect(run!.name).toMatch(/^smartdata-/);
    expect(run!.dir).toBe(path.join(backupDir, run!.name!));
    expect(fs.existsSync(path.join(run!.dir!, 'manifest.json'))).toBe(true);
  });

  it('runs one backup at a time: a second "back up now" while one runs is refused, translated, and nothing is added', async () => {
    const release = t.app.backups.hold();
    try {
      const first = await call(admin, 'POST', 'system/backup/addBackup', {});
      expect(first.code).toBe(0);
      const before = (await runs(admin)).length;
      const refusedZh = await call(admin, 'POST', 'system/backup/addBackup', {});
      const refusedEn = await call(admin, 'POST', 'system/backup/addBackup', {}, en);
      expect([refusedZh.code, refusedZh.msg]).toEqual([40900, '已有备份正在进行，请等它完成后再试']);
      expect([refusedEn.code, refusedEn.msg]).toEqual([40900, 'A backup is already running: try again when it has finished']);
      expect((await runs(admin)).length).toBe(before);
      expect((await call(admin, 'GET', 'system/backup/getBackupSettings')).data.running).toBe(true);
      // The scheduled time arriving meanwhile gives way to the running backup.
      await t.app.backups.runScheduled(Date.now() - 1000);
      expect((await runs(admin)).length).toBe(before);
    } finally {
      release();
    }
    await t.app.backups.idle();
    expect((await runs(admin))[0]!.state).toBe('succeeded');
    expect((await call(admin, 'GET', 'system/backup/getBackupSettings')).data.running).toBe(false);
  });

  it('keeps BACKUP_KEEP complete backups: older ones are removed after a success', async () => {
    await t.app.backups.runScheduled(Date.now() - 2000);
    const scheduled = (await runs(admin))[0]!;
    expect(scheduled).toMatchObject({ state: 'succeeded', trigger: 'schedule', scheduledFor: expect.any(Number) });
    const kept = backupFolders(backupDir);
    expect(kept).toHaveLength(2);
    expect(kept).toContain(scheduled.name);
    expect((await runs(admin)).filter((run) => run.state === 'succeeded')).toHaveLength(3);
  });

  it('runs a slot once, however many instances fire it', async () => {
    const slot = Date.now() - 3000;
    const before = (await runs(admin)).length;
    await Promise.all([t.app.backups.runScheduled(slot), t.app.backups.runScheduled(slot)]);
    const added = (await runs(admin)).slice(0, (await runs(admin)).length - before);
    expect(added.map((run) => [run.scheduledFor, run.state])).toEqual([[slot, 'succeeded']]);
  });

  it('records a slot passed while the server was down as missed, with an alarm, which the next success clears', async () => {
    // The server comes back two days later: the latest 03:00 had no backup (the earlier runs were before it).
    t.app.backups.setNow(Date.now() + 2 * dayMs);
    try {
      await t.app.backups.startup();
      await t.app.backups.startup(); // a second start (or instance) records it once
    } finally {
      t.app.backups.setNow(null);
    }
    const missed = (await runs(admin)).filter((run) => run.state === 'missed');
    expect(missed).toHaveLength(1);
    expect(missed[0]).toMatchObject({ trigger: 'schedule', bytes: null, error: expect.stringMatching(/^计划于 \d{4}-\d{2}-\d{2} 03:00:00 的定时备份未执行（服务器当时未运行）$/) });
    const raised = (await alarms(admin)).filter((alarm) => alarm.target.kind === 'backup');
    expect(raised.map((alarm) => [alarm.ruleName, alarm.state, alarm.targetName])).toEqual([['定时备份未执行', 'active', backupDir]]);

    await call(admin, 'POST', 'system/backup/addBackup', {});
    await t.app.backups.idle();
    expect((await alarms(admin)).filter((alarm) => alarm.target.kind === 'backup').map((alarm) => alarm.state)).toEqual(['cleared']);
  });
});

describe('a scheduled backup that fails', () => {
  let t: TestApp;
  let admin: Api;
  const receiver = new ChannelReceiver();
  // A folder under a plain file: no backup can be written there, whoever runs the server.
  const blocker = path.join(root, 'not-a-folder');
  const backupDir = path.join(blocker, 'backups');

  beforeAll(async () => {
    fs.writeFileSync(blocker, 'a file');
    const base = await receiver.start(usePg ? 21111 : 21110);
    t = await appIn('bad', backupDir);
    admin = as(t.app, await signIn(t.app, 'admin', adminPassword));
    // The platform company's notification channel (the administrator's own company).
    const channel = await call(admin, 'POST', 'notify/addChannel', { kind: 'wecom', name: '运维群', url: `${base}/cgi-bin/webhook/send?key=${receiverSecrets.wecomKey}` });
    expect(channel.code, JSON.stringify(channel)).toBe(0);
  });
  afterAll(async () => {
    await t.close();
    await receiver.close();
  });

  /** The messages the channel's receiver got whose text holds `text`. */
  async function delivered(text: string): Promise<string[]> {
    await t.app.notify.drain();
    await t.app.notify.idle();
    return receiver
      .on('/cgi-bin/webhook/send')
      .filter((message) => message.valid)
      .map((message) => JSON.stringify(message.body))
      .filter((content) => content.includes(text));
  }

  it('is failed with its error, raises an alarm of the platform and tells the platform company’s channel', async () => {
    await t.app.backups.runScheduled(Date.now() - 1000);
    const [run] = await runs(admin);
    expect(run).toMatchObject({ state: 'failed', trigger: 'schedule', bytes: null, error: expect.stringMatching(/ENOTDIR|EEXIST|not a directory/i) });
    expect(run!.finishedAt).not.toBeNull();
    const raised = (await alarms(admin)).filter((alarm) => alarm.target.kind === 'backup');
    expect(raised.map((alarm) => [alarm.ruleName, alarm.state, alarm.targetName])).toEqual([['定时备份失败', 'active', backupDir]]);
    const messages = await delivered('定时备份失败');
    expect(messages).toHaveLength(1);
    expect(messages[0]).toContain(run!.error!.slice(0, 20).replace(/["\\]/g, ''));
  });

  it('a "back up now" that fails is failed with its error and raises no alarm (the administrator sees it on the page)', async () => {
    const started = await call(admin, 'POST', 'system/backup/addBackup', {});
    expect(started.code).toBe(0);
    await t.app.backups.idle();
    const [run] = await runs(admin);
    expect(run).toMatchObject({ id: started.data.id, state: 'failed', trigger: 'manual' });
    expect((await alarms(admin)).filter((alarm) => alarm.target.kind === 'backup')).toHaveLength(1);
  });

  it('a scheduled run left running by a crash is failed as interrupted at the next start, with an alarm and a message', async () => {
    const repository = new BackupsRepository(t.app.platform.db);
    const at = Date.now() - 60_000;
    const id = await repository.insert({ state: 'running', trigger_kind: 'schedule', scheduled_for: at, started_at: at, heartbeat_at: at + 30_000, instance_id: t.app.platform.config.instanceId, dir: backupDir, alarm_open: 0 });
    await t.app.backups.startup();
    const run = (await runs(admin)).find((r) => r.id === id)!;
    expect(run).toMatchObject({ state: 'failed', error: '备份被中断（服务器在备份期间停止）', durationMs: 30_000 });
    const english = (await call(admin, 'GET', 'system/backup/getBackups', { pageNum: '1', pageSize: '50' }, en)).data.list as BackupRunView[];
    expect(english.find((r) => r.id === id)!.error).toBe('The backup was interrupted (the server stopped while it ran)');
    expect((await alarms(admin)).filter((alarm) => alarm.target.kind === 'backup' && alarm.state === 'active')).toHaveLength(2);
    expect(await delivered('备份被中断')).toHaveLength(1);
  });
});

describe('the copy to the S3 bucket (BACKUP_S3_PREFIX)', () => {
  it('records the key prefix of an uploaded backup; an upload that fails fails a scheduled run, keeping its local folder, with an alarm', async () => {
    const t = await createTestApp();
    try {
      const uploads: string[] = [];
      let uploadFails = false;
      const raised: string[] = [];
      const result = (name: string) => ({ dir: `/backups/${name}`, name, createdAt: 0, durationMs: 5, bytes: 2048, files: 3, manifest: {} as never });
      let n = 0;
      const engine: BackupEngine = {
        source: () => ({}) as never,
        create: () => Promise.resolve(result(`smartdata-${(n += 1)}`)),
        prune: () => Promise.resolve([]),
        upload: (dir, _bucket, prefix) => {
          if (uploadFails) {
            return Promise.reject(new Error('S3 PutObject: AccessDenied'));
          }
          uploads.push(`${prefix} ${dir}`);
          return Promise.resolve([`${prefix}/x`]);
        },
      };
      const service = new BackupsService(new BackupsRepository(t.app.platform.db), {
        settings: { dir: '/backups', cron: '0 0 3 * * *', keep: 7, s3Prefix: 'site-a/backups', timeZone: 'Asia/Shanghai', instanceId: 'test', databaseKind: 'sqlite', bucket: { put: () => Promise.resolve() } },
        engine,
        alarms: { raise: (alarm) => Promise.resolve(void raised.push(`${alarm.name} ${alarm.detail}`)), clear: () => Promise.resolve() },
        log: { info: () => undefined, warn: () => undefined, error: () => undefined },
        now: () => Date.now(),
      });
      expect((await service.settings()).s3Upload).toBe(true);
      await service.runScheduled(Date.now() - 1000);
      const [uploaded] = (await service.runs({ pageNum: 1, pageSize: 10 }, 'en-US')).list;
      expect(uploaded).toMatchObject({ state: 'succeeded', s3Key: 'site-a/backups/smartdata-1/', bytes: 2048, files: 3 });
      expect(uploads).toEqual(['site-a/backups /backups/smartdata-1']);
      uploadFails = true;
      await service.runScheduled(Date.now() - 500);
      const [failed] = (await service.runs({ pageNum: 1, pageSize: 10 }, 'en-US')).list;
      expect(failed).toMatchObject({ state: 'failed', s3Key: null, dir: '/backups/smartdata-2', error: 'S3 PutObject: AccessDenied' });
      expect(raised).toEqual(['backup.alarm.failed S3 PutObject: AccessDenied']);
    } finally {
      await t.close();
    }
  });
});

describe('backups off', () => {
  it('without BACKUP_DIR nothing is scheduled and "back up now" is refused, saying how to turn backups on', async () => {
    const t = await createTestApp();
    try {
      const admin = as(t.app, await signIn(t.app, 'admin', adminPassword));
      const settings = (await call(admin, 'GET', 'system/backup/getBackupSettings')).data as BackupSettingsView;
      expect(settings).toMatchObject({ enabled: false, dir: null, nextRunAt: null });
      const refused = await call(admin, 'POST', 'system/backup/addBackup', {}, en);
      expect([refused.code, refused.msg]).toEqual([40900, 'No backup folder is configured (BACKUP_DIR): backups are off']);
      await t.app.backups.runScheduled(Date.now());
      expect(await runs(admin)).toEqual([]);
    } finally {
      await t.close();
    }
  });
});

afterAll(() => {
  fs.rmSync(root, { recursive: true, force: true });
});
