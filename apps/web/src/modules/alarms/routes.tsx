import { lazyPage } from '@/shared/utils/lazyPage';
import type { ModuleRoutes } from '@/shared/routing/types';

/** Pages of the alarms module (cloud monitoring), by route-table path. */
export const alarmsRoutes: ModuleRoutes = {
  '/cloudSurveillance/alertLog': lazyPage(() => import('./pages/AlarmLogPage'), 'AlarmLogPage'),
  '/cloudSurveillance/alertRule': lazyPage(() => import('./pages/AlarmRulePage'), 'AlarmRulePage'),
  '/cloudSurveillance/dataUpdate': lazyPage(() => import('./pages/DataUpdatePage'), 'DataUpdatePage'),
  '/alertdashboard': lazyPage(() => import('./pages/AlarmWallPage'), 'AlarmWallPage'),
};
