import { useQuery } from '@tanstack/react-query';
import type { AssignmentItem, Page } from '@smartdata/domain';
import { api } from '@/shared/api/client';
import { usersKeys } from './keys';

/** `GET /user/getMyAssignments`: tasks and alarms assigned to the current user, newest first. */
export function fetchMyAssignments(signal?: AbortSignal): Promise<Page<AssignmentItem>> {
  return api.get<Page<AssignmentItem>>('/user/getMyAssignments', undefined, { signal });
}

export function useMyAssignmentsQuery() {
  return useQuery({ queryKey: usersKeys.assignments(), queryFn: ({ signal }) => fetchMyAssignments(signal) });
}
