import type { ChartBucket } from './charts.schemas';
import { zoneOffset } from '../shared/time';

/**
 * Time buckets of charts in the company's time zone (docs/charts.md). Minute and hour buckets
 * are fixed lengths of local wall-clock time laid on the absolute time line, so the repeated
 * hour of a daylight-saving fall-back is two buckets, not one; day and month buckets start at
 * local midnight and last 23, 24 or 25 hours, 28 to 31 days. Pure Intl arithmetic.
 */

/** Fixed bucket lengths in ms (day and month vary with the zone and the calendar). */
export const fixedBucketMs: Partial<Record<ChartBucket, number>> = {
  '1m': 60_000,
  '5m': 300_000,
  '10m': 600_000,
  '15m': 900_000,
  hour: 3_600_000,
};

const MINUTE = 60_000;
const QUARTER = 900_000;
const offsets = new Map<string, Map<number, number>>();

/**
 * Offset of local time from UTC at `instant`, ms (Europe/Berlin in summer: +2 h). Intl is slow
 * (tens of µs a call), so offsets are kept per zone and quarter hour: zones change offset on
 * quarter hours (every change since 1980 in the tz database).
 */
export function offsetAt(instant: number, timeZone: string): number {
  let zone = offsets.get(timeZone);
  if (!zone) {
    zone = new Map();
    offsets.set(timeZone, zone);
  }
  const key = Math.floor(instant / QUARTER);
  let offset = zone.get(key);
  if (offset === undefined) {
    offset = zoneOffset(key * QUARTER, timeZone);
    if (zone.size > 50_000) {
      zone.clear();
    }
    zone.set(key, offset);
  }
  return offset;
}

/** Local calendar fields of an instant (month 1-12). */
export function localParts(instant: number, timeZone: string): { year: number; month: number; day: number; hour: number; minute: number; second: number } {
  const d = new Date(instant + offsetAt(instant, timeZone));
  return { year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, day: d.getUTCDate(), hour: d.getUTCHours(), minute: d.getUTCMinutes(), second: d.getUTCSeconds() };
}

/** The instant of a local wall-clock time (month may overflow like Date.UTC). */
export function localInstant(year: number, month: number, day: number, timeZone: string, hour = 0): number {
  const guess = Date.UTC(year, month - 1, day, hour);
  const first = guess - offsetAt(guess, timeZone);
  return guess - offsetAt(first, timeZone);
}

/** Start of the bucket that holds `instant`. `raw` answers the minute (the raw window's grain). */
export function bucketStart(instant: number, bucket: ChartBucket, timeZone: string): number {
  if (bucket === 'raw') {
    return Math.floor(instant / MINUTE) * MINUTE;
  }
  const size = fixedBucketMs[bucket];
  if (size !== undefined) {
    const offset = offsetAt(instant, timeZone);
    return Math.floor((instant + offset) / size) * size - offset;
  }
  const p = localParts(instant, timeZone);
  return bucket === 'day' ? localInstant(p.year, p.month, p.day, timeZone) : localInstant(p.year, p.month, 1, timeZone);
}

/** Start of the bucket after the one starting at `start`. */
export function nextBucket(start: number, bucket: ChartBucket, timeZone: string): number {
  if (bucket === 'raw') {
    return start + MINUTE;
  }
  const size = fixedBucketMs[bucket];
  if (size !== undefined) {
    // Across a change of offset the next local boundary may be nearer than `size`.
    const next = start + size;
    return bucketStart(next, bucket, timeZone) > start ? bucketStart(next, bucket, timeZone) : next;
  }
  // Noon of the start's local day is safely inside it, whatever the offset change.
  const p = localParts(start + 12 * 3_600_000, timeZone);
  return bucket === 'day' ? localInstant(p.year, p.month, p.day + 1, timeZone) : localInstant(p.year, p.month + 1, 1, timeZone);
}

/**
 * The window a chart reads: widened to whole buckets (a bucket is never cut by the window), to
 * whole minutes for raw values. `to` stays exclusive.
 */
export function alignWindow(from: number, to: number, bucket: ChartBucket, timeZone: string): { from: number; to: number } {
  const start = bucketStart(from, bucket, timeZone);
  const lastStart = bucketStart(Math.max(from, to - 1), bucket, timeZone);
  return { from: start, to: nextBucket(lastStart, bucket, timeZone) };
}

/** Every bucket start in [from, to) (from a bucket start); at most `limit` (a guard, not a bound on charts). */
export function bucketEdges(from: number, to: number, bucket: ChartBucket, timeZone: string, limit = 1_000_000): number[] {
  const edges: number[] = [];
  for (let at = bucketStart(from, bucket, timeZone); at < to && edges.length < limit; at = nextBucket(at, bucket, timeZone)) {
    edges.push(at);
  }
  return edges;
}

/**
 * Stretches of [from, to) over which the zone's offset does not change, found by sampling every
 * 6 hours and narrowing each change to the minute (offsets change at most a few times a year).
 */
export function offsetSegments(from: number, to: number, timeZone: string): Array<{ from: number; to: number; offset: number }> {
  const STEP = 6 * 3_600_000;
  const segments: Array<{ from: number; to: number; offset: number }> = [];
  let start = from;
  let offset = offsetAt(from, timeZone);
  let probe = from;
  while (probe < to) {
    const next = Math.min(probe + STEP, to);
    const nextOffset = offsetAt(next === to ? to - 1 : next, timeZone);
    if (nextOffset !== offset) {
      let lo = probe;
      let hi = next === to ? to - 1 : next;
      while (hi - lo > MINUTE) {
        const mid = Math.floor((lo + hi) / 2 / MINUTE) * MINUTE;
        if (mid <= lo) {
          break;
        }
        if (offsetAt(mid, timeZone) === offset) {
          lo = mid;
        } else {
          hi = mid;
        }
      }
      const change = Math.ceil(hi / MINUTE) * MINUTE;
      segments.push({ from: start, to: change, offset });
      start = change;
      offset = offsetAt(change, timeZone);
    }
    probe = next;
  }
  segments.push({ from: start, to, offset });
  return segments.filter((s) => s.to > s.from);
}
