import { describe, expect, it } from 'vitest';
import { selectionBounds, timeRangeParam } from './timeRange';

const tz = 'Asia/Shanghai';
// 2026-03-15 10:00 in Shanghai.
const now = Date.UTC(2026, 2, 15, 2);
const shanghaiMidnight = (y: number, m: number, d: number) => Date.UTC(y, m - 1, d) - 8 * 3_600_000;

describe('time range presets and custom days', () => {
  it('sends a preset as it is, for the server to compute in the company time zone', () => {
    expect(timeRangeParam({ kind: 'preset', preset: 'last7Days' }, tz)).toEqual({ preset: 'last7Days' });
    expect(timeRangeParam(null, tz)).toBeUndefined();
  });

  it('sends custom days as [from, to) with both days included, in either order', () => {
    const range = { from: shanghaiMidnight(2026, 3, 1), to: shanghaiMidnight(2026, 3, 3) };
    expect(timeRangeParam({ kind: 'custom', from: '2026-03-01', to: '2026-03-02' }, tz)).toEqual(range);
    expect(timeRangeParam({ kind: 'custom', from: '2026-03-02', to: '2026-03-01' }, tz)).toEqual({ from: shanghaiMidnight(2026, 3, 2), to: shanghaiMidnight(2026, 3, 2) });
    expect(timeRangeParam({ kind: 'custom', from: 'x', to: '2026-03-01' }, tz)).toBeUndefined();
  });

  it('shows the bounds of each preset of spec §9', () => {
    expect(selectionBounds({ kind: 'preset', preset: 'today' }, now, tz)).toEqual({ from: shanghaiMidnight(2026, 3, 15), to: shanghaiMidnight(2026, 3, 16) });
    expect(selectionBounds({ kind: 'preset', preset: 'yesterday' }, now, tz)).toEqual({ from: shanghaiMidnight(2026, 3, 14), to: shanghaiMidnight(2026, 3, 15) });
    expect(selectionBounds({ kind: 'preset', preset: 'last7Days' }, now, tz)).toEqual({ from: shanghaiMidnight(2026, 3, 9), to: shanghaiMidnight(2026, 3, 16) });
    expect(selectionBounds({ kind: 'preset', preset: 'thisMonth' }, now, tz)).toEqual({ from: shanghaiMidnight(2026, 3, 1), to: shanghaiMidnight(2026, 4, 1) });
    expect(selectionBounds({ kind: 'preset', preset: 'thisYear' }, now, tz)).toEqual({ from: shanghaiMidnight(2026, 1, 1), to: shanghaiMidnight(2027, 1, 1) });
    expect(selectionBounds(null, now, tz)).toBeNull();
  });
});
