import { z } from 'zod';
import { idSchema } from '../shared/ids';
import { pageQuery } from '../shared/paging';
import { numeric } from '../shared/numbers';
import { nameText } from '../shared/text';
import { fieldNameSchema } from '../data-items/fields';
import { limits } from '../shared/limits';

/**
 * Smart analysis (issue 16, spec §3 "smart analysis", §9 decimals 0–3): a scheduled computation
 * over a data item field whose result is written as a record of a target item, through the same
 * path as a person. The contract part (addAnalysis … getRuns) is kept exactly as the issue writes it.
 * Permission codes: sa_task_define (analyses), sa_task_log (runs).
 */
export const taskPermission = { define: 'sa_task_define', log: 'sa_task_log', executable: 'sa_executable_task', scheduled: 'sa_scheduled_task', rules: 'sa_rules' } as const;

/** The twelve acquisition methods (spec §3). */
export const acquisitionMethods = [
  'recent_create_1',
  'sum_yesterday',
  'sum_daily',
  'sum_month',
  'D1_create_last',
  'D2_create_last',
  'M1_create_last',
  'M2_create_last',
  'time_range_sum',
  'time_range_avg',
  'time_range_max',
  'time_range_min',
] as const;
export type AcquisitionMethod = (typeof acquisitionMethods)[number];
export const rangeMethods: readonly AcquisitionMethod[] = ['time_range_sum', 'time_range_avg', 'time_range_max', 'time_range_min'];

export const taskAggregates = ['SUM', 'MAX', 'MIN'] as const;
export type TaskAggregate = (typeof taskAggregates)[number];

export const taskLimits = {
  nameLength: limits.generalNameLength,
  decimalsMin: 0,
  decimalsMax: 3,
  cronLength: 100,
  runTimeoutMs: 60_000,
  missedRunsCap: 100,
  /**
   * Late values for one window are gathered this long after the first, then recomputed once (issue
   * 31.8): at 1 Hz a minute makes 60 runs an hour instead of 3 600, and an open window's result is
   * at most a minute behind.
   */
  recomputeAfterMs: 60_000,
} as const;

/** A run's states (the task log). */
export const runStates = ['scheduled', 'running', 'succeeded', 'failed', 'timedOut', 'skipped'] as const;
export type RunState = (typeof runStates)[number];

/** What a task log entry belongs to: a smart analysis, an intelligent rule, an executable task, a scheduled task. */
export const taskTypes = ['analysis', 'rule', 'executable', 'scheduled'] as const;
export type TaskType = (typeof taskTypes)[number];
/** Why a run happened: its scheduled time, run now, a late value (analyses), a new record (rules). */
export const runKinds = ['scheduled', 'manual', 'recompute', 'trigger'] as const;
export type RunKind = (typeof runKinds)[number];

/** What happens to runs missed while no server was up: skip them, run once, or run each (up to the cap). */
export const missedRunPolicies = ['skip', 'once', 'all'] as const;
export type MissedRunPolicy = (typeof missedRunPolicies)[number];

const instant = z.union([z.number().int(), z.string().datetime({ offset: true })]);

export const taskSchedule = z.union([
  z.object({ cron: z.string().trim().min(1, 'validation.required').max(taskLimits.cronLength, 'validation.tooLong') }),
  z.object({ once: z.string().datetime({ offset: true, message: 'task.onceInvalid' }) }),
]);
export type TaskSchedule = z.infer<typeof taskSchedule>;

export const fieldRef = z.object({ itemId: idSchema, fieldName: fieldNameSchema });
export type FieldRef = z.infer<typeof fieldRef>;

/**
 * An analysis's type (spec §3 "type, source data item or meter"): it reads data-item fields, or
 * meters — a meter's consumption over the window, as its reports count it (issue 31.16).
 */
export const analysisTypes = ['dataItem', 'meter'] as const;
export type AnalysisType = (typeof analysisTypes)[number];
export const meterRef = z.object({ meterId: idSchema });
export type MeterRef = z.infer<typeof meterRef>;
/** A source: a data-item field, or a meter (an analysis of type `meter`). */
export const analysisSource = z.union([fieldRef, meterRef]);
export type AnalysisSource = FieldRef | MeterRef;
export const isMeterRef = (ref: AnalysisSource): ref is MeterRef => 'meterId' in ref;
/** A meter's consumption is read over a day, a month or a range: the methods that add up a window. */
export const meterMethods: readonly AcquisitionMethod[] = ['sum_yesterday', 'sum_daily', 'sum_month', 'time_range_sum'];

