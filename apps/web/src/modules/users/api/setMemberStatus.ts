import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { setMemberStatusRequest } from '@smartdata/domain';
import { api } from '@/shared/api/client';
import { usersKeys } from './keys';

/** `POST /company/member/setMemberStatus {userId, disabled}`: a disabled member cannot work in the company. */
export function setMemberStatus(request: z.input<typeof setMemberStatusRequest>): Promise<null> {
  return api.post<null>('/company/member/setMemberStatus', request);
}

export function useSetMemberStatusMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setMemberStatus,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: usersKeys.all }),
  });
}
