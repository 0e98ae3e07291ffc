import { describe, expect, it } from 'vitest';
import { FieldType, type DataField } from '@smartdata/domain';
import { attachmentKeys, columnTitle, formatCellValue, orderedFields } from './fieldFormat';

const field = (type: DataField['type'], extra: Partial<DataField> = {}) => ({ type, decimalPlaces: null, dateDisplay: null, ...extra });
const tz = 'Asia/Shanghai';
// 2026-03-04 05:06:07 in Shanghai.
const instant = Date.UTC(2026, 2, 3, 21, 6, 7);

describe('formatCellValue', () => {
  it('shows decimals to their places, currency with separators and 2 places by default, integers whole', () => {
    expect(formatCellValue(field(FieldType.decimal, { decimalPlaces: 2 }), 3.5, tz, 'zh-CN')).toBe('3.50');
    expect(formatCellValue(field(FieldType.decimal), 3.125, tz, 'zh-CN')).toBe('3.125');
    expect(formatCellValue(field(FieldType.decimal, { decimalPlaces: 0 }), 3.4, tz, 'zh-CN')).toBe('3');
    expect(formatCellValue(field(FieldType.currency), 1234567.5, tz, 'zh-CN')).toBe('1,234,567.50');
    expect(formatCellValue(field(FieldType.currency, { decimalPlaces: 3 }), 2, tz, 'en-US')).toBe('2.000');
    expect(formatCellValue(field(FieldType.integer), 42, tz, 'zh-CN')).toBe('42');
  });

  it('shows date-times in their display kind in the company time zone', () => {
    expect(formatCellValue(field(FieldType.dateTime), instant, tz, 'zh-CN')).toBe('2026-03-04 05:06:07');
    expect(formatCellValue(field(FieldType.dateTime, { dateDisplay: 'date' }), instant, tz, 'zh-CN')).toBe('2026-03-04');
    expect(formatCellValue(field(FieldType.dateTime, { dateDisplay: 'month' }), instant, tz, 'zh-CN')).toBe('2026-03');
    expect(formatCellValue(field(FieldType.dateTime, { dateDisplay: 'year' }), instant, tz, 'zh-CN')).toBe('2026');
    expect(formatCellValue(field(FieldType.dateTime), instant, 'UTC', 'zh-CN')).toBe('2026-03-03 21:06:07');
  });

  it('shows empty values as nothing and text as it is', () => {
    expect(formatCellValue(field(FieldType.decimal), null, tz, 'zh-CN')).toBe('');
    expect(formatCellValue(field(FieldType.text), undefined, tz, 'zh-CN')).toBe('');
    expect(formatCellValue(field(FieldType.longText), 'a\nb', tz, 'zh-CN')).toBe('a\nb');
  });
});

describe('fields', () => {
  it('orders by priority, ties in stored order', () => {
    const fields = [
      { name: 'c', priority: 2 },
      { name: 'a', priority: 1 },
      { name: 'b', priority: 2 },
    ];
    expect(orderedFields(fields).map((f) => f.name)).toEqual(['a', 'c', 'b']);
  });

  it('titles a column with its unit', () => {
    expect(columnTitle({ name: '温度', unit: '℃' })).toBe('温度 (℃)');
    expect(columnTitle({ name: '名称', unit: '' })).toBe('名称');
  });

  it('reads attachment keys from a list or comma-joined text', () => {
    expect(attachmentKeys(['a', '', 'b'])).toEqual(['a', 'b']);
    expect(attachmentKeys('a, b')).toEqual(['a', 'b']);
    expect(attachmentKeys(null)).toEqual([]);
  });
});
