import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { groupMemberQuery } from '@smartdata/domain';
import { api } from '@/shared/api/client';
import { groupsKeys } from './keys';

/** `POST /company/group/removeUserFromGroup {groupId, userId}` */
export function removeUserFromGroup(request: z.input<typeof groupMemberQuery>): Promise<null> {
  return api.post<null>('/company/group/removeUserFromGroup', request);
}

export function useRemoveUserFromGroupMutation() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: removeUserFromGroup, onSettled: () => queryClient.invalidateQueries({ queryKey: groupsKeys.all }) });
}
