import { Cron } from 'croner';
import { backupLimits, formatInstant, type BackupRunView, type BackupSettingsView, type Locale, type Page, type PageQuery } from '@smartdata/domain';
import type { BackupObjectStore, BackupResult, BackupSource } from '@server/platform/backup/backup';
import { isUniqueViolation } from '@server/platform/db/uniqueViolation';
import { conflict } from '@server/platform/errors';
import { translate } from '@server/platform/i18n';
import type { PlatformAlarms } from '../alarms/platformAlarms.port';
import type { BackupRunRow, BackupsRepository } from './backups.repository';

/** What the service needs of the backup engine (platform/backup/backup.ts). */
export interface BackupEngine {
  source(): BackupSource;
  create(parentDir: string, source: BackupSource): Promise<BackupResult>;
  prune(parentDir: string, keep: number): Promise<string[]>;
  upload(dir: string, store: BackupObjectStore, prefix: string): Promise<string[]>;
}

/** The BACKUP_* settings in effect and what the page says beside them. */
export interface BackupSettings {
  dir?: string;
  cron: string;
  keep: number;
  s3Prefix?: string;
  timeZone: string;
  instanceId: string;
  databaseKind: 'sqlite' | 'postgres';
  /** The bucket, when S3 storage is configured (the upload goes there); null on local disk. */
  bucket: BackupObjectStore | null;
}

export interface BackupsDeps {
  settings: BackupSettings;
  engine: BackupEngine;
  alarms: PlatformAlarms;
  log: { info: (obj: unknown, msg?: string) => void; warn: (obj: unknown, msg?: string) => void; error: (obj: unknown, msg?: string) => void };
  now: () => number;
}

/** The key of a run's alarm in the alarm log (one per failed or missed scheduled run). */
export const backupAlarmKey = (runId: number) => `platform:backup:${runId}`;
/** Failed and missed scheduled backups are level-2 alarms. */
const ALARM_LEVEL = 2;

/** A stored reason reads in the caller's language: a server text key (`backup.interrupted`) or an error's own words. */
function reasonText(error: string | null, locale: Locale): string | null {
  return error === null ? null : translate(error, locale);
}

/**
 * The platform's backups (issue 38; docs/operations.md "Scheduled backups"): runs on BACKUP_CRON and
 * on "back up now", one at a time per installation and one per cron slot across instances (both
 * unique indexes of `backup_run`, claimed by the insert), each written by the engine into BACKUP_DIR,
 * copied to the bucket under BACKUP_S3_PREFIX when S3 is configured, then older backups pruned to
 * BACKUP_KEEP. A scheduled run that fails, is interrupted or was missed (server down at its time,
 * seen at the next start) raises an alarm of the platform company; the next success clears it.
 */
export class BackupsService {
  private readonly inFlight = new Set<Promise<void>>();
  /** Tests hold runs at their start (a run that is surely still running); null: none held. */
  private gate: Promise<void> | null = null;
  private readonly cron: Cron;

  constructor(
    private readonly repository: BackupsRepository,
    private readonly deps: BackupsDeps,
  ) {
    this.cron = new Cron(deps.settings.cron, { timezone: deps.settings.timeZone, paused: true });
  }

  get enabled(): boolean {
    return this.deps.settings.dir !== undefined;
  }

  /** The configuration in effect, for the page. */
  async settings(): Promise<BackupSettingsView> {
    const { dir, cron, keep, s3Prefix, timeZone, databaseKind, bucket } = this.deps.settings;
    const next = this.enabled ? this.cron.nextRun(new Date(this.deps.now())) : null;
    return {
      enabled: this.enabled,
      dir: dir ?? null,
      cron,
      timeZone,
      nextRunAt: next ? next.getTime() : null,
      keep,
      s3Prefix: s3Prefix ?? null,
      s3Upload: s3Prefix !== undefined && bucket !== null,
      databaseKind,
      objectStorage: bucket ? 's3' : 'local',
      running: await this.repository.anyRunning(),
    };
  }

  async runs(page: PageQuery, locale: Locale): Promise<Page<BackupRunView>> {
    const { rows, total } = await this.repository.page(page.pageNum, page.pageSize);
    return { list: rows.map((row) => this.view(row, locale, row.startedByName)), total };
  }

