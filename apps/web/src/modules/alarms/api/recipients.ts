import { useQuery } from '@tanstack/react-query';
import { limits, type GroupItem, type MemberItem, type Page } from '@smartdata/domain';
import { api } from '@/shared/api/client';
import { alarmsKeys } from './keys';

/**
 * `GET /company/member/getMemberList` and `GET /company/group/getGroupList`, one large page each:
 * the rule dialog offers every member and group at once (searched in the browser), so the names of
 * a saved rule's recipients show even when they are far down the list. Silent: both lists need a
 * user-management or cabin code; without one the pickers are simply empty.
 */
export function fetchRecipientMembers(signal?: AbortSignal): Promise<Page<MemberItem>> {
  return api.get<Page<MemberItem>>('/company/member/getMemberList', { pageNum: 1, pageSize: limits.pageSizeMax }, { signal, silent: true });
}

export function fetchRecipientGroups(signal?: AbortSignal): Promise<Page<GroupItem>> {
  return api.get<Page<GroupItem>>('/company/group/getGroupList', { pageNum: 1, pageSize: limits.pageSizeMax }, { signal, silent: true });
}

export function useRecipientMembersQuery() {
  return useQuery({ queryKey: alarmsKeys.recipients('members'), queryFn: ({ signal }) => fetchRecipientMembers(signal) });
}

export function useRecipientGroupsQuery() {
  return useQuery({ queryKey: alarmsKeys.recipients('groups'), queryFn: ({ signal }) => fetchRecipientGroups(signal) });
}
