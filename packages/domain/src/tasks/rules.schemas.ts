import { z } from 'zod';
import { idSchema } from '../shared/ids';
import { pageQuery } from '../shared/paging';
import { numeric } from '../shared/numbers';
import { nameText } from '../shared/text';
import { fieldNameSchema } from '../data-items/fields';
import { compareOps } from '../alarms/alarms.schemas';
import { notifyLimits } from '../notify/notify.schemas';
import { missedRunPolicies, taskLimits, taskSchedule, type MissedRunPolicy, type RunState, type TaskSchedule } from './tasks.schemas';

/**
 * Intelligent rules, executable tasks and scheduled tasks (issue 16, docs/tasks.md).
 *
 * - An intelligent rule watches one data item: when a new record of it meets its conditions (all
 *   or any), its actions run — write a record into another item, run a gateway's flow (start mode
 *   "server-triggered execution"), notify users, raise an alarm.
 * - An executable task is a named list of the same actions, run on demand by those its access mode
 *   allows; a scheduled task runs an executable task on a cron schedule (or once).
 * - The scheduler's jobs of every company (analyses and scheduled tasks) are seen, paused, resumed
 *   and run by platform administrators on /systemMaintenance/systemquartz (system_quartz).
 * Permission codes: sa_rules, sa_executable_task, sa_scheduled_task, system_quartz.
 */
export const ruleLimits = {
  conditionsMax: 20,
  actionsMax: 10,
  writeValuesMax: 50,
  recipientsMax: 100,
  messageLength: 200,
  textValueLength: 500,
  /** Rules triggered by one record, chained through their own writes, at most this deep. */
  chainDepthMax: 5,
} as const;

/** Comparison of a condition: the alarm rules' six, and `contains` for text. */
export const ruleOps = [...compareOps, 'contains'] as const;
export type RuleOp = (typeof ruleOps)[number];

export const ruleCondition = z.object({
  fieldName: fieldNameSchema,
  op: z.enum(ruleOps),
  value: z.union([z.number().finite(), z.string().max(ruleLimits.textValueLength, 'validation.tooLong')]),
});
export type RuleCondition = z.infer<typeof ruleCondition>;

export const ruleMatches = ['all', 'any'] as const;
export type RuleMatch = (typeof ruleMatches)[number];

/** A value an action writes: a fixed value, or (in a rule) a field of the record that triggered it. */
export const writeValue = z.object({
  fieldName: fieldNameSchema,
  value: z.union([z.number().finite(), z.string().max(ruleLimits.textValueLength, 'validation.tooLong')]).optional(),
  copyFrom: fieldNameSchema.optional(),
});
export type WriteValue = z.infer<typeof writeValue>;

const ids = z.array(idSchema).max(ruleLimits.recipientsMax);

export const taskActionKinds = ['writeRecord', 'deviceCommand', 'notify', 'raiseAlarm'] as const;
export type TaskActionKind = (typeof taskActionKinds)[number];

export const taskAction = z.discriminatedUnion('kind', [
  /** A new record of `itemId` with these values (source 'task'), through the records path. */
  z.object({ kind: z.literal('writeRecord'), itemId: idSchema, values: z.array(writeValue).min(1, 'validation.required').max(ruleLimits.writeValuesMax) }),
  /** Server-triggered execution of a gateway's flow (its start mode `server`), over MQTT. */
  z.object({ kind: z.literal('deviceCommand'), deviceId: idSchema }),
  /** A message to users and the members of groups, by SMS and/or e-mail. */
  z.object({
    kind: z.literal('notify'),
    userIds: ids,
    groupIds: ids,
    sms: z.boolean(),
    email: z.boolean(),
    /** The company's notification channels to send the message to as well (issue 32). */
    channelIds: z.array(idSchema).max(notifyLimits.ruleChannelsMax).optional(),
    message: z.string().trim().min(1, 'validation.required').max(ruleLimits.messageLength, 'validation.tooLong'),
  }),
  /** An alarm on a field of an item (in the alarm log, with the alarm rules' levels 1–3). */
  z.object({ kind: z.literal('raiseAlarm'), itemId: idSchema, fieldName: fieldNameSchema, level: numeric<number>(z.number().int().min(1).max(3)) }),
]);
export type TaskAction = z.infer<typeof taskAction>;

