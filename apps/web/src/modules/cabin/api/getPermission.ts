import { useQuery } from '@tanstack/react-query';
import type { NodePermission, PermissionQuery } from '@smartdata/domain';
import { api } from '@/shared/api/client';
import { cabinKeys } from './keys';

/** `GET /cabin/getPermission?nodeId=`: own grants, inherited grants, the caller's effective level. */
export function fetchPermission(query: PermissionQuery, signal?: AbortSignal): Promise<NodePermission> {
  return api.get<NodePermission>('/cabin/getPermission', query, { signal });
}

export function usePermissionQuery(nodeId: number) {
  return useQuery({ queryKey: cabinKeys.permission(nodeId), queryFn: ({ signal }) => fetchPermission({ nodeId }, signal) });
}
