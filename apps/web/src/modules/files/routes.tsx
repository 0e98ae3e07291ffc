import { lazyPage } from '@/shared/utils/lazyPage';
import type { ModuleRoutes } from '@/shared/routing/types';

/** Pages of the files module (file nodes of the cabin), by route-table path. */
export const filesRoutes: ModuleRoutes = {
  '/smartdata/file/:fileId': lazyPage(() => import('./pages/FilePage'), 'FilePage'),
};
