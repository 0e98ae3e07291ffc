import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { JumpValues } from './jumpValues';
import { api } from '@/shared/api/client';
import { dataItemsKeys } from './keys';

/** `POST /dataItem/addJump {itemId, name, priority, targetItemId, conditions}` (never to the item itself). */
export function addJump(request: JumpValues & { itemId: number }): Promise<{ id: number }> {
  return api.post<{ id: number }>('/dataItem/addJump', request);
}

export function useAddJumpMutation() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: addJump, onSuccess: () => queryClient.invalidateQueries({ queryKey: dataItemsKeys.all }) });
}
