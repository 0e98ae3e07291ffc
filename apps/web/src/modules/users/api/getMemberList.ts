import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { MemberItem, MemberListQuery, Page } from '@smartdata/domain';
import { api } from '@/shared/api/client';
import { usersKeys, type MemberListParams } from './keys';

/** `GET /company/member/getMemberList`: members of the current company, with roles and status. */
export function fetchMemberList(query: MemberListQuery, signal?: AbortSignal): Promise<Page<MemberItem>> {
  return api.get<Page<MemberItem>>('/company/member/getMemberList', { ...query }, { signal });
}

export function useMemberListQuery(params: MemberListParams) {
  return useQuery({
    queryKey: usersKeys.members(params),
    queryFn: ({ signal }) => fetchMemberList(params, signal),
    placeholderData: keepPreviousData,
  });
}
