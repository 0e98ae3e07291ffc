import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { MemberItem, MemberListQuery, Page } from '@smartdata/domain';
import { api } from '@/shared/api/client';
import { groupsKeys } from './keys';

/** How many company members the member picker offers at a time (the search narrows them). */
const PICKER_PAGE_SIZE = 50;

/** `GET /company/member/getMemberList?keyword=`: company members to pick from. */
export function fetchCompanyMembers(keyword: string, signal?: AbortSignal): Promise<Page<MemberItem>> {
  const query: MemberListQuery = { pageNum: 1, pageSize: PICKER_PAGE_SIZE, keyword: keyword || undefined };
  return api.get<Page<MemberItem>>('/company/member/getMemberList', query, { signal });
}

export function useCompanyMembersQuery(keyword: string, enabled: boolean) {
  return useQuery({
    queryKey: groupsKeys.companyMembers(keyword),
    queryFn: ({ signal }) => fetchCompanyMembers(keyword, signal),
    enabled,
    placeholderData: keepPreviousData,
  });
}
