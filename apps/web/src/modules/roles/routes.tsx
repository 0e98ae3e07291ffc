import { lazyPage } from '@/shared/utils/lazyPage';
import type { ModuleRoutes } from '@/shared/routing/types';

/** Pages of the roles module, by route-table path. */
export const rolesRoutes: ModuleRoutes = {
  '/userManagement/role': lazyPage(() => import('./pages/RolePage'), 'RolePage'),
  '/systemMaintenance/systemrole': lazyPage(() => import('./pages/RoleTemplatePage'), 'RoleTemplatePage'),
};
