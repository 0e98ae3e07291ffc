import { lazyPage } from '@/shared/utils/lazyPage';
import type { ModuleRoutes } from '@/shared/routing/types';

/** Pages of the auth module, by route-table path. */
export const authRoutes: ModuleRoutes = {
  '/login': lazyPage(() => import('./pages/LoginPage'), 'LoginPage'),
};
