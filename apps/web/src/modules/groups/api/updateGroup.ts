import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { updateGroupRequest } from '@smartdata/domain';
import { api } from '@/shared/api/client';
import { groupsKeys } from './keys';

/** `POST /company/group/updateGroup {id, name, remark}` */
export function updateGroup(request: z.input<typeof updateGroupRequest>): Promise<null> {
  return api.post<null>('/company/group/updateGroup', request);
}

export function useUpdateGroupMutation() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: updateGroup, onSuccess: () => queryClient.invalidateQueries({ queryKey: groupsKeys.all }) });
}
