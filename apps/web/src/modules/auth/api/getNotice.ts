import { useQuery } from '@tanstack/react-query';
import type { UserNoticeResponse } from '@smartdata/domain';
import { api } from '@/shared/api/client';
import { authKeys } from './keys';

/** `GET /user/getNotice`: the user notice in the current language. */
export function fetchNotice(signal?: AbortSignal): Promise<UserNoticeResponse> {
  return api.get<UserNoticeResponse>('/user/getNotice', undefined, { signal });
}

export function useNoticeQuery(language: string) {
  return useQuery({
    queryKey: [...authKeys.notice(), language],
    queryFn: ({ signal }) => fetchNotice(signal),
  });
}
