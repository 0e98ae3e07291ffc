import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { Id, idRequest } from '@smartdata/domain';
import { api } from '@/shared/api/client';
import { rolesKeys } from './keys';

/** `POST /role/deleteRoleTemplate {id}` (platform administrator). */
export function deleteRoleTemplate(request: z.input<typeof idRequest>): Promise<null> {
  return api.post<null>('/role/deleteRoleTemplate', request);
}

export function useDeleteRoleTemplateMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: Id) => deleteRoleTemplate({ id }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: rolesKeys.all }),
  });
}
