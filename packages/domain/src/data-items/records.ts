import { z } from 'zod';
import { pageQuery } from '../shared/paging';
import { idSchema as id, recordIdSchema as recordId } from '../shared/ids';
import { jsonParam } from '../shared/jsonParam';
import { dataItemLimits } from './dataItemLimits';
import { timeRange } from './timeRanges';
import { isEmpty, toNumber } from './rawValues';

/** Records of a data item: writes, the record list's filters and sort, and how a filter matches. */

export const recordValues = z.record(z.string(), z.unknown());
export type RecordValues = Record<string, unknown>;

/** `POST /general/dataItem/addRecord` → `{ id }` */
export const addRecordRequest = z.object({ itemId: id, values: recordValues, parentRecordId: recordId.nullable().optional() });
export type AddRecordRequest = z.infer<typeof addRecordRequest>;
/** `POST /general/dataItem/updateRecord`: the given values replace those fields; the others stay. */
export const updateRecordRequest = z.object({ id: recordId, itemId: id.optional(), values: recordValues });
export type UpdateRecordRequest = z.infer<typeof updateRecordRequest>;
export const deleteRecordRequest = z.object({ id: recordId, itemId: id.optional() });
export type DeleteRecordRequest = z.infer<typeof deleteRecordRequest>;
/** `POST /general/dataItem/deleteRecords` (batch delete) */
export const deleteRecordsRequest = z.object({ itemId: id, ids: z.array(recordId).min(1, 'validation.required').max(dataItemLimits.batchDeleteMax, 'validation.tooLong') });
export type DeleteRecordsRequest = z.infer<typeof deleteRecordsRequest>;
/** The answer of `POST /general/dataItem/deleteRecords`: how many records went (child records included). */
export interface DeleteRecordsResult {
  deleted: number;
}
export const recordQuery = z.object({ id: recordId });
export type RecordQuery = z.infer<typeof recordQuery>;

export const filterOps = ['eq', 'ne', 'gt', 'gte', 'lt', 'lte', 'contains', 'in', 'empty', 'notEmpty'] as const;
export type FilterOp = (typeof filterOps)[number];

/** A condition on a field (or on id, createdAt, updatedAt, parentRecordId). */
export const recordFilter = z.object({
  field: z.string().trim().min(1, 'validation.required').max(dataItemLimits.fieldNameLength),
  op: z.enum(filterOps).default('eq'),
  value: z.unknown().optional(),
});
export type RecordFilter = z.infer<typeof recordFilter>;

export const recordSort = z.object({ field: z.string().trim().min(1).max(dataItemLimits.fieldNameLength), order: z.enum(['asc', 'desc']).default('desc') });
export type RecordSort = z.infer<typeof recordSort>;

/** The filters of the record list, shared by the list and the export. */
export const recordListFilters = {
  filters: jsonParam(z.array(recordFilter).max(dataItemLimits.filtersMax, 'validation.tooLong')).default([]),
  sort: jsonParam(recordSort.optional()),
  timeRange: jsonParam(timeRange.optional()),
  /** Child records of one master record. */
  parentRecordId: recordId.optional(),
};

/** `GET /general/dataItem/getRecords` → `{ list, total }` */
export const recordsQuery = pageQuery.extend({ itemId: id, ...recordListFilters });
export type RecordsQuery = z.infer<typeof recordsQuery>;

export interface RecordItem {
  id: number;
  itemId: number;
  parentRecordId: number | null;
  values: RecordValues;
  source: string;
  createdBy: number | null;
  createdAt: number;
  updatedAt: number;
}

/**
 * Whether a record's values meet every condition (forward conditions; the same operators as the
 * record list's filters, compared in memory).
 */
export function recordMatches(values: RecordValues, conditions: readonly RecordFilter[]): boolean {
  return conditions.every((condition) => {
    const actual = values[condition.field];
    const expected = condition.value;
    const empty = isEmpty(actual);
    switch (condition.op) {
      case 'empty':
        return empty;
      case 'notEmpty':
        return !empty;
      case 'contains':
        return !empty && String(actual).includes(String(expected ?? ''));
      case 'in':
        return Array.isArray(expected) && expected.some((e) => compare(actual, e) === 0);
      case 'eq':
        return compare(actual, expected) === 0;
      case 'ne':
        return compare(actual, expected) !== 0;
      case 'gt':
        return !empty && compare(actual, expected) > 0;
      case 'gte':
        return !empty && compare(actual, expected) >= 0;
      case 'lt':
        return !empty && compare(actual, expected) < 0;
      case 'lte':
        return !empty && compare(actual, expected) <= 0;
    }
  });
}

function compare(a: unknown, b: unknown): number {
  const x = toNumber(a);
  const y = toNumber(b);
  if (x !== null && y !== null) {
    return x === y ? 0 : x < y ? -1 : 1;
  }
  const s = a === null || a === undefined ? '' : String(a);
  const t = b === null || b === undefined ? '' : String(b);
  return s === t ? 0 : s < t ? -1 : 1;
}
