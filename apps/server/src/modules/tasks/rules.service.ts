import {
  ruleHolds,
  ruleLoop,
  type AddExecutableRequest,
  type AddIntelligentRuleRequest,
  type AddScheduledRequest,
  type ExecutableView,
  type IntelligentRuleView,
  type MissedRunPolicy,
  type RuleCondition,
  type RuleMatch,
  type RunKind,
  type TaskAction,
  type TaskSchedule,
  type TaskType,
  type UpdateExecutableRequest,
  type UpdateIntelligentRuleRequest,
  type UpdateScheduledRequest,
  type ScheduledView,
  numericFieldTypes,
} from '@smartdata/domain';
import { conflict, notFound, permissionDenied, validationError } from '@server/platform/errors';
import type { CabinCaller } from '../cabin/cabin.service';
import type { ItemSummary } from '../data-items/dataItems.service';
import { RecordsQueue, WatchedItems, type CommittedRecords } from '../data-items/recordsCommitted.port';
import type { TaskActions, Trigger } from './taskActions';
import { cronOf, nextRunAfter } from './taskSchedule';
import { claimAndRun, lastRunOf, latestRuns, sweepJob, type RunEnded } from './taskRuns';
import type { ExecutableRow, RuleRow, RulesRepository, ScheduledRow } from './rules.repository';
import type { RunRow, TasksRepository } from './tasks.repository';

export interface RulesDeps {
  rules: RulesRepository;
  runs: TasksRepository;
  actions: TaskActions;
  items: {
    requireItem(caller: CabinCaller, itemId: number, level: 'read' | 'readWrite'): Promise<ItemSummary>;
    itemsByIds(companyId: number, ids: readonly number[]): Promise<ItemSummary[]>;
    timeZone(companyId: number): Promise<string>;
  };
  now: () => number;
  log: { error: (obj: unknown, msg?: string) => void };
  /** Told of each run whose end was recorded (event subscriptions). */
  ended?: RunEnded;
}

/**
 * Intelligent rules, executable tasks and scheduled tasks (issue 16, docs/tasks.md). A rule's
 * conditions are evaluated on every committed record of its item (after commit, off the ingest
 * path); its actions run as the company and each firing is one run in the task log. Scheduled tasks
 * share the analyses' scheduler: a compare-and-set on `next_run_at`, then one claimed run row per
 * scheduled time.
 */
export class RulesService {
  /** Per company, the items an enabled rule watches. */
  private readonly watched: WatchedItems;
  private readonly queue: RecordsQueue;

  constructor(private readonly deps: RulesDeps) {
    this.watched = new WatchedItems((companyId) => deps.rules.watchedItemIds(companyId));
    this.queue = new RecordsQueue((batch) => this.evaluate(batch), deps.log, 'intelligent rules failed');
  }

  private lastRuns(companyId: number | null, type: TaskType, ids: readonly number[]): Promise<Map<number, RunRow>> {
    return latestRuns(this.deps.runs, companyId, type, ids);
  }

  // ---- intelligent rules ----

  private async checkRule(caller: CabinCaller, request: AddIntelligentRuleRequest, id: number | null): Promise<void> {
    const item = await this.deps.items.requireItem(caller, request.itemId, 'read');
    for (const condition of request.conditions) {
      const field = item.fields.find((f) => f.fieldName === condition.fieldName);
      if (!field) {
        throw validationError(`alarm.fieldMissing|${condition.fieldName}`);
      }
      if (!numericFieldTypes.includes(field.type) && !['eq', 'ne', 'contains'].includes(condition.op)) {
        throw validationError(`task.opNeedsNumber|${field.name}`);
      }
    }
    const writes = await this.deps.actions.check(caller, request.actions, item);
    if (request.enabled) {
      const others = (await this.deps.rules.rules(caller.companyId)).filter((r) => r.enabled === 1);
      const loop = ruleLoop(
        { id: id ?? 0, name: request.name, itemId: request.itemId, writes },
        others.map((r) => ({ id: r.id, name: r.name, itemId: r.item_id, writes: writesOf(JSON.parse(r.actions) as TaskAction[]) })),
      );
      if (loop) {
        throw validationError(`task.ruleLoop|${loop.join(' → ')}`);
      }
    }
  }

