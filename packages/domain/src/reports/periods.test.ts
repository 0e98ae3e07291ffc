import { describe, expect, it } from 'vitest';
import { deliveredPeriod, nextDeliveryAfter, periodWindow, reportInstant } from './periods';

const sh = 'Asia/Shanghai';
const at = Date.UTC(2026, 10, 25, 20, 30); // 2026-11-26 04:30 in Shanghai (a Thursday)

describe('report periods', () => {
  it('are calendar windows of the company zone', () => {
    expect(periodWindow('day', at, sh)).toEqual({ from: Date.UTC(2026, 10, 25, 16), to: Date.UTC(2026, 10, 26, 16) });
    // Monday 2026-11-23 00:00 local → Monday 2026-11-30.
    expect(periodWindow('week', at, sh)).toEqual({ from: Date.UTC(2026, 10, 22, 16), to: Date.UTC(2026, 10, 29, 16) });
    expect(periodWindow('month', at, sh)).toEqual({ from: Date.UTC(2026, 9, 31, 16), to: Date.UTC(2026, 10, 30, 16) });
    expect(periodWindow('month', Date.UTC(2026, 11, 31, 17), sh)).toEqual({ from: Date.UTC(2026, 11, 31, 16), to: Date.UTC(2027, 0, 31, 16) });
  });

  it('keeps a daylight-saving day whole', () => {
    const w = periodWindow('day', Date.UTC(2026, 2, 8, 12), 'America/New_York');
    expect(w.to - w.from).toBe(23 * 3_600_000);
  });

  it('schedules deliver the period that just closed', () => {
    const next = nextDeliveryAfter('daily', at, sh);
    expect(next).toBe(Date.UTC(2026, 10, 26, 16));
    expect(deliveredPeriod('daily', next, sh)).toEqual({ from: Date.UTC(2026, 10, 25, 16), to: next });
    expect(nextDeliveryAfter('weekly', at, sh)).toBe(Date.UTC(2026, 10, 29, 16));
    expect(nextDeliveryAfter('monthly', at, sh)).toBe(Date.UTC(2026, 10, 30, 16));
    expect(deliveredPeriod('monthly', Date.UTC(2026, 10, 30, 16), sh)).toEqual({ from: Date.UTC(2026, 9, 31, 16), to: Date.UTC(2026, 10, 30, 16) });
  });

  it('reads instants as numbers, local dates or ISO texts', () => {
    expect(reportInstant(5, sh)).toBe(5);
    expect(reportInstant('2026-11-01', sh)).toBe(Date.UTC(2026, 9, 31, 16));
    expect(reportInstant('2026-11-01T00:00:00Z', sh)).toBe(Date.UTC(2026, 10, 1));
  });
});
