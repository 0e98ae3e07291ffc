import { limits } from '@smartdata/domain';
import type { Db } from '../db/database';
import { FailureRepository } from './failure.repository';

/** One counter: its key, how many failures it allows within its window. */
interface Budget {
  key: string;
  max: number;
  windowMs: number;
}

/**
 * The policy against guessing passwords (docs/security.md, "Guessing passwords"), for sign-in and
 * for the password check of changePassword. Counted in the database, so every instance shares the
 * count and a restart does not reset it.
 *
 * - An account at one address: after `limits.loginMaxFailures` (5) failures within
 *   `limits.loginFailureWindowSeconds` (5 min) that address is refused for that account (42900).
 *   Someone who knows a user name locks only themselves out, not the user at their own desk.
 * - An account from anywhere: 50 failures within an hour refuse it everywhere for the rest of
 *   that hour — slow enough that a user is not locked out by a few bad tries elsewhere, and a
 *   guesser spreading over many addresses still gets 50 guesses an hour at most.
 * - An address: 100 failures within 5 minutes, whatever the account — an office behind one
 *   address has room for its people's typos; a guesser sweeping many accounts does not.
 */
export class FailureThrottle {
  static readonly accountPerHour = 50;
  static readonly addressMax = 100;
  private readonly repository: FailureRepository;
  private failuresSinceSweep = 0;

  constructor(db: Db) {
    this.repository = new FailureRepository(db);
  }

  private budgets(account: string, ip: string): Budget[] {
    const name = account.trim().toLowerCase();
    const window = limits.loginFailureWindowSeconds * 1000;
    return [
      { key: `pair:${name}|${ip}`, max: limits.loginMaxFailures, windowMs: window },
      { key: `account:${name}`, max: FailureThrottle.accountPerHour, windowMs: 3600_000 },
      { key: `address:${ip}`, max: FailureThrottle.addressMax, windowMs: window },
    ];
  }

  /** Whether this account may not be tried from this address now. */
  async isLocked(account: string, ip: string, now = Date.now()): Promise<boolean> {
    const budgets = this.budgets(account, ip);
    const rows = await this.repository.counts(budgets.map((b) => b.key));
    return budgets.some((budget) => {
      const row = rows.find((r) => r.key === budget.key);
      return row !== undefined && now - Number(row.since) <= budget.windowMs && row.count >= budget.max;
    });
  }

  async recordFailure(account: string, ip: string, now = Date.now()): Promise<void> {
    for (const budget of this.budgets(account, ip)) {
      await this.repository.add(budget.key, now, budget.windowMs);
    }
    // Rows whose longest window (an hour) has passed are dead: swept now and then.
    this.failuresSinceSweep += 1;
    if (this.failuresSinceSweep >= 500) {
      this.failuresSinceSweep = 0;
      await this.repository.removeOlderThan(now - 3600_000);
    }
  }

  /** A success at this address clears the account's counts (the address keeps its own). */
  async recordSuccess(account: string, ip: string): Promise<void> {
    const [pair, accountBudget] = this.budgets(account, ip);
    await this.repository.remove([pair.key, accountBudget.key]);
  }
}