  private ruleColumns(request: AddIntelligentRuleRequest) {
    return { name: request.name, enabled: request.enabled ? 1 : 0, item_id: request.itemId, match: request.match, conditions: JSON.stringify(request.conditions), actions: JSON.stringify(request.actions) };
  }

  async addRule(caller: CabinCaller, request: AddIntelligentRuleRequest): Promise<{ id: number }> {
    await this.checkRule(caller, request, null);
    if (await this.deps.rules.nameTaken('task_rule', caller.companyId, request.name)) {
      throw conflict('task.nameTaken');
    }
    const now = this.deps.now();
    const id = await this.deps.rules.insertRule({ company_id: caller.companyId, ...this.ruleColumns(request), created_by: caller.userId, created_at: now, updated_at: now });
    this.watched.forget(caller.companyId);
    return { id };
  }

  private async requireRule(caller: CabinCaller, id: number): Promise<RuleRow> {
    const row = await this.deps.rules.findRule(caller.companyId, id);
    if (!row) {
      throw notFound();
    }
    await this.deps.items.requireItem(caller, row.item_id, 'read');
    return row;
  }

  async updateRule(caller: CabinCaller, request: UpdateIntelligentRuleRequest): Promise<void> {
    await this.requireRule(caller, request.id);
    await this.checkRule(caller, request, request.id);
    if (await this.deps.rules.nameTaken('task_rule', caller.companyId, request.name, request.id)) {
      throw conflict('task.nameTaken');
    }
    await this.deps.rules.updateRule(caller.companyId, request.id, { ...this.ruleColumns(request), updated_at: this.deps.now() });
    this.watched.forget(caller.companyId);
  }

  async deleteRule(caller: CabinCaller, id: number): Promise<void> {
    await this.requireRule(caller, id);
    await this.deps.rules.deleteRule(caller.companyId, id);
    await this.deps.runs.deleteRuns(caller.companyId, 'rule', id);
    this.watched.forget(caller.companyId);
  }

  /** The rules whose watched item the caller may read. */
  async listRules(caller: CabinCaller): Promise<IntelligentRuleView[]> {
    const rows: Array<{ row: RuleRow; item: ItemSummary }> = [];
    for (const row of await this.deps.rules.rules(caller.companyId)) {
      const item = await this.deps.items.requireItem(caller, row.item_id, 'read').catch(() => null);
      if (item) {
        rows.push({ row, item });
      }
    }
    const last = await this.lastRuns(caller.companyId, 'rule', rows.map((r) => r.row.id));
    return rows.map(({ row, item }) => ({
      id: row.id,
      name: row.name,
      enabled: row.enabled === 1,
      itemId: row.item_id,
      itemName: item.name,
      match: row.match as RuleMatch,
      conditions: JSON.parse(row.conditions) as RuleCondition[],
      actions: JSON.parse(row.actions) as TaskAction[],
      createdBy: row.created_by,
      lastRun: lastRunOf(last.get(row.id)),
    }));
  }

  // ---- rules on new records ----

  enqueue(batch: CommittedRecords): void {
    this.queue.push(batch);
  }

  idle(): Promise<void> {
    return this.queue.idle();
  }

  /** Batches are waiting or being evaluated. */
  get busy(): boolean {
    return this.queue.busy;
  }

  /** Each record of a watched item meeting a rule's conditions runs the rule's actions (one run each). */
  private async evaluate({ companyId, records }: CommittedRecords): Promise<void> {
    const watched = await this.watched.of(companyId);
    const relevant = records.filter((r) => watched.has(r.itemId));
    if (relevant.length === 0) {
      return;
    }
    const rules = await this.deps.rules.rulesOnItems(companyId, [...new Set(relevant.map((r) => r.itemId))]);
    const items = new Map((await this.deps.items.itemsByIds(companyId, [...new Set(rules.map((r) => r.item_id))])).map((item) => [item.id, item]));
    for (const record of relevant) {
      for (const rule of rules) {
        const item = items.get(rule.item_id);
        if (rule.item_id !== record.itemId || !item) {
          continue;
        }
        if (!ruleHolds({ match: rule.match as RuleMatch, conditions: JSON.parse(rule.conditions) as RuleCondition[] }, record.values)) {
          continue;
        }
        await this.runActions(
          { companyId, type: 'rule', id: rule.id, name: rule.name, runBy: rule.created_by, kind: 'trigger', scheduledFor: record.createdAt },
          JSON.parse(rule.actions) as TaskAction[],
          { item, values: record.values, at: record.createdAt },
        );
      }
    }
  }

