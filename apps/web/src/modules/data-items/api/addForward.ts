import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AddForwardRequest, IdResponse } from '@smartdata/domain';
import { api } from '@/shared/api/client';
import { dataItemsKeys } from './keys';

/** `POST /dataItem/addForward {itemId, name, conditions, targetItemId, mappings, enabled}` */
export function addForward(request: AddForwardRequest): Promise<IdResponse> {
  return api.post<IdResponse>('/dataItem/addForward', request);
}

export function useAddForwardMutation() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: addForward, onSuccess: () => queryClient.invalidateQueries({ queryKey: dataItemsKeys.all }) });
}
