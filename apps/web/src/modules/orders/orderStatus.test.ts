import { describe, expect, it } from 'vitest';
import { renewalNoticeDays } from '@smartdata/domain';
import { daysLeft, orderStatus, renewalNotice } from './orderStatus';

const day = 86_400_000;
const now = Date.UTC(2026, 0, 10, 8);

describe('order status and the renewal notice (spec §1)', () => {
  it('is valid beyond the notice window, expiring within it, expired once past', () => {
    expect(orderStatus(now + (renewalNoticeDays + 1) * day, now)).toBe('valid');
    expect(orderStatus(now + renewalNoticeDays * day, now)).toBe('expiring');
    expect(orderStatus(now + 10 * day, now)).toBe('expiring');
    expect(orderStatus(now, now)).toBe('expired');
    expect(orderStatus(now - day, now)).toBe('expired');
  });

  it('counts whole days left, rounding up', () => {
    expect(daysLeft(now + 10 * day, now)).toBe(10);
    expect(daysLeft(now + 3 * 3_600_000, now)).toBe(1);
    expect(daysLeft(now - day, now)).toBe(0);
  });

  it('shows a notice only for an expiring or expired current order', () => {
    expect(renewalNotice(null, now)).toBeNull();
    expect(renewalNotice({ expireAt: now + 90 * day }, now)).toBeNull();
    expect(renewalNotice({ expireAt: now + 10 * day }, now)).toEqual({ status: 'expiring', days: 10 });
    expect(renewalNotice({ expireAt: now - 1 }, now)).toEqual({ status: 'expired', days: 0 });
  });
});
