import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { IdResponse, InviteMemberRequest } from '@smartdata/domain';
import { api } from '@/shared/api/client';
import { usersKeys } from './keys';

/** Re-exported for the form that imports it from here. */
export type { InviteMemberRequest } from '@smartdata/domain';

/** `POST /company/member/inviteMember`: the invitee answers in their personal center. */
export function inviteMember(request: InviteMemberRequest): Promise<IdResponse> {
  return api.post<IdResponse>('/company/member/inviteMember', request);
}

export function useInviteMemberMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: inviteMember,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: usersKeys.sentInvitations() }),
  });
}
