import { describe, expect, it } from 'vitest';
import { startOfDay, startOfMonth, zoneOffset } from './time';

describe('calendar windows in a time zone', () => {
  it('Shanghai midnight is 16:00 UTC of the day before', () => {
    const instant = Date.UTC(2026, 10, 21, 15, 30); // 23:30 in Shanghai
    expect(zoneOffset(instant, 'Asia/Shanghai')).toBe(8 * 3600_000);
    expect(new Date(startOfDay(instant, 'Asia/Shanghai')).toISOString()).toBe('2026-11-20T16:00:00.000Z');
    expect(new Date(startOfDay(Date.UTC(2026, 10, 21, 16, 30), 'Asia/Shanghai')).toISOString()).toBe('2026-11-21T16:00:00.000Z');
  });

  it('month starts follow the zone, across daylight saving too', () => {
    expect(new Date(startOfMonth(Date.UTC(2026, 10, 21), 'Asia/Shanghai')).toISOString()).toBe('2026-10-31T16:00:00.000Z');
    expect(new Date(startOfDay(Date.UTC(2026, 2, 29, 12), 'Europe/Berlin')).toISOString()).toBe('2026-03-28T23:00:00.000Z');
    expect(new Date(startOfDay(Date.UTC(2026, 2, 30, 12), 'Europe/Berlin')).toISOString()).toBe('2026-03-29T22:00:00.000Z');
  });
});
