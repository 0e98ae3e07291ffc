import type { Db } from '@server/platform/db/database';
import type { DataItemsRepository } from './dataItems.repository';
import type { RecordsRepository } from './records.repository';
import type { RecordWriter } from './recordWriter';

/**
 * The upkeep of records: the platform's purge (company retention), the hourly value expiry of
 * items that have one, and SQLite's planner statistics.
 */
export class DataItemsMaintenance {
  constructor(
    private readonly db: Db,
    private readonly items: DataItemsRepository,
    private readonly records: RecordsRepository,
    private readonly writer: RecordWriter,
  ) {}

  /**
   * The purge: an item's records older than its own expiry, or than the company's retention
   * (`before`), whichever keeps less.
   */
  async purgeCompany(companyId: number, before: number | null, now = Date.now()): Promise<number> {
    let deleted = 0;
    for (const item of await this.items.itemIdsOfCompany(companyId)) {
      const own = item.expiry_days !== null ? now - item.expiry_days * 86_400_000 : null;
      const cutoff = Math.max(before ?? -Infinity, own ?? -Infinity);
      if (Number.isFinite(cutoff)) {
        deleted += await this.db.transaction().execute((trx) => this.writer.deleteBefore(trx, companyId, item.id, cutoff));
      }
    }
    return deleted;
  }

  /** Value expiry of every item that has one (the hourly maintenance job), and SQLite statistics. */
  async expireValues(now = Date.now()): Promise<number> {
    const companies = new Set((await this.items.itemsWithExpiry()).map((i) => i.company_id));
    let deleted = 0;
    for (const companyId of companies) {
      deleted += await this.purgeCompany(companyId, null, now);
    }
    await this.records.optimize();
    return deleted;
  }
}
