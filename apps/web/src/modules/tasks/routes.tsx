import { lazyPage } from '@/shared/utils/lazyPage';
import type { ModuleRoutes } from '@/shared/routing/types';

/** Pages of the tasks module (intelligent tasks), by route-table path. */
export const tasksRoutes: ModuleRoutes = {
  '/taskmanagement/taskdefine': lazyPage(() => import('./pages/TaskDefinePage'), 'TaskDefinePage'),
  '/taskmanagement/tasklog': lazyPage(() => import('./pages/TaskLogPage'), 'TaskLogPage'),
};
