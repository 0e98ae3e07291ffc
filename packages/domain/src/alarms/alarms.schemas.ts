import { z } from 'zod';
import { idSchema } from '../shared/ids';
import { limits, timeRangePresets } from '../shared/limits';
import { pageQuery } from '../shared/paging';
import { numeric } from '../shared/numbers';
import { nameText } from '../shared/text';
import { fieldNameSchema } from '../data-items/fields';
import { notifyLimits } from '../notify/notify.schemas';

/**
 * Requests and answers of the alarms module (issue 15, cloud monitoring). The contract part
 * (addRule … addUpdateWatch) is kept exactly as the issue writes it; the rest extends it.
 * Permission codes: cs_rules (rules), cs_info (alarms), cs_sditem_update (update watches).
 * Times in answers are epoch milliseconds.
 */
export const alarmLimits = {
  nameLength: limits.generalNameLength,
  noteLength: 500,
  levelsMax: 3,
  levelMin: 1,
  levelMax: 3,
  /** Lasting durations of spec §9 (30 min, 1 h, 12 h, 24 h), in seconds; a custom duration is allowed. */
  lastingPresets: [1800, 3600, 43_200, 86_400] as const,
  lastingMinSeconds: 1,
  lastingMaxSeconds: 7 * 86_400,
  repeatingMin: 2,
  repeatingMax: 1000,
  repeatMinutesMax: 24 * 60,
  /** A rule's own notification message, as long as an intelligent rule's notify message. */
  messageLength: 200,
  /** Update frequencies of spec §9, in minutes. */
  everyMinutesPresets: [1, 5, 10, 15] as const,
  everyMinutesMax: 7 * 24 * 60,
  scheduleWindowsMax: 28,
  recipientsMax: 100,
  ackBatchMax: 200,
  exportMaxRows: 50_000,
} as const;

export const alarmPermission = { rules: 'cs_rules', alarms: 'cs_info', watches: 'cs_sditem_update' } as const;

/** Alarm level 1 to 3 (spec §3), source 1 client, 2 server (spec §3). */
export const alarmLevels = [1, 2, 3] as const;
export type AlarmLevel = (typeof alarmLevels)[number];
export const alarmSources = { client: 1, server: 2 } as const;
export type AlarmSource = (typeof alarmSources)[keyof typeof alarmSources];
export const alarmStates = ['active', 'acknowledged', 'cleared'] as const;
export type AlarmKind = 'threshold' | 'stale' | 'device';
export type AlarmState = (typeof alarmStates)[number];
export const compareOps = ['gt', 'gte', 'lt', 'lte', 'eq', 'ne'] as const;
export type CompareOp = (typeof compareOps)[number];
export const conditionKinds = ['simple', 'lasting', 'repeating'] as const;
export type ConditionKind = (typeof conditionKinds)[number];

/** Realtime channel of the module: key = company id; each message names the alarm's cabin node. */
export const alarmChannel = 'alarms';
export interface AlarmPush {
  /** 'opened' (new alarm), 'changed' (level/count), 'acknowledged', 'cleared', 'reminder'. */
  event: 'opened' | 'changed' | 'acknowledged' | 'cleared' | 'reminder';
  nodeId: number;
  alarm: AlarmView;
}

const id = idSchema;
const level = numeric<number>(z.number().int().min(1).max(3));
const threshold = z.number().finite();
const note = z.string().trim().max(alarmLimits.noteLength, 'validation.tooLong');

export const ruleTarget = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('field'), itemId: id, fieldName: fieldNameSchema }),
  z.object({ kind: z.literal('deviceOnline'), deviceId: id }),
]);
/** What an alarm rule can watch: a numeric data-item field or a device's online state. */
export type WatchedTarget = z.infer<typeof ruleTarget>;
/** A SIM traffic card whose traffic crossed its alert threshold (raised by the sim module, no rule). */
export interface SimCardTarget {
  kind: 'simCard';
  cardId: number;
  number: string;
}
/** A device that reported an alarm of its own (an `alarm` event, source 1 — docs/alarms.md "Device alarms"). */
export interface DeviceReportTarget {
  kind: 'device';
  /** The device's alarm code: one open alarm per device and code. */
  code: string;
  deviceId: number;
}
/** The platform's scheduled backups (issue 38): an alarm of the platform company when one failed or was missed; `dir` is BACKUP_DIR. */
export interface BackupTarget {
  kind: 'backup';
  dir: string;
}
/** The target of a rule or of an alarm: what a rule watches, a SIM card (docs/sim.md "Threshold alerts"), a reporting device or the platform's backups. */
export type RuleTarget = WatchedTarget | SimCardTarget | DeviceReportTarget | BackupTarget;

