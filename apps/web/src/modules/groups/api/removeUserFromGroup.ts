import type { z } from 'zod';
import type { groupMemberQuery } from '@smartdata/domain';
import { api } from '@/shared/api/client';
import { useInvalidatingMutation } from '@/shared/api/useInvalidatingMutation';
import { groupsKeys } from './keys';

/** `POST /company/group/removeUserFromGroup {groupId, userId}` */
export function removeUserFromGroup(request: z.input<typeof groupMemberQuery>): Promise<null> {
  return api.post<null>('/company/group/removeUserFromGroup', request);
}

export function useRemoveUserFromGroupMutation() {
  return useInvalidatingMutation(removeUserFromGroup, groupsKeys.all, 'settled');
}
