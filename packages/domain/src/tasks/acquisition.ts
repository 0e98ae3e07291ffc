import type { AcquisitionMethod } from './tasks.schemas';
import { startOfDay, startOfMonth, zonedMidnight, zoneOffset } from '../shared/time';

/**
 * The calendar window an acquisition method reads at a scheduled time, in the company zone (issue
 * 16): [from, to). Days and months are local; a day of 23 or 25 hours (daylight saving) is still one
 * day. `latest` methods take the last value in the window; `sum` methods add every value in it;
 * range methods use the chosen range.
 */
export interface AcquisitionWindow {
  from: number;
  to: number;
  /** How the values of the window become one. */
  reduce: 'last' | 'sum' | 'avg' | 'max' | 'min';
}

function localDate(instant: number, timeZone: string): { year: number; month: number; day: number } {
  const local = new Date(instant + zoneOffset(instant, timeZone));
  return { year: local.getUTCFullYear(), month: local.getUTCMonth() + 1, day: local.getUTCDate() };
}

/** Local midnight `days` days after the local day of `instant`. */
function dayStart(instant: number, days: number, timeZone: string): number {
  const d = localDate(startOfDay(instant, timeZone), timeZone);
  return zonedMidnight(d.year, d.month, d.day + days, timeZone);
}

/** Local first of the month `months` months after the month of `instant`. */
function monthStart(instant: number, months: number, timeZone: string): number {
  const d = localDate(startOfMonth(instant, timeZone), timeZone);
  return zonedMidnight(d.year, d.month + months, 1, timeZone);
}

export function acquisitionWindow(method: AcquisitionMethod, at: number, timeZone: string, range?: { from: number; to: number }): AcquisitionWindow {
  switch (method) {
    case 'recent_create_1':
      return { from: Number.MIN_SAFE_INTEGER, to: at + 1, reduce: 'last' };
    case 'sum_yesterday':
      return { from: dayStart(at, -1, timeZone), to: dayStart(at, 0, timeZone), reduce: 'sum' };
    case 'sum_daily':
      return { from: dayStart(at, 0, timeZone), to: dayStart(at, 1, timeZone), reduce: 'sum' };
    case 'sum_month':
      return { from: monthStart(at, 0, timeZone), to: monthStart(at, 1, timeZone), reduce: 'sum' };
    case 'D1_create_last':
      return { from: dayStart(at, -1, timeZone), to: dayStart(at, 0, timeZone), reduce: 'last' };
    case 'D2_create_last':
      return { from: dayStart(at, -2, timeZone), to: dayStart(at, -1, timeZone), reduce: 'last' };
    case 'M1_create_last':
      return { from: monthStart(at, -1, timeZone), to: monthStart(at, 0, timeZone), reduce: 'last' };
    case 'M2_create_last':
      return { from: monthStart(at, -2, timeZone), to: monthStart(at, -1, timeZone), reduce: 'last' };
    case 'time_range_sum':
    case 'time_range_avg':
    case 'time_range_max':
    case 'time_range_min': {
      if (!range) {
        throw new Error('task.rangeRequired');
      }
      const reduce = ({ time_range_sum: 'sum', time_range_avg: 'avg', time_range_max: 'max', time_range_min: 'min' } as const)[method];
      return { from: range.from, to: range.to, reduce };
    }
  }
}

/** The values of a window (in time order) as one number; null when the window holds none. */
export function reduceWindow(reduce: AcquisitionWindow['reduce'], values: readonly number[]): number | null {
  if (values.length === 0) {
    return null;
  }
  switch (reduce) {
    case 'last':
      return values[values.length - 1];
    case 'sum':
      return values.reduce((a, b) => a + b, 0);
    case 'avg':
      return values.reduce((a, b) => a + b, 0) / values.length;
    case 'max':
      return Math.max(...values);
    case 'min':
      return Math.min(...values);
  }
}

/** A result rounded to `decimals` places (0–3, spec §9), half away from zero. */
export function roundTo(value: number, decimals: number): number {
  const factor = 10 ** decimals;
  return (Math.sign(value) * Math.round(Math.abs(value) * factor + Number.EPSILON)) / factor;
}
