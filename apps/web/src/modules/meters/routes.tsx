import { lazyPage } from '@/shared/utils/lazyPage';
import type { ModuleRoutes } from '@/shared/routing/types';

/** Pages of the meters module (meter nodes of the cabin, their reports, the system pages), by route-table path. */
export const metersRoutes: ModuleRoutes = {
  '/smartdata/electricMeterConfig/:electricMeterId/:electricMeterName': lazyPage(() => import('./pages/MeterConfigPage'), 'MeterConfigPage'),
  '/standardElectricMeter/:electricMeterId/:electricMeterName': lazyPage(() => import('./pages/MeterPage'), 'MeterPage'),
  '/virtualElectricMeter/:electricMeterId/:electricMeterName': lazyPage(() => import('./pages/MeterPage'), 'MeterPage'),
  '/standardReport/:year/:month/:electricMeterId/:electricMeterName': lazyPage(() => import('./pages/MeterReportPage'), 'MeterReportPage'),
  '/virtualReport/:year/:month/:electricMeterId/:electricMeterName': lazyPage(() => import('./pages/MeterReportPage'), 'MeterReportPage'),
  '/device/meter': lazyPage(() => import('./pages/MeterListPage'), 'MeterListPage'),
  '/systemMaintenance/systememeter': lazyPage(() => import('./pages/SystemMetersPage'), 'SystemMetersPage'),
  '/systemMaintenance/systememeterlog': lazyPage(() => import('./pages/MeterLogPage'), 'MeterLogPage'),
};
