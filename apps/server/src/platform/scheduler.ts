import { randomBytes } from 'node:crypto';
import { Cron } from 'croner';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from './db/database';
import { SchedulerRepository } from './scheduler.repository';

/**
 * Cron jobs with a lease row in the database, so that with several server instances each run of a
 * job happens on one instance only (DESIGN.md §2, scale-out).
 */
export class Scheduler {
  private readonly holder = `${process.pid}-${randomBytes(4).toString('hex')}`;
  private readonly jobs: Cron[] = [];
  private readonly leases: SchedulerRepository;

  constructor(
    db: Db,
    private readonly log: FastifyBaseLogger,
    private readonly timeZone: string,
  ) {
    this.leases = new SchedulerRepository(db);
  }

  /** Takes the lease of `job` for `ttlMs`; false when another instance holds it. */
  async acquire(job: string, ttlMs: number, now = Date.now()): Promise<boolean> {
    if (await this.leases.renew(job, this.holder, now + ttlMs, now)) {
      return true;
    }
    if (await this.leases.exists(job)) {
      return false;
    }
    try {
      await this.leases.insert(job, this.holder, now + ttlMs);
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
      await this.leases.recordRun(job, Date.now());
    } finally {
      await this.leases.release(job, this.holder);
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
