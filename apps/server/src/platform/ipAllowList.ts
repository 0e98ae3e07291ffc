import type { FastifyInstance } from 'fastify';
import { ErrorCode, ipMatches } from '@smartdata/domain';
import type { Db } from './db/database';
import { AppError } from './errors';

/**
 * The platform IP allow-list. Empty = everyone may call; otherwise sign-in and every API call from
 * an address outside it is refused with 40310. Entries are cached and reloaded on change and every
 * 30 s (so other instances follow).
 */
export class IpAllowList {
  private entries: string[] = [];
  private loadedAt = 0;

  constructor(private readonly db: Db) {}

  async reload(): Promise<void> {
    this.entries = (await this.db.selectFrom('ip_allow').select('ip').execute()).map((r) => r.ip);
    this.loadedAt = Date.now();
  }

  allows(ip: string, entries: readonly string[] = this.entries): boolean {
    return entries.length === 0 || entries.some((entry) => ipMatches(entry, ip));
  }

  register(app: FastifyInstance): void {
    app.addHook('onRequest', async (request) => {
      if (Date.now() - this.loadedAt > 30_000) {
        await this.reload();
      }
      if (this.entries.length === 0 || !request.url.startsWith('/general/') || request.url.startsWith('/general/health')) {
        return;
      }
      if (!this.allows(request.ip)) {
        throw new AppError(ErrorCode.ipNotAllowed);
      }
    });
  }
}
