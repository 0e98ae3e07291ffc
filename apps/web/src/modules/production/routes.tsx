import { lazyPage } from '@/shared/utils/lazyPage';
import type { ModuleRoutes } from '@/shared/routing/types';

/** Pages of the production module, by route-table path. */
export const productionRoutes: ModuleRoutes = {
  '/production/order': lazyPage(() => import('./pages/ProductionOrderPage'), 'ProductionOrderPage'),
};
