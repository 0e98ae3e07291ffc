import type { z } from 'zod';
import type { updateRoleTemplateRequest } from '@smartdata/domain';
import { api } from '@/shared/api/client';
import { useInvalidatingMutation } from '@/shared/api/useInvalidatingMutation';
import { rolesKeys } from './keys';

/** `POST /role/updateRoleTemplate {id, name, codes}` (platform administrator). */
export function updateRoleTemplate(request: z.input<typeof updateRoleTemplateRequest>): Promise<null> {
  return api.post<null>('/role/updateRoleTemplate', request);
}

export function useUpdateRoleTemplateMutation() {
  return useInvalidatingMutation(updateRoleTemplate, rolesKeys.all);
}
