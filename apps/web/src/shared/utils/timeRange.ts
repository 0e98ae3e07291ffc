import dayjs, { type Dayjs } from 'dayjs';
import { formatInstant, timeRangeOf, zonedMidnight, type TimeRange, type TimeRangePreset } from '@smartdata/domain';

/** The time-range choice of the records page: a preset of spec §9, custom days, or none. */
export type TimeSelection = { kind: 'preset'; preset: TimeRangePreset } | { kind: 'custom'; from: string; to: string } | null;

const dayPattern = /^(\d{4})-(\d{2})-(\d{2})$/;

/**
 * The instant a company day `yyyy-MM-dd` (or a picker's day) starts in `timeZone`, `plusDays`
 * later; null for no day. A picked day is a calendar date: its browser midnight is not the company's.
 */
export function midnightOf(day: string | Dayjs, timeZone: string, plusDays = 0): number | null {
  const match = dayPattern.exec(typeof day === 'string' ? day : day.format('YYYY-MM-DD'));
  if (!match) {
    return null;
  }
  return zonedMidnight(Number(match[1]), Number(match[2]), Number(match[3]) + plusDays, timeZone);
}

/**
 * The `timeRange` parameter of getRecords and exportRecords: a preset goes as it is (the server
 * computes it in the company's time zone); custom days `yyyy-MM-dd` to `yyyy-MM-dd` (both
 * included) go as `[from, to)` in epoch ms of the company's time zone.
 */
export function timeRangeParam(selection: TimeSelection, timeZone: string): TimeRange | undefined {
  if (!selection) {
    return undefined;
  }
  if (selection.kind === 'preset') {
    return { preset: selection.preset };
  }
  const from = midnightOf(selection.from, timeZone);
  const to = midnightOf(selection.to, timeZone, 1);
  if (from === null || to === null) {
    return undefined;
  }
  return from <= to ? { from, to } : { from: to, to: from };
}

/** The bounds a selection stands for at `now` (shown beside the picker): [from, to). */
export function selectionBounds(selection: TimeSelection, now: number, timeZone: string): { from: number; to: number } | null {
  if (!selection) {
    return null;
  }
  if (selection.kind === 'preset') {
    return timeRangeOf(selection.preset, now, timeZone);
  }
  const range = timeRangeParam(selection, timeZone);
  return range && 'from' in range && range.from !== undefined && range.to !== undefined ? { from: range.from, to: range.to } : null;
}

/**
 * Today in the company's time zone as a day for a date picker (a form's default date): at
 * 2026-12-01T17:30Z it is 12-02 in Asia/Shanghai whatever the browser's zone, and
 * `format('YYYY-MM-DD')` gives that day.
 */
export function companyToday(timeZone: string, now = Date.now()): Dayjs {
  return dayjs(formatInstant(now, 'date', timeZone));
}
