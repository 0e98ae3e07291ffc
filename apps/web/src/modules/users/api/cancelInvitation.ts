import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/shared/api/client';
import { usersKeys } from './keys';

/** `POST /company/member/cancelInvitation {id}`: withdraws a pending invitation. */
export function cancelInvitation(id: number): Promise<null> {
  return api.post<null>('/company/member/cancelInvitation', { id });
}

export function useCancelInvitationMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelInvitation,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: usersKeys.sentInvitations() }),
  });
}
