import { describe, expect, it } from 'vitest';
import { bucketStarts, combineUsage, consumptionAnswer, counterDeltas, counterUsage, localDateText, readingDays } from './consumption';
import { formulaCycle, formulaOrder } from './formulaGraph';
import { addMeterRequest, setTariffRequest, type TariffWindow } from './meters.schemas';
import { buildMonthlyReport } from './monthlyReport';
import { periodAt, tariffClock, tariffProblem } from './tariffs';

const zone = 'Asia/Shanghai';
/** An instant of November 2026 in Shanghai (UTC+8). */
const at = (day: number, hour = 0, minute = 0) => Date.UTC(2026, 10, day, hour - 8, minute);
const r = (instant: number, value: number) => ({ at: instant, value });

/** Valley 22:00–06:00 across midnight at 0.3, flat 06:00–08:00 and 11:00–18:00 at 0.6, peak 08:00–11:00 and 18:00–22:00 at 1.0. */
const windows: TariffWindow[] = [
  { period: 'valley', start: '22:00', end: '06:00', price: 0.3 },
  { period: 'flat', start: '06:00', end: '08:00', price: 0.6 },
  { period: 'peak', start: '08:00', end: '11:00', price: 1 },
  { period: 'flat', start: '11:00', end: '18:00', price: 0.6 },
  { period: 'peak', start: '18:00', end: '22:00', price: 1 },
];

// Oct 31 23:00 100 · Nov 1: 06:00 110, 18:00 130 · Nov 2: nothing · Nov 3: 12:00 150, 20:00 5 (reset) · Nov 4: 08:00 12 · Nov 5 00:00 20 (closes Nov 4)
const previous = r(at(0, 23), 100);
const readings = [r(at(1, 6), 110), r(at(1, 18), 130), r(at(3, 12), 150), r(at(3, 20), 5), r(at(4, 8), 12), r(at(5, 0), 20)];

describe('counter deltas', () => {
  it('counts differences, a drop as a reset that counts from the new value, never negative', () => {
    expect(counterDeltas([r(1, 10), r(2, 15), r(3, 3), r(4, 7)])).toEqual([
      { at: 2, value: 5, reset: false },
      { at: 3, value: 0, reset: true },
      { at: 4, value: 4, reset: false },
    ]);
    expect(counterDeltas([r(2, 12)], r(1, 10))).toEqual([{ at: 2, value: 2, reset: false }]);
    expect(counterDeltas([])).toEqual([]);
  });
});

describe('consumption per day and month', () => {
  it('local days, a gap day null and marked, a reset, a reading at midnight closing the day before', () => {
    const { starts, end } = bucketStarts(at(1, 5), at(5), 'day', zone);
    expect(starts).toEqual([at(1), at(2), at(3), at(4)]);
    const days = counterUsage(readings, previous, { starts, end, now: at(20), timeZone: zone, tariff: null });
    expect(days.map((d) => [d.value, d.gap])).toEqual([
      [30, false],
      [null, true],
      [20, false],
      [15, false],
    ]);
    expect(consumptionAnswer(days)).toEqual({
      list: [
        { time: at(1), value: 30, gap: false },
        { time: at(2), value: null, gap: true },
        { time: at(3), value: 20, gap: false },
        { time: at(4), value: 15, gap: false },
      ],
      total: 65,
    });
  });

  it('days not begun are null without a gap; the first reading ever counts nothing', () => {
    const { starts, end } = bucketStarts(at(1), at(4), 'day', zone);
    const days = counterUsage([r(at(1, 6), 50), r(at(1, 9), 52.5)], null, { starts, end, now: at(2, 10), timeZone: zone, tariff: null });
    expect(days.map((d) => [d.value, d.gap])).toEqual([
      [2.5, false],
      [null, true],
      [null, false],
    ]);
  });

  it('the days before a new meter are not begun, not gaps; a source read before the meter keeps its gaps (issue 31.15)', () => {
    const { starts, end } = bucketStarts(at(1), at(6), 'day', zone);
    // Created on Nov 3 at 10:00, first reading at 11:00: Nov 1 and 2 were before the meter; Nov 4 is a gap.
    const fresh = counterUsage([r(at(3, 11), 7), r(at(3, 15), 9), r(at(5, 9), 12)], null, { starts, end, now: at(5, 12), timeZone: zone, tariff: null, createdAt: at(3, 10) });
    expect(fresh.map((d) => [d.value, d.gap])).toEqual([
      [null, false],
      [null, false],
      [2, false],
      [null, true],
      [3, false],
    ]);
    // Made on Nov 20 over a field read since Oct 31: November's empty days are gaps as before.
    const history = counterUsage(readings, previous, { starts, end, now: at(20), timeZone: zone, tariff: null, createdAt: at(20) });
    expect(history.map((d) => d.gap)).toEqual([false, true, false, false, true]);
    // Nothing read yet: every day before the creation is not begun, the days since are gaps.
    const silent = counterUsage([], null, { starts, end, now: at(5, 12), timeZone: zone, tariff: null, createdAt: at(3, 10) });
    expect(silent.map((d) => d.gap)).toEqual([false, false, true, true, true]);
  });

  it('months in the company zone: Nov 1 00:30 Shanghai is still October in UTC', () => {
    const { starts, end } = bucketStarts(at(1), Date.UTC(2027, 0, 1, -8), 'month', zone);
    expect(starts).toEqual([at(1), Date.UTC(2026, 11, 1, -8)]);
    const months = counterUsage([r(at(1, 0, 30), 1), r(at(30, 23), 41)], r(at(0, 20), 0), { starts, end, now: at(40), timeZone: zone, tariff: null });
    expect(months.map((m) => [m.value, m.gap])).toEqual([
      [41, false],
      [null, true],
    ]);
    expect(localDateText(at(1, 0, 30), zone)).toBe('2026-11-01');
  });
});

