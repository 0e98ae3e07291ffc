import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ForwardValues } from './forwardValues';
import { api } from '@/shared/api/client';
import { dataItemsKeys } from './keys';

/** `POST /dataItem/addForward {itemId, name, conditions, targetItemId, mappings, enabled}` */
export function addForward(request: ForwardValues & { itemId: number }): Promise<{ id: number }> {
  return api.post<{ id: number }>('/dataItem/addForward', request);
}

export function useAddForwardMutation() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: addForward, onSuccess: () => queryClient.invalidateQueries({ queryKey: dataItemsKeys.all }) });
}
