import type { Db } from './db/database';

/** The scheduler's lease rows (`scheduler_lease`): one row per job, held by one instance at a time. */
export class SchedulerRepository {
  constructor(private readonly db: Db) {}

  /** Extends or takes over the lease when it has run out or is already ours; true when it is ours now. */
  async renew(job: string, holder: string, until: number, now: number): Promise<boolean> {
    const updated = await this.db
      .updateTable('scheduler_lease')
      .set({ holder, until })
      .where('job', '=', job)
      .where((eb) => eb.or([eb('until', '<', now), eb('holder', '=', holder)]))
      .executeTakeFirst();
    return Number(updated.numUpdatedRows) > 0;
  }

  async exists(job: string): Promise<boolean> {
    return (await this.db.selectFrom('scheduler_lease').select('job').where('job', '=', job).executeTakeFirst()) !== undefined;
  }

  /** Inserts the first lease of a job; throws when another instance inserted it first. */
  async insert(job: string, holder: string, until: number): Promise<void> {
    await this.db.insertInto('scheduler_lease').values({ job, holder, until, last_run_at: null }).execute();
  }

  async recordRun(job: string, at: number): Promise<void> {
    await this.db.updateTable('scheduler_lease').set({ last_run_at: at }).where('job', '=', job).execute();
  }

  async release(job: string, holder: string): Promise<void> {
    await this.db.updateTable('scheduler_lease').set({ until: 0 }).where('job', '=', job).where('holder', '=', holder).execute();
  }
}
