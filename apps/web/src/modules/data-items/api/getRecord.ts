import { useQuery } from '@tanstack/react-query';
import type { RecordItem } from '@smartdata/domain';
import { api } from '@/shared/api/client';
import { dataItemsKeys } from './keys';

/** `GET /dataItem/getRecord?id=` */
export function fetchRecord(id: number, signal?: AbortSignal): Promise<RecordItem> {
  return api.get<RecordItem>('/dataItem/getRecord', { id }, { signal });
}

export function useRecordQuery(id: number) {
  return useQuery({ queryKey: dataItemsKeys.record(id), queryFn: ({ signal }) => fetchRecord(id, signal), enabled: Number.isSafeInteger(id) && id > 0 });
}
