import { z } from 'zod';
import { pageOf, pageQuery } from '../shared/paging';

/**
 * Backups of the installation (issue 38; docs/operations.md "Backup and restore", "Scheduled
 * backups"): the platform administrator's page under system maintenance lists every backup run —
 * scheduled (BACKUP_CRON) or started with "back up now" — with its state, size, duration and
 * where it was written. A failed or missed scheduled backup is an alarm of the platform company.
 * Permission code: `system_backup` (platform only).
 */
export const backupPermission = { backups: 'system_backup' } as const;

/** States of a run (running 备份中 · succeeded 成功 · failed 失败 · missed 已错过). */
export const backupRunStates = ['running', 'succeeded', 'failed', 'missed'] as const;
export type BackupRunState = (typeof backupRunStates)[number];
/** What started a run (schedule 定时 · manual 手动). */
export const backupTriggers = ['schedule', 'manual'] as const;
export type BackupTrigger = (typeof backupTriggers)[number];

export const backupLimits = {
  /** BACKUP_KEEP: complete backups kept in BACKUP_DIR after a success (older ones pruned). */
  keepDefault: 7,
  keepMax: 1000,
  /** BACKUP_CRON's default: daily at 03:00 in the platform's time zone (croner, seconds first). */
  cronDefault: '0 0 3 * * *',
  /** A running run writes its heartbeat this often; one silent for `staleMs` is taken as interrupted. */
  heartbeatMs: 30_000,
  staleMs: 120_000,
  /** The page reads the list again this often while a run is running. */
  pollMs: 2000,
} as const;

/** `GET /general/system/backup/getBackups?pageNum&pageSize`: the runs, newest first. */
export const backupListQuery = pageQuery;
export type BackupListQuery = z.infer<typeof backupListQuery>;

/** `POST /general/system/backup/addBackup {}`: back up now → the run, running (the page polls the list). */
export const addBackupRequest = z.object({}).strict();
export type AddBackupRequest = z.infer<typeof addBackupRequest>;

export const backupRunView = z.object({
  id: z.number(),
  state: z.enum(backupRunStates),
  trigger: z.enum(backupTriggers),
  /** The scheduled time the run is for (scheduled and missed runs); null for "back up now". */
  scheduledFor: z.number().nullable(),
  startedAt: z.number(),
  finishedAt: z.number().nullable(),
  durationMs: z.number().nullable(),
  /** Total bytes and files of the backup (its manifest), once it succeeded. */
  bytes: z.number().nullable(),
  files: z.number().nullable(),
  /** The backup's folder name (`smartdata-<UTC time>`) and its full path. */
  name: z.string().nullable(),
  dir: z.string().nullable(),
  /** The key prefix in the S3 bucket when it was uploaded (BACKUP_S3_PREFIX). */
  s3Key: z.string().nullable(),
  /** Why it failed or was missed, in words (the server's own words for missed and interrupted runs: a key). */
  error: z.string().nullable(),
  /** Who pressed "back up now" (null for a scheduled run). */
  startedByName: z.string().nullable(),
});
export type BackupRunView = z.infer<typeof backupRunView>;
/** `GET /general/system/backup/getBackups` → a page of runs. */
export const backupPage = pageOf(backupRunView);

/** `GET /general/system/backup/getBackupSettings`: the configuration in effect, for the page. */
export const backupSettingsView = z.object({
  /** BACKUP_DIR is set: scheduled backups run and "back up now" is possible. */
  enabled: z.boolean(),
  dir: z.string().nullable(),
  cron: z.string(),
  timeZone: z.string(),
  /** The next scheduled time (null while backups are off). */
  nextRunAt: z.number().nullable(),
  keep: z.number(),
  /** BACKUP_S3_PREFIX; `s3Upload`: it is set and S3 storage is configured, so backups are uploaded. */
  s3Prefix: z.string().nullable(),
  s3Upload: z.boolean(),
  databaseKind: z.enum(['sqlite', 'postgres']),
  objectStorage: z.enum(['local', 's3']),
  /** A run is running now (the button waits). */
  running: z.boolean(),
});
export type BackupSettingsView = z.infer<typeof backupSettingsView>;
