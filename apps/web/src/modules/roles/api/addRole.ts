import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/shared/api/client';
import { rolesKeys } from './keys';

export interface RoleValues {
  name: string;
  codes: string[];
}

/** `POST /role/addRole {name, codes}` → the new role's id. */
export function addRole(values: RoleValues): Promise<{ id: number }> {
  return api.post<{ id: number }>('/role/addRole', values);
}

export function useAddRoleMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addRole,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: rolesKeys.all }),
  });
}
