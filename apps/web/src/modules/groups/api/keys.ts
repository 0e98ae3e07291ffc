import type { GroupListQuery, Id } from '@smartdata/domain';

/** A page of the group list (the domain's query). */
export type GroupListParams = GroupListQuery;

/** Query keys of the groups module. */
export const groupsKeys = {
  all: ['groups'] as const,
  list: (params: GroupListParams) => [...groupsKeys.all, 'list', params] as const,
  members: (groupId: Id) => [...groupsKeys.all, 'members', String(groupId)] as const,
  companyMembers: (keyword: string) => [...groupsKeys.all, 'companyMembers', keyword] as const,
};
