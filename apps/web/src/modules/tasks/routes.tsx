import { lazyPage } from '@/shared/utils/lazyPage';
import type { ModuleRoutes } from '@/shared/routing/types';

/** Pages of the tasks module (intelligent tasks), by route-table path. */
export const tasksRoutes: ModuleRoutes = {
  '/taskmanagement/taskdefine': lazyPage(() => import('./pages/TaskDefinePage'), 'TaskDefinePage'),
  '/taskmanagement/taskdefine/taskconfig/:taskId': lazyPage(() => import('./pages/TaskConfigPage'), 'TaskConfigPage'),
  '/taskmanagement/tasklog': lazyPage(() => import('./pages/TaskLogPage'), 'TaskLogPage'),
  '/taskmanagement/intelligentrules': lazyPage(() => import('./pages/IntelligentRulesPage'), 'IntelligentRulesPage'),
  '/intelligentrules/AddRule': lazyPage(() => import('./pages/RuleEditorPage'), 'RuleEditorPage'),
  '/taskmanagement/executabletask': lazyPage(() => import('./pages/ExecutableTasksPage'), 'ExecutableTasksPage'),
  '/taskmanagement/executabletask/ExecutableTaskConfig/:taskId/:accessMode': lazyPage(() => import('./pages/ExecutableTaskConfigPage'), 'ExecutableTaskConfigPage'),
  '/taskmanagement/scheduledtask': lazyPage(() => import('./pages/ScheduledTasksPage'), 'ScheduledTasksPage'),
  '/systemMaintenance/systemquartz': lazyPage(() => import('./pages/SystemQuartzPage'), 'SystemQuartzPage'),
};
