import { lazyPage } from '@/shared/utils/lazyPage';
import type { ModuleRoutes } from '@/shared/routing/types';

/** Pages of the apiKeys module, by route-table path. */
export const apiKeysRoutes: ModuleRoutes = {
  '/sysSetting/apiKey': lazyPage(() => import('./pages/ApiKeysPage'), 'ApiKeysPage'),
};
