import { renewalNoticeDays } from '@smartdata/domain';

const dayMs = 86_400_000;

/** An order is valid, expiring soon (within renewalNoticeDays, spec §1 renewal notice) or expired. */
export type OrderStatus = 'valid' | 'expiring' | 'expired';

/** Whole days until `expireAt`, rounded up (an order ending in 3 hours has 1 day left); 0 once past. */
export function daysLeft(expireAt: number, now: number = Date.now()): number {
  return Math.max(0, Math.ceil((expireAt - now) / dayMs));
}

export function orderStatus(expireAt: number, now: number = Date.now()): OrderStatus {
  if (expireAt <= now) {
    return 'expired';
  }
  return expireAt - now <= renewalNoticeDays * dayMs ? 'expiring' : 'valid';
}

/** What the navbar shows for the current order: nothing, a renewal notice, or an expiry notice. */
export function renewalNotice(orderInfo: { expireAt: number } | null | undefined, now: number = Date.now()): { status: 'expiring' | 'expired'; days: number } | null {
  if (!orderInfo) {
    return null;
  }
  const status = orderStatus(orderInfo.expireAt, now);
  return status === 'valid' ? null : { status, days: daysLeft(orderInfo.expireAt, now) };
}
