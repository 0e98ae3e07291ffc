import type { AlarmListParams } from '../api/keys';

/** The log's target filter as one select value: `item:<id>` or `device:<id>`. */
export type TargetFilterValue = `item:${number}` | `device:${number}`;

/** The select's value as the query's itemId / deviceId (both absent when cleared). */
export function targetFilterParams(value: string | undefined): Pick<AlarmListParams, 'itemId' | 'deviceId'> {
  const match = /^(item|device):(\d+)$/.exec(value ?? '');
  if (!match) {
    return { itemId: undefined, deviceId: undefined };
  }
  const id = Number(match[2]);
  return match[1] === 'item' ? { itemId: id, deviceId: undefined } : { itemId: undefined, deviceId: id };
}

/** The query's itemId / deviceId back as the select's value. */
export function targetFilterValue(params: Pick<AlarmListParams, 'itemId' | 'deviceId'>): TargetFilterValue | undefined {
  if (params.itemId !== undefined) {
    return `item:${params.itemId}`;
  }
  return params.deviceId !== undefined ? `device:${params.deviceId}` : undefined;
}
