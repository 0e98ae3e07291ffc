import type { IdRequest } from '@smartdata/domain';
import { api } from '@/shared/api/client';
import { useInvalidatingMutation } from '@/shared/api/useInvalidatingMutation';
import { systemKeys } from './keys';

/** `POST /system/deleteWhiteIp {id}`; refused when it would lock out the caller's address. */
export function deleteWhiteIp(request: IdRequest): Promise<null> {
  return api.post<null>('/system/deleteWhiteIp', request);
}

export function useDeleteWhiteIpMutation() {
  return useInvalidatingMutation((id: number) => deleteWhiteIp({ id }), systemKeys.all);
}
