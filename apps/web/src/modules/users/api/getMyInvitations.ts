import { useQuery } from '@tanstack/react-query';
import type { InvitationItem } from '@smartdata/domain';
import { api } from '@/shared/api/client';
import { usersKeys } from './keys';

/** `GET /company/member/getMyInvitations`: invitations waiting for the current user's answer. */
export function fetchMyInvitations(signal?: AbortSignal): Promise<InvitationItem[]> {
  return api.get<InvitationItem[]>('/company/member/getMyInvitations', undefined, { signal });
}

export function useMyInvitationsQuery() {
  return useQuery({ queryKey: usersKeys.myInvitations(), queryFn: ({ signal }) => fetchMyInvitations(signal) });
}
