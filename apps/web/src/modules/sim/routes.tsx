import { lazyPage } from '@/shared/utils/lazyPage';
import type { ModuleRoutes } from '@/shared/routing/types';

/** Pages of the sim module (SIM traffic cards, docs/sim.md), by route-table path. */
export const simRoutes: ModuleRoutes = {
  '/device/simcard': lazyPage(() => import('./pages/SimCardListPage'), 'SimCardListPage'),
  '/device/simcard/card/:cardId': lazyPage(() => import('./pages/SimCardDetailPage'), 'SimCardDetailPage'),
};
