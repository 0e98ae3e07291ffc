import { z } from 'zod';
import { idSchema } from '../shared/ids';
import { limits } from '../shared/limits';
import { pageQuery } from '../shared/paging';
import { fileNameText } from '../shared/text';
import { firmwareVersion } from './firmware';
import { mqttLinkSchema, serialSettingsSchema, type FlowProblem } from './flow';

/**
 * Requests of the gateways module (docs/devices.md, "Gateway configuration"). The flow itself
 * travels as `unknown` so that `checkFlow` answers every rule it breaks (a zod error would stop at
 * the first malformed field).
 */
const id = idSchema;

/** `POST /general/gateway/checkFlow` → 0 `{warnings}` or 50001 (first reason in data, all in `reasons`). */
export const checkFlowRequest = z.object({ firmwareVersion, flow: z.unknown() });
export type CheckFlowRequest = z.infer<typeof checkFlowRequest>;
/** The answer of checkFlow when the document keeps every rule: what the editor should still show. */
export interface CheckFlowResult {
  warnings: FlowProblem[];
}

/** `POST /general/gateway/saveFlow`: checked with the device's firmware version, then saved. */
export const saveFlowRequest = z.object({ deviceId: id, flow: z.unknown() });
export type SaveFlowRequest = z.infer<typeof saveFlowRequest>;
export interface SaveFlowResult {
  savedAt: number;
  warnings: FlowProblem[];
}

/** `POST /general/gateway/saveSerial`: only the serial settings of the saved document. */
export const saveSerialRequest = z.object({ deviceId: id, serial: serialSettingsSchema });
export type SaveSerialRequest = z.infer<typeof saveSerialRequest>;
/** `POST /general/gateway/saveLinks`: only the links (at most 3) of the saved document. */
export const saveLinksRequest = z.object({ deviceId: id, links: z.array(mqttLinkSchema).max(limits.mqttLinksMax, 'validation.mqttLinks.tooMany') });
export type SaveLinksRequest = z.infer<typeof saveLinksRequest>;

export const gatewayDeviceQuery = z.object({ deviceId: id });
export type GatewayDeviceQuery = z.infer<typeof gatewayDeviceQuery>;
export const gatewayDeviceRequest = z.object({ deviceId: id });
export type GatewayDeviceRequest = z.infer<typeof gatewayDeviceRequest>;
/** `POST /general/gateway/detectConfig`: the given document, or the saved one when absent. */
export const detectConfigRequest = z.object({ deviceId: id, flow: z.unknown().optional() });
export type DetectConfigRequest = z.infer<typeof detectConfigRequest>;
/** `POST /general/gateway/rollbackConfig {deviceId, version}` (the version number of the history). */
export const rollbackConfigRequest = z.object({ deviceId: id, version: id });
export type RollbackConfigRequest = z.infer<typeof rollbackConfigRequest>;
export const configVersionQuery = z.object({ deviceId: id, version: id });
export type ConfigVersionQuery = z.infer<typeof configVersionQuery>;
export const configVersionsQuery = pageQuery.extend({ deviceId: id });
export type ConfigVersionsQuery = z.infer<typeof configVersionsQuery>;

export interface GatewayConfig {
  deviceId: number;
  firmwareVersion: string | null;
  /** The saved document, or null before the first save. */
  flow: unknown;
  savedAt: number | null;
  /** The version last pushed successfully, if any. */
  appliedVersion: number | null;
}

export interface ConfigVersionItem {
  id: number;
  version: number;
  /** Why the version was kept: saved before a push, a detection that passed, before a rollback. */
  reason: 'push' | 'detect' | 'rollback' | 'save';
  state: 'saved' | 'updating' | 'success' | 'failed';
  createdAt: number;
  createdBy: number | null;
  flow?: unknown;
}

/** Certificates of MQTT links (spec §3): X.509 in .ctr, .pem or .cer, parsed on upload. */
export const certificateExtensions = ['.ctr', '.pem', '.cer'] as const;
export const certificateMaxBytes = 64 * 1024;

/** Why a chosen certificate file is refused before it is read (a message key), or null. */
export function certificateFileProblem(fileName: string, size: number): string | null {
  const lower = fileName.trim().toLowerCase();
  if (!certificateExtensions.some((ext) => lower.endsWith(ext))) {
    return 'cert.extension';
  }
  if (size > certificateMaxBytes) {
    return `cert.tooLarge|${certificateMaxBytes / 1024}`;
  }
  return null;
}

/** `POST /general/gateway/uploadCertificate`: the file's text (PEM) or its bytes in base64 (DER). */
export const uploadCertificateRequest = z.object({
  fileName: fileNameText(200),
  content: z.string().min(1, 'validation.required').max(Math.ceil((certificateMaxBytes * 4) / 3) + 4, 'validation.tooLong'),
  encoding: z.enum(['pem', 'base64']).default('pem'),
});
export type UploadCertificateRequest = z.infer<typeof uploadCertificateRequest>;
export const certificateIdRequest = z.object({ id });
export type CertificateIdRequest = z.infer<typeof certificateIdRequest>;

export interface CertificateItem {
  id: number;
  fileName: string;
  subject: string;
  issuer: string;
  validFrom: number;
  validTo: number;
  fingerprint256: string;
  isCa: boolean;
  selfSigned: boolean;
  createdAt: number;
}
