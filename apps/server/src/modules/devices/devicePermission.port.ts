/**
 * Devices (cd_device) and gateway pages (dm_gateway) use the same calls; both modules' routes and
 * the `devices` channel check it (a file of its own so gateways need not import devices' routes).
 */
export const devicePermission = ['cd_device', 'dm_gateway'] as const;
