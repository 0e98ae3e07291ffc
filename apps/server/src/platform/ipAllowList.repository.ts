import type { Db } from './db/database';

/** Reads the platform IP allow-list (`ip_allow`); the system module's repository edits it. */
export class IpAllowListRepository {
  constructor(private readonly db: Db) {}

  async entries(): Promise<string[]> {
    return (await this.db.selectFrom('ip_allow').select('ip').execute()).map((r) => r.ip);
  }
}
