import { useQuery } from '@tanstack/react-query';
import type { DataItemSummary, Page } from '@smartdata/domain';
import { api } from '@/shared/api/client';
import { dataItemsKeys } from './keys';

/** `GET /dataItem/getDataItemList`: the items the caller can read (pickers), or the child items of a master item. */
export function fetchDataItemList(params: { keyword?: string; parentItemId?: number }, signal?: AbortSignal): Promise<Page<DataItemSummary>> {
  return api.get<Page<DataItemSummary>>('/dataItem/getDataItemList', { pageNum: 1, pageSize: 500, ...params }, { signal });
}

export function useDataItemListQuery(params: { keyword?: string; parentItemId?: number } = {}, enabled = true) {
  return useQuery({ queryKey: dataItemsKeys.list(params), queryFn: ({ signal }) => fetchDataItemList(params, signal), enabled });
}
