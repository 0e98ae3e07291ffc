import type { RecordFilter, RecordSort, TimeRange } from '@smartdata/domain';

export interface RecordsParams {
  itemId: number;
  pageNum: number;
  pageSize: number;
  filters: RecordFilter[];
  sort?: RecordSort;
  timeRange?: TimeRange;
  parentRecordId?: number;
}

/** Query keys of the data-items module. */
export const dataItemsKeys = {
  all: ['dataItems'] as const,
  item: (id: number) => [...dataItemsKeys.all, 'item', id] as const,
  list: (params: { keyword?: string; parentItemId?: number }) => [...dataItemsKeys.all, 'list', params] as const,
  records: (itemId: number) => [...dataItemsKeys.all, 'records', itemId] as const,
  recordPage: (params: RecordsParams) => [...dataItemsKeys.records(params.itemId), params] as const,
  record: (id: number) => [...dataItemsKeys.all, 'record', id] as const,
  form: (id: number) => [...dataItemsKeys.all, 'form', id] as const,
  downloadUrl: (objectKey: string) => ['storage', 'downloadUrl', objectKey] as const,
};
