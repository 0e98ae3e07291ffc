import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/shared/api/client';
import { usersKeys } from './keys';

/** `GET /company/member/refuseInvitation?invitationId=` */
export function refuseInvitation(invitationId: number): Promise<null> {
  return api.get<null>('/company/member/refuseInvitation', { invitationId });
}

export function useRefuseInvitationMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: refuseInvitation,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: usersKeys.myInvitations() }),
  });
}
