import type { Insertable, Selectable, Updateable } from 'kysely';
import type { Db } from '@server/platform/db/database';
import type { TaskExecutableTable, TaskRuleTable, TaskScheduledTable } from '@server/platform/db/schema.tasks';
import { scopedToCompany } from '@server/platform/db/tenancy';

export type RuleRow = Selectable<TaskRuleTable>;
export type ExecutableRow = Selectable<TaskExecutableTable>;
export type ScheduledRow = Selectable<TaskScheduledTable>;

type NamedTable = 'task_rule' | 'task_executable' | 'task_scheduled';

/** Intelligent rules, executable tasks and scheduled tasks; the only owner of the three tables. */
export class RulesRepository {
  constructor(private readonly db: Db) {}

  async nameTaken(table: NamedTable, companyId: number, name: string, exceptId?: number): Promise<boolean> {
    let query = this.db.selectFrom(table).select('id').where(scopedToCompany(table, companyId)).where('name', '=', name);
    if (exceptId !== undefined) {
      query = query.where('id', '<>', exceptId);
    }
    return (await query.executeTakeFirst()) !== undefined;
  }

  /** Names of tasks of one table by id (the task log). */
  async names(table: NamedTable, companyId: number, ids: readonly number[]): Promise<Map<number, string>> {
    if (ids.length === 0) {
      return new Map();
    }
    const rows = await this.db.selectFrom(table).select(['id', 'name']).where(scopedToCompany(table, companyId)).where('id', 'in', [...ids]).execute();
    return new Map(rows.map((r) => [r.id, r.name]));
  }

  // ---- intelligent rules ----

  findRule(companyId: number, id: number): Promise<RuleRow | undefined> {
    return this.db.selectFrom('task_rule').selectAll().where(scopedToCompany('task_rule', companyId)).where('id', '=', id).executeTakeFirst();
  }

  rules(companyId: number): Promise<RuleRow[]> {
    return this.db.selectFrom('task_rule').selectAll().where(scopedToCompany('task_rule', companyId)).orderBy('id', 'asc').execute();
  }

  /** Enabled rules watching these items. */
  rulesOnItems(companyId: number, itemIds: readonly number[]): Promise<RuleRow[]> {
    if (itemIds.length === 0) {
      return Promise.resolve([]);
    }
    return this.db.selectFrom('task_rule').selectAll().where(scopedToCompany('task_rule', companyId)).where('enabled', '=', 1).where('item_id', 'in', [...itemIds]).orderBy('id', 'asc').execute();
  }

  async watchedItemIds(companyId: number): Promise<Set<number>> {
    const rows = await this.db.selectFrom('task_rule').select('item_id').distinct().where(scopedToCompany('task_rule', companyId)).where('enabled', '=', 1).execute();
    return new Set(rows.map((r) => r.item_id));
  }

  async insertRule(values: Insertable<TaskRuleTable>): Promise<number> {
    return Number((await this.db.insertInto('task_rule').values(values).returning('id').executeTakeFirstOrThrow()).id);
  }

  async updateRule(companyId: number, id: number, patch: Updateable<TaskRuleTable>): Promise<void> {
    await this.db.updateTable('task_rule').set(patch).where(scopedToCompany('task_rule', companyId)).where('id', '=', id).execute();
  }

  async deleteRule(companyId: number, id: number): Promise<void> {
    await this.db.deleteFrom('task_rule').where(scopedToCompany('task_rule', companyId)).where('id', '=', id).execute();
  }

  // ---- executable tasks ----

  findExecutable(companyId: number, id: number): Promise<ExecutableRow | undefined> {
    return this.db.selectFrom('task_executable').selectAll().where(scopedToCompany('task_executable', companyId)).where('id', '=', id).executeTakeFirst();
  }

  executables(companyId: number): Promise<ExecutableRow[]> {
    return this.db.selectFrom('task_executable').selectAll().where(scopedToCompany('task_executable', companyId)).orderBy('id', 'asc').execute();
  }

