import type { AddJumpRequest, IdResponse } from '@smartdata/domain';
import { api } from '@/shared/api/client';
import { useInvalidatingMutation } from '@/shared/api/useInvalidatingMutation';
import { dataItemsKeys } from './keys';

/** `POST /dataItem/addJump {itemId, name, priority, targetItemId, conditions}` (never to the item itself). */
export function addJump(request: AddJumpRequest): Promise<IdResponse> {
  return api.post<IdResponse>('/dataItem/addJump', request);
}

export function useAddJumpMutation() {
  return useInvalidatingMutation(addJump, dataItemsKeys.all);
}