export const levelCondition = z
  .object({
    level: z.number().int().min(1).max(3),
    op: z.enum(compareOps),
    threshold,
    kind: z.enum(conditionKinds),
    seconds: z.number().int().min(alarmLimits.lastingMinSeconds).max(alarmLimits.lastingMaxSeconds).optional(),
    count: z.number().int().min(alarmLimits.repeatingMin).max(alarmLimits.repeatingMax).optional(),
  })
  .superRefine((c, ctx) => {
    if (c.kind === 'lasting' && c.seconds === undefined) {ctx.addIssue({ code: 'custom', path: ['seconds'], message: 'alarm.lastingNeedsSeconds' });}
    if (c.kind === 'repeating' && c.count === undefined) {ctx.addIssue({ code: 'custom', path: ['count'], message: 'alarm.repeatingNeedsCount' });}
  });
export type LevelCondition = z.infer<typeof levelCondition>;

export const clearCondition = z.object({ op: z.enum(compareOps), threshold });
export type ClearCondition = z.infer<typeof clearCondition>;

/** A weekly window in the company time zone: day 0 = Sunday … 6; minutes from midnight; end < start crosses midnight. */
export const scheduleWindow = z.object({
  day: z.number().int().min(0).max(6),
  startMinute: z.number().int().min(0).max(1439),
  endMinute: z.number().int().min(1).max(1440),
});
export type ScheduleWindow = z.infer<typeof scheduleWindow>;
export const ruleSchedule = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('always') }),
  z.object({ kind: z.literal('weekly'), windows: z.array(scheduleWindow).min(1).max(alarmLimits.scheduleWindowsMax) }),
]);
export type RuleSchedule = z.infer<typeof ruleSchedule>;

export const ruleNotify = z.object({
  userIds: z.array(id).max(alarmLimits.recipientsMax).default([]),
  groupIds: z.array(id).max(alarmLimits.recipientsMax).default([]),
  /** Also notify the company's alert delegations (company/getAlertDelegations, spec §7). */
  delegations: z.boolean().default(false),
  email: z.boolean().default(false),
  sms: z.boolean().default(false),
  /** The company's notification channels (DingTalk, WeCom, Feishu, webhooks) to send to as well (issue 32). */
  channelIds: z.array(id).max(notifyLimits.ruleChannelsMax).default([]),
  notifyOnClear: z.boolean().default(false),
});
export type RuleNotify = z.infer<typeof ruleNotify>;

const ruleBody = {
  name: nameText().min(1, 'validation.nameRequired').max(alarmLimits.nameLength, 'validation.tooLong'),
  enabled: z.boolean(),
  target: ruleTarget,
  levels: z.array(levelCondition).min(1).max(alarmLimits.levelsMax),
  clear: clearCondition.optional(),
  /** Repeat reminder while active and unacknowledged; absent or 0: none. */
  repeatMinutes: z.number().int().min(0).max(alarmLimits.repeatMinutesMax).optional(),
  schedule: ruleSchedule.optional(),
  notify: ruleNotify.optional(),
  /**
   * The rule's own SMS / e-mail message; may hold a content template's `{{placeholders}}`, filled
   * with the record that raised the alarm (docs/alarms.md). Absent or blank: the composed text.
   */
  message: z.string().trim().max(alarmLimits.messageLength, 'validation.tooLong').optional(),
};

/** Problems a rule may have (50001 with `{reason}` in data). */
export function ruleProblems(rule: { levels: readonly { level: number }[] }): string | null {
  const seen = new Set<number>();
  for (const l of rule.levels) {
    if (seen.has(l.level)) {return 'alarm.levelDuplicate';}
    seen.add(l.level);
  }
  return null;
}

/** `POST /general/alarm/addRule` → `data.id` */
export const addRuleRequest = z.object(ruleBody);
export type AddRuleRequest = z.infer<typeof addRuleRequest>;
/** `POST /general/alarm/updateRule` (the whole rule again, with its id). */
export const updateRuleRequest = z.object({ id, ...ruleBody });
export type UpdateRuleRequest = z.infer<typeof updateRuleRequest>;
/** `POST /general/alarm/deleteRule {id}` takes the shared `idRequest` (its open alarms are cleared). */

export interface RuleView {
  id: number;
  name: string;
  enabled: boolean;
  target: WatchedTarget;
  /** The target's cabin node and name, for display. */
  targetName: string;
  levels: LevelCondition[];
  clear: ClearCondition | null;
  repeatMinutes: number;
  schedule: RuleSchedule;
  notify: RuleNotify;
  /** The rule's own notification message, or null (the composed text). */
  message: string | null;
  createTime: number;
}
/** `GET /general/alarm/getRules` → `RuleView[]` (the rules on targets the caller may read). */

