import { randomBytes } from 'node:crypto';
import { Cron } from 'croner';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from './db/database';

/**
 * Cron jobs with a lease row in the database, so that with several server instances each run of a
 * job happens on one instance only (DESIGN.md §2, scale-out).
 */
export class Scheduler {
  private readonly holder = `${process.pid}-${randomBytes(4).toString('hex')}`;
  private readonly jobs: Cron[] = [];

  constructor(
    private readonly db: Db,
    private readonly log: FastifyBaseLogger,
    private readonly timeZone: string,
  ) {}

  /** Takes the lease of `job` for `ttlMs`; false when another instance holds it. */
  async acquire(job: string, ttlMs: number, now = Date.now()): Promise<boolean> {
    const updated = await this.db
      .updateTable('scheduler_lease')
      .set({ holder: this.holder, until: now + ttlMs })
      .where('job', '=', job)
      .where((eb) => eb.or([eb('until', '<', now), eb('holder', '=', this.holder)]))
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) > 0) {
      return true;
    }
    const existing = await this.db.selectFrom('scheduler_lease').select('job').where('job', '=', job).executeTakeFirst();
    if (existing) {
      return false;
    }
    try {
      await this.db.insertInto('scheduler_lease').values({ job, holder: this.holder, until: now + ttlMs, last_run_at: null }).execute();
      return true;
    } catch {
      return false; // another instance inserted it first
    }
  }

  /** Runs `task` now if the lease can be taken; records the run. */
  async runExclusive(job: string, task: () => Promise<void>, ttlMs = 10 * 60_000): Promise<boolean> {
    if (!(await this.acquire(job, ttlMs))) {
      return false;
    }
    try {
      await task();
      await this.db.updateTable('scheduler_lease').set({ last_run_at: Date.now() }).where('job', '=', job).execute();
    } finally {
      await this.db.updateTable('scheduler_lease').set({ until: 0 }).where('job', '=', job).where('holder', '=', this.holder).execute();
    }
    return true;
  }

  schedule(job: string, pattern: string, task: () => Promise<void>): void {
    const cron = new Cron(pattern, { timezone: this.timeZone, protect: true }, () => {
      this.runExclusive(job, task).catch((error: unknown) => this.log.error({ err: error, job }, 'scheduled job failed'));
    });
    this.jobs.push(cron);
  }

  stop(): void {
    for (const job of this.jobs) {
      job.stop();
    }
  }
}
