import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { Page, SysUserItem, SysUserListQuery } from '@smartdata/domain';
import { api } from '@/shared/api/client';
import { usersKeys, type SysUserListParams } from './keys';

/** `GET /user/getSysUserList` (platform): every user, by keyword and company. */
export function fetchSysUserList(query: SysUserListQuery, signal?: AbortSignal): Promise<Page<SysUserItem>> {
  return api.get<Page<SysUserItem>>('/user/getSysUserList', { ...query }, { signal });
}

export function useSysUserListQuery(params: SysUserListParams) {
  return useQuery({
    queryKey: usersKeys.sysUsers(params),
    queryFn: ({ signal }) => fetchSysUserList(params, signal),
    placeholderData: keepPreviousData,
  });
}
