import { lazyPage } from '@/shared/utils/lazyPage';
import type { ModuleRoutes } from '@/shared/routing/types';

/** Pages of the sales module, by route-table path (docs/sales.md, "For the web side"). */
export const salesRoutes: ModuleRoutes = {
  '/sales/order': lazyPage(() => import('./pages/SalesOrderPage'), 'SalesOrderPage'),
  '/sales/order/detail/:id': lazyPage(() => import('./pages/SalesOrderDetailPage'), 'SalesOrderDetailPage'),
  '/sales/contract': lazyPage(() => import('./pages/ContractPage'), 'ContractPage'),
  '/sales/contract/detail/:id': lazyPage(() => import('./pages/ContractDetailPage'), 'ContractDetailPage'),
};
