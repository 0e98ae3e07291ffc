import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { updateRoleTemplateRequest } from '@smartdata/domain';
import { api } from '@/shared/api/client';
import { rolesKeys } from './keys';

/** `POST /role/updateRoleTemplate {id, name, codes}` (platform administrator). */
export function updateRoleTemplate(request: z.input<typeof updateRoleTemplateRequest>): Promise<null> {
  return api.post<null>('/role/updateRoleTemplate', request);
}

export function useUpdateRoleTemplateMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateRoleTemplate,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: rolesKeys.all }),
  });
}
