import { startOfDay, zoneOffset } from '../shared/time';

/**
 * Carousel schedule resolution: which board is on at instant t. Pure, used by the server's
 * schedule call, the big-screen player and the playground alike, so every screen that plays the
 * same carousel shows the same board at the same time.
 *
 * Rules (docs/dashboards.md):
 * - An entry is eligible at t when it has no window, or t's time of day in the company's time
 *   zone lies in its window [from, to) ("HH:mm"); a window with from > to crosses midnight
 *   (22:00–06:00 is eligible at 23:30 and at 05:59, not at 06:00).
 * - Eligible entries play in their order, each for its own seconds (or the carousel's default),
 *   in a cycle anchored at the local midnight of t's day: the position in the cycle is
 *   (t − midnight) mod (sum of eligible durations). A reload therefore resumes at the current
 *   board, and two screens agree.
 * - No eligible entry: nothing is on (null).
 */
export interface ScheduleEntry {
  boardId: number;
  /** Display duration in seconds; null = the carousel's default interval. */
  seconds: number | null;
  /** Time-of-day window "HH:mm"–"HH:mm" in the company's time zone, or null (always). */
  window: { from: string; to: string } | null;
}

export interface ScheduledBoard {
  /** Index of the entry in the carousel's list. */
  index: number;
  boardId: number;
  /** When this turn began and ends (epoch ms); the player switches at `endsAt`. */
  startsAt: number;
  endsAt: number;
}

const hhmm = /^([01]\d|2[0-3]):([0-5]\d)$/;

export function isTimeOfDay(value: string): boolean {
  return hhmm.test(value);
}

/** "HH:mm" → minutes after midnight. */
export function minutesOf(value: string): number {
  const match = hhmm.exec(value);
  if (!match) {
    throw new Error(`not a time of day: ${value}`);
  }
  return Number(match[1]) * 60 + Number(match[2]);
}

/** True when minute-of-day `m` lies in [from, to), crossing midnight when from > to. from = to: never. */
export function inWindow(window: { from: string; to: string } | null, minuteOfDay: number): boolean {
  if (!window) {
    return true;
  }
  const from = minutesOf(window.from);
  const to = minutesOf(window.to);
  if (from === to) {
    return false;
  }
  return from < to ? minuteOfDay >= from && minuteOfDay < to : minuteOfDay >= from || minuteOfDay < to;
}

/** Milliseconds since local midnight of `instant` in `timeZone`. */
function msOfDay(instant: number, timeZone: string): number {
  const local = instant + zoneOffset(instant, timeZone);
  return ((local % 86_400_000) + 86_400_000) % 86_400_000;
}

/** The next instant after `t` at which some entry's window opens or closes (or null: none has one). */
function nextWindowEdge(entries: readonly ScheduleEntry[], t: number, timeZone: string): number | null {
  const now = msOfDay(t, timeZone);
  let best: number | null = null;
  for (const entry of entries) {
    if (!entry.window) {
      continue;
    }
    for (const edge of [minutesOf(entry.window.from), minutesOf(entry.window.to)]) {
      let delta = edge * 60_000 - now;
      if (delta <= 0) {
        delta += 86_400_000;
      }
      if (best === null || delta < best) {
        best = delta;
      }
    }
  }
  return best === null ? null : t + best;
}

/** Which board is on at `t` (see the rules above). */
export function resolveSchedule(entries: readonly ScheduleEntry[], defaultSeconds: number, t: number, timeZone: string): ScheduledBoard | null {
  const minute = Math.floor(msOfDay(t, timeZone) / 60_000);
  const eligible = entries.map((entry, index) => ({ entry, index })).filter(({ entry }) => inWindow(entry.window, minute));
  if (eligible.length === 0) {
    return null;
  }
  const durations = eligible.map(({ entry }) => Math.max(1, entry.seconds ?? defaultSeconds) * 1000);
  const cycle = durations.reduce((a, b) => a + b, 0);
  const midnight = startOfDay(t, timeZone);
  let position = (t - midnight) % cycle;
  let i = 0;
  while (position >= durations[i]) {
    position -= durations[i];
    i += 1;
  }
  const startsAt = t - position;
  let endsAt = startsAt + durations[i];
  // The turn also ends where a window opens or closes (the eligible set changes), and at midnight.
  const edge = nextWindowEdge(entries, t, timeZone);
  const nextMidnight = startOfDay(midnight + 36 * 3_600_000, timeZone);
  endsAt = Math.min(endsAt, edge ?? endsAt, nextMidnight);
  return { index: eligible[i].index, boardId: eligible[i].entry.boardId, startsAt, endsAt };
}

/** The turns from `from` on, `count` of them (the schedule call's preview). */
export function upcomingSchedule(entries: readonly ScheduleEntry[], defaultSeconds: number, from: number, timeZone: string, count: number): ScheduledBoard[] {
  const turns: ScheduledBoard[] = [];
  let t = from;
  for (let n = 0; n < count; n += 1) {
    const turn = resolveSchedule(entries, defaultSeconds, t, timeZone);
    if (!turn) {
      const edge = nextWindowEdge(entries, t, timeZone);
      if (edge === null) {
        break;
      }
      t = edge;
      continue;
    }
    turns.push(turn);
    t = turn.endsAt;
  }
  return turns;
}
