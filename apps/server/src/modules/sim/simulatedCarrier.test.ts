import { describe, expect, it } from 'vitest';
import { advance, refusalOf, simulatedDailyMb, simulatedTimes, type SimulatedLine } from './simulatedCarrier';

const zone = 'Asia/Shanghai';
const DAY = 86_400_000;
const T0 = Date.UTC(2026, 10, 10, 2);

const line = (patch: Partial<SimulatedLine> = {}): SimulatedLine => ({
  companyId: 1,
  iccid: '89860012345678901238',
  status: 'test',
  statusSince: T0,
  planMb: 1000,
  usedMb: 0,
  usedAt: T0,
  periodStart: Date.UTC(2026, 9, 31, 16),
  activatedAt: null,
  scheduled: [],
  done: {},
  orders: 0,
  ...patch,
});

describe('the simulated carrier', () => {
  it('ends the test period after 7 days, with a trickle of test traffic', () => {
    const after = advance(line(), T0 + 8 * DAY, 'monthly', zone);
    expect(after.status).toBe('silent');
    expect(after.statusSince).toBe(T0 + simulatedTimes.testPeriodMs);
    expect(after.usedMb).toBeCloseTo(7 * simulatedTimes.testDailyMb, 6);
  });

  it('applies an accepted order when it is due, and records it as done', () => {
    const ordered = line({ status: 'silent', scheduled: [{ ref: 'R1', action: 'activate', planMb: null, at: T0 + 30_000 }] });
    expect(advance(ordered, T0 + 29_000, 'monthly', zone)).toMatchObject({ status: 'silent', done: {} });
    const active = advance(ordered, T0 + DAY + 30_000, 'monthly', zone);
    expect(active).toMatchObject({ status: 'normal', activatedAt: T0 + 30_000, done: { R1: null }, scheduled: [] });
    expect(active.usedMb).toBeCloseTo(simulatedDailyMb(ordered.iccid), 6);
  });

  it('fails an order that is no longer allowed when due, with its message', () => {
    const ordered = line({ status: 'normal', scheduled: [{ ref: 'R2', action: 'resume', planMb: null, at: T0 + 1 }] });
    expect(advance(ordered, T0 + 2, 'monthly', zone).done).toEqual({ R2: 'sim.simulated.notSuspended' });
  });

  it('keeps the number of a card suspended for 30 days, and stops traffic at the allowance', () => {
    expect(advance(line({ status: 'suspended' }), T0 + 31 * DAY, 'monthly', zone).status).toBe('suspendedKept');
    const full = advance(line({ status: 'normal', planMb: 1 }), T0 + 10 * DAY, 'monthly', zone);
    expect(full.usedMb).toBe(1);
  });

  it('starts a new period from zero', () => {
    const next = advance(line({ status: 'normal', usedMb: 50 }), Date.UTC(2026, 11, 1, 4), 'monthly', zone);
    expect(next.periodStart).toBe(Date.UTC(2026, 10, 30, 16));
    expect(next.usedMb).toBeCloseTo((simulatedDailyMb(next.iccid) * 12) / 24, 6);
  });

  it('allows each order only from the statuses a carrier would', () => {
    expect(refusalOf('activate', 'test')).toBeNull();
    expect(refusalOf('activate', 'silent')).toBeNull();
    expect(refusalOf('activate', 'normal')).toBe('sim.simulated.alreadyActive');
    expect(refusalOf('activate', 'suspended')).toBe('sim.simulated.suspended');
    expect(refusalOf('suspend', 'normal')).toBeNull();
    expect(refusalOf('suspend', 'silent')).toBe('sim.simulated.notActive');
    expect(refusalOf('resume', 'suspendedKept')).toBeNull();
    expect(refusalOf('resume', 'normal')).toBe('sim.simulated.notSuspended');
    expect(refusalOf('changePlan', 'suspended')).toBeNull();
  });

  it('draws a fixed daily rate from the ICCID', () => {
    const rate = simulatedDailyMb('89860012345678901238');
    expect(rate).toBe(simulatedDailyMb('89860012345678901238'));
    expect(rate).toBeGreaterThanOrEqual(0.5);
    expect(rate).toBeLessThanOrEqual(8.1);
  });
});
