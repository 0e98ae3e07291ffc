import type { InvitationQuery } from '@smartdata/domain';
import { api } from '@/shared/api/client';
import { useInvalidatingMutation } from '@/shared/api/useInvalidatingMutation';
import { usersKeys } from './keys';

/** `GET /company/member/refuseInvitation?invitationId=` */
export function refuseInvitation(query: InvitationQuery): Promise<null> {
  return api.get<null>('/company/member/refuseInvitation', query);
}

export function useRefuseInvitationMutation() {
  return useInvalidatingMutation((invitationId: number) => refuseInvitation({ invitationId }), usersKeys.myInvitations());
}
