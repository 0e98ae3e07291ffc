import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AgreeInvitationResult, InvitationQuery } from '@smartdata/domain';
import { api } from '@/shared/api/client';
import { usersKeys } from './keys';
import { refreshCurrentUser } from './refreshCurrentUser';

/** `GET /company/member/agreeInvitation?invitationId=`: joins the inviting company. */
export function agreeInvitation(query: InvitationQuery): Promise<AgreeInvitationResult> {
  return api.get<AgreeInvitationResult>('/company/member/agreeInvitation', query);
}

export function useAgreeInvitationMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (invitationId: number) => agreeInvitation({ invitationId }),
    onSuccess: async () => {
      // The joined company is now one of user.companies: the switcher offers it.
      await refreshCurrentUser();
      await queryClient.invalidateQueries({ queryKey: usersKeys.myInvitations() });
    },
  });
}
