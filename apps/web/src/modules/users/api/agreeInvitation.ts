import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/shared/api/client';
import { usersKeys } from './keys';
import { refreshCurrentUser } from './refreshCurrentUser';

/** `GET /company/member/agreeInvitation?invitationId=`: joins the inviting company. */
export function agreeInvitation(invitationId: number): Promise<{ companyId: number }> {
  return api.get<{ companyId: number }>('/company/member/agreeInvitation', { invitationId });
}

export function useAgreeInvitationMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: agreeInvitation,
    onSuccess: async () => {
      // The joined company is now one of user.companies: the switcher offers it.
      await refreshCurrentUser();
      await queryClient.invalidateQueries({ queryKey: usersKeys.myInvitations() });
    },
  });
}
