import type { JobListQuery, RunListQuery } from '@smartdata/domain';

/** The filters of the task log (paging included); absent filters are left out. */
export type RunListParams = Partial<RunListQuery>;

/** Query keys of the tasks module. */
export const tasksKeys = {
  all: ['tasks'] as const,
  analyses: () => [...tasksKeys.all, 'analyses'] as const,
  runs: () => [...tasksKeys.all, 'runs'] as const,
  runPage: (params: RunListParams) => [...tasksKeys.runs(), params] as const,
  rules: () => [...tasksKeys.all, 'rules'] as const,
  executables: () => [...tasksKeys.all, 'executables'] as const,
  scheduled: () => [...tasksKeys.all, 'scheduled'] as const,
  jobs: () => [...tasksKeys.all, 'jobs'] as const,
  jobPage: (params: JobListParams) => [...tasksKeys.jobs(), params] as const,
};

/** The filters and page of the scheduler's jobs (systemquartz). */
export type JobListParams = Partial<JobListQuery>;
