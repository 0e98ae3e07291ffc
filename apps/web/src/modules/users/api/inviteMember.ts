import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/shared/api/client';
import { usersKeys } from './keys';

export interface InviteMemberRequest {
  /** A registered user's phone or user name. */
  account: string;
  roleIds: number[];
}

/** `POST /company/member/inviteMember`: the invitee answers in their personal center. */
export function inviteMember(request: InviteMemberRequest): Promise<{ id: number }> {
  return api.post<{ id: number }>('/company/member/inviteMember', request);
}

export function useInviteMemberMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: inviteMember,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: usersKeys.sentInvitations() }),
  });
}
