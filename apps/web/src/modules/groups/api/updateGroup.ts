import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Id } from '@smartdata/domain';
import { api } from '@/shared/api/client';
import type { GroupValues } from './addGroup';
import { groupsKeys } from './keys';

/** `POST /company/group/updateGroup {id, name, remark}` */
export function updateGroup(values: GroupValues & { id: Id }): Promise<null> {
  return api.post<null>('/company/group/updateGroup', values);
}

export function useUpdateGroupMutation() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: updateGroup, onSuccess: () => queryClient.invalidateQueries({ queryKey: groupsKeys.all }) });
}
