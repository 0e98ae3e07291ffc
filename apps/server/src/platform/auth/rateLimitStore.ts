import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { Db } from '../db/database';
import { FailureRepository } from './failure.repository';

type Callback = (error: Error | null, result?: { current: number; ttl: number }) => void;
/** What the plugin really hands `child` (its types say RouteOptions): the route's merged limit parameters. */
interface RouteParams {
  routeInfo?: { method?: string | string[]; url?: string };
}

const keyPrefix = 'rate:';
/** Counters whose window (a minute on every route) ended this long ago are swept now and then. */
const sweepAfterMs = 3600_000;

/**
 * The store of @fastify/rate-limit (`perMinute` of the auth and WeChat routes, the public
 * certificate check): counted in the database (the rows of `auth_failure` under `rate:`), so
 * several instances behind a load balancer share one count per route and address instead of each
 * allowing `max` (docs/architecture.md, "Scale-out"). One upsert per limited request.
 */
export function databaseRateLimitStore(db: Db): FastifyRateLimitStoreCtor {
  const repository = new FailureRepository(db);
  let hitsSinceSweep = 0;

  return class DatabaseRateLimitStore implements FastifyRateLimitStore {
    private readonly prefix: string;

    constructor(params?: unknown) {
      const route = (params as RouteParams | undefined)?.routeInfo;
      const method = Array.isArray(route?.method) ? route.method.join(',') : (route?.method ?? '');
      this.prefix = route?.url ? `${keyPrefix}${method} ${route.url}|` : keyPrefix;
    }

    incr(key: string, callback: Callback, timeWindow: number): void {
      const now = Date.now();
      repository
        .hit(`${this.prefix}${key}`.slice(0, 300), now, timeWindow)
        .then(async ({ count, since }) => {
          hitsSinceSweep += 1;
          if (hitsSinceSweep >= 1000) {
            hitsSinceSweep = 0;
            await repository.removeOlderThan(now - sweepAfterMs, keyPrefix);
          }
          callback(null, { current: count, ttl: Math.max(0, since + timeWindow - now) });
        })
        .catch((error: unknown) => callback(error instanceof Error ? error : new Error(String(error))));
    }

    child(params: unknown): DatabaseRateLimitStore {
      return new DatabaseRateLimitStore(params);
    }
  };
}
