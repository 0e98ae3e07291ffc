import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Id } from '@smartdata/domain';
import { api } from '@/shared/api/client';
import { usersKeys } from './keys';

/** `POST /company/member/removeMember {userId}`: the user leaves the company (the account stays). */
export function removeMember(userId: Id): Promise<null> {
  return api.post<null>('/company/member/removeMember', { userId });
}

export function useRemoveMemberMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeMember,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: usersKeys.all }),
  });
}