  /** One run of a list of actions, claimed and logged (a scheduled time only once). Null when another instance has it. */
  private async runActions(
    job: { companyId: number; type: TaskType; id: number; name: string; runBy: number; kind: RunKind; scheduledFor: number },
    actions: readonly TaskAction[],
    trigger: Trigger | null,
  ): Promise<RunRow | null> {
    const claim = { company_id: job.companyId, task_id: job.id, task_type: job.type, kind: job.kind, scheduled_for: job.scheduledFor };
    return claimAndRun(this.deps.runs, claim, this.deps.now, async () => {
      const outcome = await this.deps.actions.run({ companyId: job.companyId, runBy: job.runBy, name: job.name, key: `${job.type}:${job.id}` }, actions, trigger, job.scheduledFor);
      return { state: outcome.error ? 'failed' : 'succeeded', value: outcome.value, record_id: outcome.recordId, error: outcome.error };
    }, this.deps.ended);
  }

  // ---- executable tasks ----

  private canRun(caller: CabinCaller, row: ExecutableRow): boolean {
    if (caller.isCompanyAdmin || row.created_by === caller.userId || row.access_mode === 'everyone') {
      return true;
    }
    return row.access_mode === 'users' && (JSON.parse(row.user_ids) as number[]).includes(caller.userId);
  }

  private async checkExecutable(caller: CabinCaller, request: AddExecutableRequest): Promise<void> {
    if (request.accessMode === 'users' && (request.userIds ?? []).length === 0) {
      throw validationError('task.usersRequired');
    }
    if (request.accessMode === 'users') {
      await this.deps.actions.checkPeople(caller.companyId, request.userIds ?? []);
    }
    await this.deps.actions.check(caller, request.actions, null);
  }

  private executableColumns(request: AddExecutableRequest) {
    return { name: request.name, access_mode: request.accessMode, user_ids: JSON.stringify(request.accessMode === 'users' ? (request.userIds ?? []) : []), actions: JSON.stringify(request.actions) };
  }

  async addExecutable(caller: CabinCaller, request: AddExecutableRequest): Promise<{ id: number }> {
    await this.checkExecutable(caller, request);
    if (await this.deps.rules.nameTaken('task_executable', caller.companyId, request.name)) {
      throw conflict('task.nameTaken');
    }
    const now = this.deps.now();
    const id = await this.deps.rules.insertExecutable({ company_id: caller.companyId, ...this.executableColumns(request), created_by: caller.userId, created_at: now, updated_at: now });
    return { id };
  }

  private async requireExecutable(caller: CabinCaller, id: number): Promise<ExecutableRow> {
    const row = await this.deps.rules.findExecutable(caller.companyId, id);
    if (!row) {
      throw notFound('task.executableMissing');
    }
    return row;
  }

  /** Changing or deleting an executable task: its creator or a company administrator. */
  private async requireOwnExecutable(caller: CabinCaller, id: number): Promise<ExecutableRow> {
    const row = await this.requireExecutable(caller, id);
    if (!caller.isCompanyAdmin && row.created_by !== caller.userId) {
      throw permissionDenied();
    }
    return row;
  }

  async updateExecutable(caller: CabinCaller, request: UpdateExecutableRequest): Promise<void> {
    await this.requireOwnExecutable(caller, request.id);
    await this.checkExecutable(caller, request);
    if (await this.deps.rules.nameTaken('task_executable', caller.companyId, request.name, request.id)) {
      throw conflict('task.nameTaken');
    }
    await this.deps.rules.updateExecutable(caller.companyId, request.id, { ...this.executableColumns(request), updated_at: this.deps.now() });
  }

  async deleteExecutable(caller: CabinCaller, id: number): Promise<void> {
    await this.requireOwnExecutable(caller, id);
    for (const scheduledId of await this.deps.rules.deleteExecutable(caller.companyId, id)) {
      await this.deps.runs.deleteRuns(caller.companyId, 'scheduled', scheduledId);
    }
    await this.deps.runs.deleteRuns(caller.companyId, 'executable', id);
  }

