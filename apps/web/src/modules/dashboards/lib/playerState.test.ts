import { describe, expect, it } from 'vitest';
import { zonedMidnight, type ScheduleEntry } from '@smartdata/domain';
import { effectiveTime, initialPlayerState, step, togglePause } from './playerState';

const tz = 'Asia/Shanghai';
const midnight = zonedMidnight(2026, 11, 22, tz);
const entries: ScheduleEntry[] = [
  { boardId: 1, seconds: 5, window: null },
  { boardId: 2, seconds: 5, window: null },
];

describe('carousel player state', () => {
  it('right and left move to the next and previous board, pause freezes the clock', () => {
    const now = midnight + 2_000; // board 1 (0–5 s)
    const next = step(initialPlayerState, now, 1, entries, 30, tz);
    expect(effectiveTime(next, now)).toBe(midnight + 5_000); // board 2 starts
    const back = step(next, now, -1, entries, 30, tz);
    expect(effectiveTime(back, now)).toBe(midnight);
    const paused = togglePause(next, now);
    expect(effectiveTime(paused, now + 60_000)).toBe(midnight + 5_000);
    const resumed = togglePause(paused, now + 60_000);
    expect(effectiveTime(resumed, now + 61_000)).toBe(midnight + 6_000);
  });
});
