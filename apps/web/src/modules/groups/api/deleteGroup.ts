import type { z } from 'zod';
import type { Id, idRequest } from '@smartdata/domain';
import { api } from '@/shared/api/client';
import { useInvalidatingMutation } from '@/shared/api/useInvalidatingMutation';
import { groupsKeys } from './keys';

/** `POST /company/group/deleteGroup {id}` */
export function deleteGroup(request: z.input<typeof idRequest>): Promise<null> {
  return api.post<null>('/company/group/deleteGroup', request);
}

export function useDeleteGroupMutation() {
  return useInvalidatingMutation((id: Id) => deleteGroup({ id }), groupsKeys.all, 'settled');
}
