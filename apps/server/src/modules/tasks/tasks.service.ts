import {
  acquisitionWindow,
  analysisProblems,
  isMeterRef,
  numericFieldTypes,
  reduceWindow,
  roundTo,
  taskLimits,
  type AcquisitionMethod,
  type AddAnalysisRequest,
  type AnalysisSource,
  type AnalysisView,
  type FieldRef,
  type MissedRunPolicy,
  type PermissionLevel,
  type RunListQuery,
  type RunState,
  type RunView,
  type TaskAggregate,
  type TaskSchedule,
  type TaskType,
  type RunKind,
  type UpdateAnalysisRequest,
} from '@smartdata/domain';
import { conflict, notFound, validationError } from '@server/platform/errors';
import type { CabinCaller } from '../cabin/cabin.service';
import type { ItemSummary } from '../data-items/dataItems.service';
import type { CommittedRecords } from '../data-items/recordsCommitted.port';
import type { SeriesReads } from '../data-items/series.port';
import type { TaskRecords } from '../data-items/taskRecords.port';
import type { MeterConsumption } from '../meters/meterConsumption.port';
import { LateValues } from './lateValues';
import { cronOf, nextRunAfter } from './taskSchedule';
import { claimAndRun, latestRuns, runClaimed, sweepJob, type RunEnded } from './taskRuns';
import type { AnalysisRow, RunRow, TasksRepository } from './tasks.repository';

/** What tasks need of data items: the caller's access to an item (40400/40300), items by id, the company zone. */
export interface TaskItems {
  requireItem(caller: CabinCaller, itemId: number, level: PermissionLevel): Promise<ItemSummary>;
  timeZone(companyId: number): Promise<string>;
}

export interface TasksDeps {
  repository: TasksRepository;
  items: TaskItems;
  series: SeriesReads;
  records: TaskRecords;
  /** Meters as sources (an analysis of type `meter`): access, consumption over a window, the fields they read. */
  meters: MeterConsumption;
  /** Names of the tasks of other types (rules, executable and scheduled tasks) for the task log. */
  names(companyId: number, type: Exclude<TaskType, 'analysis'>, ids: readonly number[]): Promise<Map<number, string>>;
  now: () => number;
  log: { error: (obj: unknown, msg?: string) => void };
  /** Told of each run whose end was recorded (event subscriptions). */
  ended?: RunEnded;
}

const windowed = (method: AcquisitionMethod) => method !== 'recent_create_1' && !method.startsWith('time_range_');

/**
 * Smart analyses (issue 16, docs/tasks.md): a computation over data-item fields on a schedule,
 * written as a record of a target item through the records path. The scheduler claims each run with
 * a unique row, so several instances never run a (task, time) twice; late values mark the window
 * they fall in, which is recomputed once a short period later (its result record replaced).
 */
export class TasksService {
  private readonly late: LateValues;

  constructor(private readonly deps: TasksDeps) {
    this.late = new LateValues(deps);
  }

  // ---- analyses ----

  private async checkFields(caller: CabinCaller, request: AddAnalysisRequest): Promise<void> {
    const problem = analysisProblems(request);
    if (problem) {
      throw validationError(problem);
    }
    const timeZone = await this.deps.items.timeZone(caller.companyId);
    if ('cron' in request.schedule && !cronOf(request.schedule.cron, timeZone)) {
      throw validationError('task.cronInvalid');
    }
    const numeric = async (ref: FieldRef, level: PermissionLevel) => {
      const item = await this.deps.items.requireItem(caller, ref.itemId, level);
      const field = item.fields.find((f) => f.fieldName === ref.fieldName);
      if (!field) {
        throw validationError(`alarm.fieldMissing|${ref.fieldName}`);
      }
      if (!numericFieldTypes.includes(field.type)) {
        throw validationError(`alarm.fieldNotNumeric|${field.name}`);
      }
    };
    const sources = [request.source, ...(request.sources ?? [])];
    for (const ref of sources) {
      // A meter as any other id: another company's is not found (40400), one without read 40300.
      await (isMeterRef(ref) ? this.deps.meters.readableMeter(caller, ref.meterId) : numeric(ref, 'read'));
    }
    await numeric(request.target, 'readWrite');
    if (sources.some((ref) => !isMeterRef(ref) && ref.itemId === request.target.itemId && ref.fieldName === request.target.fieldName)) {
      throw validationError('task.targetIsSource');
    }
  }

