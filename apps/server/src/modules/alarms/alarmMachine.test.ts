import { describe, expect, it } from 'vitest';
import type { LevelCondition, RuleSchedule } from '@smartdata/domain';
import { acknowledge, clearByHand, inSchedule, initialState, nextDeadline, onTick, onValue, type MachineRule, type MachineState } from './alarmMachine';

const tz = 'Asia/Shanghai';
const always: RuleSchedule = { kind: 'always' };
const simple = (level: number, threshold: number): LevelCondition => ({ level, op: 'gt', threshold, kind: 'simple' });
const rule = (levels: LevelCondition[], extra: Partial<MachineRule> = {}): MachineRule => ({ levels, clear: null, schedule: always, ...extra });
const T0 = Date.UTC(2026, 0, 5, 4, 0, 0); // Monday 12:00 in Shanghai

function feed(r: MachineRule, values: [number, number][], state: MachineState = initialState()) {
  const effects: string[] = [];
  for (const [value, time] of values) {
    const step = onValue(r, state, value, time, tz);
    state = step.state;
    effects.push(step.effect.kind);
  }
  return { state, effects };
}

describe('alarm machine: transitions', () => {
  it('opens on a simple condition, repeats while it holds, clears when it no longer holds', () => {
    const { state, effects } = feed(rule([simple(1, 50)]), [[40, T0], [60, T0 + 1], [70, T0 + 2], [30, T0 + 3]]);
    expect(effects).toEqual(['none', 'open', 'repeat', 'clear']);
    expect(state.open).toBeNull();
  });

  it('keeps the value that raised it, first and last time and the count', () => {
    const { state } = feed(rule([simple(1, 50)]), [[60, T0], [70, T0 + 5]]);
    expect(state.open).toMatchObject({ level: 1, state: 'active', value: 60, firstTime: T0, lastTime: T0 + 5, count: 2 });
  });

  it('acknowledge: active → acknowledged, only once; nothing to acknowledge when none is open', () => {
    const { state } = feed(rule([simple(1, 50)]), [[60, T0]]);
    const acked = acknowledge(state);
    expect(acked.effect.kind).toBe('acknowledge');
    expect(acked.state.open?.state).toBe('acknowledged');
    expect(acknowledge(acked.state).effect.kind).toBe('none');
    expect(acknowledge(initialState()).effect.kind).toBe('none');
  });

  it('acknowledged → cleared by the condition; a new trigger afterwards opens a new alarm', () => {
    const r = rule([simple(1, 50)]);
    let { state } = feed(r, [[60, T0]]);
    state = acknowledge(state).state;
    const cleared = onValue(r, state, 10, T0 + 1, tz);
    expect(cleared.effect.kind).toBe('clear');
    const again = onValue(r, cleared.state, 60, T0 + 2, tz);
    expect(again.effect).toEqual({ kind: 'open', level: 1 });
    expect(again.state.open).toMatchObject({ firstTime: T0 + 2, count: 1, state: 'active' });
  });

  it('clear by hand closes the alarm and resets the progress; nothing to clear when none is open', () => {
    const { state } = feed(rule([simple(1, 50)]), [[60, T0]]);
    const cleared = clearByHand(state);
    expect(cleared.effect.kind).toBe('clear');
    expect(cleared.state.open).toBeNull();
    expect(cleared.state.progress).toEqual({});
    expect(clearByHand(cleared.state).effect.kind).toBe('none');
  });
});

describe('alarm machine: levels', () => {
  const r = rule([simple(1, 50), simple(2, 70), simple(3, 90)]);
  it('escalates the same alarm and keeps the highest level when the value drops back', () => {
    const { state, effects } = feed(r, [[60, T0], [80, T0 + 1], [95, T0 + 2], [60, T0 + 3]]);
    expect(effects).toEqual(['open', 'escalate', 'escalate', 'repeat']);
    expect(state.open).toMatchObject({ level: 3, firstTime: T0, count: 4 });
  });
  it('an escalation of an acknowledged alarm makes it active again', () => {
    let { state } = feed(r, [[60, T0]]);
    state = acknowledge(state).state;
    const step = onValue(r, state, 80, T0 + 1, tz);
    expect(step.effect).toEqual({ kind: 'escalate', from: 1, to: 2 });
    expect(step.state.open?.state).toBe('active');
  });
  it('opens directly at the highest level met', () => {
    expect(feed(r, [[99, T0]]).state.open?.level).toBe(3);
  });
});

describe('alarm machine: hysteresis', () => {
  const r = rule([simple(1, 50)], { clear: { op: 'lt', threshold: 45 } });
  it('stays open in the band between raise and clear, clears below the clear threshold', () => {
    const { state, effects } = feed(r, [[55, T0], [48, T0 + 1], [46, T0 + 2], [44, T0 + 3]]);
    expect(effects).toEqual(['open', 'none', 'none', 'clear']);
    expect(state.open).toBeNull();
  });
  it('flapping around the raise threshold does not open a second alarm', () => {
    const { effects } = feed(r, [[51, T0], [49, T0 + 1], [51, T0 + 2], [49, T0 + 3]]);
    expect(effects.filter((e) => e === 'open')).toHaveLength(1);
    expect(effects).not.toContain('clear');
  });
});

