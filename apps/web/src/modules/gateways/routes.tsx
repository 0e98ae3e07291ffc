import type { ModuleRoutes } from '@/shared/routing/types';

/**
 * Pages of the gateways module, by route-table path: none of its own. Its flow editor
 * (components/GatewayConfigEditor) is shown on the devices module's GatewayConfigPage
 * (/smartdata/device/dtu/config/:deviceId), a device's sub-page: the devices module composes the
 * gateways module, which does not import devices back (no module cycle, eslint.config.mjs).
 */
export const gatewaysRoutes: ModuleRoutes = {};
