import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/shared/api/client';
import { cabinKeys } from './keys';

/** `POST /itemGroup/deleteItemGroup {id}` */
export function deleteItemGroup(id: number): Promise<null> {
  return api.post<null>('/itemGroup/deleteItemGroup', { id });
}

export function useDeleteItemGroupMutation() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deleteItemGroup, onSettled: () => queryClient.invalidateQueries({ queryKey: cabinKeys.itemGroups() }) });
}
