import { lazyPage } from '@/shared/utils/lazyPage';
import type { ModuleRoutes } from '@/shared/routing/types';

/**
 * Pages of the gateways module, by route-table path: the gateway list (flow and link state of each
 * gateway; docs/gateways.md "The gateway list"). Its flow editor (components/GatewayConfigEditor)
 * is shown on the devices module's GatewayConfigPage (/smartdata/device/dtu/config/:deviceId), a
 * device's sub-page: the devices module composes the gateways module, which does not import
 * devices back (no module cycle, eslint.config.mjs).
 */
export const gatewaysRoutes: ModuleRoutes = {
  '/device/gateway': lazyPage(() => import('./pages/GatewayListPage'), 'GatewayListPage'),
};
