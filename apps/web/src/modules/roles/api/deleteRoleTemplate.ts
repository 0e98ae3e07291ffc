import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Id } from '@smartdata/domain';
import { api } from '@/shared/api/client';
import { rolesKeys } from './keys';

/** `POST /role/deleteRoleTemplate {id}` (platform administrator). */
export function deleteRoleTemplate(id: Id): Promise<null> {
  return api.post<null>('/role/deleteRoleTemplate', { id });
}

export function useDeleteRoleTemplateMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteRoleTemplate,
    onSettled: () => queryClient.invalidateQueries({ queryKey: rolesKeys.all }),
  });
}
