import {
  alarmLimits,
  type AddRuleRequest,
  type CompareOp,
  type ConditionKind,
  type RuleNotify,
  type RuleView,
  type ScheduleWindow,
} from '@smartdata/domain';
import { isLastingPreset } from './conditions';

/** A level row of the rule form: the lasting duration is a preset or `custom` (seconds typed). */
export interface LevelRowValues {
  level: number;
  op: CompareOp;
  threshold?: number | null;
  kind: ConditionKind;
  duration?: number | 'custom';
  customSeconds?: number | null;
  count?: number | null;
}

/** A weekly window row: several days share one time span (`HH:mm`, end 24:00 allowed; end before start crosses midnight). */
export interface WindowRowValues {
  days: number[];
  start: string;
  end: string;
}

/** What the rule form edits. */
export interface RuleFormValues {
  name: string;
  enabled: boolean;
  targetKind: 'field' | 'deviceOnline';
  itemId?: number;
  fieldName?: string;
  deviceId?: number;
  levels: LevelRowValues[];
  hasClear: boolean;
  clearOp?: CompareOp;
  clearThreshold?: number | null;
  repeatMinutes?: number | null;
  scheduleKind: 'always' | 'weekly';
  windows: WindowRowValues[];
  notify: RuleNotify;
  /** The rule's own SMS / e-mail message (`{{placeholders}}` allowed); blank: the composed text. */
  message?: string;
}

export const emptyNotify: RuleNotify = { userIds: [], groupIds: [], delegations: false, email: false, sms: false, channelIds: [], notifyOnClear: false };

export function newLevelRow(level: number): LevelRowValues {
  return { level, op: 'gt', threshold: null, kind: 'simple', duration: alarmLimits.lastingPresets[0] };
}

/** The form of a new rule: enabled, one level-3 row, always on, nobody notified beyond the app. */
export function newRuleValues(): RuleFormValues {
  return {
    name: '',
    enabled: true,
    targetKind: 'field',
    levels: [newLevelRow(3)],
    hasClear: false,
    clearOp: 'lt',
    repeatMinutes: 0,
    scheduleKind: 'always',
    windows: [{ days: [1, 2, 3, 4, 5], start: '08:00', end: '18:00' }],
    notify: emptyNotify,
    message: '',
  };
}

/** `HH:mm` (00:00–24:00) as minutes from midnight, or null. */
export function parseClock(text: string): number | null {
  const match = /^\s*(\d{1,2}):(\d{2})\s*$/.exec(text);
  if (!match) {
    return null;
  }
  const hours = Number(match[1]);
  const minutes = Number(match[2]);
  if (minutes > 59 || hours > 24 || (hours === 24 && minutes > 0)) {
    return null;
  }
  return hours * 60 + minutes;
}

/** Minutes from midnight as `HH:mm`. */
export function formatClock(minute: number): string {
  const hours = Math.floor(minute / 60);
  return `${String(hours).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}`;
}

/** The form's window rows as the schema's per-day windows (an end of 00:00 means midnight, 24:00). */
export function windowsOf(rows: readonly WindowRowValues[]): ScheduleWindow[] {
  const windows: ScheduleWindow[] = [];
  for (const row of rows) {
    const start = parseClock(row.start);
    let end = parseClock(row.end);
    if (start === null || end === null) {
      continue;
    }
    if (end === 0) {
      end = 1440;
    }
    for (const day of [...row.days].sort((a, b) => a - b)) {
      windows.push({ day, startMinute: Math.min(start, 1439), endMinute: end });
    }
  }
  return windows;
}

/** Per-day windows grouped back into rows: days with the same span share one row. */
export function windowRowsOf(windows: readonly ScheduleWindow[]): WindowRowValues[] {
  const rows = new Map<string, WindowRowValues>();
  for (const w of windows) {
    const key = `${w.startMinute}-${w.endMinute}`;
    const row = rows.get(key) ?? { days: [], start: formatClock(w.startMinute), end: formatClock(w.endMinute) };
    row.days.push(w.day);
    rows.set(key, row);
  }
  return [...rows.values()];
}

/** A saved rule as the form edits it. */
export function ruleFormValues(rule: RuleView): RuleFormValues {
  const fresh = newRuleValues();
  return {
    name: rule.name,
    enabled: rule.enabled,
    targetKind: rule.target.kind,
    itemId: rule.target.kind === 'field' ? rule.target.itemId : undefined,
    fieldName: rule.target.kind === 'field' ? rule.target.fieldName : undefined,
    deviceId: rule.target.kind === 'deviceOnline' ? rule.target.deviceId : undefined,
    levels: rule.levels.map((l) => ({
      level: l.level,
      op: l.op,
      threshold: l.threshold,
      kind: l.kind,
      duration: l.kind === 'lasting' && !isLastingPreset(l.seconds) ? 'custom' : (l.seconds ?? alarmLimits.lastingPresets[0]),
      customSeconds: l.kind === 'lasting' && !isLastingPreset(l.seconds) ? l.seconds : null,
      count: l.count ?? null,
    })),
    hasClear: rule.clear !== null,
    clearOp: rule.clear?.op ?? fresh.clearOp,
    clearThreshold: rule.clear?.threshold ?? null,
    repeatMinutes: rule.repeatMinutes,
    scheduleKind: rule.schedule.kind,
    windows: rule.schedule.kind === 'weekly' ? windowRowsOf(rule.schedule.windows) : fresh.windows,
    notify: { ...emptyNotify, ...rule.notify },
    message: rule.message ?? '',
  };
}

const numberOrNaN = (value: number | null | undefined): number => (typeof value === 'number' ? value : Number.NaN);

/**
 * The form's values as the request body (not yet validated: the caller checks it with the
 * domain's schema, so a missing threshold shows as a schema problem rather than a silent 0).
 */
export function ruleRequestOf(values: RuleFormValues): AddRuleRequest {
  const target: AddRuleRequest['target'] =
    values.targetKind === 'field'
      ? { kind: 'field', itemId: values.itemId ?? 0, fieldName: values.fieldName ?? '' }
      : { kind: 'deviceOnline', deviceId: values.deviceId ?? 0 };
  return {
    name: values.name.trim(),
    enabled: values.enabled,
    target,
    levels: values.levels.map((row) => ({
      level: row.level,
      op: row.op,
      threshold: numberOrNaN(row.threshold),
      kind: row.kind,
      ...(row.kind === 'lasting' ? { seconds: row.duration === 'custom' ? numberOrNaN(row.customSeconds) : (row.duration ?? Number.NaN) } : {}),
      ...(row.kind === 'repeating' ? { count: numberOrNaN(row.count) } : {}),
    })),
    ...(values.hasClear ? { clear: { op: values.clearOp ?? 'lt', threshold: numberOrNaN(values.clearThreshold) } } : {}),
    repeatMinutes: values.repeatMinutes ?? 0,
    schedule: values.scheduleKind === 'weekly' ? { kind: 'weekly', windows: windowsOf(values.windows) } : { kind: 'always' },
    notify: { ...emptyNotify, ...values.notify },
    ...(values.message?.trim() ? { message: values.message.trim() } : {}),
  };
}
