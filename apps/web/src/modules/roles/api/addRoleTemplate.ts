import type { AddRoleTemplateRequest, IdResponse } from '@smartdata/domain';
import { api } from '@/shared/api/client';
import { useInvalidatingMutation } from '@/shared/api/useInvalidatingMutation';
import { rolesKeys } from './keys';

/** `POST /role/addRoleTemplate {name, codes}` (platform administrator). */
export function addRoleTemplate(request: AddRoleTemplateRequest): Promise<IdResponse> {
  return api.post<IdResponse>('/role/addRoleTemplate', request);
}

export function useAddRoleTemplateMutation() {
  return useInvalidatingMutation(addRoleTemplate, rolesKeys.all);
}
