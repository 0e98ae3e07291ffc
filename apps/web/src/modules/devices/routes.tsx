import { lazyPage } from '@/shared/utils/lazyPage';
import type { ModuleRoutes } from '@/app/router/types';

const list = lazyPage(() => import('./pages/DeviceListPage'), 'DeviceListPage');

/** Pages of the devices module, by route-table path (the gateway list is the same device list). */
export const devicesRoutes: ModuleRoutes = {
  '/smartdata/device': list,
  '/device/gateway': list,
  '/device/firmware': lazyPage(() => import('./pages/FirmwarePage'), 'FirmwarePage'),
  '/smartdata/device/deviceconfig/:deviceId': lazyPage(() => import('./pages/DeviceDetailPage'), 'DeviceDetailPage'),
};
