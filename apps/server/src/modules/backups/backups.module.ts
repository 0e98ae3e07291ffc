import type { FastifyInstance } from 'fastify';
import type { Platform } from '@server/platform/context';
import { backupSource, createBackup, pruneBackups, uploadBackupToS3 } from '@server/platform/backup/backup';
import type { DatabaseHandle } from '@server/platform/db/database';
import { repeatWhileOpen } from '@server/platform/repeat';
import type { Scheduler } from '@server/platform/scheduler';
import type { PlatformAlarms } from '../alarms/platformAlarms.port';
import type { StorageService } from '../storage/storage.service';
import { BackupsRepository } from './backups.repository';
import { registerBackupsRoutes } from './backups.routes';
import { BackupsService, type BackupEngine } from './backups.service';

/** Handles for tests: a scheduled run of a slot, the start's checks, a later clock, the runs in hand. */
export interface BackupsClock {
  runScheduled(slot: number): Promise<void>;
  startup(): Promise<void>;
  /** Moves the module's clock (null: the real one). */
  setNow(now: number | null): void;
  /** Holds the runs that start from now on until the answered release is called. */
  hold(): () => void;
  idle(): Promise<void>;
}

const sweepMs = 60_000;

/**
 * The platform's backups (issue 38, docs/operations.md "Scheduled backups"): the page's calls, the
 * BACKUP_CRON job under the scheduler's lease, the checks at start (interrupted and missed runs) and
 * a sweep each minute for runs whose instance died. The backup itself is platform/backup's engine;
 * failed and missed scheduled runs are alarms of the platform company (alarms' PlatformAlarms).
 */
export function registerBackupsModule(
  app: FastifyInstance,
  platform: Platform,
  deps: { scheduler: Scheduler; database: DatabaseHandle; alarms: PlatformAlarms; storage: Pick<StorageService, 'objectStore'> },
): BackupsClock {
  const { config } = platform;
  const store = deps.storage.objectStore();
  const engine: BackupEngine = {
    source: () => backupSource(config, deps.database),
    create: (parentDir, source) => createBackup({ parentDir, source }),
    prune: (parentDir, keep) => pruneBackups(parentDir, keep),
    upload: (dir, bucket, prefix) => uploadBackupToS3(dir, bucket, prefix),
  };
  let fixed: number | null = null;
  const now = () => fixed ?? Date.now();
  const backups = new BackupsService(new BackupsRepository(platform.db), {
    settings: {
      dir: config.backupDir,
      cron: config.backupCron,
      keep: config.backupKeep,
      s3Prefix: config.backupS3Prefix,
      timeZone: config.timeZone,
      instanceId: config.instanceId,
      databaseKind: platform.dbKind,
      bucket: store.kind === 's3' ? store : null,
    },
    engine,
    alarms: deps.alarms,
    log: app.log,
    now,
  });
  registerBackupsRoutes(app, { backups });
  if (backups.enabled) {
    deps.scheduler.schedule('backup', config.backupCron, () => backups.runScheduled(backups.slotAt(now())));
  }
  repeatWhileOpen(app, {
    name: 'backup sweep',
    everyMs: sweepMs,
    sweep: () => backups.sweep(),
    // A check that fails is logged; the server starts all the same.
    onReady: () => backups.startup().catch((error: unknown) => app.log.error({ err: error }, 'backup start checks failed')),
    onClose: () => backups.idle(),
  });
  return {
    runScheduled: (slot) => backups.runScheduled(slot),
    startup: () => backups.startup(),
    setNow: (value) => (fixed = value),
    hold: () => backups.hold(),
    idle: () => backups.idle(),
  };
}
