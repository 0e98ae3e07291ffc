import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { updateRoleRequest } from '@smartdata/domain';
import { api } from '@/shared/api/client';
import { rolesKeys } from './keys';

/** `POST /role/updateRole {id, name, codes}`: rename a role or change its permission codes. */
export function updateRole(request: z.input<typeof updateRoleRequest>): Promise<null> {
  return api.post<null>('/role/updateRole', request);
}

export function useUpdateRoleMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateRole,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: rolesKeys.all }),
  });
}
