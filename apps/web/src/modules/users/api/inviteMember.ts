import type { IdResponse, InviteMemberRequest } from '@smartdata/domain';
import { api } from '@/shared/api/client';
import { useInvalidatingMutation } from '@/shared/api/useInvalidatingMutation';
import { usersKeys } from './keys';

/** Re-exported for the form that imports it from here. */
export type { InviteMemberRequest } from '@smartdata/domain';

/** `POST /company/member/inviteMember`: the invitee answers in their personal center. */
export function inviteMember(request: InviteMemberRequest): Promise<IdResponse> {
  return api.post<IdResponse>('/company/member/inviteMember', request);
}

export function useInviteMemberMutation() {
  return useInvalidatingMutation(inviteMember, usersKeys.sentInvitations());
}
