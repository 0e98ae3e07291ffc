import { describe, expect, it } from 'vitest';
import { FieldType } from '@smartdata/domain';
import { buildRecordFilter, draftsFromFilters, opsForType, parseFiltersParam } from './recordFilters';

const fields = [
  { fieldName: 'temperature', type: FieldType.decimal },
  { fieldName: 'label', type: FieldType.text },
  { fieldName: 'readAt', type: FieldType.dateTime },
  { fieldName: 'photo', type: FieldType.picture },
];
const tz = 'Asia/Shanghai';

describe('buildRecordFilter', () => {
  it('sends numbers as numbers and refuses text for a number field', () => {
    expect(buildRecordFilter({ field: 'temperature', op: 'gt', value: ' 20.5 ' }, fields, tz)).toEqual({ ok: true, filter: { field: 'temperature', op: 'gt', value: 20.5 } });
    expect(buildRecordFilter({ field: 'temperature', op: 'gt', value: 'abc' }, fields, tz)).toEqual({ ok: false, problem: 'number' });
  });

  it('reads date-times in the company time zone', () => {
    expect(buildRecordFilter({ field: 'readAt', op: 'gte', value: '2026-01-02' }, fields, tz)).toEqual({
      ok: true,
      filter: { field: 'readAt', op: 'gte', value: Date.UTC(2026, 0, 1, 16) },
    });
    expect(buildRecordFilter({ field: 'readAt', op: 'gte', value: '2026-02-31' }, fields, tz)).toEqual({ ok: false, problem: 'dateTime' });
  });

  it('takes lists for `in`, no value for empty, and needs a value otherwise', () => {
    expect(buildRecordFilter({ field: 'label', op: 'in', value: 'a, b,' }, fields, tz)).toEqual({ ok: true, filter: { field: 'label', op: 'in', value: ['a', 'b'] } });
    expect(buildRecordFilter({ field: 'photo', op: 'empty', value: '' }, fields, tz)).toEqual({ ok: true, filter: { field: 'photo', op: 'empty' } });
    expect(buildRecordFilter({ field: 'label', op: 'eq', value: ' ' }, fields, tz)).toEqual({ ok: false, problem: 'value' });
    expect(buildRecordFilter({ field: 'nope', op: 'eq', value: 'x' }, fields, tz)).toEqual({ ok: false, problem: 'field' });
  });

  it('offers only the operators the server takes for each type', () => {
    expect(opsForType(FieldType.picture)).toEqual(['notEmpty', 'empty']);
    expect(opsForType(FieldType.longText)).not.toContain('eq');
    expect(opsForType(FieldType.integer)).toContain('gte');
  });
});

describe('filters in a link', () => {
  it('reads ?filters= and gives the drafts back', () => {
    const filters = parseFiltersParam(JSON.stringify([{ field: 'label', op: 'eq', value: 'PO-1' }, { field: 'temperature', value: 3 }, { op: 'eq' }]));
    expect(filters).toEqual([
      { field: 'label', op: 'eq', value: 'PO-1' },
      { field: 'temperature', op: 'eq', value: 3 },
    ]);
    expect(draftsFromFilters(filters)).toEqual([
      { field: 'label', op: 'eq', value: 'PO-1' },
      { field: 'temperature', op: 'eq', value: '3' },
    ]);
    expect(parseFiltersParam('not json')).toEqual([]);
    expect(parseFiltersParam(null)).toEqual([]);
  });
});
