import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { GroupMemberItem, groupQuery, Id } from '@smartdata/domain';
import { api } from '@/shared/api/client';
import { groupsKeys } from './keys';

/** `GET /company/group/getGroupMembers?groupId=` */
export function fetchGroupMembers(query: z.input<typeof groupQuery>, signal?: AbortSignal): Promise<GroupMemberItem[]> {
  return api.get<GroupMemberItem[]>('/company/group/getGroupMembers', query, { signal });
}

export function useGroupMembersQuery(groupId: Id | null) {
  return useQuery({
    queryKey: groupsKeys.members(groupId ?? ''),
    queryFn: ({ signal }) => fetchGroupMembers({ groupId: groupId as Id }, signal),
    enabled: groupId !== null,
  });
}
