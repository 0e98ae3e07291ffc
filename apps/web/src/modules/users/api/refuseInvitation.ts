import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { InvitationQuery } from '@smartdata/domain';
import { api } from '@/shared/api/client';
import { usersKeys } from './keys';

/** `GET /company/member/refuseInvitation?invitationId=` */
export function refuseInvitation(query: InvitationQuery): Promise<null> {
  return api.get<null>('/company/member/refuseInvitation', query);
}

export function useRefuseInvitationMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (invitationId: number) => refuseInvitation({ invitationId }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: usersKeys.myInvitations() }),
  });
}
