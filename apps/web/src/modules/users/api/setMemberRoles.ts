import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { setMemberRolesRequest } from '@smartdata/domain';
import { api } from '@/shared/api/client';
import { usersKeys } from './keys';

/** `POST /company/member/setMemberRoles {userId, roleIds}`: replaces the member's roles. */
export function setMemberRoles(request: z.input<typeof setMemberRolesRequest>): Promise<null> {
  return api.post<null>('/company/member/setMemberRoles', request);
}

export function useSetMemberRolesMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setMemberRoles,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: usersKeys.all }),
  });
}
