import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { groupMemberQuery } from '@smartdata/domain';
import { api } from '@/shared/api/client';
import { groupsKeys } from './keys';

/** `POST /company/group/addUserToGroup?groupId=&userId=`: query-string parameters (spec §7). */
export function addUserToGroup({ groupId, userId }: z.input<typeof groupMemberQuery>): Promise<null> {
  return api.post<null>('/company/group/addUserToGroup', undefined, { params: { groupId, userId } });
}

export function useAddUserToGroupMutation() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: addUserToGroup, onSuccess: () => queryClient.invalidateQueries({ queryKey: groupsKeys.all }) });
}
