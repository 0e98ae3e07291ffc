import { useQuery } from '@tanstack/react-query';
import type { DataItemDetail, DataItemQuery } from '@smartdata/domain';
import { api } from '@/shared/api/client';
import { cabinKeys } from './keys';

/** `GET /dataItem/getDataItem?id=`: the detail panel shows its fields and record count. */
export function fetchDataItem(query: DataItemQuery, signal?: AbortSignal): Promise<DataItemDetail> {
  return api.get<DataItemDetail>('/dataItem/getDataItem', query, { signal });
}

export function useDataItemQuery(id: number | null) {
  return useQuery({
    queryKey: cabinKeys.dataItem(id ?? 0),
    queryFn: ({ signal }) => fetchDataItem({ id: id ?? 0 }, signal),
    enabled: id !== null,
  });
}