  async insertExecutable(values: Insertable<TaskExecutableTable>): Promise<number> {
    return Number((await this.db.insertInto('task_executable').values(values).returning('id').executeTakeFirstOrThrow()).id);
  }

  async updateExecutable(companyId: number, id: number, patch: Updateable<TaskExecutableTable>): Promise<void> {
    await this.db.updateTable('task_executable').set(patch).where(scopedToCompany('task_executable', companyId)).where('id', '=', id).execute();
  }

  /** Deletes an executable task and the scheduled tasks that run it; answers their ids. */
  async deleteExecutable(companyId: number, id: number): Promise<number[]> {
    return this.db.transaction().execute(async (trx) => {
      const scheduled = await trx.selectFrom('task_scheduled').select('id').where(scopedToCompany('task_scheduled', companyId)).where('executable_id', '=', id).execute();
      await trx.deleteFrom('task_scheduled').where(scopedToCompany('task_scheduled', companyId)).where('executable_id', '=', id).execute();
      await trx.deleteFrom('task_executable').where(scopedToCompany('task_executable', companyId)).where('id', '=', id).execute();
      return scheduled.map((s) => s.id);
    });
  }

  // ---- scheduled tasks ----

  findScheduled(companyId: number, id: number): Promise<ScheduledRow | undefined> {
    return this.db.selectFrom('task_scheduled').selectAll().where(scopedToCompany('task_scheduled', companyId)).where('id', '=', id).executeTakeFirst();
  }

  scheduledById(id: number): Promise<ScheduledRow | undefined> {
    return this.db.selectFrom('task_scheduled').selectAll().where('id', '=', id).executeTakeFirst();
  }

  scheduled(companyId: number): Promise<ScheduledRow[]> {
    return this.db.selectFrom('task_scheduled').selectAll().where(scopedToCompany('task_scheduled', companyId)).orderBy('id', 'asc').execute();
  }

  allScheduled(filter: { companyId?: number }): Promise<ScheduledRow[]> {
    let query = this.db.selectFrom('task_scheduled').selectAll();
    if (filter.companyId !== undefined) {
      query = query.where('company_id', '=', filter.companyId);
    }
    return query.orderBy('company_id', 'asc').orderBy('id', 'asc').limit(5000).execute();
  }

  /** Enabled scheduled tasks of any company due by `now`. */
  scheduledDue(now: number): Promise<ScheduledRow[]> {
    return this.db.selectFrom('task_scheduled').selectAll().where('enabled', '=', 1).where('next_run_at', '<=', now).orderBy('next_run_at', 'asc').limit(200).execute();
  }

  async insertScheduled(values: Insertable<TaskScheduledTable>): Promise<number> {
    return Number((await this.db.insertInto('task_scheduled').values(values).returning('id').executeTakeFirstOrThrow()).id);
  }

  async updateScheduled(companyId: number, id: number, patch: Updateable<TaskScheduledTable>): Promise<void> {
    await this.db.updateTable('task_scheduled').set(patch).where(scopedToCompany('task_scheduled', companyId)).where('id', '=', id).execute();
  }

  async setScheduledSchedule(id: number, enabled: boolean, nextRunAt: number | null): Promise<void> {
    await this.db.updateTable('task_scheduled').set({ enabled: enabled ? 1 : 0, next_run_at: nextRunAt }).where('id', '=', id).execute();
  }

  /** Moves a scheduled task's next run on, only if nobody else did since `expected` was read. */
  async advanceScheduled(id: number, expected: number | null, next: number | null): Promise<boolean> {
    let query = this.db.updateTable('task_scheduled').set({ next_run_at: next }).where('id', '=', id);
    query = expected === null ? query.where('next_run_at', 'is', null) : query.where('next_run_at', '=', expected);
    return Number((await query.executeTakeFirst()).numUpdatedRows) === 1;
  }

  async deleteScheduled(companyId: number, id: number): Promise<void> {
    await this.db.deleteFrom('task_scheduled').where(scopedToCompany('task_scheduled', companyId)).where('id', '=', id).execute();
  }
}
