import type { z } from 'zod';
import type { updateGroupRequest } from '@smartdata/domain';
import { api } from '@/shared/api/client';
import { useInvalidatingMutation } from '@/shared/api/useInvalidatingMutation';
import { groupsKeys } from './keys';

/** `POST /company/group/updateGroup {id, name, remark}` */
export function updateGroup(request: z.input<typeof updateGroupRequest>): Promise<null> {
  return api.post<null>('/company/group/updateGroup', request);
}

export function useUpdateGroupMutation() {
  return useInvalidatingMutation(updateGroup, groupsKeys.all);
}
