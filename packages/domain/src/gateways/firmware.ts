import { z } from 'zod';

/**
 * Gateway firmware: the version format and the versions that rules of the flow editor are gated
 * on. The devices module's firmware list uses the same format.
 */

/** A firmware version: digits separated by dots, e.g. 1.3.2. */
export const firmwareVersionPattern = /^\d{1,3}(\.\d{1,3}){1,3}$/;
export const firmwareVersion = z.string().trim().regex(firmwareVersionPattern, 'validation.invalid');

/**
 * Firmware gates. Spec §5: timeout handling needs 1.3.1, timestamp 1.3.2. Decided for 1.3.3 and
 * 1.3.4 (docs/gateways.md): HTTP request and edge computing nodes need 1.3.3; MQTT link
 * certificates and passthrough as HEX number need 1.3.4.
 */
export const firmwareGates = {
  timeoutHandling: '1.3.1',
  timestamp: '1.3.2',
  httpRequest: '1.3.3',
  edgeCompute: '1.3.3',
  linkCertificate: '1.3.4',
  passthroughHexNumber: '1.3.4',
} as const;
export type FirmwareFeature = keyof typeof firmwareGates;

export function compareFirmware(a: string, b: string): number {
  const pa = a.split('.').map((n) => Number.parseInt(n, 10) || 0);
  const pb = b.split('.').map((n) => Number.parseInt(n, 10) || 0);
  for (let i = 0; i < Math.max(pa.length, pb.length); i += 1) {
    const diff = (pa[i] ?? 0) - (pb[i] ?? 0);
    if (diff !== 0) {
      return diff;
    }
  }
  return 0;
}

/**
 * The newest firmware any rule is gated on. A device that never reported its version is checked
 * against it, by the server when a flow is saved and by the editor, so both accept the same flows.
 */
export const newestFirmwareGate: string = Object.values(firmwareGates).reduce((a, b) => (compareFirmware(a, b) >= 0 ? a : b));

export function firmwareSupports(version: string, feature: FirmwareFeature): boolean {
  return compareFirmware(version, firmwareGates[feature]) >= 0;
}
