import type { IdRequest } from '@smartdata/domain';
import { api } from '@/shared/api/client';
import { useInvalidatingMutation } from '@/shared/api/useInvalidatingMutation';
import { usersKeys } from './keys';

/** `POST /company/member/cancelInvitation {id}`: withdraws a pending invitation. */
export function cancelInvitation(request: IdRequest): Promise<null> {
  return api.post<null>('/company/member/cancelInvitation', request);
}

export function useCancelInvitationMutation() {
  return useInvalidatingMutation((id: number) => cancelInvitation({ id }), usersKeys.sentInvitations());
}
