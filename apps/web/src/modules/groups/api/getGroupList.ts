import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { GroupItem, GroupListQuery, Page } from '@smartdata/domain';
import { api } from '@/shared/api/client';
import { groupsKeys, type GroupListParams } from './keys';

/** `GET /company/group/getGroupList?pageNum=&pageSize=&keyword=` */
export function fetchGroupList(query: GroupListQuery, signal?: AbortSignal): Promise<Page<GroupItem>> {
  return api.get<Page<GroupItem>>('/company/group/getGroupList', { ...query, keyword: query.keyword || undefined }, { signal });
}

export function useGroupListQuery(params: GroupListParams) {
  return useQuery({
    queryKey: groupsKeys.list(params),
    queryFn: ({ signal }) => fetchGroupList(params, signal),
    placeholderData: keepPreviousData,
  });
}
