import { describe, expect, it } from 'vitest';
import dayjs from 'dayjs';
import { defaultScheduleValues, instantOfWall, looksLikeCron, parseClock, presetOfCron, scheduleHint, scheduleOf, scheduleValuesOf, wallOfInstant } from './schedule';

const sh = 'Asia/Shanghai';

describe('schedule presets ↔ cron', () => {
  it('writes each preset as a cron expression', () => {
    expect(scheduleOf({ ...defaultScheduleValues, scheduleKind: 'daily', dailyTime: '08:30' }, sh)).toEqual({ cron: '30 8 * * *' });
    expect(scheduleOf({ ...defaultScheduleValues, scheduleKind: 'daily', dailyTime: '0:05' }, sh)).toEqual({ cron: '5 0 * * *' });
    expect(scheduleOf({ ...defaultScheduleValues, scheduleKind: 'hourly', hourlyMinute: 15 }, sh)).toEqual({ cron: '15 * * * *' });
    expect(scheduleOf({ ...defaultScheduleValues, scheduleKind: 'everyMinutes', everyMinutes: 10 }, sh)).toEqual({ cron: '*/10 * * * *' });
    expect(scheduleOf({ ...defaultScheduleValues, scheduleKind: 'everyMinutes', everyMinutes: 1 }, sh)).toEqual({ cron: '* * * * *' });
    expect(scheduleOf({ ...defaultScheduleValues, scheduleKind: 'cron', cron: ' 0  8 * * 1 ' }, sh)).toEqual({ cron: '0 8 * * 1' });
  });

  it('leaves an incomplete schedule out', () => {
    expect(scheduleOf({ ...defaultScheduleValues, scheduleKind: 'daily', dailyTime: '25:00' }, sh)).toBeNull();
    expect(scheduleOf({ ...defaultScheduleValues, scheduleKind: 'cron', cron: '  ' }, sh)).toBeNull();
    expect(scheduleOf({ ...defaultScheduleValues, scheduleKind: 'once', onceAt: null }, sh)).toBeNull();
    expect(scheduleOf({ ...defaultScheduleValues, scheduleKind: 'everyMinutes', everyMinutes: 7 }, sh)).toBeNull();
  });

  it('opens a cron of a preset form as that preset again, any other as custom', () => {
    expect(presetOfCron('5 0 * * *')).toEqual({ scheduleKind: 'daily', dailyTime: '00:05' });
    expect(presetOfCron('15 * * * *')).toEqual({ scheduleKind: 'hourly', hourlyMinute: 15 });
    expect(presetOfCron('*/30 * * * *')).toEqual({ scheduleKind: 'everyMinutes', everyMinutes: 30 });
    expect(presetOfCron('*/7 * * * *')).toEqual({ scheduleKind: 'cron', cron: '*/7 * * * *' });
    expect(presetOfCron('0 8 * * 1')).toEqual({ scheduleKind: 'cron', cron: '0 8 * * 1' });
    for (const cron of ['30 8 * * *', '0 * * * *', '*/15 * * * *']) {
      expect(scheduleOf(scheduleValuesOf({ cron }, sh), sh)).toEqual({ cron });
    }
  });

  it('gives the plain-language hint of the common forms', () => {
    expect(scheduleHint({ cron: '0 8 * * *' })).toEqual({ kind: 'daily', time: '08:00' });
    expect(scheduleHint({ cron: '5 * * * *' })).toEqual({ kind: 'hourly', minute: 5 });
    expect(scheduleHint({ cron: '*/5 * * * *' })).toEqual({ kind: 'everyMinutes', count: 5 });
    expect(scheduleHint({ cron: '0 8 1 * *' })).toEqual({ kind: 'cron' });
    expect(scheduleHint({ once: '2026-12-01T08:00:00.000Z' })).toEqual({ kind: 'once', at: Date.parse('2026-12-01T08:00:00.000Z') });
  });

  it('checks clock texts and the shape of a cron expression', () => {
    expect(parseClock('23:59')).toEqual({ hour: 23, minute: 59 });
    expect(parseClock('24:00')).toBeNull();
    expect(parseClock('8')).toBeNull();
    expect(looksLikeCron('0 8 * * *')).toBe(true);
    expect(looksLikeCron('0 0 8 * * *')).toBe(true);
    expect(looksLikeCron('every day')).toBe(false);
  });
});

describe('one run at a wall-clock time of the company zone', () => {
  it('reads the picked fields as Shanghai time, whatever the browser zone', () => {
    const wall = dayjs(new Date(2026, 11, 1, 8, 30));
    expect(instantOfWall(wall, sh)).toBe(Date.parse('2026-12-01T08:30:00+08:00'));
    expect(scheduleOf({ ...defaultScheduleValues, scheduleKind: 'once', onceAt: wall }, sh)).toEqual({ once: '2026-12-01T00:30:00.000Z' });
    const back = wallOfInstant(Date.parse('2026-12-01T08:30:00+08:00'), sh);
    expect(back.format('YYYY-MM-DD HH:mm')).toBe('2026-12-01 08:30');
  });

  it('handles a zone with daylight saving (Berlin summer and winter time)', () => {
    expect(instantOfWall(dayjs(new Date(2026, 6, 1, 12, 0)), 'Europe/Berlin')).toBe(Date.parse('2026-07-01T12:00:00+02:00'));
    expect(instantOfWall(dayjs(new Date(2026, 0, 1, 12, 0)), 'Europe/Berlin')).toBe(Date.parse('2026-01-01T12:00:00+01:00'));
  });
});
