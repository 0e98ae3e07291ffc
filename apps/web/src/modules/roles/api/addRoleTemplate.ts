import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AddRoleTemplateRequest, IdResponse } from '@smartdata/domain';
import { api } from '@/shared/api/client';
import { rolesKeys } from './keys';

/** `POST /role/addRoleTemplate {name, codes}` (platform administrator). */
export function addRoleTemplate(request: AddRoleTemplateRequest): Promise<IdResponse> {
  return api.post<IdResponse>('/role/addRoleTemplate', request);
}

export function useAddRoleTemplateMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addRoleTemplate,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: rolesKeys.all }),
  });
}
