import type { z } from 'zod';
import type { deleteRoleRequest, Id } from '@smartdata/domain';
import { api } from '@/shared/api/client';
import { useInvalidatingMutation } from '@/shared/api/useInvalidatingMutation';
import { rolesKeys } from './keys';

/**
 * `POST /role/deleteRole {id}`. The server refuses (40900) while a user holds the role; the API
 * client shows its message.
 */
export function deleteRole(request: z.input<typeof deleteRoleRequest>): Promise<null> {
  return api.post<null>('/role/deleteRole', request);
}

export function useDeleteRoleMutation() {
  return useInvalidatingMutation((id: Id) => deleteRole({ id }), rolesKeys.all, 'settled');
}
