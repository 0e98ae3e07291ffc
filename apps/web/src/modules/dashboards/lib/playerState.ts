import { resolveSchedule, type ScheduledBoard, type ScheduleEntry } from '@smartdata/domain';

/**
 * The kiosk's own state, kept in localStorage so a reload resumes where it was: a shift against
 * the wall clock (left/right moved it) and the instant it was paused at (null: playing). The
 * schedule itself is anchored at local midnight (domain `resolveSchedule`), so without any key
 * pressed every screen shows the same board and a reload lands on the current one.
 */
export interface PlayerState {
  shiftMs: number;
  pausedAt: number | null;
}

export const initialPlayerState: PlayerState = { shiftMs: 0, pausedAt: null };

export function storageKey(id: number, version: string): string {
  return `sd-carousel-${version}-${id}`;
}

export function readPlayerState(key: string): PlayerState {
  try {
    const value = JSON.parse(window.localStorage.getItem(key) ?? 'null') as PlayerState | null;
    if (value && typeof value.shiftMs === 'number' && (value.pausedAt === null || typeof value.pausedAt === 'number')) {
      return value;
    }
  } catch {
    // A broken entry starts afresh.
  }
  return initialPlayerState;
}

/** The schedule's clock for this screen. */
export function effectiveTime(state: PlayerState, now: number): number {
  return (state.pausedAt ?? now) + state.shiftMs;
}

export function togglePause(state: PlayerState, now: number): PlayerState {
  if (state.pausedAt === null) {
    return { ...state, pausedAt: now };
  }
  // Resume from the same point: what passed while paused is taken off the shift.
  return { shiftMs: state.shiftMs - (now - state.pausedAt), pausedAt: null };
}

/** Jumps to the start of the next turn (+1) or of the previous one (−1). */
export function step(state: PlayerState, now: number, direction: 1 | -1, entries: readonly ScheduleEntry[], defaultSeconds: number, timeZone: string): PlayerState {
  const t = effectiveTime(state, now);
  const turn = resolveSchedule(entries, defaultSeconds, t, timeZone);
  if (!turn) {
    return state;
  }
  let target: number;
  if (direction === 1) {
    target = turn.endsAt;
  } else {
    const previous: ScheduledBoard | null = resolveSchedule(entries, defaultSeconds, turn.startsAt - 1, timeZone);
    target = previous ? previous.startsAt : turn.startsAt;
  }
  return { ...state, shiftMs: state.shiftMs + (target - t) };
}
