import { lazyPage } from '@/shared/utils/lazyPage';
import type { ModuleRoutes } from '@/shared/routing/types';

/** Pages of the companies module, by route-table path. */
export const companiesRoutes: ModuleRoutes = {
  '/sysSetting/companyManagement': lazyPage(() => import('./pages/CompanyPage'), 'CompanyPage'),
  '/systemMaintenance/systemcompany': lazyPage(() => import('./pages/SystemCompanyPage'), 'SystemCompanyPage'),
};
