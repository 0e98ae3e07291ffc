import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UpdateSysUserRequest } from '@smartdata/domain';
import { api } from '@/shared/api/client';
import { usersKeys } from './keys';

/** `POST /user/updateSysUser` (platform): edit, disable or enable, or reset the password. */
export function updateSysUser(request: UpdateSysUserRequest): Promise<null> {
  return api.post<null>('/user/updateSysUser', request);
}

export function useUpdateSysUserMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateSysUser,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: usersKeys.all }),
  });
}
