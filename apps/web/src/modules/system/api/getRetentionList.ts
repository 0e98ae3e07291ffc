import { useQuery } from '@tanstack/react-query';
import type { RetentionItem } from '@smartdata/domain';
import { api } from '@/shared/api/client';
import { systemKeys } from './keys';

/** `GET /system/getRetentionList`: how long each company's raw values are kept, last purge. */
export function fetchRetentionList(signal?: AbortSignal): Promise<RetentionItem[]> {
  return api.get<RetentionItem[]>('/system/getRetentionList', undefined, { signal });
}

export function useRetentionListQuery() {
  return useQuery({ queryKey: systemKeys.retentions(), queryFn: ({ signal }) => fetchRetentionList(signal) });
}