  /** "Back up now": refused while backups are off or another run is running; answers the run, running (the page polls). */
  async backUpNow(userId: number, locale: Locale): Promise<BackupRunView> {
    const dir = this.requireDir();
    const now = this.deps.now();
    await this.interrupt(null, now);
    let id: number;
    try {
      id = await this.repository.insert({ ...this.newRun('manual', null, now), started_by: userId });
    } catch (error) {
      if (isUniqueViolation(error)) {
        throw conflict('backup.running');
      }
      throw error;
    }
    const row = (await this.repository.byId(id))!;
    this.track(this.execute(row, dir));
    return this.view(row, locale, null);
  }

  /**
   * The scheduled run of `slot` (the cron time it fires for): claimed by inserting its row, so of
   * several instances one runs it; skipped when a "back up now" is running at that moment (that
   * backup stands for the slot).
   */
  async runScheduled(slot: number): Promise<void> {
    const dir = this.deps.settings.dir;
    if (dir === undefined) {
      return;
    }
    const now = this.deps.now();
    await this.interrupt(null, now);
    if (await this.repository.slotTaken(slot)) {
      return;
    }
    if (await this.repository.anyRunning()) {
      this.deps.log.info({ slot }, 'scheduled backup skipped: another backup is running');
      return;
    }
    let id: number;
    try {
      id = await this.repository.insert(this.newRun('schedule', slot, now));
    } catch (error) {
      if (isUniqueViolation(error)) {
        return; // another instance claimed the slot, or a backup started meanwhile
      }
      throw error;
    }
    const run = this.execute((await this.repository.byId(id))!, dir);
    this.track(run);
    await run;
  }

  /** The slot a cron tick at `at` fires for: the latest scheduled time not after it. */
  slotAt(at: number): number {
    const [previous] = this.cron.previousRuns(1, new Date(at + 500));
    return previous ? previous.getTime() : at;
  }

  /**
   * At start: this instance's own running runs (it crashed while they ran) and runs silent for
   * two minutes are failed as interrupted; then, with backups on, the latest slot before now that
   * had no backup — while an earlier run shows backups were on — is recorded as missed. Both
   * raise an alarm. One missed run per start, however many slots an outage spanned.
   */
  async startup(): Promise<void> {
    const now = this.deps.now();
    await this.interrupt(this.deps.settings.instanceId, now);
    const dir = this.deps.settings.dir;
    if (dir === undefined) {
      return;
    }
    const [slot] = this.cron.previousRuns(1, new Date(now));
    if (!slot || (await this.repository.slotCovered(slot.getTime())) || !(await this.repository.anyBefore(slot.getTime()))) {
      return;
    }
    const at = slot.getTime();
    const error = `backup.missedSlot|${formatInstant(at, 'datetime', this.deps.settings.timeZone)}`;
    let id: number;
    try {
      id = await this.repository.insert({ ...this.newRun('schedule', at, at), state: 'missed', dir, error, finished_at: null });
    } catch (error) {
      if (isUniqueViolation(error)) {
        return; // another instance recorded it
      }
      throw error;
    }
    await this.raise(id, 'backup.alarm.missed', error, now);
  }

  /** Every minute: runs silent for two minutes (their instance died) are failed as interrupted. */
  async sweep(): Promise<void> {
    await this.interrupt(null, this.deps.now());
  }

  /** Holds every run that starts from now on until the answered release is called (tests). */
  hold(): () => void {
    let release = () => {};
    this.gate = new Promise<void>((resolve) => {
      release = () => {
        this.gate = null;
        resolve();
      };
    });
    return release;
  }

  /** Resolves when every run started by this instance has ended. */
  async idle(): Promise<void> {
    while (this.inFlight.size > 0) {
      await Promise.allSettled([...this.inFlight]);
    }
  }

  private requireDir(): string {
    const dir = this.deps.settings.dir;
    if (dir === undefined) {
      throw conflict('backup.off');
    }
    return dir;
  }

  private newRun(trigger: 'schedule' | 'manual', slot: number | null, now: number) {
    return {
      state: 'running',
      trigger_kind: trigger,
      scheduled_for: slot,
      started_at: now,
      heartbeat_at: now,
      instance_id: this.deps.settings.instanceId,
      dir: this.deps.settings.dir ?? null,
      alarm_open: 0,
    };
  }

  private track(run: Promise<void>): void {
    this.inFlight.add(run);
    void run.finally(() => this.inFlight.delete(run));
  }

