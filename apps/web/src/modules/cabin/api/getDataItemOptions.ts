import { useQuery } from '@tanstack/react-query';
import { limits, type DataItemListQuery, type DataItemSummary, type Page } from '@smartdata/domain';
import { api } from '@/shared/api/client';
import { cabinKeys } from './keys';

/**
 * `GET /dataItem/getDataItemList`: the data items the caller can read, for the item group
 * picker (holders of sd_item_group may call it without the cabin's code).
 */
export async function fetchDataItemOptions(signal?: AbortSignal): Promise<DataItemSummary[]> {
  const query: DataItemListQuery = { pageNum: 1, pageSize: limits.pageSizeMax };
  const page = await api.get<Page<DataItemSummary>>('/dataItem/getDataItemList', query, { signal });
  return page.list;
}

export function useDataItemOptionsQuery() {
  return useQuery({ queryKey: cabinKeys.dataItemOptions(), queryFn: ({ signal }) => fetchDataItemOptions(signal) });
}
