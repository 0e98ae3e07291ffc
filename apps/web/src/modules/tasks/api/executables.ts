import { useQuery } from '@tanstack/react-query';
import type { AddExecutableRequest, ExecutableView, IdResponse, RunView, UpdateExecutableRequest } from '@smartdata/domain';
import { api } from '@/shared/api/client';
import { tasksKeys } from './keys';
import { useTaskMutation } from './taskMutation';

/** `GET /task/getExecutableList` → the company's executable tasks, each with whether the caller may run it. */
export function fetchExecutables(signal?: AbortSignal, silent = false): Promise<ExecutableView[]> {
  return api.get<ExecutableView[]>('/task/getExecutableList', undefined, { signal, silent });
}

/** `silent` for pages that only use the list for names (the scheduled tasks' select). */
export function useExecutablesQuery({ enabled = true, silent = false }: { enabled?: boolean; silent?: boolean } = {}) {
  return useQuery({ queryKey: tasksKeys.executables(), queryFn: ({ signal }) => fetchExecutables(signal, silent), enabled });
}

/** `POST /task/addExecutable` → `{id}`. */
export function addExecutable(request: AddExecutableRequest): Promise<IdResponse> {
  return api.post<IdResponse>('/task/addExecutable', request);
}
export const useAddExecutableMutation = () => useTaskMutation(addExecutable);

/** `POST /task/updateExecutable` (its creator or a company administrator). */
export function updateExecutable(request: UpdateExecutableRequest): Promise<null> {
  return api.post<null>('/task/updateExecutable', request);
}
export const useUpdateExecutableMutation = () => useTaskMutation(updateExecutable);

/** `POST /task/deleteExecutable {id}` (the scheduled tasks that run it go with it). */
export function deleteExecutable(id: number): Promise<null> {
  return api.post<null>('/task/deleteExecutable', { id });
}
export const useDeleteExecutableMutation = () => useTaskMutation(deleteExecutable);

/** `POST /task/runExecutable {id}` → the run once it ended. */
export function runExecutable(id: number): Promise<RunView> {
  return api.post<RunView>('/task/runExecutable', { id });
}
export const useRunExecutableMutation = () => useTaskMutation(runExecutable);