describe('virtual meters', () => {
  const { starts, end } = bucketStarts(at(1), at(4), 'day', zone);
  const window = { starts, end, now: at(30), timeZone: zone, tariff: tariffClock(windows) };
  const a = counterUsage([r(at(1, 9), 10), r(at(2, 9), 20), r(at(3, 9), 35)], r(at(0, 9), 0), window);
  const b = counterUsage([r(at(1, 23), 4), r(at(3, 12), 9)], r(at(0, 9), 1), window);

  it('a sum is the sources added day by day, a gap in any source is a gap', () => {
    const sum = combineUsage([{ factor: 1, buckets: a }, { factor: 1, buckets: b }], starts);
    expect(sum.map((d) => [d.value, d.gap])).toEqual([
      [13, false],
      [null, true],
      [20, false],
    ]);
    // Tariff periods combine too: A's 09:00 readings are peak, B's 23:00 one valley, its 12:00 one flat.
    expect(sum[0].periods).toEqual({ peak: 10, valley: 3 });
    expect(sum[2].periods).toEqual({ peak: 15, flat: 5 });
  });

  it('a difference and a scaling by factors', () => {
    const difference = combineUsage([{ factor: 1, buckets: a }, { factor: -0.5, buckets: b }], starts);
    expect(difference.map((d) => d.value)).toEqual([8.5, null, 12.5]);
  });
});

