import type { Generated } from 'kysely';

/** Backup runs (migration 450; owned by modules/backups). Instants epoch ms. */
export interface BackupRunTable {
  id: Generated<number>;
  /** running | succeeded | failed | missed; at most one row is running (a partial unique index). */
  state: string;
  /** schedule | manual. */
  trigger_kind: string;
  /** The cron slot a scheduled or missed run is for (unique: one run per slot across instances); null for "back up now". */
  scheduled_for: number | null;
  started_at: number;
  finished_at: number | null;
  duration_ms: number | null;
  /** Written every 30 s while running; a running row silent for 2 minutes was interrupted. */
  heartbeat_at: number;
  /** INSTANCE_ID of the instance that runs it: at its next start, its own running rows are interrupted ones. */
  instance_id: string;
  bytes: number | null;
  files: number | null;
  name: string | null;
  dir: string | null;
  s3_key: string | null;
  /** The reason of a failed or missed run: an error's message or a server text key (`backup.interrupted`). */
  error: string | null;
  started_by: number | null;
  /** 1 while the run's alarm (a failed or missed scheduled run) may be open: the next success clears it. */
  alarm_open: number;
}

export interface BackupTables {
  backup_run: BackupRunTable;
}