describe('alarm machine: lasting and repeating', () => {
  const lasting = rule([{ level: 2, op: 'gte', threshold: 10, kind: 'lasting', seconds: 1800 }]);
  it('lasting: opens only when the condition held for the whole window (on a value)', () => {
    const { effects } = feed(lasting, [[12, T0], [15, T0 + 600_000], [11, T0 + 1_800_000]]);
    expect(effects).toEqual(['none', 'none', 'open']);
  });
  it('lasting: a value breaking the condition restarts the window', () => {
    const { effects, state } = feed(lasting, [[12, T0], [5, T0 + 600_000], [12, T0 + 1_200_000], [12, T0 + 1_800_000]]);
    expect(effects).toEqual(['none', 'none', 'none', 'none']);
    expect(nextDeadline(lasting, state)).toBe(T0 + 1_200_000 + 1_800_000);
  });
  it('lasting: a tick at the deadline opens without a new value; the window survives a save and load', () => {
    const { state } = feed(lasting, [[12, T0]]);
    const reloaded = JSON.parse(JSON.stringify(state)) as MachineState;
    expect(nextDeadline(lasting, reloaded)).toBe(T0 + 1_800_000);
    expect(onTick(lasting, reloaded, T0 + 1_799_999, tz).effect.kind).toBe('none');
    const step = onTick(lasting, reloaded, T0 + 1_800_000, tz);
    expect(step.effect).toEqual({ kind: 'open', level: 2 });
    expect(step.state.open?.value).toBe(12);
    expect(nextDeadline(lasting, step.state)).toBeNull();
    expect(onTick(lasting, step.state, T0 + 1_900_000, tz).effect.kind).toBe('none');
  });
  const repeating = rule([{ level: 1, op: 'lt', threshold: 0, kind: 'repeating', count: 3 }]);
  it('repeating: opens on the Nth consecutive value; a value in between restarts the count', () => {
    expect(feed(repeating, [[-1, T0], [-1, T0 + 1], [-1, T0 + 2]]).effects).toEqual(['none', 'none', 'open']);
    expect(feed(repeating, [[-1, T0], [-1, T0 + 1], [1, T0 + 2], [-1, T0 + 3], [-1, T0 + 4]]).effects).toEqual(['none', 'none', 'none', 'none', 'none']);
  });
  it('a simple level 1 and a repeating level 3 on the same rule', () => {
    const mixed = rule([simple(1, 50), { level: 3, op: 'gt', threshold: 50, kind: 'repeating', count: 2 }]);
    expect(feed(mixed, [[60, T0], [60, T0 + 1]]).effects).toEqual(['open', 'escalate']);
  });
});

describe('alarm machine: schedule windows in the company zone', () => {
  // Monday 22:00 → Tuesday 06:00 Shanghai time.
  const night: RuleSchedule = { kind: 'weekly', windows: [{ day: 1, startMinute: 22 * 60, endMinute: 6 * 60 }] };
  const at = (day: number, hour: number, minute = 0) => Date.UTC(2026, 0, day, hour - 8, minute); // 2026-01-05 is a Monday
  it('a window across midnight covers the evening of its day and the morning of the next', () => {
    expect(inSchedule(night, at(5, 21, 59), tz)).toBe(false);
    expect(inSchedule(night, at(5, 22, 0), tz)).toBe(true);
    expect(inSchedule(night, at(5, 23, 59), tz)).toBe(true);
    expect(inSchedule(night, at(6, 0, 0), tz)).toBe(true);
    expect(inSchedule(night, at(6, 5, 59), tz)).toBe(true);
    expect(inSchedule(night, at(6, 6, 0), tz)).toBe(false);
    // Tuesday night is not in the window (only Monday's starts).
    expect(inSchedule(night, at(6, 23, 0), tz)).toBe(false);
  });
  it('uses the company zone, not UTC: 23:00 Shanghai Monday is 15:00 UTC', () => {
    const t = at(5, 23);
    expect(new Date(t).getUTCHours()).toBe(15);
    expect(inSchedule(night, t, tz)).toBe(true);
    expect(inSchedule(night, t, 'UTC')).toBe(false);
  });
  it('a Sunday window across midnight reaches into Monday', () => {
    const sunday: RuleSchedule = { kind: 'weekly', windows: [{ day: 0, startMinute: 23 * 60, endMinute: 60 }] };
    expect(inSchedule(sunday, at(5, 0, 30), tz)).toBe(true);
    expect(inSchedule(sunday, at(5, 1, 0), tz)).toBe(false);
  });
  it('values outside the schedule neither open nor count; an open alarm still clears', () => {
    const r = rule([{ level: 1, op: 'gt', threshold: 50, kind: 'repeating', count: 2 }], { schedule: night });
    expect(feed(r, [[60, at(5, 21, 58)], [60, at(5, 21, 59)]]).effects).toEqual(['none', 'none']);
    const { state, effects } = feed(r, [[60, at(5, 21, 59)], [60, at(5, 22, 0)], [60, at(5, 22, 1)]]);
    expect(effects).toEqual(['none', 'none', 'open']);
    expect(onValue(r, state, 10, at(6, 7), tz).effect.kind).toBe('clear');
  });
  it('always is always', () => {
    expect(inSchedule(always, T0, tz)).toBe(true);
  });
});
