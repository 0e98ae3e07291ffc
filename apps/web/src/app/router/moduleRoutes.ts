import { alarmsRoutes } from '@/modules/alarms/routes';
import { authRoutes } from '@/modules/auth/routes';
import { cabinRoutes } from '@/modules/cabin/routes';
import { chartsRoutes } from '@/modules/charts/routes';
import { companiesRoutes } from '@/modules/companies/routes';
import { dataItemsRoutes } from '@/modules/data-items/routes';
import { dashboardsRoutes } from '@/modules/dashboards/routes';
import { devicesRoutes } from '@/modules/devices/routes';
import { filesRoutes } from '@/modules/files/routes';
import { projectsRoutes } from '@/modules/projects/routes';
import { reportsRoutes } from '@/modules/reports/routes';
import { metersRoutes } from '@/modules/meters/routes';
import { templatesRoutes } from '@/modules/templates/routes';
import { gasPublicRoutes, gasRoutes } from '@/modules/gas/routes';
import { gatewaysRoutes } from '@/modules/gateways/routes';
import { groupsRoutes } from '@/modules/groups/routes';
import { homeRoutes } from '@/modules/home/routes';
import { inventoryRoutes } from '@/modules/inventory/routes';
import { rolesRoutes } from '@/modules/roles/routes';
import { salesRoutes } from '@/modules/sales/routes';
import { settingsRoutes } from '@/modules/settings/routes';
import { notifyRoutes } from '@/modules/notify/routes';
import { webhooksRoutes } from '@/modules/webhooks/routes';
import { apiKeysRoutes } from '@/modules/apiKeys/routes';
import { backupsRoutes } from '@/modules/backups/routes';
import { simRoutes } from '@/modules/sim/routes';
import { ordersRoutes } from '@/modules/orders/routes';
import { productionRoutes } from '@/modules/production/routes';
import { systemRoutes } from '@/modules/system/routes';
import { tasksRoutes } from '@/modules/tasks/routes';
import { usersRoutes } from '@/modules/users/routes';
import { lazyPage } from '@/shared/utils/lazyPage';
import type { ModuleRoutes } from '@/shared/routing/types';

/** Pages of the shell itself. */
const appPages: ModuleRoutes = {
  '/404': lazyPage(() => import('@/app/pages/NotFoundPage'), 'NotFoundPage'),
};

/**
 * Every module's pages, collected in this one place. A module lists its pages in its own
 * routes.tsx (path of the route table → lazy page) and is added here.
 */
export const moduleRoutes: ModuleRoutes = {
  ...appPages,
  ...authRoutes,
  ...homeRoutes,
  ...rolesRoutes,
  ...groupsRoutes,
  ...companiesRoutes,
  ...settingsRoutes,
  ...notifyRoutes,
  ...webhooksRoutes,
  ...apiKeysRoutes,
  ...backupsRoutes,
  ...usersRoutes,
  ...ordersRoutes,
  ...systemRoutes,
  ...dataItemsRoutes,
  ...chartsRoutes,
  ...dashboardsRoutes,
  ...cabinRoutes,
  ...filesRoutes,
  ...projectsRoutes,
  ...reportsRoutes,
  ...metersRoutes,
  ...templatesRoutes,
  ...devicesRoutes,
  ...gatewaysRoutes,
  ...alarmsRoutes,
  ...tasksRoutes,
  ...productionRoutes,
  ...inventoryRoutes,
  ...salesRoutes,
  ...simRoutes,
  ...gasRoutes,
  ...gasPublicRoutes,
};
