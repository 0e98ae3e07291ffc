/** Paths of the device pages (route table: /smartdata/device, device/deviceconfig/{deviceId}, device/dtu/config/{deviceId}). */
export const DEVICE_LIST_PATH = '/smartdata/device';
export const deviceDetailPath = (deviceId: number) => `/smartdata/device/deviceconfig/${deviceId}`;
export const gatewayConfigPath = (deviceId: number) => `/smartdata/device/dtu/config/${deviceId}`;
/** The flow editor as a draft, not tied to a device. */
export const FLOW_DRAFT_PATH = gatewayConfigPath(0);
