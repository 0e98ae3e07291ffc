import type { UpdateItemGroupRequest } from '@smartdata/domain';
import { api } from '@/shared/api/client';
import { useInvalidatingMutation } from '@/shared/api/useInvalidatingMutation';
import { cabinKeys } from './keys';

/** `POST /itemGroup/updateItemGroup {id, name?, itemIds?}`: itemIds in the order they show. */
export function updateItemGroup(request: UpdateItemGroupRequest): Promise<null> {
  return api.post<null>('/itemGroup/updateItemGroup', request);
}

export function useUpdateItemGroupMutation() {
  return useInvalidatingMutation(updateItemGroup, cabinKeys.itemGroups());
}
