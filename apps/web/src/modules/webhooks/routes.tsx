import { lazyPage } from '@/shared/utils/lazyPage';
import type { ModuleRoutes } from '@/shared/routing/types';

/** Pages of the webhooks module (event subscriptions), by route-table path. */
export const webhooksRoutes: ModuleRoutes = {
  '/sysSetting/webhook': lazyPage(() => import('./pages/WebhooksPage'), 'WebhooksPage'),
};
