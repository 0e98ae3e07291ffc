import { useQuery } from '@tanstack/react-query';
import type { RoleItem, RoleListQuery } from '@smartdata/domain';
import { api } from '@/shared/api/client';
import { usersKeys } from './keys';

/**
 * `GET /role/getRoleList`: roles of the current company, or of `companyId` (platform
 * administrator creating a user in another company).
 */
export function fetchRoleList(query: RoleListQuery, signal?: AbortSignal): Promise<RoleItem[]> {
  return api.get<RoleItem[]>('/role/getRoleList', query, { signal });
}

export function useRoleListQuery({ companyId, enabled = true }: { companyId?: number; enabled?: boolean } = {}) {
  return useQuery({
    queryKey: usersKeys.roles(companyId),
    queryFn: ({ signal }) => fetchRoleList({ companyId }, signal),
    enabled,
  });
}
