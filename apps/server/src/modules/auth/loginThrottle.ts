import { limits } from '@smartdata/domain';

/**
 * Counts failed sign-ins per account and per address in a sliding window. After too many, sign-in
 * is refused (42900) before the password is even checked, so guessing gets nowhere. In memory per
 * process (docs/architecture.md: several instances each keep their own count).
 */
export class LoginThrottle {
  private readonly failures = new Map<string, { count: number; since: number }>();

  constructor(
    private readonly maxFailures: number = limits.loginMaxFailures,
    private readonly windowMs: number = limits.loginFailureWindowSeconds * 1000,
    /** One office shares an address, so the address gets a larger budget than an account. */
    private readonly maxPerAddress: number = limits.loginMaxFailures * 6,
  ) {}

  private count(key: string, now: number): number {
    const entry = this.failures.get(key);
    if (!entry || now - entry.since > this.windowMs) {
      return 0;
    }
    return entry.count;
  }

  isLocked(account: string, ip: string, now = Date.now()): boolean {
    return this.count(`a:${account.toLowerCase()}`, now) >= this.maxFailures || this.count(`ip:${ip}`, now) >= this.maxPerAddress;
  }

  recordFailure(account: string, ip: string, now = Date.now()): void {
    for (const key of [`a:${account.toLowerCase()}`, `ip:${ip}`]) {
      const entry = this.failures.get(key);
      if (!entry || now - entry.since > this.windowMs) {
        this.failures.set(key, { count: 1, since: now });
      } else {
        entry.count += 1;
      }
    }
    if (this.failures.size > 100_000) {
      this.failures.clear();
    }
  }

  recordSuccess(account: string): void {
    this.failures.delete(`a:${account.toLowerCase()}`);
  }
}
