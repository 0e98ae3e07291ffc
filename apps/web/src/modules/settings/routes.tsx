import { lazyPage } from '@/shared/utils/lazyPage';
import type { ModuleRoutes } from '@/shared/routing/types';

/** Pages of the settings module (tags, device access), by route-table path. */
export const settingsRoutes: ModuleRoutes = {
  '/sysSetting/tagSetting': lazyPage(() => import('./pages/TagPage'), 'TagPage'),
  '/sysSetting/ioSocket': lazyPage(() => import('./pages/IoSocketPage'), 'IoSocketPage'),
};
