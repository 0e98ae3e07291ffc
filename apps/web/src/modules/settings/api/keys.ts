import type { TagListQuery } from '@smartdata/domain';

/** A page of the tag list (the domain's query). */
export type TagListParams = TagListQuery;

/** Query keys of the settings module (tags, device access). */
export const settingsKeys = {
  all: ['settings'] as const,
  tags: () => [...settingsKeys.all, 'tags'] as const,
  tagList: (params: TagListParams) => [...settingsKeys.tags(), params] as const,
  ioSocket: () => [...settingsKeys.all, 'ioSocket'] as const,
};