describe('tariffs', () => {
  it('windows across midnight, the whole day once', () => {
    expect(tariffProblem(windows)).toBeNull();
    expect(tariffProblem([])).toBeNull();
    expect(tariffProblem([{ period: 'flat', start: '00:00', end: '00:00', price: 0.5 }])).toBeNull();
    expect(tariffProblem(windows.slice(1))).toBe('validation.meter.tariffHole|22:00–06:00');
    expect(tariffProblem([...windows.slice(1), { period: 'valley', start: '21:00', end: '06:00', price: 0.3 }])).toBe('validation.meter.tariffOverlap|18:00–22:00|21:00–06:00');
    expect(tariffProblem([...windows.slice(0, 4), { period: 'peak', start: '18:00', end: '22:00', price: 1.2 }])).toBe('validation.meter.periodPrice|peak');
    const clock = tariffClock(windows);
    expect(clock && [periodAt(clock, 0), periodAt(clock, 5 * 60 + 59), periodAt(clock, 6 * 60), periodAt(clock, 21 * 60 + 59), periodAt(clock, 22 * 60), periodAt(clock, 1439)]).toEqual([
      'valley',
      'valley',
      'flat',
      'peak',
      'valley',
      'valley',
    ]);
    expect(setTariffRequest.safeParse({ windows: [{ period: 'peak', start: '24:00', end: '06:00', price: 1 }] }).success).toBe(false);
  });

  it('splits a day between windows by the instant each interval ends; the monthly report prices each period', () => {
    const { starts, end } = bucketStarts(at(1), at(5), 'day', zone);
    const tariff = tariffClock(windows);
    const days = counterUsage(readings, previous, { starts, end, now: at(20), timeZone: zone, tariff });
    // Nov 1: 06:00 closes 23:00–06:00 (valley 10), 18:00 closes 06:00–18:00 (flat 20). Nov 3: 12:00 flat 20, 20:00 a reset (peak 0). Nov 4: 08:00 flat 7, 00:00 valley 8.
    expect(days.map((d) => d.periods)).toEqual([{ valley: 10, flat: 20 }, null, { flat: 20, peak: 0 }, { flat: 7, valley: 8 }]);
    const report = buildMonthlyReport({ meter: { id: 1, name: 'M', nodeType: 101 }, year: 2026, month: 11, timeZone: zone, windows, tariff, days });
    expect(report.days[0]).toEqual({
      date: '2026-11-01',
      time: at(1),
      value: 30,
      gap: false,
      periods: [
        { period: 'peak', value: 0, cost: 0 },
        { period: 'flat', value: 20, cost: 12 },
        { period: 'valley', value: 10, cost: 3 },
      ],
      cost: 15,
    });
    expect(report.days[1]).toMatchObject({ date: '2026-11-02', value: null, gap: true, cost: null });
    // 30 + 20 + 15 kWh; flat 47 × 0.6 = 28.2, valley 18 × 0.3 = 5.4, peak 0.
    expect(report.totals).toEqual({
      value: 65,
      cost: 33.6,
      gapDays: 1,
      periods: [
        { period: 'peak', value: 0, cost: 0, price: 1 },
        { period: 'flat', value: 47, cost: 28.2, price: 0.6 },
        { period: 'valley', value: 18, cost: 5.4, price: 0.3 },
      ],
    });
  });

  it('without a tariff a report has no costs', () => {
    const { starts, end } = bucketStarts(at(1), at(2), 'day', zone);
    const days = counterUsage(readings, previous, { starts, end, now: at(20), timeZone: zone, tariff: null });
    const report = buildMonthlyReport({ meter: { id: 1, name: 'M', nodeType: 101 }, year: 2026, month: 11, timeZone: zone, windows: [], tariff: null, days });
    expect(report.totals).toEqual({ value: 30, cost: null, gapDays: 0, periods: [] });
  });
});

describe('reading log', () => {
  it('counts readings per day with the first, the last and the resets', () => {
    const { starts, end } = bucketStarts(at(1), at(5), 'day', zone);
    const days = readingDays(readings, previous, starts, end);
    expect(days.map((d) => [d.readings, d.first?.value ?? null, d.last?.value ?? null, d.resets])).toEqual([
      [2, 110, 130, 0],
      [0, null, null, 0],
      [2, 150, 5, 1],
      [2, 12, 20, 0],
    ]);
  });
});

describe('formulas', () => {
  it('finds the cycle a formula would close', () => {
    const formulas = new Map<number, number[]>([
      [2, [3]],
      [3, [4, 1]],
    ]);
    expect(formulaCycle(1, [2], formulas)).toEqual([1, 2, 3, 1]);
    expect(formulaCycle(1, [4], formulas)).toBeNull();
    expect(formulaCycle(5, [5], formulas)).toEqual([5, 5]);
    expect(formulaOrder([2], formulas)).toEqual([4, 1, 3, 2]);
  });

  it('the addMeter contract: a standard meter with a source, a virtual one with a formula', () => {
    expect(addMeterRequest.safeParse({ directoryId: 1, name: 'A', nodeType: 101, source: { deviceId: 2, key: 'kwh' } }).success).toBe(true);
    expect(addMeterRequest.safeParse({ directoryId: 1, name: 'A', nodeType: 100, formula: [] }).success).toBe(false);
    expect(addMeterRequest.safeParse({ directoryId: 1, name: 'A', nodeType: 100, formula: [{ meterId: 1, factor: 0 }] }).success).toBe(false);
    expect(addMeterRequest.safeParse({ directoryId: 1, name: 'A', nodeType: 102, formula: [{ meterId: 1, factor: 1 }] }).success).toBe(false);
  });
});
