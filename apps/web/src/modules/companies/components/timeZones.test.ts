import { describe, expect, it } from 'vitest';
import { orderState } from './orderStatus';
import { timeZoneLabel, timeZoneOptions } from './timeZones';

describe('time zone options', () => {
  it('lists Asia/Shanghai first with its offset', () => {
    const [first] = timeZoneOptions();
    expect(first).toEqual({ value: 'Asia/Shanghai', label: 'Asia/Shanghai (UTC+08:00)' });
    expect(timeZoneOptions().length).toBeGreaterThan(100);
    expect(timeZoneLabel('UTC')).toBe('UTC (UTC+00:00)');
  });
});

describe('order state', () => {
  const now = Date.UTC(2026, 0, 1);
  const day = 86_400_000;
  it('is expiring within 30 days, expired after', () => {
    expect(orderState(now + 40 * day, now)).toBe('valid');
    expect(orderState(now + 30 * day, now)).toBe('expiring');
    expect(orderState(now, now)).toBe('expired');
  });
});
