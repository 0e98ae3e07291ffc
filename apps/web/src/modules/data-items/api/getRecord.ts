import { useQuery } from '@tanstack/react-query';
import type { RecordItem, RecordQuery } from '@smartdata/domain';
import { api } from '@/shared/api/client';
import { dataItemsKeys } from './keys';

/** `GET /dataItem/getRecord?id=` */
export function fetchRecord(query: RecordQuery, signal?: AbortSignal): Promise<RecordItem> {
  return api.get<RecordItem>('/dataItem/getRecord', query, { signal });
}

export function useRecordQuery(id: number) {
  return useQuery({ queryKey: dataItemsKeys.record(id), queryFn: ({ signal }) => fetchRecord({ id }, signal), enabled: Number.isSafeInteger(id) && id > 0 });
}
