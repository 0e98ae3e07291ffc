import { renewalNoticeDays } from '@smartdata/domain';

const dayMs = 86_400_000;

export type OrderState = 'valid' | 'expiring' | 'expired';

/** Valid, expiring within the renewal-notice window (30 days), or expired. */
export function orderState(expireAt: number, now: number = Date.now()): OrderState {
  if (expireAt <= now) {
    return 'expired';
  }
  return expireAt - now <= renewalNoticeDays * dayMs ? 'expiring' : 'valid';
}

export const orderStateColors: Record<OrderState, string> = { valid: 'success', expiring: 'warning', expired: 'error' };
