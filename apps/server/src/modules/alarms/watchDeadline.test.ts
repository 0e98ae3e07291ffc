import { describe, expect, it } from 'vitest';
import { watchDeadline } from './alarmEngine';

const zone = 'Asia/Shanghai';
/** An instant given as Shanghai wall-clock time. */
const at = (text: string) => Date.parse(`${text}+08:00`);

describe('update watch deadlines', () => {
  it('every N minutes: one period after the record or the start', () => {
    expect(watchDeadline({ every_minutes: 5, daily_at_minute: null }, at('2026-11-25T10:00:00'), zone)).toBe(at('2026-11-25T10:05:00'));
    expect(watchDeadline({ every_minutes: 5, daily_at_minute: null }, at('2026-11-25T10:00:00'), zone, false)).toBe(at('2026-11-25T10:05:00'));
  });

  it('daily at 09:30: a record in (D − 24 h, D] meets D, so the next deadline is a day on from the record', () => {
    const daily = { every_minutes: 1440, daily_at_minute: 9 * 60 + 30 };
    // Read at 08:00 for today's 09:30: the next one due is tomorrow's.
    expect(watchDeadline(daily, at('2026-11-25T08:00:00'), zone)).toBe(at('2026-11-26T09:30:00'));
    // Read late at 10:15, after today's 09:30: it counts for tomorrow, the next due is the day after.
    expect(watchDeadline(daily, at('2026-11-25T10:15:00'), zone)).toBe(at('2026-11-27T09:30:00'));
    // Read exactly at 09:30.
    expect(watchDeadline(daily, at('2026-11-25T09:30:00'), zone)).toBe(at('2026-11-26T09:30:00'));
  });

  it('daily at 09:30 from a start (a new or edited watch): the first 09:30 after it', () => {
    const daily = { every_minutes: 1440, daily_at_minute: 9 * 60 + 30 };
    expect(watchDeadline(daily, at('2026-11-25T10:15:00'), zone, false)).toBe(at('2026-11-26T09:30:00'));
    expect(watchDeadline(daily, at('2026-11-25T08:00:00'), zone, false)).toBe(at('2026-11-25T09:30:00'));
    // Across midnight in the company zone (16:00 UTC is midnight in Shanghai).
    expect(watchDeadline({ every_minutes: 1440, daily_at_minute: 0 }, at('2026-11-25T23:59:00'), zone, false)).toBe(at('2026-11-26T00:00:00'));
  });
});
