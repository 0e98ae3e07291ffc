import type { Insertable, Selectable, Updateable } from 'kysely';
import type { Db } from '@server/platform/db/database';
import type { BackupRunTable } from '@server/platform/db/schema.backups';

export type BackupRunRow = Selectable<BackupRunTable>;
export type BackupRunPatch = Updateable<BackupRunTable>;

/** The backups module's table `backup_run` (the platform's own: no company scope). */
export class BackupsRepository {
  constructor(private readonly db: Db) {}

  /** Inserts a run; throws a unique violation when its slot is taken or another run is running. */
  async insert(values: Insertable<BackupRunTable>): Promise<number> {
    const row = await this.db.insertInto('backup_run').values(values).returning('id').executeTakeFirstOrThrow();
    return Number(row.id);
  }

  byId(id: number): Promise<BackupRunRow | undefined> {
    return this.db.selectFrom('backup_run').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** One page of runs, newest first, with the name of who pressed "back up now". */
  async page(pageNum: number, pageSize: number): Promise<{ rows: (BackupRunRow & { startedByName: string | null })[]; total: number }> {
    const total = await this.db.selectFrom('backup_run').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst();
    const rows = await this.db
      .selectFrom('backup_run')
      .leftJoin('app_user', 'app_user.id', 'backup_run.started_by')
      .selectAll('backup_run')
      .select('app_user.name as startedByName')
      .orderBy('backup_run.started_at', 'desc')
      .orderBy('backup_run.id', 'desc')
      .limit(pageSize)
      .offset((pageNum - 1) * pageSize)
      .execute();
    return { rows, total: Number(total?.n ?? 0) };
  }

  async anyRunning(): Promise<boolean> {
    return (await this.db.selectFrom('backup_run').select('id').where('state', '=', 'running').executeTakeFirst()) !== undefined;
  }

  async slotTaken(slot: number): Promise<boolean> {
    return (await this.db.selectFrom('backup_run').select('id').where('scheduled_for', '=', slot).executeTakeFirst()) !== undefined;
  }

  /**
   * Whether the slot had its backup: a run for it, or a run that was running then (a "back up now"
   * the scheduled one gave way to) — finished at or after the slot, or running still.
   */
  async slotCovered(slot: number): Promise<boolean> {
    const row = await this.db
      .selectFrom('backup_run')
      .select('id')
      .where((eb) => eb.or([eb('scheduled_for', '=', slot), eb('finished_at', '>=', slot), eb('state', '=', 'running')]))
      .executeTakeFirst();
    return row !== undefined;
  }

  /** Whether any run started before `at` (backups were on then). */
  async anyBefore(at: number): Promise<boolean> {
    return (await this.db.selectFrom('backup_run').select('id').where('started_at', '<', at).executeTakeFirst()) !== undefined;
  }

  async heartbeat(id: number, at: number): Promise<void> {
    await this.db.updateTable('backup_run').set({ heartbeat_at: at }).where('id', '=', id).where('state', '=', 'running').execute();
  }

  /** Ends a running run; false when it was no longer running (taken as interrupted meanwhile). */
  async finish(id: number, patch: BackupRunPatch): Promise<boolean> {
    const result = await this.db.updateTable('backup_run').set(patch).where('id', '=', id).where('state', '=', 'running').executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  /** Running runs of `instanceId` (its own, at its start) or silent since before `staleBefore`. */
  interrupted(instanceId: string | null, staleBefore: number): Promise<BackupRunRow[]> {
    return this.db
      .selectFrom('backup_run')
      .selectAll()
      .where('state', '=', 'running')
      .where((eb) => (instanceId === null ? eb('heartbeat_at', '<', staleBefore) : eb.or([eb('instance_id', '=', instanceId), eb('heartbeat_at', '<', staleBefore)])))
      .execute();
  }

  /** Runs whose alarm may still be open. */
  withOpenAlarm(): Promise<BackupRunRow[]> {
    return this.db.selectFrom('backup_run').selectAll().where('alarm_open', '=', 1).execute();
  }

  async setAlarmOpen(id: number, open: boolean): Promise<void> {
    await this.db.updateTable('backup_run').set({ alarm_open: open ? 1 : 0 }).where('id', '=', id).execute();
  }
}
