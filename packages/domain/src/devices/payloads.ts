import { z } from 'zod';
import { flowDocumentSchema } from '../gateways/flow';

/**
 * Payloads on the device topics (DESIGN.md §5), JSON in UTF-8. The platform publishes commands on
 * `sd/{sn}/down/cmd`; the device answers on `sd/{sn}/up/event` with the command's `cmdId`.
 */

/** `sd/{sn}/up/online`, retained; the last-will is `{online:false}`. */
export const onlinePayload = z.object({
  online: z.boolean(),
  /** The firmware version running now (reported on every connect). */
  firmware: z.string().max(20).optional(),
  ts: z.number().optional(),
});
export type OnlinePayload = z.infer<typeof onlinePayload>;

const cmd = { cmdId: z.string().min(1).max(40) };

/** Commands, `sd/{sn}/down/cmd`. */
export const deviceCommand = z.discriminatedUnion('type', [
  /** Shown on the device; the user presses one-key confirm binding there. */
  z.object({ ...cmd, type: z.literal('bind'), companyName: z.string(), code: z.string() }),
  z.object({ ...cmd, type: z.literal('unbind') }),
  /** Firmware upgrade: download, verify sha256, flash, reboot, reconnect reporting `version`. */
  z.object({ ...cmd, type: z.literal('ota'), version: z.string(), url: z.string(), sha256: z.string(), size: z.number() }),
  /** Remote config update: detect, then apply. */
  z.object({ ...cmd, type: z.literal('config'), version: z.number(), flow: flowDocumentSchema }),
  /** Config detection only: the device checks the document against its firmware, applies nothing. */
  z.object({ ...cmd, type: z.literal('detect'), flow: flowDocumentSchema }),
  /** Server-triggered execution of a flow whose start mode is `server`. */
  z.object({ ...cmd, type: z.literal('run') }),
]);
export type DeviceCommand = z.infer<typeof deviceCommand>;
export type DeviceCommandType = DeviceCommand['type'];

/** Device alarm codes: letters, digits and `_ . : -`, one open alarm per device and code. */
export const deviceAlarmCode = /^[\w.:-]{1,24}$/;

/**
 * An alarm of the device's own (source 1 "client", docs/alarms.md "Device alarms"): `state`
 * 'active' (the default) raises it, or counts a repeat on the open alarm of the same code;
 * 'cleared' clears that alarm. `level` 1–3 as the alarm rules' levels, needed to raise; `text` is
 * the alarm's name in the log (the code when absent); `ts` the device's time of it.
 */
export const deviceAlarmEvent = z
  .object({
    type: z.literal('alarm'),
    code: z.string().regex(deviceAlarmCode),
    level: z.number().int().min(1).max(3).optional(),
    text: z.string().trim().max(100).optional(),
    state: z.enum(['active', 'cleared']).default('active'),
    ts: z.number().optional(),
  })
  .refine((event) => event.state === 'cleared' || event.level !== undefined, { message: 'alarm.deviceLevelRequired', path: ['level'] });
export type DeviceAlarmEvent = z.infer<typeof deviceAlarmEvent>;

/** Events, `sd/{sn}/up/event`. */
export const deviceEvent = z.discriminatedUnion('type', [
  z.object({ ...cmd, type: z.literal('bindConfirm'), code: z.string() }),
  z.object({ ...cmd, type: z.literal('bindReject') }),
  z.object({ ...cmd, type: z.literal('otaProgress'), percent: z.number().min(0).max(100) }),
  /** A failure the device noticed (checksum, download, flash). Success is the reconnect with the new version. */
  z.object({ ...cmd, type: z.literal('otaResult'), ok: z.boolean(), version: z.string().optional(), reason: z.string().max(200).optional() }),
  z.object({ ...cmd, type: z.literal('detectResult'), passed: z.boolean(), reasons: z.array(z.string().max(200)).max(50).default([]) }),
  z.object({ ...cmd, type: z.literal('configResult'), ok: z.boolean(), version: z.number().optional(), reasons: z.array(z.string().max(200)).max(50).default([]) }),
  /** Anything the flow itself publishes on the event topic (e.g. a timeout message). */
  z.object({ type: z.literal('flow'), name: z.string().max(100), message: z.string().max(500).optional(), ts: z.number().optional() }),
  deviceAlarmEvent,
]);
export type DeviceEvent = z.infer<typeof deviceEvent>;

/**
 * Telemetry, `sd/{sn}/up/telemetry`: `{ts, values: {key: number|string}}` with `ts` in ms since
 * the epoch (a 10-digit second stamp is accepted and multiplied). A flat object (`{temperature:
 * 21.5, ts: …}`, as a flow body writes it) is read the same way: every key but `ts` is a value.
 * Keys become fieldNames of the bound IoT data list (ingest: a later task).
 */
export const telemetryValue = z.union([z.number(), z.string().max(1000)]);
export const telemetryPayload = z.object({ ts: z.number(), values: z.record(z.string().min(1).max(64), telemetryValue) });
export type TelemetryPayload = z.infer<typeof telemetryPayload>;

export const telemetryMaxValues = 200;

/** Reads a telemetry payload in either shape; null when it is not telemetry. */
export function parseTelemetry(raw: unknown, now = Date.now()): TelemetryPayload | null {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) {
    return null;
  }
  const object = raw as Record<string, unknown>;
  const source = typeof object.values === 'object' && object.values !== null && !Array.isArray(object.values) ? (object.values as Record<string, unknown>) : object;
  const values: Record<string, number | string> = {};
  let count = 0;
  // telemetryValue's rules checked by hand (a finite number, or a string of at most 1 000): this
  // runs for every value of every publish, and a schema parse per value was 5 % of the ingest's
  // main thread (issue 21).
  for (const key of Object.keys(source)) {
    if (source === object && (key === 'ts' || key === 'values')) {
      continue;
    }
    const value = source[key];
    const valid = typeof value === 'number' ? Number.isFinite(value) : typeof value === 'string' && value.length <= 1000;
    if (!valid || key.length === 0 || key.length > 64) {
      return null;
    }
    values[key] = value as number | string;
    count += 1;
  }
  if (count === 0 || count > telemetryMaxValues) {
    return null;
  }
  let ts = typeof object.ts === 'number' && Number.isFinite(object.ts) ? object.ts : now;
  if (ts < 1e11) {
    ts *= 1000;
  }
  return { ts: Math.trunc(ts), values };
}
