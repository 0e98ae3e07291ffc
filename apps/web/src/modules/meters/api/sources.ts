import { useQuery } from '@tanstack/react-query';
import { limits, type DataItemDetail, type DataItemSummary, type Page } from '@smartdata/domain';
import { api } from '@/shared/api/client';
import { metersKeys } from './keys';

/** `GET /dataItem/getDataItemList`: the data items the caller can read, to choose a standard meter's source. */
export async function fetchSourceItems(signal?: AbortSignal): Promise<DataItemSummary[]> {
  const page = await api.get<Page<DataItemSummary>>('/dataItem/getDataItemList', { pageNum: 1, pageSize: limits.pageSizeMax }, { signal });
  return page.list;
}

export function useSourceItemsQuery() {
  return useQuery({ queryKey: [...metersKeys.all, 'sourceItems'], queryFn: ({ signal }) => fetchSourceItems(signal) });
}

/** `GET /dataItem/getDataItem?id=`: the item's fields (its numeric ones can hold a counter). */
export function fetchSourceItem(id: number, signal?: AbortSignal): Promise<DataItemDetail> {
  return api.get<DataItemDetail>('/dataItem/getDataItem', { id }, { signal });
}

export function useSourceItemQuery(id: number | undefined) {
  return useQuery({ queryKey: [...metersKeys.all, 'sourceItem', id ?? 0], queryFn: ({ signal }) => fetchSourceItem(id ?? 0, signal), enabled: id !== undefined });
}