  /** Makes the backup, uploads and prunes; never throws (the run's row says how it ended). */
  private async execute(row: BackupRunRow, parentDir: string): Promise<void> {
    const { engine, settings, log } = this.deps;
    const heartbeat = setInterval(() => {
      this.repository.heartbeat(row.id, this.deps.now()).catch((error: unknown) => log.warn({ err: error, run: row.id }, 'backup heartbeat failed'));
    }, backupLimits.heartbeatMs);
    heartbeat.unref();
    let result: BackupResult | null = null;
    try {
      await this.gate;
      result = await engine.create(parentDir, engine.source());
      let s3Key: string | null = null;
      if (settings.s3Prefix !== undefined && settings.bucket) {
        await engine.upload(result.dir, settings.bucket, settings.s3Prefix);
        s3Key = `${settings.s3Prefix}/${result.name}/`;
      }
      const finishedAt = this.deps.now();
      await this.repository.finish(row.id, { state: 'succeeded', finished_at: finishedAt, duration_ms: finishedAt - row.started_at, heartbeat_at: finishedAt, ...this.resultColumns(result), s3_key: s3Key });
      log.info({ run: row.id, dir: result.dir, bytes: result.bytes, durationMs: result.durationMs }, 'backup done');
      await this.afterSuccess(parentDir, finishedAt);
    } catch (error) {
      const finishedAt = this.deps.now();
      const message = error instanceof Error ? error.message : String(error);
      log.error({ err: error, run: row.id }, 'backup failed');
      try {
        const ended = await this.repository.finish(row.id, { state: 'failed', finished_at: finishedAt, duration_ms: finishedAt - row.started_at, heartbeat_at: finishedAt, error: message, ...(result ? this.resultColumns(result) : {}) });
        if (ended && row.trigger_kind === 'schedule') {
          await this.raise(row.id, 'backup.alarm.failed', message, finishedAt);
        }
      } catch (failure) {
        log.error({ err: failure, run: row.id }, 'backup failure not recorded');
      }
    } finally {
      clearInterval(heartbeat);
    }
  }

  private resultColumns(result: BackupResult) {
    return { bytes: result.bytes, files: result.files, name: result.name, dir: result.dir };
  }

  /** Older backups pruned to BACKUP_KEEP (a failure only logged: the new backup is whole), open backup alarms cleared. */
  private async afterSuccess(parentDir: string, at: number): Promise<void> {
    try {
      const removed = await this.deps.engine.prune(parentDir, this.deps.settings.keep);
      if (removed.length > 0) {
        this.deps.log.info({ removed }, 'older backups pruned');
      }
    } catch (error) {
      this.deps.log.warn({ err: error }, 'pruning older backups failed');
    }
    for (const run of await this.repository.withOpenAlarm()) {
      await this.deps.alarms.clear(backupAlarmKey(run.id), at);
      await this.repository.setAlarmOpen(run.id, false);
    }
  }

  /** Fails running runs left by a crash (this instance's own at its start, or silent ones) and raises the scheduled ones' alarms. */
  private async interrupt(instanceId: string | null, now: number): Promise<void> {
    for (const row of await this.repository.interrupted(instanceId, now - backupLimits.staleMs)) {
      const finishedAt = Math.max(row.heartbeat_at, row.started_at);
      const ended = await this.repository.finish(row.id, { state: 'failed', finished_at: finishedAt, duration_ms: finishedAt - row.started_at, error: 'backup.interrupted' });
      if (ended && row.trigger_kind === 'schedule') {
        await this.raise(row.id, 'backup.alarm.failed', 'backup.interrupted', now);
      }
    }
  }

  private async raise(runId: number, name: string, detail: string, at: number): Promise<void> {
    try {
      await this.repository.setAlarmOpen(runId, true);
      await this.deps.alarms.raise({ key: backupAlarmKey(runId), name, detail, dir: this.deps.settings.dir ?? '', level: ALARM_LEVEL, time: at });
    } catch (error) {
      this.deps.log.error({ err: error, run: runId }, 'backup alarm not raised');
    }
  }

  private view(row: BackupRunRow, locale: Locale, startedByName: string | null): BackupRunView {
    return {
      id: row.id,
      state: row.state as BackupRunView['state'],
      trigger: row.trigger_kind as BackupRunView['trigger'],
      scheduledFor: row.scheduled_for,
      startedAt: row.started_at,
      finishedAt: row.finished_at,
      durationMs: row.duration_ms,
      bytes: row.bytes,
      files: row.files,
      name: row.name,
      dir: row.dir,
      s3Key: row.s3_key,
      error: reasonText(row.error, locale),
      startedByName,
    };
  }
}
