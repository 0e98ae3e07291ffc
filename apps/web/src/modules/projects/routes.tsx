import { lazyPage } from '@/shared/utils/lazyPage';
import type { ModuleRoutes } from '@/shared/routing/types';

/** Pages of the projects module (project nodes of the cabin), by route-table path. */
export const projectsRoutes: ModuleRoutes = {
  '/smartdata/project/:projectId': lazyPage(() => import('./pages/ProjectPage'), 'ProjectPage'),
};
