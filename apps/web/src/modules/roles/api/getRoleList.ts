import { useQuery } from '@tanstack/react-query';
import type { RoleItem } from '@smartdata/domain';
import { api } from '@/shared/api/client';
import { rolesKeys } from './keys';

/** `GET /role/getRoleList`: the roles of the current company, each with its member count. */
export function fetchRoleList(signal?: AbortSignal): Promise<RoleItem[]> {
  return api.get<RoleItem[]>('/role/getRoleList', undefined, { signal });
}

export function useRoleListQuery() {
  return useQuery({ queryKey: rolesKeys.list(), queryFn: ({ signal }) => fetchRoleList(signal) });
}
