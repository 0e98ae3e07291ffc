import { sql } from 'kysely';
import type { Db } from '../db/database';

/** The failure counters of platform/auth/failureThrottle.ts: one row per key. */
export class FailureRepository {
  constructor(private readonly db: Db) {}

  counts(keys: readonly string[]) {
    return this.db.selectFrom('auth_failure').select(['key', 'count', 'since']).where('key', 'in', keys).execute();
  }

  /**
   * Adds one failure to a key in one statement (no read-then-write: two instances failing at once
   * both count); a window that has passed starts again at 1.
   */
  async add(key: string, now: number, windowMs: number): Promise<void> {
    const windowStart = now - windowMs;
    await this.db
      .insertInto('auth_failure')
      .values({ key, count: 1, since: now })
      .onConflict((oc) =>
        oc.column('key').doUpdateSet({
          count: sql<number>`case when auth_failure.since < ${windowStart} then 1 else auth_failure.count + 1 end`,
          since: sql<number>`case when auth_failure.since < ${windowStart} then ${now} else auth_failure.since end`,
        }),
      )
      .execute();
  }

  /**
   * Adds one hit to a key like `add` and answers the count and the start of its window after it
   * (the request rate limits, platform/auth/rateLimitStore.ts).
   */
  async hit(key: string, now: number, windowMs: number): Promise<{ count: number; since: number }> {
    const windowStart = now - windowMs;
    const row = await this.db
      .insertInto('auth_failure')
      .values({ key, count: 1, since: now })
      .onConflict((oc) =>
        oc.column('key').doUpdateSet({
          count: sql<number>`case when auth_failure.since <= ${windowStart} then 1 else auth_failure.count + 1 end`,
          since: sql<number>`case when auth_failure.since <= ${windowStart} then ${now} else auth_failure.since end`,
        }),
      )
      .returning(['count', 'since'])
      .executeTakeFirstOrThrow();
    return { count: Number(row.count), since: Number(row.since) };
  }

  async remove(keys: readonly string[]): Promise<void> {
    await this.db.deleteFrom('auth_failure').where('key', 'in', keys).execute();
  }

  async removeOlderThan(before: number, keyPrefix?: string): Promise<void> {
    let query = this.db.deleteFrom('auth_failure').where('since', '<', before);
    if (keyPrefix !== undefined) {
      query = query.where('key', 'like', `${keyPrefix}%`);
    }
    await query.execute();
  }
}
