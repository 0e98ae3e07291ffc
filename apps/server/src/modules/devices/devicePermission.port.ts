/**
 * The permission codes of the device calls: devices (cd_device) and gateway pages (dm_gateway)
 * use the same calls, so the devices and gateways routes and the `devices` channel check these.
 */
export const devicePermission = ['cd_device', 'dm_gateway'] as const;
