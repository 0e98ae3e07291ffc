import { describe, expect, it } from 'vitest';
import { targetFilterParams, targetFilterValue } from './targetFilter';

describe('target filter', () => {
  it('turns the select value into itemId or deviceId and back', () => {
    expect(targetFilterParams('item:12')).toEqual({ itemId: 12, deviceId: undefined });
    expect(targetFilterParams('device:7')).toEqual({ itemId: undefined, deviceId: 7 });
    expect(targetFilterValue({ itemId: 12 })).toBe('item:12');
    expect(targetFilterValue({ deviceId: 7 })).toBe('device:7');
  });

  it('clears both when the select is cleared or holds anything else', () => {
    expect(targetFilterParams(undefined)).toEqual({ itemId: undefined, deviceId: undefined });
    expect(targetFilterParams('item:x')).toEqual({ itemId: undefined, deviceId: undefined });
    expect(targetFilterValue({})).toBeUndefined();
  });
});
