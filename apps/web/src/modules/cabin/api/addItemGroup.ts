import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AddItemGroupRequest, IdResponse } from '@smartdata/domain';
import { api } from '@/shared/api/client';
import { cabinKeys } from './keys';

/** `POST /itemGroup/addItemGroup {name, itemIds}` → the group's id. */
export function addItemGroup(request: AddItemGroupRequest): Promise<IdResponse> {
  return api.post<IdResponse>('/itemGroup/addItemGroup', request);
}

export function useAddItemGroupMutation() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: addItemGroup, onSuccess: () => queryClient.invalidateQueries({ queryKey: cabinKeys.itemGroups() }) });
}