  async listExecutables(caller: CabinCaller): Promise<ExecutableView[]> {
    const rows = await this.deps.rules.executables(caller.companyId);
    const last = await this.lastRuns(caller.companyId, 'executable', rows.map((r) => r.id));
    return rows.map((row) => ({
      id: row.id,
      name: row.name,
      accessMode: row.access_mode as ExecutableView['accessMode'],
      userIds: JSON.parse(row.user_ids) as number[],
      actions: JSON.parse(row.actions) as TaskAction[],
      createdBy: row.created_by,
      canRun: this.canRun(caller, row),
      canEdit: caller.isCompanyAdmin || row.created_by === caller.userId,
      lastRun: lastRunOf(last.get(row.id)),
    }));
  }

  /** The executable tasks the caller may run, newest first (my assignments; docs/assignments.md). */
  async runnableExecutables(caller: CabinCaller): Promise<{ id: number; name: string; createdAt: number }[]> {
    const rows = await this.deps.rules.executables(caller.companyId);
    return rows
      .filter((row) => this.canRun(caller, row))
      .map((row) => ({ id: row.id, name: row.name, createdAt: Number(row.created_at) }))
      .sort((a, b) => b.createdAt - a.createdAt);
  }

  /** Runs an executable task now (its access mode decides who may), answering the run once it ended. */
  async runExecutable(caller: CabinCaller, id: number): Promise<{ run: RunRow; name: string }> {
    const row = await this.requireExecutable(caller, id);
    if (!this.canRun(caller, row)) {
      throw permissionDenied('task.notAllowedToRun');
    }
    const run = await this.runActions({ companyId: caller.companyId, type: 'executable', id: row.id, name: row.name, runBy: caller.userId, kind: 'manual', scheduledFor: this.deps.now() }, JSON.parse(row.actions) as TaskAction[], null);
    return { run: run!, name: row.name };
  }

  // ---- scheduled tasks ----

  private async checkScheduled(caller: CabinCaller, request: AddScheduledRequest): Promise<ExecutableRow> {
    const executable = await this.deps.rules.findExecutable(caller.companyId, request.executableId);
    if (!executable) {
      throw validationError('task.executableMissing');
    }
    if (!this.canRun(caller, executable)) {
      throw permissionDenied('task.notAllowedToRun');
    }
    if ('cron' in request.schedule && !cronOf(request.schedule.cron, await this.deps.items.timeZone(caller.companyId))) {
      throw validationError('task.cronInvalid');
    }
    return executable;
  }

  private async scheduledColumns(companyId: number, request: AddScheduledRequest) {
    const next = nextRunAfter(request.schedule, this.deps.now(), await this.deps.items.timeZone(companyId));
    return { name: request.name, enabled: request.enabled ? 1 : 0, executable_id: request.executableId, schedule: JSON.stringify(request.schedule), missed_runs: request.missedRuns ?? 'once', next_run_at: request.enabled ? next : null };
  }

  async addScheduled(caller: CabinCaller, request: AddScheduledRequest): Promise<{ id: number }> {
    await this.checkScheduled(caller, request);
    if (await this.deps.rules.nameTaken('task_scheduled', caller.companyId, request.name)) {
      throw conflict('task.nameTaken');
    }
    const now = this.deps.now();
    const id = await this.deps.rules.insertScheduled({ company_id: caller.companyId, ...(await this.scheduledColumns(caller.companyId, request)), created_by: caller.userId, created_at: now, updated_at: now });
    return { id };
  }

  private async requireScheduled(caller: CabinCaller, id: number): Promise<ScheduledRow> {
    const row = await this.deps.rules.findScheduled(caller.companyId, id);
    if (!row) {
      throw notFound();
    }
    return row;
  }

  async updateScheduled(caller: CabinCaller, request: UpdateScheduledRequest): Promise<void> {
    await this.requireScheduled(caller, request.id);
    await this.checkScheduled(caller, request);
    if (await this.deps.rules.nameTaken('task_scheduled', caller.companyId, request.name, request.id)) {
      throw conflict('task.nameTaken');
    }
    await this.deps.rules.updateScheduled(caller.companyId, request.id, { ...(await this.scheduledColumns(caller.companyId, request)), updated_at: this.deps.now() });
  }

