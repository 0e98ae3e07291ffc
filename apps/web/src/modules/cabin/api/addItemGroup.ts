import type { AddItemGroupRequest, IdResponse } from '@smartdata/domain';
import { api } from '@/shared/api/client';
import { useInvalidatingMutation } from '@/shared/api/useInvalidatingMutation';
import { cabinKeys } from './keys';

/** `POST /itemGroup/addItemGroup {name, itemIds}` → the group's id. */
export function addItemGroup(request: AddItemGroupRequest): Promise<IdResponse> {
  return api.post<IdResponse>('/itemGroup/addItemGroup', request);
}

export function useAddItemGroupMutation() {
  return useInvalidatingMutation(addItemGroup, cabinKeys.itemGroups());
}
