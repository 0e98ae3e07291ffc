import type { z } from 'zod';
import type { setMemberRolesRequest } from '@smartdata/domain';
import { api } from '@/shared/api/client';
import { useInvalidatingMutation } from '@/shared/api/useInvalidatingMutation';
import { usersKeys } from './keys';

/** `POST /company/member/setMemberRoles {userId, roleIds}`: replaces the member's roles. */
export function setMemberRoles(request: z.input<typeof setMemberRolesRequest>): Promise<null> {
  return api.post<null>('/company/member/setMemberRoles', request);
}

export function useSetMemberRolesMutation() {
  return useInvalidatingMutation(setMemberRoles, usersKeys.all);
}
