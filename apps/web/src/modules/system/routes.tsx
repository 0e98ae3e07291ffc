import { lazyPage } from '@/shared/utils/lazyPage';
import type { ModuleRoutes } from '@/shared/routing/types';

/** Pages of the system maintenance module (platform administrator), by route-table path. */
export const systemRoutes: ModuleRoutes = {
  '/systemMaintenance/datamanagement': lazyPage(() => import('./pages/DataManagementPage'), 'DataManagementPage'),
  '/systemMaintenance/acquistion': lazyPage(() => import('./pages/AcquisitionPage'), 'AcquisitionPage'),
  '/systemMaintenance/log': lazyPage(() => import('./pages/AuditLogPage'), 'AuditLogPage'),
  '/systemMaintenance/systemsditem': lazyPage(() => import('./pages/SystemDataItemsPage'), 'SystemDataItemsPage'),
  '/systemMaintenance/systemwhiteip': lazyPage(() => import('./pages/WhiteIpPage'), 'WhiteIpPage'),
};
