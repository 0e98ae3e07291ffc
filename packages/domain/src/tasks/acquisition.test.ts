import { describe, expect, it } from 'vitest';
import { acquisitionMethods, analysisProblems } from './tasks.schemas';
import { acquisitionWindow, reduceWindow, roundTo } from './acquisition';

const sh = 'Asia/Shanghai';
const berlin = 'Europe/Berlin';
/** An instant given as wall-clock time with its offset. */
const at = (text: string) => Date.parse(text);
const HOUR = 3_600_000;

describe('acquisition windows in the company zone', () => {
  it('days: yesterday, today, the day before — local midnights in Shanghai', () => {
    const t = at('2026-11-25T01:00:00+08:00');
    expect(acquisitionWindow('sum_yesterday', t, sh)).toEqual({ from: at('2026-11-24T00:00:00+08:00'), to: at('2026-11-25T00:00:00+08:00'), reduce: 'sum' });
    expect(acquisitionWindow('sum_daily', t, sh)).toEqual({ from: at('2026-11-25T00:00:00+08:00'), to: at('2026-11-26T00:00:00+08:00'), reduce: 'sum' });
    expect(acquisitionWindow('D1_create_last', t, sh)).toEqual({ from: at('2026-11-24T00:00:00+08:00'), to: at('2026-11-25T00:00:00+08:00'), reduce: 'last' });
    expect(acquisitionWindow('D2_create_last', t, sh)).toEqual({ from: at('2026-11-23T00:00:00+08:00'), to: at('2026-11-24T00:00:00+08:00'), reduce: 'last' });
    // 23:00 of the day before is not today's (the ThingsBoard daily-sum bug, tb#15553).
    const today = acquisitionWindow('sum_daily', at('2026-11-25T23:30:00+08:00'), sh);
    expect(at('2026-11-24T23:00:00+08:00')).toBeLessThan(today.from);
    // 00:30 local is 16:30 UTC the day before: still the local day.
    expect(acquisitionWindow('sum_daily', at('2026-11-24T16:30:00Z'), sh).from).toBe(at('2026-11-25T00:00:00+08:00'));
  });

  it('months: this month, last month, the month before — across a year boundary', () => {
    const t = at('2026-01-05T08:00:00+08:00');
    expect(acquisitionWindow('sum_month', t, sh)).toMatchObject({ from: at('2026-01-01T00:00:00+08:00'), to: at('2026-02-01T00:00:00+08:00') });
    expect(acquisitionWindow('M1_create_last', t, sh)).toMatchObject({ from: at('2025-12-01T00:00:00+08:00'), to: at('2026-01-01T00:00:00+08:00'), reduce: 'last' });
    expect(acquisitionWindow('M2_create_last', t, sh)).toMatchObject({ from: at('2025-11-01T00:00:00+08:00'), to: at('2025-12-01T00:00:00+08:00') });
    // The first minute of a month belongs to it.
    expect(acquisitionWindow('sum_month', at('2026-03-01T00:00:00+08:00'), sh).from).toBe(at('2026-03-01T00:00:00+08:00'));
  });

  it('daylight saving (Berlin): the spring day has 23 hours, the autumn day 25, each still one day', () => {
    const spring = acquisitionWindow('sum_daily', at('2026-03-29T12:00:00+02:00'), berlin);
    expect(spring.from).toBe(at('2026-03-29T00:00:00+01:00'));
    expect(spring.to - spring.from).toBe(23 * HOUR);
    const autumn = acquisitionWindow('sum_yesterday', at('2026-10-26T06:00:00+01:00'), berlin);
    expect(autumn.from).toBe(at('2026-10-25T00:00:00+02:00'));
    expect(autumn.to - autumn.from).toBe(25 * HOUR);
    const month = acquisitionWindow('M1_create_last', at('2026-04-10T10:00:00+02:00'), berlin);
    expect(month).toMatchObject({ from: at('2026-03-01T00:00:00+01:00'), to: at('2026-04-01T00:00:00+02:00') });
  });

  it('latest record, and the chosen range', () => {
    const t = at('2026-11-25T10:00:00+08:00');
    const latest = acquisitionWindow('recent_create_1', t, sh);
    expect(latest.reduce).toBe('last');
    expect(latest.to).toBe(t + 1);
    const range = { from: at('2026-11-01T00:00:00+08:00'), to: at('2026-11-08T00:00:00+08:00') };
    expect(acquisitionWindow('time_range_avg', t, sh, range)).toEqual({ ...range, reduce: 'avg' });
    expect(() => acquisitionWindow('time_range_max', t, sh)).toThrow('task.rangeRequired');
  });

  it('reduces values and rounds to 0–3 decimals half away from zero', () => {
    expect(reduceWindow('sum', [1.5, 2.25, 3])).toBe(6.75);
    expect(reduceWindow('avg', [1, 2, 6])).toBe(3);
    expect(reduceWindow('max', [4, 9, 2])).toBe(9);
    expect(reduceWindow('min', [4, 9, 2])).toBe(2);
    expect(reduceWindow('last', [4, 9, 2])).toBe(2);
    expect(reduceWindow('sum', [])).toBeNull();
    expect(roundTo(2.345, 2)).toBe(2.35);
    expect(roundTo(-2.345, 2)).toBe(-2.35);
    expect(roundTo(1.0005, 3)).toBe(1.001);
    expect(roundTo(7.5, 0)).toBe(8);
  });

  it('refuses a method outside the twelve, decimals outside 0–3, a range method without its range', () => {
    expect(acquisitionMethods).toHaveLength(12);
    const base = { method: 'sum_daily', decimals: 2 };
    expect(analysisProblems(base)).toBeNull();
    expect(analysisProblems({ ...base, method: 'sum_weekly' })).toBe('task.methodUnknown|sum_weekly');
    expect(analysisProblems({ ...base, decimals: 4 })).toBe('task.decimalsRange');
    expect(analysisProblems({ ...base, method: 'time_range_sum' })).toBe('task.rangeRequired');
    expect(analysisProblems({ ...base, sources: [{ itemId: 1, fieldName: 'a' }] })).toBe('task.aggregateRequired');
  });
});
