import { z } from 'zod';
import { idSchema } from '../shared/ids';
import { limits } from '../shared/limits';
import { pageQuery } from '../shared/paging';
import { firmwareVersion } from '../gateways/firmware';
import { snPattern } from './topics';
import { bindStates, lifecycleCodes, type BindState, type LifecycleStatus } from './lifecycle';
import type { TelemetryPayload } from './payloads';
import { numeric } from '../shared/numbers';
import { nameText } from '../shared/text';

/**
 * Requests and answers of the devices module (docs/devices.md). The web builds its forms from
 * these; the server validates the same schemas.
 */
export const deviceLimits = {
  nameLength: limits.generalNameLength,
  snMin: 4,
  snMax: 32,
  modelLength: 50,
  addressLength: 200,
  remarksLength: 500,
  picturesMax: 9,
  versionLength: 20,
} as const;

const id = idSchema;
const name = nameText().min(1, 'validation.nameRequired').max(deviceLimits.nameLength, 'validation.tooLong');
const sn = z.string().trim().min(1, 'validation.required').regex(snPattern, 'validation.invalid');
const model = z.string().trim().min(1, 'validation.required').max(deviceLimits.modelLength, 'validation.tooLong');
const address = z.string().trim().max(deviceLimits.addressLength, 'validation.tooLong');
const remarks = z.string().trim().max(deviceLimits.remarksLength, 'validation.tooLong');

/** `POST /general/device/addDevice` → `{id, nodeId, sn, secret}` (the secret is shown once). */
export const addDeviceRequest = z.object({
  name,
  sn,
  model,
  /** The cabin directory the device node goes under; null or absent: the root. */
  parentId: id.nullable().optional(),
  address: address.optional(),
  remarks: remarks.optional(),
});
export type AddDeviceRequest = z.infer<typeof addDeviceRequest>;
export interface AddDeviceResult {
  id: number;
  nodeId: number;
  sn: string;
  secret: string;
}

const flag = z.enum(['0', '1']).transform((v) => v === '1');
/** `GET /general/device/getDeviceList` */
export const deviceListQuery = pageQuery.extend({
  keyword: z.string().trim().max(50).optional(),
  online: flag.optional(),
  bindState: z.enum(bindStates).optional(),
  status: numeric(z.number()).pipe(z.union(lifecycleCodes.map((c) => z.literal(c)) as [z.ZodLiteral<LifecycleStatus>, ...z.ZodLiteral<LifecycleStatus>[]])).optional(),
  model: z.string().trim().max(deviceLimits.modelLength).optional(),
});
export type DeviceListQuery = z.infer<typeof deviceListQuery>;

export const deviceIdQuery = z.object({ id });
export type DeviceIdQuery = z.infer<typeof deviceIdQuery>;
export const deviceIdRequest = z.object({ id });
/** `POST /general/device/claim` → `{sn, code, bindExpiresAt}`: a customer's company claims a shipped device by its SN (docs/inventory.md). */
export const claimDeviceRequest = z.object({ sn });
export type ClaimDeviceRequest = z.infer<typeof claimDeviceRequest>;
export type DeviceIdRequest = z.infer<typeof deviceIdRequest>;

/** `POST /general/device/updateDevice`: absent fields stay. Pictures are object keys (JPG/PNG ≤ 3 MB). */
export const updateDeviceRequest = z.object({
  id,
  name: name.optional(),
  model: model.optional(),
  address: address.optional(),
  remarks: remarks.optional(),
  pictures: z.array(z.string().min(1).max(300)).max(deviceLimits.picturesMax, 'validation.tooLong').optional(),
});
export type UpdateDeviceRequest = z.infer<typeof updateDeviceRequest>;

/** `POST /general/device/setStatus` (lifecycle; illegal moves are 40900 with the reason). */
export const setDeviceStatusRequest = z.object({
  id,
  status: numeric(z.number()).pipe(z.union(lifecycleCodes.map((c) => z.literal(c)) as [z.ZodLiteral<LifecycleStatus>, ...z.ZodLiteral<LifecycleStatus>[]])),
});
export type SetDeviceStatusRequest = z.infer<typeof setDeviceStatusRequest>;

export type OtaState = 'idle' | 'progress' | 'success' | 'failed';
export type ConfigState = 'idle' | 'updating' | 'success' | 'failed';
export type DetectState = 'idle' | 'detecting' | 'passed' | 'failed';

/** One device as lists and the detail page show it. */
export interface DeviceItem {
  id: number;
  nodeId: number;
  name: string;
  sn: string;
  model: string;
  address: string;
  remarks: string;
  /** Object keys, with a short-lived URL each on the detail call. */
  pictures: string[];
  pictureUrls?: string[];
  bindState: BindState;
  /** When the awaiting state ends (ms), while awaiting. */
  bindExpiresAt: number | null;
  /** Readable note of the last binding outcome (timed out, refused), translated. */
  bindMessage: string | null;
  online: boolean;
  lastSeenAt: number | null;
  firmwareVersion: string | null;
  status: LifecycleStatus;
  ota: { state: OtaState; percent: number; targetVersion: string | null; message: string | null; jobId: number | null };
  config: { state: ConfigState; version: number | null; message: string | null; reasons: string[] };
  detect: { state: DetectState; message: string | null; reasons: string[] };
  createdAt: number;
  updatedAt: number;
}

/** `GET /general/device/getDevice?id`: a device with the values it last reported (null before any). */
export interface DeviceDetail extends DeviceItem {
  lastTelemetry?: TelemetryPayload | null;
}
/** `POST /general/device/rotateSecret {id}`: the new secret, shown once. */
export interface RotateSecretResult {
  secret: string;
}
/** `POST /general/device/bind {id}`: the device, and the code the gateway confirms the binding with. */
export type BindDeviceResult = DeviceItem & { code: string };

/** `POST /general/device/addFirmware`: a package uploaded first through /general/cos (purpose gateway). */
export const addFirmwareRequest = z.object({
  model: model,
  version: firmwareVersion,
  objectKey: z.string().min(1).max(300),
  /** SHA-256 of the file, lower-case hex; the device verifies it before flashing. */
  sha256: z.string().trim().toLowerCase().regex(/^[0-9a-f]{64}$/, 'validation.invalid'),
  remarks: remarks.optional(),
});
export type AddFirmwareRequest = z.infer<typeof addFirmwareRequest>;
export const firmwareListQuery = pageQuery.extend({ model: z.string().trim().max(deviceLimits.modelLength).optional() });
export type FirmwareListQuery = z.infer<typeof firmwareListQuery>;
export interface FirmwareItem {
  id: number;
  model: string;
  version: string;
  objectKey: string;
  fileName: string;
  size: number;
  sha256: string;
  remarks: string;
  createdAt: number;
}

/** `POST /general/device/upgradeFirmware` */
export const upgradeFirmwareRequest = z.object({ deviceId: id, firmwareId: id });
export type UpgradeFirmwareRequest = z.infer<typeof upgradeFirmwareRequest>;

/** Realtime channel of a company's devices: `devices:<companyId>` (events in docs/devices.md). */
export const devicesChannel = (companyId: number) => `devices:${companyId}`;
export const deviceRealtimeEvents = ['deviceUpdated', 'deviceRemoved', 'otaProgress', 'telemetry'] as const;
