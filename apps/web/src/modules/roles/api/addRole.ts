import type { z } from 'zod';
import type { addRoleRequest, AddRoleRequest, IdResponse } from '@smartdata/domain';
import { api } from '@/shared/api/client';
import { useInvalidatingMutation } from '@/shared/api/useInvalidatingMutation';
import { rolesKeys } from './keys';

/** A role's (or role template's) name and permission codes, as the form edits them. */
export type RoleValues = Pick<AddRoleRequest, 'name' | 'codes'>;

/** `POST /role/addRole {name, codes}` → the new role's id. */
export function addRole(request: z.input<typeof addRoleRequest>): Promise<IdResponse> {
  return api.post<IdResponse>('/role/addRole', request);
}

export function useAddRoleMutation() {
  return useInvalidatingMutation(addRole, rolesKeys.all);
}
