import type { UpdateJumpRequest } from '@smartdata/domain';
import { api } from '@/shared/api/client';
import { useInvalidatingMutation } from '@/shared/api/useInvalidatingMutation';
import { dataItemsKeys } from './keys';

/** `POST /dataItem/updateJump {id, ...}` */
export function updateJump(request: UpdateJumpRequest): Promise<null> {
  return api.post<null>('/dataItem/updateJump', request);
}

export function useUpdateJumpMutation() {
  return useInvalidatingMutation(updateJump, dataItemsKeys.all);
}
