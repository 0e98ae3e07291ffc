import { lazyPage } from '@/shared/utils/lazyPage';
import type { ModuleRoutes } from '@/shared/routing/types';

/** Pages of the orders module, by route-table path. */
export const ordersRoutes: ModuleRoutes = {
  '/user/myorder': lazyPage(() => import('./pages/MyOrdersPage'), 'MyOrdersPage'),
};
