import type { RecordItem } from '@smartdata/domain';

/**
 * The latest record of data items, read through the records service (a project's page shows the
 * current value of each item under it). Permissions are the caller's to check.
 */
export interface LatestRecords {
  latest(companyId: number, itemIds: readonly number[]): Promise<Map<number, RecordItem>>;
}
