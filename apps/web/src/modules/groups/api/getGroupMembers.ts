import { useQuery } from '@tanstack/react-query';
import type { GroupMemberItem, Id } from '@smartdata/domain';
import { api } from '@/shared/api/client';
import { groupsKeys } from './keys';

/** `GET /company/group/getGroupMembers?groupId=` */
export function fetchGroupMembers(groupId: Id, signal?: AbortSignal): Promise<GroupMemberItem[]> {
  return api.get<GroupMemberItem[]>('/company/group/getGroupMembers', { groupId }, { signal });
}

export function useGroupMembersQuery(groupId: Id | null) {
  return useQuery({
    queryKey: groupsKeys.members(groupId ?? ''),
    queryFn: ({ signal }) => fetchGroupMembers(groupId as Id, signal),
    enabled: groupId !== null,
  });
}
