import type { DataItemListQuery, RecordsQuery } from '@smartdata/domain';

/** The filters of the data item list (the whole list comes in one page). */
export type DataItemListParams = Pick<DataItemListQuery, 'keyword' | 'parentItemId'>;

/** A page of the record list: the domain's query (filters, sort and time range included). */
export type RecordsParams = RecordsQuery;

/** Query keys of the data-items module. */
export const dataItemsKeys = {
  all: ['dataItems'] as const,
  item: (id: number) => [...dataItemsKeys.all, 'item', id] as const,
  list: (params: DataItemListParams) => [...dataItemsKeys.all, 'list', params] as const,
  records: (itemId: number) => [...dataItemsKeys.all, 'records', itemId] as const,
  recordPage: (params: RecordsParams) => [...dataItemsKeys.records(params.itemId), params] as const,
  record: (id: number) => [...dataItemsKeys.all, 'record', id] as const,
  form: (id: number) => [...dataItemsKeys.all, 'form', id] as const,
  downloadUrl: (objectKey: string) => ['storage', 'downloadUrl', objectKey] as const,
};
