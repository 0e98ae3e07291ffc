import type { UpdateForwardRequest } from '@smartdata/domain';
import { api } from '@/shared/api/client';
import { useInvalidatingMutation } from '@/shared/api/useInvalidatingMutation';
import { dataItemsKeys } from './keys';

/** `POST /dataItem/updateForward {id, ...}` */
export function updateForward(request: UpdateForwardRequest): Promise<null> {
  return api.post<null>('/dataItem/updateForward', request);
}

export function useUpdateForwardMutation() {
  return useInvalidatingMutation(updateForward, dataItemsKeys.all);
}
