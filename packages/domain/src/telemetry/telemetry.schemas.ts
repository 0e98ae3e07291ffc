import { z } from 'zod';
import { idSchema } from '../shared/ids';
import type { Locale } from '../shared/errors';

/**
 * Telemetry ingest (docs/telemetry.md): an IoT data list (kind 13) is bound to one device; every
 * telemetry key the device publishes is stored in the field whose fieldName equals the key.
 * Unknown keys are ignored (and counted). A device may feed several items; an item has at most one
 * device.
 */
const id = idSchema;

/** `POST /general/telemetry/bindItem` (read-write on the item; the device of the same company). */
export const bindItemRequest = z.object({ itemId: id, deviceId: id });
export type BindItemRequest = z.infer<typeof bindItemRequest>;

/** `POST /general/telemetry/unbindItem`. */
export const unbindItemRequest = z.object({ itemId: id });
export type UnbindItemRequest = z.infer<typeof unbindItemRequest>;

/** `GET /general/telemetry/getBindings?itemId=` or `?deviceId=` (one of them). */
export const bindingsQuery = z
  .object({ itemId: id.optional(), deviceId: id.optional() })
  .refine((q) => (q.itemId === undefined) !== (q.deviceId === undefined), { message: 'telemetry.oneOf' });
export type BindingsQuery = z.infer<typeof bindingsQuery>;

export interface TelemetryBinding {
  itemId: number;
  itemName: string;
  deviceId: number;
  deviceName: string;
  deviceSn: string;
  /** The item's fieldNames: the telemetry keys it stores. */
  keys: string[];
  createdAt: number;
}

/** Message keys of the module's refusals (50001 carries the text in `data`). */
export const telemetryMessages: Record<string, Record<Locale, string>> = {
  'telemetry.notIotList': {
    'zh-CN': '只有物联网数据列表可以绑定设备',
    'en-US': 'Only an IoT data list can be bound to a device',
  },
  'telemetry.alreadyBound': {
    'zh-CN': '该数据项已绑定设备 {0}，请先解除绑定',
    'en-US': 'This data item is already bound to device {0}; unbind it first',
  },
  'telemetry.notBound': { 'zh-CN': '该数据项未绑定设备', 'en-US': 'This data item is not bound to a device' },
  'telemetry.oneOf': { 'zh-CN': '请提供数据项或设备其中之一', 'en-US': 'Give either a data item or a device' },
};

/** The text of a telemetry message key (`key|arg0|arg1`), or null when it is not one. */
export function telemetryMessage(key: string, locale: Locale): string | null {
  const [name, ...args] = key.split('|') as [string, ...string[]];
  const text = telemetryMessages[name]?.[locale];
  if (text === undefined) {
    return null;
  }
  return args.reduce((result, arg, index) => result.replaceAll(`{${index}}`, arg), text);
}
