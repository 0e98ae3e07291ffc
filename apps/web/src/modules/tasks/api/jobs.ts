import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { JobRequest, JobView, Page, RunView } from '@smartdata/domain';
import { api } from '@/shared/api/client';
import { tasksKeys, type JobListParams } from './keys';
import { useTaskMutation } from './taskMutation';

/** `GET /system/getJobs` → the scheduler's jobs of every company, paged (system_quartz, platform administrators). */
export function fetchJobs(params: JobListParams, signal?: AbortSignal): Promise<Page<JobView>> {
  return api.get<Page<JobView>>('/system/getJobs', { ...params, name: params.name || undefined }, { signal });
}

export function useJobsQuery(params: JobListParams) {
  return useQuery({ queryKey: tasksKeys.jobPage(params), queryFn: ({ signal }) => fetchJobs(params, signal), placeholderData: keepPreviousData });
}

/** `POST /system/pauseJob {type, id}`: no next run until resumed. */
export function pauseJob(request: JobRequest): Promise<null> {
  return api.post<null>('/system/pauseJob', request);
}
export const usePauseJobMutation = () => useTaskMutation(pauseJob);

/** `POST /system/resumeJob {type, id}`: its next run from now. */
export function resumeJob(request: JobRequest): Promise<null> {
  return api.post<null>('/system/resumeJob', request);
}
export const useResumeJobMutation = () => useTaskMutation(resumeJob);

/** `POST /system/runJob {type, id}` → the run once it ended. */
export function runJob(request: JobRequest): Promise<RunView | null> {
  return api.post<RunView | null>('/system/runJob', request);
}
export const useRunJobMutation = () => useTaskMutation(runJob);
