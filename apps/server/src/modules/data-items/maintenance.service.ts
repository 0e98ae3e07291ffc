import type { Db, DbKind } from '@server/platform/db/database';
import type { DataItemsRepository } from './dataItems.repository';
import type { RecordsRepository } from './records.repository';
import type { RecordWriter } from './recordWriter';
import { monthStart, seriesPartitions } from './seriesPartitions.repository';

/** Months of `series_point` partitions made ahead of the current one (PostgreSQL). */
const MONTHS_AHEAD = 2;

/**
 * The upkeep of records: the platform's purge (company retention), the hourly value expiry of
 * items that have one, SQLite's planner statistics and, on PostgreSQL, the monthly partitions of
 * the series points (made ahead; whole months dropped past the operator's series retention).
 */
export class DataItemsMaintenance {
  constructor(
    private readonly db: Db,
    private readonly items: DataItemsRepository,
    private readonly records: RecordsRepository,
    private readonly writer: RecordWriter,
    private readonly dbKind: DbKind = 'sqlite',
    /** Whole months of series points kept before the current one (PostgreSQL; null: forever). */
    private readonly seriesRetentionMonths: number | null = null,
  ) {}

  /**
   * PostgreSQL: makes the partitions of the current month and the next MONTHS_AHEAD where missing
   * and, with a series retention, drops the months before it. Answers the partitions made and dropped.
   */
  async upkeepPartitions(now = Date.now()): Promise<{ made: string[]; dropped: string[] }> {
    if (this.dbKind !== 'postgres') {
      return { made: [], dropped: [] };
    }
    const made = await seriesPartitions.ensureMonths(this.db, now, MONTHS_AHEAD + 1);
    const dropped = this.seriesRetentionMonths === null ? [] : await seriesPartitions.dropBefore(this.db, monthStart(now, -this.seriesRetentionMonths));
    return { made, dropped };
  }

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
