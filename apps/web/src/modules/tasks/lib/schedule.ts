import dayjs, { type Dayjs } from 'dayjs';
import { zoneOffset, type TaskSchedule } from '@smartdata/domain';

/**
 * The schedule of an analysis as the form shows it: a preset (every day at HH:mm, every hour at
 * minute M, every N minutes), a custom cron expression, or one run at a date-time. Presets are
 * plain cron expressions on the server, so a cron of one of these forms opens as its preset again.
 * Times are wall-clock times in the company's time zone (the server runs cron in that zone).
 */
export type ScheduleKind = 'daily' | 'hourly' | 'everyMinutes' | 'cron' | 'once';
export const scheduleKinds: readonly ScheduleKind[] = ['daily', 'hourly', 'everyMinutes', 'cron', 'once'];

/** Minute steps that divide the hour (so "every N minutes" is even across hours). */
export const minuteSteps = [1, 2, 5, 10, 15, 20, 30] as const;

export interface ScheduleValues {
  scheduleKind: ScheduleKind;
  /** `HH:mm` (daily). */
  dailyTime: string;
  /** 0–59 (hourly). */
  hourlyMinute: number;
  /** One of minuteSteps (every N minutes). */
  everyMinutes: number;
  cron: string;
  /** The one run, a wall-clock time of the company zone held by the picker. */
  onceAt: Dayjs | null;
}

export const defaultScheduleValues: ScheduleValues = { scheduleKind: 'daily', dailyTime: '00:05', hourlyMinute: 0, everyMinutes: 15, cron: '', onceAt: null };

/** `HH:mm` (or `H:mm`) → hours and minutes, or null. */
export function parseClock(text: string): { hour: number; minute: number } | null {
  const match = /^(\d{1,2}):(\d{2})$/.exec(text.trim());
  if (!match) {
    return null;
  }
  const hour = Number(match[1]);
  const minute = Number(match[2]);
  return hour <= 23 && minute <= 59 ? { hour, minute } : null;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** A cron expression has five fields (six with seconds). */
export function looksLikeCron(text: string): boolean {
  const parts = text.trim().split(/\s+/);
  return parts.length === 5 || parts.length === 6;
}

/** The form's values → the schedule of the request (null when incomplete). */
export function scheduleOf(values: ScheduleValues, timeZone: string): TaskSchedule | null {
  switch (values.scheduleKind) {
    case 'daily': {
      const clock = parseClock(values.dailyTime);
      return clock ? { cron: `${clock.minute} ${clock.hour} * * *` } : null;
    }
    case 'hourly':
      return Number.isInteger(values.hourlyMinute) && values.hourlyMinute >= 0 && values.hourlyMinute <= 59 ? { cron: `${values.hourlyMinute} * * * *` } : null;
    case 'everyMinutes':
      return (minuteSteps as readonly number[]).includes(values.everyMinutes) ? { cron: values.everyMinutes === 1 ? '* * * * *' : `*/${values.everyMinutes} * * * *` } : null;
    case 'cron':
      return values.cron.trim() ? { cron: values.cron.trim().replace(/\s+/g, ' ') } : null;
    case 'once':
      return values.onceAt ? { once: new Date(instantOfWall(values.onceAt, timeZone)).toISOString() } : null;
  }
}

type Preset = Pick<ScheduleValues, 'scheduleKind'> & Partial<ScheduleValues>;

/** A cron expression → its preset when it has one of the preset forms, else a custom cron. */
export function presetOfCron(cron: string): Preset {
  const text = cron.trim().replace(/\s+/g, ' ');
  const daily = /^(\d{1,2}) (\d{1,2}) \* \* \*$/.exec(text);
  if (daily && Number(daily[1]) <= 59 && Number(daily[2]) <= 23) {
    return { scheduleKind: 'daily', dailyTime: `${pad(Number(daily[2]))}:${pad(Number(daily[1]))}` };
  }
  const hourly = /^(\d{1,2}) \* \* \* \*$/.exec(text);
  if (hourly && Number(hourly[1]) <= 59) {
    return { scheduleKind: 'hourly', hourlyMinute: Number(hourly[1]) };
  }
  if (text === '* * * * *') {
    return { scheduleKind: 'everyMinutes', everyMinutes: 1 };
  }
  const every = /^\*\/(\d{1,2}) \* \* \* \*$/.exec(text);
  if (every && (minuteSteps as readonly number[]).includes(Number(every[1]))) {
    return { scheduleKind: 'everyMinutes', everyMinutes: Number(every[1]) };
  }
  return { scheduleKind: 'cron', cron: text };
}

/** A stored schedule → the form's values. */
export function scheduleValuesOf(schedule: TaskSchedule, timeZone: string): ScheduleValues {
  if ('once' in schedule) {
    return { ...defaultScheduleValues, scheduleKind: 'once', onceAt: wallOfInstant(Date.parse(schedule.once), timeZone) };
  }
  return { ...defaultScheduleValues, cron: schedule.cron, ...presetOfCron(schedule.cron) };
}

/** The plain-language hint of a schedule: which preset it is and its parameters (for texts `schedule.hint.*`). */
export type ScheduleHint =
  | { kind: 'daily'; time: string }
  | { kind: 'hourly'; minute: number }
  | { kind: 'everyMinutes'; count: number }
  | { kind: 'once'; at: number }
  | { kind: 'cron' };

export function scheduleHint(schedule: TaskSchedule): ScheduleHint {
  if ('once' in schedule) {
    return { kind: 'once', at: Date.parse(schedule.once) };
  }
  const preset = presetOfCron(schedule.cron);
  switch (preset.scheduleKind) {
    case 'daily':
      return { kind: 'daily', time: preset.dailyTime ?? '' };
    case 'hourly':
      return { kind: 'hourly', minute: preset.hourlyMinute ?? 0 };
    case 'everyMinutes':
      return { kind: 'everyMinutes', count: preset.everyMinutes ?? 1 };
    default:
      return { kind: 'cron' };
  }
}

/**
 * The instant of a wall-clock time in `timeZone`. The picker holds the time in the browser's own
 * zone; only its fields are read, so a user abroad still picks the company's local time. A time in
 * a daylight-saving gap comes out one hour later, as the clocks show it.
 */
export function instantOfWall(wall: Dayjs, timeZone: string): number {
  const guess = Date.UTC(wall.year(), wall.month(), wall.date(), wall.hour(), wall.minute(), wall.second());
  const first = guess - zoneOffset(guess, timeZone);
  return guess - zoneOffset(first, timeZone);
}

/** An instant as a wall-clock time of `timeZone` for the picker (see instantOfWall). */
export function wallOfInstant(instant: number, timeZone: string): Dayjs {
  const local = new Date(instant + zoneOffset(instant, timeZone));
  return dayjs(new Date(local.getUTCFullYear(), local.getUTCMonth(), local.getUTCDate(), local.getUTCHours(), local.getUTCMinutes(), local.getUTCSeconds()));
}
