import type { z } from 'zod';
import type { groupMemberQuery } from '@smartdata/domain';
import { api } from '@/shared/api/client';
import { useInvalidatingMutation } from '@/shared/api/useInvalidatingMutation';
import { groupsKeys } from './keys';

/** `POST /company/group/addUserToGroup?groupId=&userId=`: query-string parameters (spec §7). */
export function addUserToGroup({ groupId, userId }: z.input<typeof groupMemberQuery>): Promise<null> {
  return api.post<null>('/company/group/addUserToGroup', undefined, { params: { groupId, userId } });
}

export function useAddUserToGroupMutation() {
  return useInvalidatingMutation(addUserToGroup, groupsKeys.all);
}
