import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Id } from '@smartdata/domain';
import { api } from '@/shared/api/client';
import type { RoleValues } from './addRole';
import { rolesKeys } from './keys';

/** `POST /role/updateRole {id, name, codes}`: rename a role or change its permission codes. */
export function updateRole(values: RoleValues & { id: Id }): Promise<null> {
  return api.post<null>('/role/updateRole', values);
}

export function useUpdateRoleMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateRole,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: rolesKeys.all }),
  });
}