const analysisBody = {
  name: nameText().min(1, 'validation.nameRequired').max(taskLimits.nameLength, 'validation.tooLong'),
  enabled: z.boolean(),
  schedule: taskSchedule,
  /** Checked in the service too, so that a method outside the twelve is 50001 with its reason in data. */
  method: z.string().trim().min(1, 'validation.required').max(40, 'validation.tooLong'),
  /** What the sources are (default `dataItem`). */
  type: z.enum(analysisTypes).optional(),
  source: analysisSource,
  /** Several sources combined (SUM/MAX/MIN); the first is `source`. */
  sources: z.array(analysisSource).max(20).optional(),
  /** Custom values (userDefined) combined with the sources' values by the aggregate. */
  userDefined: z.array(z.number().finite()).max(20).optional(),
  aggregate: z.enum(taskAggregates).optional(),
  range: z.object({ from: instant, to: instant }).optional(),
  decimals: z.number().int(),
  target: fieldRef,
  missedRuns: z.enum(missedRunPolicies).optional(),
};

/** `POST /general/task/addAnalysis` → `data.id` */
export const addAnalysisRequest = z.object(analysisBody);
export type AddAnalysisRequest = z.infer<typeof addAnalysisRequest>;
/** `POST /general/task/updateAnalysis` (the whole analysis again, with its id). */
export const updateAnalysisRequest = z.object({ id: idSchema, ...analysisBody });
export type UpdateAnalysisRequest = z.infer<typeof updateAnalysisRequest>;
/** `POST /general/task/runNow {id}` → `RunView` once the run ended. */
export const runNowRequest = z.object({ id: idSchema, dryRun: z.boolean().optional() });
export type RunNowRequest = z.infer<typeof runNowRequest>;
/** `GET /general/task/getRuns?taskId=&pageNum=&pageSize=` → `{list: RunView[], total}` */
export const runListQuery = pageQuery.extend({ taskId: numeric<number>(idSchema).optional(), taskType: z.enum(taskTypes).optional(), state: z.enum(runStates).optional() });
export type RunListQuery = z.infer<typeof runListQuery>;

/** Problems of an analysis the schema alone cannot see (50001 with the reason in data). */
export function analysisProblems(a: Pick<AddAnalysisRequest, 'method' | 'decimals' | 'range' | 'aggregate' | 'sources' | 'userDefined'> & Partial<Pick<AddAnalysisRequest, 'type' | 'source'>>): string | null {
  if (!(acquisitionMethods as readonly string[]).includes(a.method)) {
    return `task.methodUnknown|${a.method}`;
  }
  const meters = (a.type ?? 'dataItem') === 'meter';
  if ([...(a.source ? [a.source] : []), ...(a.sources ?? [])].some((ref) => isMeterRef(ref) !== meters)) {
    return meters ? 'task.meterSourceOnly' : 'task.itemSourceOnly';
  }
  if (meters && !meterMethods.includes(a.method as AcquisitionMethod)) {
    return 'task.meterMethod';
  }
  if (a.decimals < taskLimits.decimalsMin || a.decimals > taskLimits.decimalsMax) {
    return 'task.decimalsRange';
  }
  if (rangeMethods.includes(a.method as AcquisitionMethod) && !a.range) {
    return 'task.rangeRequired';
  }
  if ((a.sources?.length ?? 0) + (a.userDefined?.length ?? 0) > 0 && !a.aggregate) {
    return 'task.aggregateRequired';
  }
  return null;
}

export interface AnalysisView {
  id: number;
  name: string;
  enabled: boolean;
  schedule: TaskSchedule;
  method: AcquisitionMethod;
  type: AnalysisType;
  source: AnalysisSource;
  sources: AnalysisSource[];
  userDefined: number[];
  aggregate: TaskAggregate | null;
  range: { from: number; to: number } | null;
  decimals: number;
  target: FieldRef;
  missedRuns: MissedRunPolicy;
  nextRun: number | null;
  lastRun: { id: number; state: RunState; endedAt: number | null; value: number | null } | null;
}

export interface RunView {
  id: number;
  taskId: number;
  /** What the run belongs to (analysis when absent in older answers). */
  taskType: TaskType;
  taskName: string;
  kind: RunKind;
  scheduledFor: number;
  startedAt: number | null;
  endedAt: number | null;
  state: RunState;
  value: number | null;
  error: string | null;
  /** A recompute's count of the late values that called for it; null for other runs. */
  triggers: number | null;
}
