import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/shared/api/client';
import { cabinKeys } from './keys';

export interface ItemGroupValues {
  name: string;
  itemIds: number[];
}

/** `POST /itemGroup/addItemGroup {name, itemIds}` → the group's id. */
export function addItemGroup(values: ItemGroupValues): Promise<{ id: number }> {
  return api.post<{ id: number }>('/itemGroup/addItemGroup', values);
}

export function useAddItemGroupMutation() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: addItemGroup, onSuccess: () => queryClient.invalidateQueries({ queryKey: cabinKeys.itemGroups() }) });
}
