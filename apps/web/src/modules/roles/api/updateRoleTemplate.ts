import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Id } from '@smartdata/domain';
import { api } from '@/shared/api/client';
import type { RoleValues } from './addRole';
import { rolesKeys } from './keys';

/** `POST /role/updateRoleTemplate {id, name, codes}` (platform administrator). */
export function updateRoleTemplate(values: RoleValues & { id: Id }): Promise<null> {
  return api.post<null>('/role/updateRoleTemplate', values);
}

export function useUpdateRoleTemplateMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateRoleTemplate,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: rolesKeys.all }),
  });
}
