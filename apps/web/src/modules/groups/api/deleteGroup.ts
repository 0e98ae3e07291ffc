import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { Id, idRequest } from '@smartdata/domain';
import { api } from '@/shared/api/client';
import { groupsKeys } from './keys';

/** `POST /company/group/deleteGroup {id}` */
export function deleteGroup(request: z.input<typeof idRequest>): Promise<null> {
  return api.post<null>('/company/group/deleteGroup', request);
}

export function useDeleteGroupMutation() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: (id: Id) => deleteGroup({ id }), onSettled: () => queryClient.invalidateQueries({ queryKey: groupsKeys.all }) });
}
