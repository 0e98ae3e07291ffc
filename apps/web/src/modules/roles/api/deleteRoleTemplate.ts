import type { z } from 'zod';
import type { Id, idRequest } from '@smartdata/domain';
import { api } from '@/shared/api/client';
import { useInvalidatingMutation } from '@/shared/api/useInvalidatingMutation';
import { rolesKeys } from './keys';

/** `POST /role/deleteRoleTemplate {id}` (platform administrator). */
export function deleteRoleTemplate(request: z.input<typeof idRequest>): Promise<null> {
  return api.post<null>('/role/deleteRoleTemplate', request);
}

export function useDeleteRoleTemplateMutation() {
  return useInvalidatingMutation((id: Id) => deleteRoleTemplate({ id }), rolesKeys.all, 'settled');
}
