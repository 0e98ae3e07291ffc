import type { Insertable, Selectable, Updateable } from 'kysely';
import { isUniqueViolation } from '@server/platform/db/uniqueViolation';
import type { Db } from '@server/platform/db/database';
import type { TaskAnalysisTable, TaskRunTable } from '@server/platform/db/schema.tasks';
import { scopedToCompany } from '@server/platform/db/tenancy';

export type AnalysisRow = Selectable<TaskAnalysisTable>;
export type RunRow = Selectable<TaskRunTable>;


/** Analyses and their runs; the only owner of the two tables. */
export class TasksRepository {
  constructor(private readonly db: Db) {}

  /** An analysis of any company (the scheduler's page, platform administrators). */
  analysisById(id: number): Promise<AnalysisRow | undefined> {
    return this.db.selectFrom('task_analysis').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** Analyses of every company, or of one (the scheduler's page). */
  allAnalyses(filter: { companyId?: number }): Promise<AnalysisRow[]> {
    let query = this.db.selectFrom('task_analysis').selectAll();
    if (filter.companyId !== undefined) {
      query = query.where('company_id', '=', filter.companyId);
    }
    return query.orderBy('company_id', 'asc').orderBy('id', 'asc').limit(5000).execute();
  }

  async setAnalysisSchedule(id: number, enabled: boolean, nextRunAt: number | null): Promise<void> {
    await this.db.updateTable('task_analysis').set({ enabled: enabled ? 1 : 0, next_run_at: nextRunAt }).where('id', '=', id).execute();
  }

  findAnalysis(companyId: number, id: number): Promise<AnalysisRow | undefined> {
    return this.db.selectFrom('task_analysis').selectAll().where(scopedToCompany('task_analysis', companyId)).where('id', '=', id).executeTakeFirst();
  }

  analysesByIds(companyId: number, ids: readonly number[]): Promise<AnalysisRow[]> {
    if (ids.length === 0) {
      return Promise.resolve([]);
    }
    return this.db.selectFrom('task_analysis').selectAll().where(scopedToCompany('task_analysis', companyId)).where('id', 'in', [...ids]).execute();
  }

  analyses(companyId: number): Promise<AnalysisRow[]> {
    return this.db.selectFrom('task_analysis').selectAll().where(scopedToCompany('task_analysis', companyId)).orderBy('id', 'asc').execute();
  }

  /** Enabled analyses of any company whose next run is due by `now`. */
  due(now: number): Promise<AnalysisRow[]> {
    return this.db.selectFrom('task_analysis').selectAll().where('enabled', '=', 1).where('next_run_at', '<=', now).orderBy('next_run_at', 'asc').limit(200).execute();
  }

  /** The company's enabled analyses (late values recompute their windows). */
  enabledAnalyses(companyId: number): Promise<AnalysisRow[]> {
    return this.db.selectFrom('task_analysis').selectAll().where(scopedToCompany('task_analysis', companyId)).where('enabled', '=', 1).execute();
  }

  async nameTaken(companyId: number, name: string, exceptId?: number): Promise<boolean> {
    let query = this.db.selectFrom('task_analysis').select('id').where(scopedToCompany('task_analysis', companyId)).where('name', '=', name);
    if (exceptId !== undefined) {
      query = query.where('id', '<>', exceptId);
    }
    return (await query.executeTakeFirst()) !== undefined;
  }

  async insertAnalysis(values: Insertable<TaskAnalysisTable>): Promise<number> {
    const row = await this.db.insertInto('task_analysis').values(values).returning('id').executeTakeFirstOrThrow();
    return Number(row.id);
  }

  async updateAnalysis(companyId: number, id: number, patch: Updateable<TaskAnalysisTable>): Promise<void> {
    await this.db.updateTable('task_analysis').set(patch).where(scopedToCompany('task_analysis', companyId)).where('id', '=', id).execute();
  }

  /** Moves the next run on, only if nobody else did since `expected` was read. */
  async advance(id: number, expected: number | null, next: number | null): Promise<boolean> {
    let query = this.db.updateTable('task_analysis').set({ next_run_at: next }).where('id', '=', id);
    query = expected === null ? query.where('next_run_at', 'is', null) : query.where('next_run_at', '=', expected);
    return Number((await query.executeTakeFirst()).numUpdatedRows) === 1;
  }

  async deleteAnalysis(companyId: number, id: number): Promise<void> {
    await this.deleteRuns(companyId, 'analysis', id);
    await this.db.deleteFrom('task_analysis').where(scopedToCompany('task_analysis', companyId)).where('id', '=', id).execute();
  }

  // ---- runs ----

  async deleteRuns(companyId: number, taskType: string, taskId: number): Promise<void> {
    await this.db.deleteFrom('task_run').where(scopedToCompany('task_run', companyId)).where('task_type', '=', taskType).where('task_id', '=', taskId).execute();
  }

  /** Claims a run: the insert is the claim (one scheduled run per task and time). Null when taken. */
  async claimRun(values: Insertable<TaskRunTable>): Promise<number | null> {
    try {
      const row = await this.db.insertInto('task_run').values(values).returning('id').executeTakeFirstOrThrow();
      return Number(row.id);
    } catch (error) {
      if (isUniqueViolation(error)) {
        return null;
      }
      throw error;
    }
  }

  async finishRun(id: number, patch: Updateable<TaskRunTable>): Promise<void> {
    await this.db.updateTable('task_run').set(patch).where('id', '=', id).execute();
  }

  findRun(id: number): Promise<RunRow | undefined> {
    return this.db.selectFrom('task_run').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** The result record of the last successful run over this window (its record is replaced, not added to). */
  async windowRecord(taskId: number, windowFrom: number): Promise<number | null> {
    const row = await this.db
      .selectFrom('task_run')
      .select('record_id')
      .where('task_type', '=', 'analysis')
      .where('task_id', '=', taskId)
      .where('window_from', '=', windowFrom)
      .where('state', '=', 'succeeded')
      .where('record_id', 'is not', null)
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst();
    return row?.record_id === null || row?.record_id === undefined ? null : Number(row.record_id);
  }

  /** Successful runs whose closed window holds `at` (a late value recomputes them). */
  runsCovering(taskId: number, at: number): Promise<RunRow[]> {
    return this.db
      .selectFrom('task_run')
      .selectAll()
      .where('task_type', '=', 'analysis')
      .where('task_id', '=', taskId)
      .where('state', '=', 'succeeded')
      .where('window_from', '<=', at)
      .where('window_to', '>', at)
      .orderBy('id', 'desc')
      .limit(1)
      .execute();
  }

  /**
   * Marks a window for a recompute (issue 31.8): the pending row of (analysis, window) counts
   * `triggers` more late values, or is made, due at `dueAt`; the unique index over pending rows
   * makes a second instance's insert fail, which then counts on the row it lost to.
   */
  async markRecompute(values: { company_id: number; task_id: number; scheduled_for: number; window_from: number; window_to: number; triggers: number; due_at: number }): Promise<void> {
    const count = () =>
      this.db
        .updateTable('task_run')
        .set((eb) => ({ triggers: eb('triggers', '+', values.triggers) }))
        .where('task_type', '=', 'analysis')
        .where('task_id', '=', values.task_id)
        .where('window_from', '=', values.window_from)
        .where('kind', '=', 'recompute')
        .where('state', '=', 'scheduled')
        .executeTakeFirst();
    // A lost insert counts on the winner's row; should that row have started meanwhile, try again.
    for (let attempt = 0; attempt < 3; attempt += 1) {
      if (Number((await count()).numUpdatedRows) > 0) {
        return;
      }
      const pending = { ...values, task_type: 'analysis', kind: 'recompute', state: 'scheduled', started_at: null, ended_at: null, lease_until: null, value: null, error: null, record_id: null };
      if ((await this.claimRun(pending)) !== null) {
        return;
      }
    }
  }

  /** Pending recomputes whose coalescing period is over. */
  dueRecomputes(now: number): Promise<RunRow[]> {
    return this.db.selectFrom('task_run').selectAll().where('state', '=', 'scheduled').where('kind', '=', 'recompute').where('due_at', '<=', now).orderBy('due_at', 'asc').limit(200).execute();
  }

  /** Starts a pending run, only if nobody else did (compare-and-set on its state). */
  async startPending(id: number, startedAt: number, leaseUntil: number): Promise<boolean> {
    const result = await this.db.updateTable('task_run').set({ state: 'running', started_at: startedAt, lease_until: leaseUntil }).where('id', '=', id).where('state', '=', 'scheduled').executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  /** Runs whose lease ran out while running (the instance died or the run hung). */
  expiredRuns(now: number): Promise<RunRow[]> {
    return this.db.selectFrom('task_run').selectAll().where('state', '=', 'running').where('lease_until', '<', now).limit(200).execute();
  }

  async runs(companyId: number, filter: { taskId?: number; taskType?: string; state?: string }, page: { pageNum: number; pageSize: number }): Promise<{ total: number; rows: RunRow[] }> {
    let base = this.db.selectFrom('task_run').where(scopedToCompany('task_run', companyId));
    if (filter.taskType !== undefined) {
      base = base.where('task_type', '=', filter.taskType);
    }
    if (filter.taskId !== undefined) {
      base = base.where('task_id', '=', filter.taskId);
    }
    if (filter.state !== undefined) {
      base = base.where('state', '=', filter.state);
    }
    const [total, rows] = await Promise.all([
      base.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
      base
        .selectAll()
        .orderBy('scheduled_for', 'desc')
        .orderBy('id', 'desc')
        .limit(page.pageSize)
        .offset((page.pageNum - 1) * page.pageSize)
        .execute(),
    ]);
    return { total: Number(total.total), rows };
  }

  /** The latest runs of these tasks of one type (`companyId` null: any company, for the scheduler's page). */
  lastRuns(companyId: number | null, taskIds: readonly number[], taskType = 'analysis'): Promise<RunRow[]> {
    if (taskIds.length === 0) {
      return Promise.resolve([]);
    }
    let query = this.db.selectFrom('task_run').selectAll();
    if (companyId !== null) {
      query = query.where(scopedToCompany('task_run', companyId));
    }
    return query
      .where('task_type', '=', taskType)
      .where('task_id', 'in', [...taskIds])
      .where('state', '<>', 'scheduled')
      .orderBy('id', 'desc')
      .limit(taskIds.length * 5)
      .execute();
  }
}
