import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Id } from '@smartdata/domain';
import { api } from '@/shared/api/client';
import { groupsKeys } from './keys';

/** `POST /company/group/removeUserFromGroup {groupId, userId}` */
export function removeUserFromGroup(values: { groupId: Id; userId: Id }): Promise<null> {
  return api.post<null>('/company/group/removeUserFromGroup', values);
}

export function useRemoveUserFromGroupMutation() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: removeUserFromGroup, onSettled: () => queryClient.invalidateQueries({ queryKey: groupsKeys.all }) });
}
