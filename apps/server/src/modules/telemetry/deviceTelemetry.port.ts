/**
 * Where a device's telemetry is stored (docs/telemetry.md "Key → field"): each key goes to the
 * field of the same name of the IoT data lists bound to the device. Meters read a device key's
 * counter from there, through the data items' series reads.
 */
export interface DeviceTelemetry {
  /** The items bound to a device of the company, oldest binding first; [] when none. */
  itemsOfDevice(companyId: number, deviceId: number): Promise<number[]>;
}
