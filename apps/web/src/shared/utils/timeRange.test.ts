import { describe, expect, it } from 'vitest';
import dayjs from 'dayjs';
import { companyToday, midnightOf, selectionBounds, timeRangeParam } from './timeRange';

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

describe("a day of the company's calendar, not the browser's (issue 31.9)", () => {
  // 17:30 UTC on 12-01 is already 01:30 on 12-02 in Shanghai, and still 12:30 on 12-01 in New York.
  const late = Date.UTC(2026, 11, 1, 17, 30);

  it("today is the company's date at any instant, for a picker's default", () => {
    expect(companyToday(tz, late).format('YYYY-MM-DD')).toBe('2026-12-02');
    expect(companyToday('America/New_York', late).format('YYYY-MM-DD')).toBe('2026-12-01');
    expect(companyToday(tz, late).add(1, 'year').format('YYYY-MM-DD')).toBe('2027-12-02');
  });

  it("a picked day starts at the company's midnight", () => {
    expect(midnightOf(dayjs('2026-12-02'), tz)).toBe(shanghaiMidnight(2026, 12, 2));
    expect(midnightOf('2026-12-02', tz, 1)).toBe(shanghaiMidnight(2026, 12, 3));
    expect(midnightOf('2026-12', tz)).toBeNull();
  });
});
