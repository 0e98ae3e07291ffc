import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Id } from '@smartdata/domain';
import { api } from '@/shared/api/client';
import { groupsKeys } from './keys';

/** `POST /company/group/deleteGroup {id}` */
export function deleteGroup(id: Id): Promise<null> {
  return api.post<null>('/company/group/deleteGroup', { id });
}

export function useDeleteGroupMutation() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deleteGroup, onSettled: () => queryClient.invalidateQueries({ queryKey: groupsKeys.all }) });
}
