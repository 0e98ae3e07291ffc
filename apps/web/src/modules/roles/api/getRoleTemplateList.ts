import { useQuery } from '@tanstack/react-query';
import type { RoleTemplateItem } from '@smartdata/domain';
import { api } from '@/shared/api/client';
import { rolesKeys } from './keys';

/** `GET /role/getRoleTemplateList`: the platform's role templates. */
export function fetchRoleTemplateList(signal?: AbortSignal): Promise<RoleTemplateItem[]> {
  return api.get<RoleTemplateItem[]>('/role/getRoleTemplateList', undefined, { signal });
}

export function useRoleTemplateListQuery({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ queryKey: rolesKeys.templates(), queryFn: ({ signal }) => fetchRoleTemplateList(signal), enabled });
}
