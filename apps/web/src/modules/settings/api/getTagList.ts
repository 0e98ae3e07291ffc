import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { Page, TagItem, TagListQuery } from '@smartdata/domain';
import { api } from '@/shared/api/client';
import { settingsKeys, type TagListParams } from './keys';

/** `GET /tag/getTagList?pageNum=&pageSize=&keyword=`: the company's tags. */
export function fetchTagList(query: TagListQuery, signal?: AbortSignal): Promise<Page<TagItem>> {
  return api.get<Page<TagItem>>('/tag/getTagList', { ...query, keyword: query.keyword || undefined }, { signal });
}

export function useTagListQuery(params: TagListParams) {
  return useQuery({
    queryKey: settingsKeys.tagList(params),
    queryFn: ({ signal }) => fetchTagList(params, signal),
    placeholderData: keepPreviousData,
  });
}
