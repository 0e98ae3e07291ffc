import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/shared/api/client';
import type { ItemGroupValues } from './addItemGroup';
import { cabinKeys } from './keys';

/** `POST /itemGroup/updateItemGroup {id, name?, itemIds?}`: itemIds in the order they show. */
export function updateItemGroup(values: Partial<ItemGroupValues> & { id: number }): Promise<null> {
  return api.post<null>('/itemGroup/updateItemGroup', values);
}

export function useUpdateItemGroupMutation() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: updateItemGroup, onSuccess: () => queryClient.invalidateQueries({ queryKey: cabinKeys.itemGroups() }) });
}
