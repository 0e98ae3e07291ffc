import type { ApiKeyListQuery } from '@smartdata/domain';

/** Query keys of the apiKeys module. */
export const apiKeysKeys = {
  all: ['apiKeys'] as const,
  list: (params: ApiKeyListQuery) => [...apiKeysKeys.all, 'list', params] as const,
};
