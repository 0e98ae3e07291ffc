import { lazyPage } from '@/shared/utils/lazyPage';
import type { ModuleRoutes } from '@/shared/routing/types';

/** Pages of the groups module, by route-table path. */
export const groupsRoutes: ModuleRoutes = {
  '/userManagement/group': lazyPage(() => import('./pages/GroupPage'), 'GroupPage'),
};
