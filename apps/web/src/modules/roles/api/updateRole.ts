import type { z } from 'zod';
import type { updateRoleRequest } from '@smartdata/domain';
import { api } from '@/shared/api/client';
import { useInvalidatingMutation } from '@/shared/api/useInvalidatingMutation';
import { rolesKeys } from './keys';

/** `POST /role/updateRole {id, name, codes}`: rename a role or change its permission codes. */
export function updateRole(request: z.input<typeof updateRoleRequest>): Promise<null> {
  return api.post<null>('/role/updateRole', request);
}

export function useUpdateRoleMutation() {
  return useInvalidatingMutation(updateRole, rolesKeys.all);
}
