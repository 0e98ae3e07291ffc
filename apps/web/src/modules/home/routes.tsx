import { lazyPage } from '@/shared/utils/lazyPage';
import type { ModuleRoutes } from '@/shared/routing/types';

/** Pages of the home module, by route-table path. */
export const homeRoutes: ModuleRoutes = {
  '/home': lazyPage(() => import('./pages/HomePage'), 'HomePage'),
};
