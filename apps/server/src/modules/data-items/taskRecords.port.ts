import type { RecordValues } from '@smartdata/domain';

/**
 * How intelligent tasks write their results (issue 16): through the same path as a person — a new
 * record of the target item (source 'task', at the window's time), checked, forwarded, pushed and
 * evaluated by alarm rules — or the values of its earlier result replaced when a window is
 * recomputed.
 */
export interface TaskRecords {
  write(companyId: number, itemId: number, values: RecordValues, at: number): Promise<number>;
  replace(companyId: number, itemId: number, recordId: number, values: RecordValues): Promise<boolean>;
}
