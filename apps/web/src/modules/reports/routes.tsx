import { lazyPage } from '@/shared/utils/lazyPage';
import type { ModuleRoutes } from '@/shared/routing/types';

/** Pages of the reports module (report template nodes of the cabin), by route-table path. */
export const reportsRoutes: ModuleRoutes = {
  '/smartdata/reportTemplate/:entityId/:name': lazyPage(() => import('./pages/TemplatePage'), 'TemplatePage'),
  '/smartdata/editTemplate/:entityId/:name': lazyPage(() => import('./pages/EditTemplatePage'), 'EditTemplatePage'),
  '/previewReport/:entityId': lazyPage(() => import('./pages/PreviewReportPage'), 'PreviewReportPage'),
};
