import { lazyPage } from '@/shared/utils/lazyPage';
import type { ModuleRoutes } from '@/shared/routing/types';

/** Pages of the inventory module, by route-table path (docs/inventory.md, "Web screens"). */
export const inventoryRoutes: ModuleRoutes = {
  '/inventory/category': lazyPage(() => import('./pages/CategoryPage'), 'CategoryPage'),
  '/inventory/warehousing': lazyPage(() => import('./pages/WarehousingPage'), 'WarehousingPage'),
  '/inventory/outbound': lazyPage(() => import('./pages/OutboundPage'), 'OutboundPage'),
  '/inventory/outbound/detail/:id': lazyPage(() => import('./pages/OutboundDetailPage'), 'OutboundDetailPage'),
  '/inventoryOutboundNote/:id': lazyPage(() => import('./pages/OutboundNotePage'), 'OutboundNotePage'),
};
