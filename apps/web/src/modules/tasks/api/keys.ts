import type { RunListQuery } from '@smartdata/domain';

/** The filters of the task log (paging included); absent filters are left out. */
export type RunListParams = Partial<RunListQuery>;

/** Query keys of the tasks module. */
export const tasksKeys = {
  all: ['tasks'] as const,
  analyses: () => [...tasksKeys.all, 'analyses'] as const,
  runs: () => [...tasksKeys.all, 'runs'] as const,
  runPage: (params: RunListParams) => [...tasksKeys.runs(), params] as const,
};
