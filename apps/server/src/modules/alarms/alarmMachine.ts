import { compareValue, zoneOffset, type ClearCondition, type LevelCondition, type RuleSchedule } from '@smartdata/domain';

/**
 * The alarm state machine of one (rule, target): pure, no I/O, no clock of its own. The service
 * loads the persisted MachineState, feeds it samples in commit order (and ticks for lasting
 * windows), stores the new state and acts on the effect. Everything a restart must resume — the
 * open alarm, the start of every lasting window, every repeating streak — is in MachineState.
 *
 *   (none) --raise--> active --ack--> acknowledged
 *     ^                 |  \                |
 *     |                 |   escalate (same alarm, highest level kept; acknowledged → active)
 *     +------clear------+-------------------+     (clear condition, or by hand)
 *
 * A new trigger after a clear opens a new alarm.
 */
export interface MachineRule {
  levels: readonly LevelCondition[];
  clear: ClearCondition | null;
  schedule: RuleSchedule;
}

export interface OpenAlarm {
  level: number;
  state: 'active' | 'acknowledged';
  firstTime: number;
  lastTime: number;
  count: number;
  value: number | null;
}

export interface LevelProgress {
  /** Start of the current run where the level's condition holds (lasting), or null. */
  since: number | null;
  /** Consecutive values meeting the condition (repeating). */
  streak: number;
}

export interface MachineState {
  open: OpenAlarm | null;
  /** Keyed by level (1..3). */
  progress: Record<string, LevelProgress>;
  lastValue: number | null;
  lastTime: number | null;
}

export type Effect =
  | { kind: 'none' }
  | { kind: 'open'; level: number }
  | { kind: 'escalate'; from: number; to: number }
  | { kind: 'repeat'; level: number }
  | { kind: 'clear' }
  | { kind: 'acknowledge' };

export interface Step {
  state: MachineState;
  effect: Effect;
}

export const initialState = (): MachineState => ({ open: null, progress: {}, lastValue: null, lastTime: null });

/** Is `instant` inside the rule's schedule (weekly windows in the company time zone; end ≤ start crosses midnight)? */
export function inSchedule(schedule: RuleSchedule, instant: number, timeZone: string): boolean {
  if (schedule.kind === 'always') {
    return true;
  }
  const local = new Date(instant + zoneOffset(instant, timeZone));
  const day = local.getUTCDay();
  const minute = local.getUTCHours() * 60 + local.getUTCMinutes();
  const yesterday = (day + 6) % 7;
  return schedule.windows.some((w) => {
    if (w.endMinute > w.startMinute) {
      return w.day === day && minute >= w.startMinute && minute < w.endMinute;
    }
    // Crosses midnight: from start to 24:00 on its day, then 00:00 to end on the next day.
    return (w.day === day && minute >= w.startMinute) || (w.day === yesterday && minute < w.endMinute);
  });
}

function levelMet(c: LevelCondition, p: LevelProgress, time: number): boolean {
  switch (c.kind) {
    case 'simple':
      return p.streak >= 1;
    case 'lasting':
      return p.since !== null && time - p.since >= (c.seconds ?? 0) * 1000;
    case 'repeating':
      return p.streak >= (c.count ?? 1);
  }
}

/** The highest level whose condition (with its kind) is met now, or 0. */
function metLevel(rule: MachineRule, progress: Record<string, LevelProgress>, time: number): number {
  let best = 0;
  for (const c of rule.levels) {
    const p = progress[String(c.level)];
    if (p && levelMet(c, p, time) && c.level > best) {
      best = c.level;
    }
  }
  return best;
}

function shouldClear(rule: MachineRule, value: number): boolean {
  if (rule.clear) {
    return compareValue(rule.clear.op, value, rule.clear.threshold);
  }
  // Default: no raise condition holds any more.
  return !rule.levels.some((c) => compareValue(c.op, value, c.threshold));
}

function raiseOrRepeat(state: MachineState, level: number, time: number, value: number | null): Step {
  const open = state.open;
  if (level === 0) {
    return { state, effect: { kind: 'none' } };
  }
  if (!open) {
    return { state: { ...state, open: { level, state: 'active', firstTime: time, lastTime: time, count: 1, value } }, effect: { kind: 'open', level } };
  }
  if (level > open.level) {
    return {
      state: { ...state, open: { ...open, level, state: 'active', lastTime: time, count: open.count + 1, value } },
      effect: { kind: 'escalate', from: open.level, to: level },
    };
  }
  return { state: { ...state, open: { ...open, lastTime: time, count: open.count + 1 } }, effect: { kind: 'repeat', level: open.level } };
}

/** One value of the target at `time` (values arrive in commit order). */
export function onValue(rule: MachineRule, state: MachineState, value: number, time: number, timeZone: string): Step {
  const scheduled = inSchedule(rule.schedule, time, timeZone);
  const progress: Record<string, LevelProgress> = {};
  for (const c of rule.levels) {
    const prev = state.progress[String(c.level)] ?? { since: null, streak: 0 };
    const holds = scheduled && compareValue(c.op, value, c.threshold);
    progress[String(c.level)] = holds ? { since: prev.since ?? time, streak: prev.streak + 1 } : { since: null, streak: 0 };
  }
  const next: MachineState = { ...state, progress, lastValue: value, lastTime: time };
  if (next.open && shouldClear(rule, value)) {
    return { state: { ...next, open: null }, effect: { kind: 'clear' } };
  }
  const level = metLevel(rule, progress, time);
  if (next.open && level === 0) {
    // Between raise and clear (hysteresis band): the alarm stays as it is.
    return { state: next, effect: { kind: 'none' } };
  }
  return raiseOrRepeat(next, level, time, value);
}

/**
 * Time passes without a new value: a lasting window may complete. Only a level reached by this
 * tick (open or escalate) is an effect; an alarm at its level already stays quiet.
 */
export function onTick(rule: MachineRule, state: MachineState, now: number, timeZone: string): Step {
  if (!inSchedule(rule.schedule, now, timeZone)) {
    return { state, effect: { kind: 'none' } };
  }
  const level = metLevel(rule, state.progress, now);
  if (level === 0 || (state.open && level <= state.open.level)) {
    return { state, effect: { kind: 'none' } };
  }
  return raiseOrRepeat(state, level, now, state.lastValue);
}

/** The earliest instant a lasting window completes, for the scheduler (null: none pending). */
export function nextDeadline(rule: MachineRule, state: MachineState): number | null {
  let best: number | null = null;
  for (const c of rule.levels) {
    const p = state.progress[String(c.level)];
    if (c.kind !== 'lasting' || !p || p.since === null || (state.open && state.open.level >= c.level)) {
      continue;
    }
    const at = p.since + (c.seconds ?? 0) * 1000;
    best = best === null ? at : Math.min(best, at);
  }
  return best;
}

export function acknowledge(state: MachineState): Step {
  if (!state.open || state.open.state !== 'active') {
    return { state, effect: { kind: 'none' } };
  }
  return { state: { ...state, open: { ...state.open, state: 'acknowledged' } }, effect: { kind: 'acknowledge' } };
}

/** Clear by hand: the alarm closes; the conditions start again from nothing. */
export function clearByHand(state: MachineState): Step {
  if (!state.open) {
    return { state, effect: { kind: 'none' } };
  }
  return { state: { ...state, open: null, progress: {} }, effect: { kind: 'clear' } };
}
