import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { GroupItem, GroupListQuery, Page } from '@smartdata/domain';
import { api } from '@/shared/api/client';
import { cabinKeys } from './keys';

/** How many groups or members a grant picker offers at a time (typing narrows them). */
export const PICKER_PAGE_SIZE = 50;

/** `GET /company/group/getGroupList?keyword=`: the company's groups, to grant a level to. */
export function fetchGroupOptions(keyword: string, signal?: AbortSignal): Promise<Page<GroupItem>> {
  const query: GroupListQuery = { pageNum: 1, pageSize: PICKER_PAGE_SIZE, keyword: keyword || undefined };
  return api.get<Page<GroupItem>>('/company/group/getGroupList', query, { signal });
}

export function useGroupOptionsQuery(keyword: string, enabled: boolean) {
  return useQuery({
    queryKey: cabinKeys.groupOptions(keyword),
    queryFn: ({ signal }) => fetchGroupOptions(keyword, signal),
    enabled,
    placeholderData: keepPreviousData,
  });
}
