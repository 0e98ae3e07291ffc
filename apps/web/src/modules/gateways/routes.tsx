import { lazyPage } from '@/shared/utils/lazyPage';
import type { ModuleRoutes } from '@/app/router/types';

/** Pages of the gateways module, by route-table path. */
export const gatewaysRoutes: ModuleRoutes = {
  '/smartdata/device/dtu/config/:deviceId': lazyPage(() => import('./pages/GatewayConfigPage'), 'GatewayConfigPage'),
};
