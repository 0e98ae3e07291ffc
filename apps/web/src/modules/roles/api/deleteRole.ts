import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Id } from '@smartdata/domain';
import { api } from '@/shared/api/client';
import { rolesKeys } from './keys';

/**
 * `POST /role/deleteRole {id}`. The server refuses (40900) while a user holds the role; the API
 * client shows its message.
 */
export function deleteRole(id: Id): Promise<null> {
  return api.post<null>('/role/deleteRole', { id });
}

export function useDeleteRoleMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteRole,
    onSettled: () => queryClient.invalidateQueries({ queryKey: rolesKeys.all }),
  });
}
