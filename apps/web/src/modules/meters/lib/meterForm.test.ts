import { describe, expect, it } from 'vitest';
import { addMeterRequest } from '@smartdata/domain';
import { formValuesOf, formulaProblem, meterSettings } from './meterForm';

describe('meter form', () => {
  it('builds a standard meter over a data item field or a device key, and a virtual one over a formula', () => {
    const item = meterSettings({ name: 'A', nodeType: 101, sourceKind: 'item', itemId: 3, fieldName: 'kwh', factor: 2 });
    expect(item).toEqual({ source: { itemId: 3, fieldName: 'kwh' }, factor: 2 });
    expect(addMeterRequest.safeParse({ directoryId: null, name: 'A', nodeType: 101, ...item }).success).toBe(true);
    expect(meterSettings({ name: 'D', nodeType: 101, sourceKind: 'device', deviceId: 4, key: ' energy ', factor: null })).toEqual({ source: { deviceId: 4, key: 'energy' }, factor: 1 });
    const virtual = meterSettings({ name: 'V', nodeType: 100, sourceKind: 'item', formula: [{ meterId: 1, factor: 1 }, { meterId: 2, factor: -1 }] });
    expect(virtual).toEqual({ formula: [{ meterId: 1, factor: 1 }, { meterId: 2, factor: -1 }] });
    expect(addMeterRequest.safeParse({ directoryId: 5, name: 'V', nodeType: 100, ...virtual }).success).toBe(true);
  });

  it('refuses empty, incomplete, repeated, zero-factor and self-naming formulas', () => {
    expect(formulaProblem([])).toBe('validation.meter.formulaRequired');
    expect(formulaProblem([{ factor: 1 }])).toBeNull();
    expect(formulaProblem([{ meterId: 1 }, { meterId: 1, factor: -1 }])).toBe('validation.meter.formulaDuplicate');
    expect(formulaProblem([{ meterId: 1, factor: 0 }])).toBe('validation.meter.termFactor');
    expect(formulaProblem([{ meterId: 1, factor: 1001 }])).toBe('validation.meter.termFactor');
    expect(formulaProblem([{ meterId: 1, factor: 1 }, { meterId: 9, factor: 1 }], 9)).toBe('validation.meter.cycle');
    expect(formulaProblem([{ meterId: 1, factor: 1 }, { meterId: 2, factor: -0.5 }])).toBeNull();
    expect(formulaProblem(Array.from({ length: 21 }, (_, i) => ({ meterId: i + 1, factor: 1 })))).toBe('validation.meter.formulaTooLong');
  });

  it('fills the form from a saved meter', () => {
    expect(
      formValuesOf({ name: 'A', nodeType: 101, factor: 1, source: { kind: 'device', itemId: null, fieldName: null, deviceId: 4, key: 'e' }, formula: null }),
    ).toMatchObject({ sourceKind: 'device', deviceId: 4, key: 'e', itemId: undefined, formula: [] });
  });
});
