import type { MemberListQuery, SysUserListQuery } from '@smartdata/domain';

/** A page of the member list (the domain's query). */
export type MemberListParams = MemberListQuery;
/** A page of the platform's user list (the domain's query). */
export type SysUserListParams = SysUserListQuery;

/** Query keys of the users module (members, invitations, personal center, platform users). */
export const usersKeys = {
  all: ['users'] as const,
  members: (params: MemberListParams) => [...usersKeys.all, 'members', params] as const,
  sentInvitations: () => [...usersKeys.all, 'sentInvitations'] as const,
  roles: (companyId?: number) => [...usersKeys.all, 'roles', companyId ?? 'current'] as const,
  myInvitations: () => [...usersKeys.all, 'myInvitations'] as const,
  sysUsers: (params: SysUserListParams) => [...usersKeys.all, 'sysUsers', params] as const,
  assignments: () => [...usersKeys.all, 'assignments'] as const,
};
