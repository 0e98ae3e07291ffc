import { describe, expect, it } from 'vitest';
import { exampleTariff, isClock, normalizeClock, tariffRowsProblem, tariffWindows } from './tariffForm';

describe('tariff form', () => {
  it('reads clock times leniently and checks them', () => {
    expect(normalizeClock('8:00')).toBe('08:00');
    expect(normalizeClock(' 22：30 ')).toBe('22:30');
    expect(isClock('24:00')).toBe(false);
    expect(isClock('7:5')).toBe(false);
    expect(isClock('23:59')).toBe(true);
  });

  it('accepts a day covered once, across midnight too', () => {
    expect(tariffRowsProblem(exampleTariff())).toBeNull();
    expect(tariffRowsProblem([{ period: 'flat', start: '00:00', end: '00:00', price: 0.5 }])).toBeNull();
    expect(tariffWindows([{ period: 'peak', start: '8:00', end: '20:00', price: 1 }])).toEqual([{ period: 'peak', start: '08:00', end: '20:00', price: 1 }]);
  });

  it('names holes, overlaps and two prices of one period; leaves incomplete rows to their fields', () => {
    expect(tariffRowsProblem([{ period: 'peak', start: '06:00', end: '22:00', price: 1 }])).toBe('validation.meter.tariffHole|22:00–06:00');
    expect(
      tariffRowsProblem([
        { period: 'peak', start: '08:00', end: '12:00', price: 1 },
        { period: 'flat', start: '10:00', end: '08:00', price: 0.5 },
      ]),
    ).toBe('validation.meter.tariffOverlap|08:00–12:00|10:00–08:00');
    expect(
      tariffRowsProblem([
        { period: 'peak', start: '08:00', end: '20:00', price: 1 },
        { period: 'peak', start: '20:00', end: '08:00', price: 2 },
      ]),
    ).toBe('validation.meter.periodPrice|peak');
    expect(tariffRowsProblem([{ period: 'peak', start: '08:00', price: 1 }])).toBeNull();
  });
});