  private columns(request: AddAnalysisRequest, firstRun: number | null) {
    const instant = (value: number | string) => (typeof value === 'number' ? value : Date.parse(value));
    return {
      name: request.name,
      enabled: request.enabled ? 1 : 0,
      schedule: JSON.stringify(request.schedule),
      method: request.method,
      // The first source's item (0 for a meter analysis: its items are the meters' business).
      source_item_id: isMeterRef(request.source) ? 0 : request.source.itemId,
      sources: JSON.stringify([request.source, ...(request.sources ?? [])]),
      user_defined: JSON.stringify(request.userDefined ?? []),
      aggregate: request.aggregate ?? null,
      range_from: request.range ? instant(request.range.from) : null,
      range_to: request.range ? instant(request.range.to) : null,
      decimals: request.decimals,
      target_item_id: request.target.itemId,
      target_field: request.target.fieldName,
      missed_runs: request.missedRuns ?? 'once',
      next_run_at: request.enabled ? firstRun : null,
    };
  }

  async add(caller: CabinCaller, request: AddAnalysisRequest): Promise<{ id: number }> {
    await this.checkFields(caller, request);
    if (await this.deps.repository.nameTaken(caller.companyId, request.name)) {
      throw conflict('task.nameTaken');
    }
    const now = this.deps.now();
    const first = nextRunAfter(request.schedule, now, await this.deps.items.timeZone(caller.companyId));
    const id = await this.deps.repository.insertAnalysis({ company_id: caller.companyId, ...this.columns(request, first), created_by: caller.userId, created_at: now, updated_at: now });
    this.late.forget(caller.companyId);
    return { id };
  }

  private async requireAnalysis(caller: CabinCaller, id: number): Promise<AnalysisRow> {
    const row = await this.deps.repository.findAnalysis(caller.companyId, id);
    if (!row) {
      throw notFound();
    }
    // Seeing an analysis needs read on its target (where its results are).
    await this.deps.items.requireItem(caller, row.target_item_id, 'read');
    return row;
  }

  async update(caller: CabinCaller, request: UpdateAnalysisRequest): Promise<void> {
    await this.requireAnalysis(caller, request.id);
    await this.checkFields(caller, request);
    if (await this.deps.repository.nameTaken(caller.companyId, request.name, request.id)) {
      throw conflict('task.nameTaken');
    }
    const now = this.deps.now();
    const first = nextRunAfter(request.schedule, now, await this.deps.items.timeZone(caller.companyId));
    await this.deps.repository.updateAnalysis(caller.companyId, request.id, { ...this.columns(request, first), updated_at: now });
    this.late.forget(caller.companyId);
  }

  async remove(caller: CabinCaller, id: number): Promise<void> {
    const row = await this.requireAnalysis(caller, id);
    await this.deps.items.requireItem(caller, row.target_item_id, 'readWrite');
    await this.deps.repository.deleteAnalysis(caller.companyId, id);
    this.late.forget(caller.companyId);
  }

  private toView(row: AnalysisRow, last: RunRow | undefined): AnalysisView {
    const sources = JSON.parse(row.sources) as AnalysisSource[];
    return {
      id: row.id,
      name: row.name,
      enabled: row.enabled === 1,
      schedule: JSON.parse(row.schedule) as TaskSchedule,
      method: row.method as AcquisitionMethod,
      // The type is what the sources are (checked on save: all of one kind).
      type: isMeterRef(sources[0]) ? 'meter' : 'dataItem',
      source: sources[0],
      sources: sources.slice(1),
      userDefined: JSON.parse(row.user_defined) as number[],
      aggregate: (row.aggregate as TaskAggregate | null) ?? null,
      range: row.range_from === null || row.range_to === null ? null : { from: Number(row.range_from), to: Number(row.range_to) },
      decimals: row.decimals,
      target: { itemId: row.target_item_id, fieldName: row.target_field },
      missedRuns: row.missed_runs as MissedRunPolicy,
      nextRun: row.next_run_at === null ? null : Number(row.next_run_at),
      lastRun: last ? { id: last.id, state: last.state as RunState, endedAt: last.ended_at === null ? null : Number(last.ended_at), value: last.value } : null,
    };
  }

  /** The analyses whose target the caller may read. */
  async list(caller: CabinCaller): Promise<AnalysisView[]> {
    const rows: AnalysisRow[] = [];
    for (const row of await this.deps.repository.analyses(caller.companyId)) {
      if (await this.deps.items.requireItem(caller, row.target_item_id, 'read').then(() => true, () => false)) {
        rows.push(row);
      }
    }
    const last = await latestRuns(this.deps.repository, caller.companyId, 'analysis', rows.map((r) => r.id));
    return rows.map((row) => this.toView(row, last.get(row.id)));
  }

  // ---- runs ----

  private toRun(row: RunRow, taskName = ''): RunView {
    const at = (value: number | null) => (value === null ? null : Number(value));
    return {
      id: row.id,
      taskId: row.task_id,
      taskType: row.task_type as TaskType,
      taskName,
      kind: row.kind as RunKind,
      scheduledFor: Number(row.scheduled_for),
      startedAt: at(row.started_at),
      endedAt: at(row.ended_at),
      state: row.state as RunState,
      value: row.value === null ? null : Number(row.value),
      error: row.error,
      triggers: row.triggers === null ? null : Number(row.triggers),
    };
  }

