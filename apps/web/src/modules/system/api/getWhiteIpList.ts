import { useQuery } from '@tanstack/react-query';
import type { WhiteIpItem } from '@smartdata/domain';
import { api } from '@/shared/api/client';
import { systemKeys } from './keys';

export interface WhiteIpList {
  list: WhiteIpItem[];
  /** The address the server sees this browser calling from. */
  yourIp: string;
}

/** `GET /system/getWhiteIpList`: the IP allow-list and the caller's own address. */
export function fetchWhiteIpList(signal?: AbortSignal): Promise<WhiteIpList> {
  return api.get<WhiteIpList>('/system/getWhiteIpList', undefined, { signal });
}

export function useWhiteIpListQuery() {
  return useQuery({ queryKey: systemKeys.whiteIps(), queryFn: ({ signal }) => fetchWhiteIpList(signal) });
}
