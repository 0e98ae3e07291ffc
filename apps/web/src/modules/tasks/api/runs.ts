import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { Page, RunView } from '@smartdata/domain';
import { api } from '@/shared/api/client';
import { useInvalidatingMutation } from '@/shared/api/useInvalidatingMutation';
import { tasksKeys, type RunListParams } from './keys';

/** What `runNow` answers once the run ended: its state, value or error, and the window it read. */
export type RunResult = RunView & { runId: number; window: { from: number; to: number } | null };

/** `GET /task/getRuns` → the task log, newest first (sa_task_log or sa_task_define). */
export function fetchRuns(params: RunListParams, signal?: AbortSignal): Promise<Page<RunView>> {
  return api.get<Page<RunView>>('/task/getRuns', params, { signal });
}

export function useRunsQuery(params: RunListParams) {
  return useQuery({ queryKey: tasksKeys.runPage(params), queryFn: ({ signal }) => fetchRuns(params, signal), placeholderData: keepPreviousData });
}

/** `POST /task/runNow {id, dryRun}` → the run once it ended; a dry run (preview) writes nothing. */
export function runNow({ id, dryRun }: { id: number; dryRun: boolean }): Promise<RunResult> {
  return api.post<RunResult>('/task/runNow', { id, dryRun });
}

export function useRunNowMutation() {
  return useInvalidatingMutation(runNow, tasksKeys.all, 'settled');
}
