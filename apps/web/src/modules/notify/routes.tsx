import { lazyPage } from '@/shared/utils/lazyPage';
import type { ModuleRoutes } from '@/shared/routing/types';

/** Pages of the notify module (notification channels), by route-table path. */
export const notifyRoutes: ModuleRoutes = {
  '/sysSetting/notifyChannel': lazyPage(() => import('./pages/NotifyChannelsPage'), 'NotifyChannelsPage'),
};
