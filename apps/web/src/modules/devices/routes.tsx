import { lazyPage } from '@/shared/utils/lazyPage';
import type { ModuleRoutes } from '@/shared/routing/types';

const list = lazyPage(() => import('./pages/DeviceListPage'), 'DeviceListPage');

/** Pages of the devices module, by route-table path (the gateway list is the gateways module's). */
export const devicesRoutes: ModuleRoutes = {
  '/smartdata/device': list,
  '/device/firmware': lazyPage(() => import('./pages/FirmwarePage'), 'FirmwarePage'),
  '/smartdata/device/deviceconfig/:deviceId': lazyPage(() => import('./pages/DeviceDetailPage'), 'DeviceDetailPage'),
  // The gateway's configuration: a device's sub-page, with the gateways module's flow editor.
  '/smartdata/device/dtu/config/:deviceId': lazyPage(() => import('./pages/GatewayConfigPage'), 'GatewayConfigPage'),
};
