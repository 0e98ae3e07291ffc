import type { ItemGroupQuery } from '@smartdata/domain';
import { api } from '@/shared/api/client';
import { useInvalidatingMutation } from '@/shared/api/useInvalidatingMutation';
import { cabinKeys } from './keys';

/** `POST /itemGroup/deleteItemGroup {id}` */
export function deleteItemGroup(request: ItemGroupQuery): Promise<null> {
  return api.post<null>('/itemGroup/deleteItemGroup', request);
}

export function useDeleteItemGroupMutation() {
  return useInvalidatingMutation((id: number) => deleteItemGroup({ id }), cabinKeys.itemGroups(), 'settled');
}
