import { useQuery } from '@tanstack/react-query';
import { limits, type DataItemListQuery, type DataItemSummary, type Page } from '@smartdata/domain';
import { api } from '@/shared/api/client';
import { dataItemsKeys, type DataItemListParams } from './keys';

/** `GET /dataItem/getDataItemList`: the items the caller can read (pickers), or the child items of a master item. */
export function fetchDataItemList(params: DataItemListParams, signal?: AbortSignal): Promise<Page<DataItemSummary>> {
  const query: DataItemListQuery = { pageNum: 1, pageSize: limits.pageSizeMax, ...params };
  return api.get<Page<DataItemSummary>>('/dataItem/getDataItemList', query, { signal });
}

export function useDataItemListQuery(params: DataItemListParams = {}, enabled = true) {
  return useQuery({ queryKey: dataItemsKeys.list(params), queryFn: ({ signal }) => fetchDataItemList(params, signal), enabled });
}
