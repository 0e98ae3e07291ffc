import type { AddForwardRequest, IdResponse } from '@smartdata/domain';
import { api } from '@/shared/api/client';
import { useInvalidatingMutation } from '@/shared/api/useInvalidatingMutation';
import { dataItemsKeys } from './keys';

/** `POST /dataItem/addForward {itemId, name, conditions, targetItemId, mappings, enabled}` */
export function addForward(request: AddForwardRequest): Promise<IdResponse> {
  return api.post<IdResponse>('/dataItem/addForward', request);
}

export function useAddForwardMutation() {
  return useInvalidatingMutation(addForward, dataItemsKeys.all);
}
