import { useQuery } from '@tanstack/react-query';
import type { AddScheduledRequest, IdResponse, RunView, ScheduledView, UpdateScheduledRequest } from '@smartdata/domain';
import { api } from '@/shared/api/client';
import { tasksKeys } from './keys';
import { useTaskMutation } from './taskMutation';

/** `GET /task/getScheduledList` → scheduled tasks with their next and last run (sa_scheduled_task). */
export function fetchScheduled(signal?: AbortSignal): Promise<ScheduledView[]> {
  return api.get<ScheduledView[]>('/task/getScheduledList', undefined, { signal });
}

export function useScheduledQuery() {
  return useQuery({ queryKey: tasksKeys.scheduled(), queryFn: ({ signal }) => fetchScheduled(signal) });
}

/** `POST /task/addScheduled` → `{id}`. */
export function addScheduled(request: AddScheduledRequest): Promise<IdResponse> {
  return api.post<IdResponse>('/task/addScheduled', request);
}
export const useAddScheduledMutation = () => useTaskMutation(addScheduled);

/** `POST /task/updateScheduled` (its next run is computed again). */
export function updateScheduled(request: UpdateScheduledRequest): Promise<null> {
  return api.post<null>('/task/updateScheduled', request);
}
export const useUpdateScheduledMutation = () => useTaskMutation(updateScheduled);

/** `POST /task/deleteScheduled {id}`. */
export function deleteScheduled(id: number): Promise<null> {
  return api.post<null>('/task/deleteScheduled', { id });
}
export const useDeleteScheduledMutation = () => useTaskMutation(deleteScheduled);

/** `POST /task/runScheduled {id}` → the run once it ended (null when nothing ran). */
export function runScheduled(id: number): Promise<RunView | null> {
  return api.post<RunView | null>('/task/runScheduled', { id });
}
export const useRunScheduledMutation = () => useTaskMutation(runScheduled);
