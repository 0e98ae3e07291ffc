import { z } from 'zod';
import { timeRangePresets, type TimeRangePreset } from '../shared/limits';
import { startOfDay, startOfMonth, zonedMidnight, zoneOffset } from '../shared/time';
import { numeric } from '../shared/numbers';

/** A preset of spec §9 in the company's time zone, or explicit bounds (epoch ms, `to` exclusive). */
export const timeRange = z.union([
  z.object({ preset: z.enum(timeRangePresets) }),
  z.strictObject({ from: numeric(z.number().int()).optional(), to: numeric(z.number().int()).optional() }),
]);
export type TimeRange = z.infer<typeof timeRange>;

// ---- spec §9 presets ----

function zonedYear(instant: number, timeZone: string): number {
  return new Date(instant + zoneOffset(instant, timeZone)).getUTCFullYear();
}

/** The bounds of a preset at `now` in `timeZone`: [from, to). Last 7 days = today and the six before. */
export function timeRangeOf(preset: TimeRangePreset, now: number, timeZone: string): { from: number; to: number } {
  const today = startOfDay(now, timeZone);
  const dayAfter = (instant: number, days: number) => {
    const local = new Date(instant + zoneOffset(instant, timeZone) + days * 86_400_000);
    return zonedMidnight(local.getUTCFullYear(), local.getUTCMonth() + 1, local.getUTCDate(), timeZone);
  };
  switch (preset) {
    case 'today':
      return { from: today, to: dayAfter(today, 1) };
    case 'yesterday':
      return { from: dayAfter(today, -1), to: today };
    case 'last7Days':
      return { from: dayAfter(today, -6), to: dayAfter(today, 1) };
    case 'thisMonth': {
      const from = startOfMonth(now, timeZone);
      const local = new Date(from + zoneOffset(from, timeZone));
      return { from, to: zonedMidnight(local.getUTCFullYear(), local.getUTCMonth() + 2, 1, timeZone) };
    }
    case 'thisYear': {
      const year = zonedYear(now, timeZone);
      return { from: zonedMidnight(year, 1, 1, timeZone), to: zonedMidnight(year + 1, 1, 1, timeZone) };
    }
  }
}
