import type { Id } from '@smartdata/domain';

/** Query keys of the roles module. */
export const rolesKeys = {
  all: ['roles'] as const,
  list: (companyId?: Id) => [...rolesKeys.all, 'list', companyId ?? 'current'] as const,
  templates: () => [...rolesKeys.all, 'templates'] as const,
};
