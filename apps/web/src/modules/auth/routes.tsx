import { lazyPage } from '@/shared/utils/lazyPage';
import type { ModuleRoutes } from '@/app/router/types';

/** Pages of the auth module, by route-table path. */
export const authRoutes: ModuleRoutes = {
  '/login': lazyPage(() => import('./pages/LoginPage'), 'LoginPage'),
};