/** `GET /general/alarm/getAlarms?ruleId=&state=&level=&pageNum=&pageSize=` (+ itemId, deviceId, preset). */
export const alarmListQuery = pageQuery.extend({
  ruleId: numeric<number>(id).optional(),
  state: z.enum(alarmStates).optional(),
  level: level.optional(),
  itemId: numeric<number>(id).optional(),
  deviceId: numeric<number>(id).optional(),
  watchId: numeric<number>(id).optional(),
  /** today, yesterday, last7Days, thisMonth, thisYear (company time zone), on firstTime. */
  preset: z.enum(timeRangePresets).optional(),
  /** 1 client (reported by a device), 2 server (rules, watches, tasks, SIM cards). */
  source: numeric<number>(z.number().int().min(alarmSources.client).max(alarmSources.server)).optional(),
});
export type AlarmListQuery = z.infer<typeof alarmListQuery>;
/** `GET /general/alarm/exportAlarms?` same filters without paging → an XLSX file. */
export const alarmExportQuery = alarmListQuery.omit({ pageNum: true, pageSize: true });
export type AlarmExportQuery = z.infer<typeof alarmExportQuery>;

export interface AlarmView {
  id: number;
  /** null for an update-watch alarm. */
  ruleId: number | null;
  watchId: number | null;
  ruleName: string;
  target: RuleTarget;
  targetName: string;
  level: AlarmLevel;
  state: AlarmState;
  source: AlarmSource;
  /** The value that raised it, or the latest one that met the condition again (null for "stopped updating" and device alarms). */
  value: number | null;
  /** The value's own time: a daily total's window start, a device's time stamp (null without a value). */
  valueTime: number | null;
  /** 'alarm.kind.threshold', 'alarm.kind.stale' or 'alarm.kind.device'. */
  kind: AlarmKind;
  /** When the alarm was raised, and when it was last triggered again (the server's clock). */
  firstTime: number;
  lastTime: number;
  count: number;
  ackBy: number | null;
  ackByName: string | null;
  ackTime: number | null;
  ackNote: string | null;
  clearBy: number | null;
  clearByName: string | null;
  clearTime: number | null;
  clearNote: string | null;
}
export interface AlarmPage {
  list: AlarmView[];
  total: number;
}

/** `POST /general/alarm/ackAlarm {id, note}`, `POST /general/alarm/clearAlarm {id, note}` */
export const alarmNoteRequest = z.object({ id, note: note.default('') });
export type AlarmNoteRequest = z.infer<typeof alarmNoteRequest>;
/** `POST /general/alarm/ackAlarms {ids, note}` → `{count}` (those acknowledged now). */
export const ackAlarmsRequest = z.object({ ids: z.array(id).min(1).max(alarmLimits.ackBatchMax), note: note.default('') });
export type AckAlarmsRequest = z.infer<typeof ackAlarmsRequest>;
/** `GET /general/alarm/getAlarmCount` → `{count, byLevel: {1,2,3}}` (active unacknowledged alarms the caller may see). */
export interface AlarmCount {
  count: number;
  byLevel: Record<'1' | '2' | '3', number>;
}

/** `POST /general/alarm/addUpdateWatch {itemId, fieldName?, everyMinutes, level, remindMinutes?}` → `data.id` */
const watchBody = {
  itemId: id,
  fieldName: fieldNameSchema.optional(),
  everyMinutes: z.number().int().min(1).max(alarmLimits.everyMinutesMax),
  level: z.number().int().min(1).max(3),
  remindMinutes: z.number().int().min(0).max(alarmLimits.repeatMinutesMax).optional(),
  /** For manual lists: daily at this time (minutes from midnight, company zone) instead of every N minutes. */
  dailyAtMinute: z.number().int().min(0).max(1439).optional(),
  enabled: z.boolean().optional(),
  /** Who is told when the item stops updating (as a rule's notification; absent: in the app only). */
  notify: ruleNotify.optional(),
};
export const addUpdateWatchRequest = z.object(watchBody);
export type AddUpdateWatchRequest = z.infer<typeof addUpdateWatchRequest>;
/** `POST /general/alarm/updateUpdateWatch` */
export const updateUpdateWatchRequest = z.object({ id, ...watchBody });
export type UpdateUpdateWatchRequest = z.infer<typeof updateUpdateWatchRequest>;
/** `POST /general/alarm/deleteUpdateWatch {id}` takes the shared `idRequest`. `GET /general/alarm/getUpdateWatches` → UpdateWatchView[] */
export interface UpdateWatchView {
  id: number;
  itemId: number;
  itemName: string;
  fieldName: string | null;
  everyMinutes: number;
  dailyAtMinute: number | null;
  level: AlarmLevel;
  remindMinutes: number;
  enabled: boolean;
  /** Time of the last record seen, and when it becomes stale. */
  lastRecordTime: number | null;
  deadline: number | null;
  /** An open "stopped updating" alarm, if any. */
  alarmId: number | null;
  notify: RuleNotify;
}

export function compareValue(op: CompareOp, value: number, threshold: number): boolean {
  switch (op) {
    case 'gt': return value > threshold;
    case 'gte': return value >= threshold;
    case 'lt': return value < threshold;
    case 'lte': return value <= threshold;
    case 'eq': return value === threshold;
    case 'ne': return value !== threshold;
  }
}
