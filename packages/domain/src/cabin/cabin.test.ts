import { describe, expect, it } from 'vitest';
import { resolveLevel, type GrantLike } from './cabin.schemas';
import { dataItemNameProblem } from '../data-items/fields';
import { checkFieldValue, formatInstant, parseInstant } from '../data-items/values';
import { jumpFilters } from '../data-items/jumps';
import { recordMatches } from '../data-items/records';
import { timeRangeOf } from '../data-items/timeRanges';
import { dataItemLimits } from '../data-items/dataItemLimits';
import { validationMessage } from '../validationMessages';

const shanghai = 'Asia/Shanghai';

describe('resolveLevel', () => {
  const grants: GrantLike[] = [
    { scope: 'company', targetId: 1, level: 'readWrite' },
    { scope: 'group', targetId: 10, level: 'read' },
    { scope: 'group', targetId: 11, level: 'admin' },
    { scope: 'user', targetId: 7, level: 'none' },
  ];
  it('person over groups over company; the most generous group; nothing granted is none', () => {
    expect(resolveLevel(grants, { userId: 7, groupIds: [11] })).toEqual({ level: 'none', source: 'user' });
    expect(resolveLevel(grants, { userId: 8, groupIds: [10, 11] })).toEqual({ level: 'admin', source: 'group' });
    expect(resolveLevel(grants, { userId: 8, groupIds: [10] })).toEqual({ level: 'read', source: 'group' });
    expect(resolveLevel(grants, { userId: 8, groupIds: [] })).toEqual({ level: 'readWrite', source: 'company' });
    expect(resolveLevel([], { userId: 8, groupIds: [] })).toEqual({ level: 'none', source: 'none' });
  });
});

describe('time ranges in the company time zone', () => {
  // 2026-03-15 10:00 in Shanghai.
  const now = Date.UTC(2026, 2, 15, 2, 0, 0);
  it('computes the presets of spec §9', () => {
    expect(timeRangeOf('today', now, shanghai)).toEqual({ from: Date.UTC(2026, 2, 14, 16), to: Date.UTC(2026, 2, 15, 16) });
    expect(timeRangeOf('yesterday', now, shanghai)).toEqual({ from: Date.UTC(2026, 2, 13, 16), to: Date.UTC(2026, 2, 14, 16) });
    expect(timeRangeOf('last7Days', now, shanghai)).toEqual({ from: Date.UTC(2026, 2, 8, 16), to: Date.UTC(2026, 2, 15, 16) });
    expect(timeRangeOf('thisMonth', now, shanghai)).toEqual({ from: Date.UTC(2026, 1, 28, 16), to: Date.UTC(2026, 2, 31, 16) });
    expect(timeRangeOf('thisYear', now, shanghai)).toEqual({ from: Date.UTC(2025, 11, 31, 16), to: Date.UTC(2026, 11, 31, 16) });
  });
  it('reads and writes the display formats', () => {
    expect(parseInstant('2026-03-15 10:00:00', shanghai)).toBe(now);
    expect(parseInstant('2026/3/15', shanghai)).toBe(Date.UTC(2026, 2, 14, 16));
    expect(parseInstant('2026-02-29', shanghai)).toBeNull();
    expect(parseInstant('15.03.2026', shanghai)).toBeNull();
    expect(formatInstant(now, 'datetime', shanghai)).toBe('2026-03-15 10:00:00');
    expect(formatInstant(now, 'month', shanghai)).toBe('2026-03');
  });
});

describe('values and names', () => {
  it('checks values by field type', () => {
    expect(checkFieldValue({ type: 1, required: false, decimalPlaces: 2 }, '3.14159', shanghai)).toEqual({ ok: true, value: 3.14 });
    expect(checkFieldValue({ type: 1, required: false, decimalPlaces: null }, 'abc', shanghai)).toEqual({ ok: false, key: 'validation.value.number' });
    expect(checkFieldValue({ type: 2, required: false, decimalPlaces: null }, -1.005, shanghai)).toEqual({ ok: true, value: -1.01 });
    expect(checkFieldValue({ type: 10, required: false, decimalPlaces: null }, 2.5, shanghai)).toEqual({ ok: false, key: 'validation.value.integer' });
    expect(checkFieldValue({ type: 5, required: true, decimalPlaces: null }, ' ', shanghai)).toEqual({ ok: false, key: 'validation.value.required' });
    expect(checkFieldValue({ type: 8, required: false, decimalPlaces: null }, 'a,b', shanghai)).toEqual({ ok: true, value: ['a', 'b'] });
  });
  it('refuses a text longer than its field with spec §8\'s "数据过长 / Data too long", the field named', () => {
    const text = { type: 5, required: false, decimalPlaces: null } as const;
    const longText = { type: 6, required: false, decimalPlaces: null } as const;
    expect(checkFieldValue(text, 'x'.repeat(dataItemLimits.textLength), shanghai).ok).toBe(true);
    // Characters, not UTF-16 units: 255 emoji fit a text field.
    expect(checkFieldValue(text, '😀'.repeat(dataItemLimits.textLength), shanghai).ok).toBe(true);
    expect(checkFieldValue(text, 'x'.repeat(dataItemLimits.textLength + 1), shanghai)).toEqual({ ok: false, key: 'validation.value.tooLong' });
    expect(checkFieldValue(longText, 'x'.repeat(dataItemLimits.longTextLength + 1), shanghai)).toEqual({ ok: false, key: 'validation.value.tooLong' });
    // `{0}` is the field's name (the server and the web fill it in).
    expect(validationMessage('validation.value.tooLong', 'zh-CN')).toBe('{0}：数据过长');
    expect(validationMessage('validation.value.tooLong', 'en-US')).toBe('{0}: Data too long');
  });
  it('data item names have no special characters', () => {
    expect(dataItemNameProblem('一号线 温度_A-1')).toBeNull();
    expect(dataItemNameProblem('温度(℃)')).toBe('special');
    expect(dataItemNameProblem('')).toBe('required');
  });
  it('matches conditions and builds jump filters', () => {
    expect(recordMatches({ t: 95, s: 'hot' }, [{ field: 't', op: 'gt', value: '80' }, { field: 's', op: 'contains', value: 'ho' }])).toBe(true);
    expect(recordMatches({ t: 20 }, [{ field: 't', op: 'gt', value: 80 }])).toBe(false);
    expect(jumpFilters([{ targetField: 'order', op: 'eq', sourceField: 'no' }], { no: 'PO-1' })).toEqual([{ field: 'order', op: 'eq', value: 'PO-1' }]);
  });
});
