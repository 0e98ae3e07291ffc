import { useQuery } from '@tanstack/react-query';
import type { DataItemDetail, DataItemQuery } from '@smartdata/domain';
import { api } from '@/shared/api/client';
import { dataItemsKeys } from './keys';

/** `GET /dataItem/getDataItem?id=`: fields, forms, jumps, forwards, the caller's level and the record count. */
export function fetchDataItem(query: DataItemQuery, signal?: AbortSignal): Promise<DataItemDetail> {
  return api.get<DataItemDetail>('/dataItem/getDataItem', query, { signal });
}

export function useDataItemQuery(id: number) {
  return useQuery({ queryKey: dataItemsKeys.item(id), queryFn: ({ signal }) => fetchDataItem({ id }, signal), enabled: Number.isSafeInteger(id) && id > 0 });
}
