import type { FastifyInstance } from 'fastify';
import { ErrorCode, ipMatches } from '@smartdata/domain';
import type { Db } from './db/database';
import { IpAllowListRepository } from './ipAllowList.repository';
import { AppError } from './errors';

/**
 * The platform IP allow-list. Empty = everyone may call; otherwise sign-in and every API call from
 * an address outside it is refused with 40310. Entries are cached and reloaded on change and every
 * 30 s (so other instances follow).
 */
export class IpAllowList {
  private entries: string[] = [];
  private loadedAt = 0;

  private readonly repository: IpAllowListRepository;

  constructor(db: Db) {
    this.repository = new IpAllowListRepository(db);
  }

  async reload(): Promise<void> {
    this.entries = await this.repository.entries();
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
