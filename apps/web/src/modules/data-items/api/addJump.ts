import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AddJumpRequest, IdResponse } from '@smartdata/domain';
import { api } from '@/shared/api/client';
import { dataItemsKeys } from './keys';

/** `POST /dataItem/addJump {itemId, name, priority, targetItemId, conditions}` (never to the item itself). */
export function addJump(request: AddJumpRequest): Promise<IdResponse> {
  return api.post<IdResponse>('/dataItem/addJump', request);
}

export function useAddJumpMutation() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: addJump, onSuccess: () => queryClient.invalidateQueries({ queryKey: dataItemsKeys.all }) });
}
