import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/shared/api/client';
import { usersKeys } from './keys';

export interface AddSysUserRequest {
  userName: string;
  password: string;
  companyId: number;
  roleIds: number[];
  name?: string;
  phone?: string;
}

/** `POST /user/addSysUser` (platform): a user who is a member of `companyId` with those roles. */
export function addSysUser(request: AddSysUserRequest): Promise<{ id: number }> {
  return api.post<{ id: number }>('/user/addSysUser', request);
}

export function useAddSysUserMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addSysUser,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: usersKeys.all }),
  });
}
