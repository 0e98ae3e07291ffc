import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { MemberItem, Page } from '@smartdata/domain';
import { api } from '@/shared/api/client';
import { groupsKeys } from './keys';

/** How many company members the member picker offers at a time (the search narrows them). */
const PICKER_PAGE_SIZE = 50;

/** `GET /company/member/getMemberList?keyword=`: company members to pick from. */
export function fetchCompanyMembers(keyword: string, signal?: AbortSignal): Promise<Page<MemberItem>> {
  return api.get<Page<MemberItem>>(
    '/company/member/getMemberList',
    { pageNum: 1, pageSize: PICKER_PAGE_SIZE, keyword: keyword || undefined },
    { signal },
  );
}

export function useCompanyMembersQuery(keyword: string, enabled: boolean) {
  return useQuery({
    queryKey: groupsKeys.companyMembers(keyword),
    queryFn: ({ signal }) => fetchCompanyMembers(keyword, signal),
    enabled,
    placeholderData: keepPreviousData,
  });
}
