import type { AddWhiteIpRequest, IdResponse } from '@smartdata/domain';
import { api } from '@/shared/api/client';
import { useInvalidatingMutation } from '@/shared/api/useInvalidatingMutation';
import { systemKeys } from './keys';

/** Re-exported for the form that imports it from here. */
export type { AddWhiteIpRequest } from '@smartdata/domain';

/**
 * `POST /system/addWhiteIp`. The server refuses an entry that would lock out the caller's own
 * address (50001 with the reason, shown by the API client).
 */
export function addWhiteIp(request: AddWhiteIpRequest): Promise<IdResponse> {
  return api.post<IdResponse>('/system/addWhiteIp', request);
}

export function useAddWhiteIpMutation() {
  return useInvalidatingMutation(addWhiteIp, systemKeys.all);
}
