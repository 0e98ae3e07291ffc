import { lazyPage } from '@/shared/utils/lazyPage';
import type { ModuleRoutes } from '@/shared/routing/types';

/** Pages of the cabin module, by route-table path. */
export const cabinRoutes: ModuleRoutes = {
  '/smartdata/datacapsule': lazyPage(() => import('./pages/CabinPage'), 'CabinPage'),
  '/smartdata/itemgroup': lazyPage(() => import('./pages/ItemGroupListPage'), 'ItemGroupListPage'),
  '/smartdata/itemgroup/config/:groupId': lazyPage(() => import('./pages/ItemGroupConfigPage'), 'ItemGroupConfigPage'),
};
