import type { AddSysUserRequest, IdResponse } from '@smartdata/domain';
import { api } from '@/shared/api/client';
import { useInvalidatingMutation } from '@/shared/api/useInvalidatingMutation';
import { usersKeys } from './keys';

/** Re-exported for the form that imports it from here. */
export type { AddSysUserRequest } from '@smartdata/domain';

/** `POST /user/addSysUser` (platform): a user who is a member of `companyId` with those roles. */
export function addSysUser(request: AddSysUserRequest): Promise<IdResponse> {
  return api.post<IdResponse>('/user/addSysUser', request);
}

export function useAddSysUserMutation() {
  return useInvalidatingMutation(addSysUser, usersKeys.all);
}
