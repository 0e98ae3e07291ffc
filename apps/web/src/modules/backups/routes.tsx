import { lazyPage } from '@/shared/utils/lazyPage';
import type { ModuleRoutes } from '@/shared/routing/types';

/** Pages of the backups module (platform administrator, under system maintenance), by route-table path. */
export const backupsRoutes: ModuleRoutes = {
  '/systemMaintenance/backup': lazyPage(() => import('./pages/BackupsPage'), 'BackupsPage'),
};
