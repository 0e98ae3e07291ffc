import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/shared/api/client';
import type { RoleValues } from './addRole';
import { rolesKeys } from './keys';

/** `POST /role/addRoleTemplate {name, codes}` (platform administrator). */
export function addRoleTemplate(values: RoleValues): Promise<{ id: number }> {
  return api.post<{ id: number }>('/role/addRoleTemplate', values);
}

export function useAddRoleTemplateMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addRoleTemplate,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: rolesKeys.all }),
  });
}