  /** The task log: runs of every type (a task id alone means an analysis, as the contract has it). */
  async runs(caller: CabinCaller, query: RunListQuery): Promise<{ list: RunView[]; total: number }> {
    const taskType = query.taskType ?? (query.taskId !== undefined ? 'analysis' : undefined);
    if (query.taskId !== undefined && taskType === 'analysis') {
      await this.requireAnalysis(caller, query.taskId);
    }
    const { total, rows } = await this.deps.repository.runs(caller.companyId, { taskId: query.taskId, taskType, state: query.state }, query);
    const names = new Map<string, string>();
    const ids = (type: string) => [...new Set(rows.filter((r) => r.task_type === type).map((r) => r.task_id))];
    for (const row of await this.deps.repository.analysesByIds(caller.companyId, ids('analysis'))) {
      names.set(`analysis:${row.id}`, row.name);
    }
    for (const type of ['rule', 'executable', 'scheduled'] as const) {
      for (const [id, name] of await this.deps.names(caller.companyId, type, ids(type))) {
        names.set(`${type}:${id}`, name);
      }
    }
    return { total, list: rows.map((row) => this.toRun(row, names.get(`${row.task_type}:${row.task_id}`) ?? '')) };
  }

  /** One run as the log shows it. */
  runView(row: RunRow, taskName: string): RunView {
    return this.toRun(row, taskName);
  }

  // ---- the scheduler's page (platform administrators) ----

  /** Pauses (no next run) or resumes (the next run from now) an analysis of any company. */
  async setAnalysisEnabled(id: number, enabled: boolean): Promise<void> {
    const row = await this.deps.repository.analysisById(id);
    if (!row) {
      throw notFound();
    }
    const next = enabled ? nextRunAfter(JSON.parse(row.schedule) as TaskSchedule, this.deps.now(), await this.deps.items.timeZone(row.company_id)) : null;
    await this.deps.repository.setAnalysisSchedule(id, enabled, next);
    this.late.forget(row.company_id);
  }

  /** Runs an analysis of any company now (a manual run). */
  async runAnalysisById(id: number): Promise<RunView> {
    const row = await this.deps.repository.analysisById(id);
    if (!row) {
      throw notFound();
    }
    return this.toRun(await this.execute(row, this.deps.now(), 'manual'), row.name);
  }

  /** Runs an analysis now (or previews it: the value it would write, nothing written), answering when the run ended. */
  async runNow(caller: CabinCaller, id: number, dryRun = false): Promise<RunView & { runId: number; window: { from: number; to: number } | null }> {
    const row = await this.requireAnalysis(caller, id);
    await this.deps.items.requireItem(caller, row.target_item_id, 'readWrite');
    const now = this.deps.now();
    if (dryRun) {
      const { value, window } = await this.compute(row, now);
      return { id: 0, runId: 0, taskId: row.id, taskType: 'analysis', taskName: row.name, kind: 'manual', scheduledFor: now, startedAt: now, endedAt: this.deps.now(), state: 'succeeded', value, error: null, triggers: null, window };
    }
    const run = await this.execute(row, now, 'manual');
    return { ...this.toRun(run, row.name), runId: run.id, window: run.window_from === null || run.window_to === null ? null : { from: Number(run.window_from), to: Number(run.window_to) } };
  }

  /** The analysis's value at `at`: its window, every source reduced, combined, rounded. */
  private async compute(row: AnalysisRow, at: number): Promise<{ value: number | null; window: { from: number; to: number } | null }> {
    const method = row.method as AcquisitionMethod;
    const timeZone = await this.deps.items.timeZone(row.company_id);
    const range = row.range_from === null || row.range_to === null ? undefined : { from: Number(row.range_from), to: Number(row.range_to) };
    const window = acquisitionWindow(method, at, timeZone, range);
    const values: number[] = [];
    for (const ref of JSON.parse(row.sources) as AnalysisSource[]) {
      if (isMeterRef(ref)) {
        // Meter methods add up a window: the meter's consumption over it, as its report counts it.
        const used = await this.deps.meters.consumptionOver(row.company_id, ref.meterId, window.from, window.to);
        if (used !== null) {
          values.push(used);
        }
        continue;
      }
      const series = (await this.deps.series.refs(row.company_id, ref.itemId, [ref.fieldName])).get(ref.fieldName);
      if (!series) {
        continue;
      }
      let value: number | null;
      if (window.reduce === 'last') {
        value = (await this.deps.series.last(series.id, window.from, window.to))?.[1] ?? null;
      } else {
        const stats = await this.deps.series.stats(series, window.from, window.to);
        value = stats.count === 0 ? null : window.reduce === 'sum' ? stats.sum : window.reduce === 'avg' ? stats.sum / stats.count : window.reduce === 'max' ? stats.max : stats.min;
      }
      if (value !== null) {
        values.push(value);
      }
    }
    // Custom values count only beside at least one value read (no data stays no data).
    if (values.length > 0) {
      values.push(...(JSON.parse(row.user_defined) as number[]));
    }
    const combined = values.length <= 1 ? (values[0] ?? null) : reduceWindow(row.aggregate === 'MAX' ? 'max' : row.aggregate === 'MIN' ? 'min' : 'sum', values);
    return { value: combined === null ? null : roundTo(combined, row.decimals), window: windowed(method) ? { from: window.from, to: window.to } : null };
  }

