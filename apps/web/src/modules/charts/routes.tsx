import { lazyPage } from '@/shared/utils/lazyPage';
import type { ModuleRoutes } from '@/shared/routing/types';

/** Pages of the charts module, by route-table path (data item pages link to them through paths.ts). */
export const chartsRoutes: ModuleRoutes = {
  '/smartdata/chartpages/:itemId/:chartName/:typeCode/:chartId/:itemName': lazyPage(() => import('./pages/ChartsPage'), 'ChartsPage'),
  '/smartdata/ChartDialogs/:itemId/:chartName/:typeCode/:chartId/:itemName': lazyPage(() => import('./pages/ChartsPage'), 'ChartDialogPage'),
  '/smartdata/chart/chartConfig/:itemId/:chartId/:itemName/:id': lazyPage(() => import('./pages/ChartConfigPage'), 'ChartConfigPage'),
};
