import type { JobListQuery, JobRequest, JobView, Locale, RunView, TaskSchedule } from '@smartdata/domain';
import { notFound } from '@server/platform/errors';
import type { CompaniesService } from '../companies/companies.service';
import type { RulesRepository } from './rules.repository';
import type { RulesService } from './rules.service';
import { lastRunOf, latestRuns } from './taskRuns';
import type { RunRow, TasksRepository } from './tasks.repository';
import type { TasksService } from './tasks.service';

/**
 * The scheduler's jobs of every company (/systemMaintenance/systemquartz, system_quartz, platform
 * administrators): smart analyses and scheduled tasks with their next and last run; pause (no next
 * run: the job shows as disabled to its company), resume (the next run from now) and run now.
 */
export class JobsService {
  constructor(
    private readonly deps: {
      analyses: TasksService;
      scheduled: RulesService;
      runs: TasksRepository;
      rules: RulesRepository;
      companies: Pick<CompaniesService, 'find'>;
    },
  ) {}

  /** The jobs page; company names in the reader's `locale` (the platform company is a built-in name). */
  async list(query: JobListQuery, locale: Locale): Promise<{ list: JobView[]; total: number }> {
    const { runs, rules } = this.deps;
    const jobs: Array<Omit<JobView, 'companyName' | 'lastRun'> & { last?: RunRow }> = [];
    if (query.type !== 'scheduled') {
      const rows = await runs.allAnalyses({ companyId: query.companyId });
      const last = await this.last('analysis', rows.map((r) => r.id));
      for (const row of rows) {
        jobs.push({ type: 'analysis', id: row.id, companyId: row.company_id, name: row.name, schedule: JSON.parse(row.schedule) as TaskSchedule, enabled: row.enabled === 1, nextRun: row.next_run_at === null ? null : Number(row.next_run_at), last: last.get(row.id) });
      }
    }
    if (query.type !== 'analysis') {
      const rows = await rules.allScheduled({ companyId: query.companyId });
      const last = await this.last('scheduled', rows.map((r) => r.id));
      for (const row of rows) {
        jobs.push({ type: 'scheduled', id: row.id, companyId: row.company_id, name: row.name, schedule: JSON.parse(row.schedule) as TaskSchedule, enabled: row.enabled === 1, nextRun: row.next_run_at === null ? null : Number(row.next_run_at), last: last.get(row.id) });
      }
    }
    const needle = query.name?.toLowerCase();
    const found = needle ? jobs.filter((j) => j.name.toLowerCase().includes(needle)) : jobs;
    // Soonest next run first; paused ones last.
    found.sort((a, b) => (a.nextRun ?? Number.MAX_SAFE_INTEGER) - (b.nextRun ?? Number.MAX_SAFE_INTEGER) || a.companyId - b.companyId || a.id - b.id);
    const page = found.slice((query.pageNum - 1) * query.pageSize, query.pageNum * query.pageSize);
    const names = new Map<number, string>();
    for (const companyId of new Set(page.map((j) => j.companyId))) {
      names.set(companyId, (await this.deps.companies.find(companyId, locale))?.displayName ?? String(companyId));
    }
    return { total: found.length, list: page.map(({ last, ...job }) => ({ ...job, companyName: names.get(job.companyId) ?? '', lastRun: lastRunOf(last) })) };
  }

  private last(type: 'analysis' | 'scheduled', ids: readonly number[]): Promise<Map<number, RunRow>> {
    return latestRuns(this.deps.runs, null, type, ids);
  }

  async setEnabled(job: JobRequest, enabled: boolean): Promise<void> {
    if (job.type === 'analysis') {
      await this.deps.analyses.setAnalysisEnabled(job.id, enabled);
      return;
    }
    const row = await this.deps.rules.scheduledById(job.id);
    if (!row) {
      throw notFound();
    }
    await this.deps.scheduled.setScheduledEnabled(row, enabled);
  }

  async runNow(job: JobRequest): Promise<RunView | null> {
    if (job.type === 'analysis') {
      return this.deps.analyses.runAnalysisById(job.id);
    }
    const row = await this.deps.rules.scheduledById(job.id);
    if (!row) {
      throw notFound();
    }
    const run = await this.deps.scheduled.runScheduledNow(row, row.created_by);
    return run ? this.deps.analyses.runView(run, row.name) : null;
  }
}