const actions = z.array(taskAction).min(1, 'task.actionsRequired').max(ruleLimits.actionsMax);
const name = nameText().min(1, 'validation.nameRequired').max(taskLimits.nameLength, 'validation.tooLong');

const ruleBody = {
  name,
  enabled: z.boolean(),
  /** The data item whose new records are looked at. */
  itemId: idSchema,
  match: z.enum(ruleMatches),
  conditions: z.array(ruleCondition).min(1, 'task.conditionsRequired').max(ruleLimits.conditionsMax),
  actions,
};
/** `POST /general/task/addRule` → `data.id` (sa_rules). */
export const addIntelligentRuleRequest = z.object(ruleBody);
export type AddIntelligentRuleRequest = z.infer<typeof addIntelligentRuleRequest>;
/** `POST /general/task/updateRule` (the whole rule again, with its id). */
export const updateIntelligentRuleRequest = z.object({ id: idSchema, ...ruleBody });
export type UpdateIntelligentRuleRequest = z.infer<typeof updateIntelligentRuleRequest>;

/** Who may run an executable task: everyone holding sa_executable_task, its creator only, or chosen users. */
export const accessModes = ['everyone', 'creator', 'users'] as const;
export type AccessMode = (typeof accessModes)[number];

const executableBody = {
  name,
  accessMode: z.enum(accessModes),
  /** With accessMode `users`: who may run it (its creator and company administrators always may). */
  userIds: ids.optional(),
  actions,
};
/** `POST /general/task/addExecutable` → `data.id` (sa_executable_task). */
export const addExecutableRequest = z.object(executableBody);
export type AddExecutableRequest = z.infer<typeof addExecutableRequest>;
export const updateExecutableRequest = z.object({ id: idSchema, ...executableBody });
export type UpdateExecutableRequest = z.infer<typeof updateExecutableRequest>;

const scheduledBody = {
  name,
  enabled: z.boolean(),
  executableId: idSchema,
  schedule: taskSchedule,
  missedRuns: z.enum(missedRunPolicies).optional(),
};
/** `POST /general/task/addScheduled` → `data.id` (sa_scheduled_task). */
export const addScheduledRequest = z.object(scheduledBody);
export type AddScheduledRequest = z.infer<typeof addScheduledRequest>;
export const updateScheduledRequest = z.object({ id: idSchema, ...scheduledBody });
export type UpdateScheduledRequest = z.infer<typeof updateScheduledRequest>;

/** The scheduler's jobs (systemquartz): analyses and scheduled tasks. */
export const jobTypes = ['analysis', 'scheduled'] as const;
export type JobType = (typeof jobTypes)[number];
export const jobRequest = z.object({ type: z.enum(jobTypes), id: idSchema });
export type JobRequest = z.infer<typeof jobRequest>;
/** `GET /general/system/getJobs` (system_quartz): every company's jobs, paged, by company or name. */
export const jobListQuery = pageQuery.extend({
  companyId: numeric<number>(idSchema).optional(),
  name: z.string().trim().max(taskLimits.nameLength, 'validation.tooLong').optional(),
  type: z.enum(jobTypes).optional(),
});
export type JobListQuery = z.infer<typeof jobListQuery>;

export interface LastRun {
  id: number;
  state: RunState;
  endedAt: number | null;
  error: string | null;
}

export interface IntelligentRuleView {
  id: number;
  name: string;
  enabled: boolean;
  itemId: number;
  itemName: string;
  match: RuleMatch;
  conditions: RuleCondition[];
  actions: TaskAction[];
  createdBy: number;
  lastRun: LastRun | null;
}

