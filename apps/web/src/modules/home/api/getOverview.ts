import { useQuery } from '@tanstack/react-query';
import type { HomeOverview } from '@smartdata/domain';
import { api } from '@/shared/api/client';
import { homeKeys } from './keys';

/** `GET /home/getOverview`: the current company, its members and roles, counts per section. */
export function fetchOverview(signal?: AbortSignal): Promise<HomeOverview> {
  return api.get<HomeOverview>('/home/getOverview', undefined, { signal });
}

export function useOverviewQuery() {
  return useQuery({ queryKey: homeKeys.overview(), queryFn: ({ signal }) => fetchOverview(signal) });
}
