import { useQuery } from '@tanstack/react-query';
import type { MyAssignments } from '@smartdata/domain';
import { api } from '@/shared/api/client';
import { usersKeys } from './keys';

/** `GET /user/getMyAssignments`: alarms to handle and tasks I may run, newest first, with the badge counts. */
export function fetchMyAssignments(signal?: AbortSignal): Promise<MyAssignments> {
  return api.get<MyAssignments>('/user/getMyAssignments', undefined, { signal });
}

/** The list and the navbar badge share this query; it refreshes every minute. */
export function useMyAssignmentsQuery({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ queryKey: usersKeys.assignments(), queryFn: ({ signal }) => fetchMyAssignments(signal), enabled, refetchInterval: 60_000 });
}