  async deleteScheduled(caller: CabinCaller, id: number): Promise<void> {
    await this.requireScheduled(caller, id);
    await this.deps.rules.deleteScheduled(caller.companyId, id);
    await this.deps.runs.deleteRuns(caller.companyId, 'scheduled', id);
  }

  async scheduledViews(companyId: number | null, rows: readonly ScheduledRow[]): Promise<ScheduledView[]> {
    const last = await this.lastRuns(companyId, 'scheduled', rows.map((r) => r.id));
    const names = new Map<number, string>();
    for (const companyId of new Set(rows.map((row) => row.company_id))) {
      const ids = rows.filter((row) => row.company_id === companyId).map((row) => row.executable_id);
      for (const [id, name] of await this.deps.rules.names('task_executable', companyId, [...new Set(ids)])) {
        names.set(id, name);
      }
    }
    return rows.map((row) => ({
      id: row.id,
      name: row.name,
      enabled: row.enabled === 1,
      executableId: row.executable_id,
      executableName: names.get(row.executable_id) ?? '',
      schedule: JSON.parse(row.schedule) as TaskSchedule,
      missedRuns: row.missed_runs as MissedRunPolicy,
      nextRun: row.next_run_at === null ? null : Number(row.next_run_at),
      lastRun: lastRunOf(last.get(row.id)),
    }));
  }

  async listScheduled(caller: CabinCaller): Promise<ScheduledView[]> {
    return this.scheduledViews(caller.companyId, await this.deps.rules.scheduled(caller.companyId));
  }

  /** Pauses (no next run) or resumes (the next run from now) a scheduled task of any company. */
  async setScheduledEnabled(row: ScheduledRow, enabled: boolean): Promise<void> {
    const next = enabled ? nextRunAfter(JSON.parse(row.schedule) as TaskSchedule, this.deps.now(), await this.deps.items.timeZone(row.company_id)) : null;
    await this.deps.rules.setScheduledSchedule(row.id, enabled, next);
  }

  /** Runs a scheduled task's executable task now (a manual run of the scheduled task). */
  async runScheduledNow(row: ScheduledRow, runBy: number): Promise<RunRow | null> {
    const executable = await this.deps.rules.findExecutable(row.company_id, row.executable_id);
    if (!executable) {
      throw notFound('task.executableMissing');
    }
    return this.runActions({ companyId: row.company_id, type: 'scheduled', id: row.id, name: row.name, runBy, kind: 'manual', scheduledFor: this.deps.now() }, JSON.parse(executable.actions) as TaskAction[], null);
  }

  async runScheduled(caller: CabinCaller, id: number): Promise<{ run: RunRow | null; name: string }> {
    const row = await this.requireScheduled(caller, id);
    const executable = await this.deps.rules.findExecutable(caller.companyId, row.executable_id);
    if (executable && !this.canRun(caller, executable)) {
      throw permissionDenied('task.notAllowedToRun');
    }
    return { run: await this.runScheduledNow(row, caller.userId), name: row.name };
  }

  /** Due scheduled tasks: each scheduled time once (the instance that moves `next_run_at` owns it), missed ones by policy. */
  async sweep(now = this.deps.now()): Promise<void> {
    const { rules, runs } = this.deps;
    for (const row of await rules.scheduledDue(now)) {
      const timeZone = await this.deps.items.timeZone(row.company_id);
      const executable = await rules.findExecutable(row.company_id, row.executable_id);
      await sweepJob(row, 'scheduled', { runs, timeZone, advance: (expected, next) => rules.advanceScheduled(row.id, expected, next) }, now, async (time) => {
        if (!executable) {
          return;
        }
        try {
          await this.runActions({ companyId: row.company_id, type: 'scheduled', id: row.id, name: row.name, runBy: row.created_by, kind: 'scheduled', scheduledFor: time }, JSON.parse(executable.actions) as TaskAction[], null);
        } catch (err) {
          this.deps.log.error({ err, scheduledId: row.id }, 'scheduled task failed');
        }
      });
    }
  }
}

/** The items a list of actions writes records into. */
export function writesOf(actions: readonly TaskAction[]): number[] {
  return actions.flatMap((a) => (a.kind === 'writeRecord' ? [a.itemId] : []));
}
