import type { UpdateSysUserRequest } from '@smartdata/domain';
import { api } from '@/shared/api/client';
import { useInvalidatingMutation } from '@/shared/api/useInvalidatingMutation';
import { usersKeys } from './keys';

/** `POST /user/updateSysUser` (platform): edit, disable or enable, or reset the password. */
export function updateSysUser(request: UpdateSysUserRequest): Promise<null> {
  return api.post<null>('/user/updateSysUser', request);
}

export function useUpdateSysUserMutation() {
  return useInvalidatingMutation(updateSysUser, usersKeys.all);
}
