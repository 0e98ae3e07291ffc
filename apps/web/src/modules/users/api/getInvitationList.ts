import { useQuery } from '@tanstack/react-query';
import type { SentInvitationItem } from '@smartdata/domain';
import { api } from '@/shared/api/client';
import { usersKeys } from './keys';

/** `GET /company/member/getInvitationList`: the invitations the company sent (latest 100). */
export function fetchInvitationList(signal?: AbortSignal): Promise<SentInvitationItem[]> {
  return api.get<SentInvitationItem[]>('/company/member/getInvitationList', undefined, { signal });
}

export function useInvitationListQuery(enabled = true) {
  return useQuery({ queryKey: usersKeys.sentInvitations(), queryFn: ({ signal }) => fetchInvitationList(signal), enabled });
}
