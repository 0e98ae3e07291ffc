import { zonedMidnight, zoneOffset } from '../shared/time';
import type { ReportFrequency, ReportPeriod } from './reports.schemas';

/**
 * Report periods as calendar windows of the company zone, [from, to) in epoch ms (docs/reports.md
 * "Periods"): the local day, the week from Monday, the month containing `at`. A day of 23 or 25
 * hours (daylight saving) is still one day.
 */
function localDate(instant: number, timeZone: string): { year: number; month: number; day: number; weekday: number } {
  const local = new Date(instant + zoneOffset(instant, timeZone));
  return { year: local.getUTCFullYear(), month: local.getUTCMonth() + 1, day: local.getUTCDate(), weekday: (local.getUTCDay() + 6) % 7 };
}

export function periodWindow(period: Exclude<ReportPeriod, 'custom'>, at: number, timeZone: string): { from: number; to: number } {
  const d = localDate(at, timeZone);
  switch (period) {
    case 'day':
      return { from: zonedMidnight(d.year, d.month, d.day, timeZone), to: zonedMidnight(d.year, d.month, d.day + 1, timeZone) };
    case 'week':
      return { from: zonedMidnight(d.year, d.month, d.day - d.weekday, timeZone), to: zonedMidnight(d.year, d.month, d.day - d.weekday + 7, timeZone) };
    case 'month':
      return { from: zonedMidnight(d.year, d.month, 1, timeZone), to: zonedMidnight(d.year, d.month + 1, 1, timeZone) };
  }
}

const frequencyPeriod = { daily: 'day', weekly: 'week', monthly: 'month' } as const;

/**
 * A schedule's runs: each run delivers the period that closed at the run (yesterday, last week,
 * last month). The run time is the start of the next period after `after` (00:00 local time; a
 * weekly schedule runs on Mondays, a monthly one on the 1st).
 */
export function nextDeliveryAfter(frequency: Exclude<ReportFrequency, 'off'>, after: number, timeZone: string): number {
  return periodWindow(frequencyPeriod[frequency], after, timeZone).to;
}

/** The period a run at `runAt` delivers: the one that ended at (or just before) `runAt`. */
export function deliveredPeriod(frequency: Exclude<ReportFrequency, 'off'>, runAt: number, timeZone: string): { from: number; to: number } {
  return periodWindow(frequencyPeriod[frequency], runAt - 1, timeZone);
}

/** A date-only text `yyyy-MM-dd` → local midnight; other ISO texts → their instant; numbers as they are. */
export function reportInstant(value: number | string, timeZone: string): number {
  if (typeof value === 'number') {
    return value;
  }
  const date = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (date) {
    return zonedMidnight(Number(date[1]), Number(date[2]), Number(date[3]), timeZone);
  }
  const parsed = Date.parse(value.replace(' ', 'T'));
  return Number.isNaN(parsed) ? Number.NaN : parsed;
}
