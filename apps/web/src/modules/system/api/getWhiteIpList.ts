import { useQuery } from '@tanstack/react-query';
import type { WhiteIpList } from '@smartdata/domain';
import { api } from '@/shared/api/client';
import { systemKeys } from './keys';

/** `GET /system/getWhiteIpList`: the IP allow-list and the caller's own address. */
export function fetchWhiteIpList(signal?: AbortSignal): Promise<WhiteIpList> {
  return api.get<WhiteIpList>('/system/getWhiteIpList', undefined, { signal });
}

export function useWhiteIpListQuery() {
  return useQuery({ queryKey: systemKeys.whiteIps(), queryFn: ({ signal }) => fetchWhiteIpList(signal) });
}
