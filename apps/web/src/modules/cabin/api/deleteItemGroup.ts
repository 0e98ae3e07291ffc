import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ItemGroupQuery } from '@smartdata/domain';
import { api } from '@/shared/api/client';
import { cabinKeys } from './keys';

/** `POST /itemGroup/deleteItemGroup {id}` */
export function deleteItemGroup(request: ItemGroupQuery): Promise<null> {
  return api.post<null>('/itemGroup/deleteItemGroup', request);
}

export function useDeleteItemGroupMutation() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: (id: number) => deleteItemGroup({ id }), onSettled: () => queryClient.invalidateQueries({ queryKey: cabinKeys.itemGroups() }) });
}
