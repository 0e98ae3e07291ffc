import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/shared/api/client';
import { groupsKeys } from './keys';

export interface GroupValues {
  name: string;
  remark?: string;
}

/** `POST /company/group/addGroup {name, remark}` → the new group's id. */
export function addGroup(values: GroupValues): Promise<{ id: number }> {
  return api.post<{ id: number }>('/company/group/addGroup', values);
}

export function useAddGroupMutation() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: addGroup, onSuccess: () => queryClient.invalidateQueries({ queryKey: groupsKeys.all }) });
}
