import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UpdateItemGroupRequest } from '@smartdata/domain';
import { api } from '@/shared/api/client';
import { cabinKeys } from './keys';

/** `POST /itemGroup/updateItemGroup {id, name?, itemIds?}`: itemIds in the order they show. */
export function updateItemGroup(request: UpdateItemGroupRequest): Promise<null> {
  return api.post<null>('/itemGroup/updateItemGroup', request);
}

export function useUpdateItemGroupMutation() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: updateItemGroup, onSuccess: () => queryClient.invalidateQueries({ queryKey: cabinKeys.itemGroups() }) });
}
