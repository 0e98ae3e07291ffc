import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { MemberItem, MemberListQuery, Page } from '@smartdata/domain';
import { api } from '@/shared/api/client';
import { cabinKeys } from './keys';
import { PICKER_PAGE_SIZE } from './getGroupOptions';

/** `GET /company/member/getMemberList?keyword=`: the company's members, to grant a level to. */
export function fetchMemberOptions(keyword: string, signal?: AbortSignal): Promise<Page<MemberItem>> {
  const query: MemberListQuery = { pageNum: 1, pageSize: PICKER_PAGE_SIZE, keyword: keyword || undefined };
  return api.get<Page<MemberItem>>('/company/member/getMemberList', query, { signal });
}

export function useMemberOptionsQuery(keyword: string, enabled: boolean) {
  return useQuery({
    queryKey: cabinKeys.memberOptions(keyword),
    queryFn: ({ signal }) => fetchMemberOptions(keyword, signal),
    enabled,
    placeholderData: keepPreviousData,
  });
}
