import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { Page, RecordItem } from '@smartdata/domain';
import { api } from '@/shared/api/client';
import { dataItemsKeys, type RecordsParams } from './keys';

/** `GET /dataItem/getRecords`: filters, sort and timeRange go as JSON strings (spec §7). */
export function fetchRecords(params: RecordsParams, signal?: AbortSignal): Promise<Page<RecordItem>> {
  return api.get<Page<RecordItem>>('/dataItem/getRecords', { ...params, filters: params.filters.length > 0 ? params.filters : undefined }, { signal });
}

export function useRecordsQuery(params: RecordsParams, enabled = true) {
  return useQuery({
    queryKey: dataItemsKeys.recordPage(params),
    queryFn: ({ signal }) => fetchRecords(params, signal),
    placeholderData: keepPreviousData,
    enabled,
  });
}