  /**
   * One run of an analysis for `scheduledFor`: claimed by its row (a scheduled time only once),
   * computed, written (or its window's earlier result replaced), within the run timeout.
   */
  private async execute(row: AnalysisRow, scheduledFor: number, kind: 'scheduled' | 'manual'): Promise<RunRow> {
    const { repository } = this.deps;
    const claim = { company_id: row.company_id, task_id: row.id, task_type: 'analysis', kind, scheduled_for: scheduledFor } as const;
    const run = await claimAndRun(repository, claim, this.deps.now, () => this.writeResult(row, scheduledFor), this.deps.ended);
    return run ?? (await repository.runs(row.company_id, { taskId: row.id, taskType: 'analysis' }, { pageNum: 1, pageSize: 1 })).rows[0];
  }

  private async writeResult(row: AnalysisRow, at: number): Promise<{ state: RunState; value: number | null; window_from: number | null; window_to: number | null; record_id: number | null; error: string | null }> {
    const { value, window } = await this.compute(row, at);
    const base = { window_from: window?.from ?? null, window_to: window?.to ?? null };
    if (value === null) {
      return { ...base, state: 'skipped', value: null, record_id: null, error: 'task.noValues' };
    }
    const values = { [row.target_field]: value };
    const earlier = window ? await this.deps.repository.windowRecord(row.id, window.from) : null;
    if (earlier !== null && (await this.deps.records.replace(row.company_id, row.target_item_id, earlier, values))) {
      return { ...base, state: 'succeeded', value, record_id: earlier, error: null };
    }
    // A window's result is dated at the window's start; a latest value or a range at the run.
    const recordId = await this.deps.records.write(row.company_id, row.target_item_id, values, window ? window.from : at);
    return { ...base, state: 'succeeded', value, record_id: recordId, error: null };
  }

  // ---- the scheduler ----

  /** Every due analysis (each scheduled time once, missed ones by policy), then the due recomputes; runs whose lease ran out are timed out. */
  async sweep(now = this.deps.now()): Promise<void> {
    const { repository } = this.deps;
    for (const run of await repository.expiredRuns(now)) {
      await repository.finishRun(run.id, { state: 'timedOut', ended_at: now, lease_until: null, error: 'task.timedOut' });
    }
    for (const row of await repository.due(now)) {
      const timeZone = await this.deps.items.timeZone(row.company_id);
      await sweepJob(row, 'analysis', { runs: repository, timeZone, advance: (expected, next) => repository.advance(row.id, expected, next) }, now, async (time) => {
        try {
          await this.execute(row, time, 'scheduled');
        } catch (err) {
          this.deps.log.error({ err, taskId: row.id }, 'task run failed');
        }
      });
    }
    for (const pending of await repository.dueRecomputes(now)) {
      try {
        await this.recomputeWindow(pending);
      } catch (err) {
        this.deps.log.error({ err, taskId: pending.task_id }, 'task recompute failed');
      }
    }
  }

  /** A pending recompute whose period is over: started by the instance that moves it on, run over its window. */
  private async recomputeWindow(pending: RunRow): Promise<void> {
    const { repository } = this.deps;
    const startedAt = this.deps.now();
    if (!(await repository.startPending(pending.id, startedAt, startedAt + taskLimits.runTimeoutMs))) {
      return;
    }
    const row = await repository.analysisById(pending.task_id);
    if (!row) {
      // Deleted meanwhile (its runs go with it; this one was already taken).
      await repository.finishRun(pending.id, { state: 'skipped', ended_at: this.deps.now(), lease_until: null });
      return;
    }
    await runClaimed(repository, pending.id, this.deps.now, () => this.writeResult(row, Number(pending.scheduled_for)), this.deps.ended);
  }

  // ---- late values ----

  enqueue(batch: CommittedRecords): void {
    this.late.push(batch);
  }

  idle(): Promise<void> {
    return this.late.idle();
  }

  /** Batches are waiting or being looked at. */
  get busy(): boolean {
    return this.late.busy;
  }
}