export interface ExecutableView {
  id: number;
  name: string;
  accessMode: AccessMode;
  userIds: number[];
  actions: TaskAction[];
  createdBy: number;
  /** Whether the caller may run it (its access mode). */
  canRun: boolean;
  /** Whether the caller may change or delete it (its creator or a company administrator). */
  canEdit: boolean;
  lastRun: LastRun | null;
}

export interface ScheduledView {
  id: number;
  name: string;
  enabled: boolean;
  executableId: number;
  executableName: string;
  schedule: TaskSchedule;
  missedRuns: MissedRunPolicy;
  nextRun: number | null;
  lastRun: LastRun | null;
}

export interface JobView {
  type: JobType;
  id: number;
  companyId: number;
  companyName: string;
  name: string;
  schedule: TaskSchedule;
  /** false: paused (or disabled by its company). */
  enabled: boolean;
  nextRun: number | null;
  lastRun: LastRun | null;
}

/** A condition holds for a value of the record (a missing value never holds). */
export function conditionHolds(condition: RuleCondition, value: unknown): boolean {
  if (value === undefined || value === null || value === '') {
    return false;
  }
  if (condition.op === 'contains') {
    return String(value).includes(String(condition.value));
  }
  const numberOf = (v: unknown) => (typeof v === 'number' ? v : typeof v === 'string' && v.trim() !== '' ? Number(v) : Number.NaN);
  const a = numberOf(value);
  const b = numberOf(condition.value);
  if (Number.isFinite(a) && Number.isFinite(b)) {
    switch (condition.op) {
      case 'gt':
        return a > b;
      case 'gte':
        return a >= b;
      case 'lt':
        return a < b;
      case 'lte':
        return a <= b;
      case 'eq':
        return a === b;
      case 'ne':
        return a !== b;
    }
  }
  // Text compares as text: only equal and not equal mean something.
  if (condition.op === 'eq') {
    return String(value) === String(condition.value);
  }
  if (condition.op === 'ne') {
    return String(value) !== String(condition.value);
  }
  return false;
}

/** Whether a record's values meet a rule's conditions (all or any). */
export function ruleHolds(rule: { match: RuleMatch; conditions: readonly RuleCondition[] }, values: Readonly<Record<string, unknown>>): boolean {
  const held = (c: RuleCondition) => conditionHolds(c, values[c.fieldName]);
  return rule.match === 'all' ? rule.conditions.every(held) : rule.conditions.some(held);
}

/**
 * A loop among rules: `rules` (item watched → items written) with `candidate` among them. Answers
 * the names along the loop that the candidate would close, or null. A rule writing into its own
 * item is a loop of one.
 */
export function ruleLoop(candidate: { id: number; name: string; itemId: number; writes: readonly number[] }, rules: ReadonlyArray<{ id: number; name: string; itemId: number; writes: readonly number[] }>): string[] | null {
  const all = [...rules.filter((r) => r.id !== candidate.id), candidate];
  const byItem = new Map<number, typeof all>();
  for (const rule of all) {
    byItem.set(rule.itemId, [...(byItem.get(rule.itemId) ?? []), rule]);
  }
  // Depth-first from the candidate: does a chain of writes lead back to its own item?
  const visit = (rule: (typeof all)[number], path: string[], seen: Set<number>): string[] | null => {
    for (const item of rule.writes) {
      if (item === candidate.itemId) {
        return [...path, candidate.name];
      }
      for (const next of byItem.get(item) ?? []) {
        if (!seen.has(next.id)) {
          seen.add(next.id);
          const found = visit(next, [...path, next.name], seen);
          if (found) {
            return found;
          }
        }
      }
    }
    return null;
  };
  return visit(candidate, [candidate.name], new Set([candidate.id]));
}
