import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { IdRequest } from '@smartdata/domain';
import { api } from '@/shared/api/client';
import { usersKeys } from './keys';

/** `POST /company/member/cancelInvitation {id}`: withdraws a pending invitation. */
export function cancelInvitation(request: IdRequest): Promise<null> {
  return api.post<null>('/company/member/cancelInvitation', request);
}

export function useCancelInvitationMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => cancelInvitation({ id }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: usersKeys.sentInvitations() }),
  });
}
