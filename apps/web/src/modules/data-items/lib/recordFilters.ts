import { FieldType, parseInstant, type DataField, type FieldTypeCode, type FilterOp, type RecordFilter } from '@smartdata/domain';

/** A filter as the filter bar holds it: the value as typed. */
export interface FilterDraft {
  field: string;
  op: FilterOp;
  value: string;
}

/** The operators the server accepts for a field type (docs/cabin.md, "Listing"). */
export function opsForType(type: FieldTypeCode): FilterOp[] {
  switch (type) {
    case FieldType.picture:
    case FieldType.file:
      return ['notEmpty', 'empty'];
    case FieldType.longText:
      return ['contains', 'in', 'notEmpty', 'empty'];
    case FieldType.text:
      return ['contains', 'eq', 'ne', 'in', 'notEmpty', 'empty'];
    case FieldType.dateTime:
      return ['gte', 'lt', 'eq', 'gt', 'lte', 'notEmpty', 'empty'];
    case FieldType.decimal:
    case FieldType.currency:
    case FieldType.integer:
      return ['eq', 'ne', 'gt', 'gte', 'lt', 'lte', 'notEmpty', 'empty'];
  }
}

/** Whether an operator takes a value. */
export const opTakesValue = (op: FilterOp) => op !== 'empty' && op !== 'notEmpty';

export type FilterCheck = { ok: true; filter: RecordFilter } | { ok: false; problem: 'value' | 'number' | 'dateTime' | 'field' };

/**
 * Turns a draft into the filter the server takes: numbers as numbers, date-times (display
 * format or epoch ms) as epoch ms in the company's time zone, `in` as a list of the
 * comma-separated values. Answers the problem instead when the value does not fit the field.
 */
export function buildRecordFilter(draft: FilterDraft, fields: readonly Pick<DataField, 'fieldName' | 'type'>[], timeZone: string): FilterCheck {
  const field = fields.find((f) => f.fieldName === draft.field);
  if (!field) {
    return { ok: false, problem: 'field' };
  }
  if (!opTakesValue(draft.op)) {
    return { ok: true, filter: { field: field.fieldName, op: draft.op } };
  }
  const text = draft.value.trim();
  if (text === '') {
    return { ok: false, problem: 'value' };
  }
  const convert = (part: string): { ok: true; value: unknown } | { ok: false; problem: 'number' | 'dateTime' } => {
    switch (field.type) {
      case FieldType.decimal:
      case FieldType.currency:
      case FieldType.integer: {
        const number = /^[-+]?(\d+\.?\d*|\.\d+)$/.test(part) ? Number(part) : NaN;
        return Number.isFinite(number) ? { ok: true, value: number } : { ok: false, problem: 'number' };
      }
      case FieldType.dateTime: {
        const instant = /^\d{13}$/.test(part) ? Number(part) : parseInstant(part, timeZone);
        return instant === null ? { ok: false, problem: 'dateTime' } : { ok: true, value: instant };
      }
      default:
        return { ok: true, value: part };
    }
  };
  if (draft.op === 'in') {
    const values: unknown[] = [];
    for (const part of text.split(',').map((p) => p.trim()).filter(Boolean)) {
      const converted = convert(part);
      if (!converted.ok) {
        return converted;
      }
      values.push(converted.value);
    }
    return { ok: true, filter: { field: field.fieldName, op: 'in', value: values } };
  }
  const converted = convert(text);
  return converted.ok ? { ok: true, filter: { field: field.fieldName, op: draft.op, value: converted.value } } : converted;
}

/** Filters of a link (jump association, `?filters=`) back into drafts the bar can show. */
export function draftsFromFilters(filters: readonly RecordFilter[]): FilterDraft[] {
  return filters.map((filter) => ({
    field: filter.field,
    op: filter.op,
    value: Array.isArray(filter.value) ? filter.value.map(String).join(',') : filter.value === undefined || filter.value === null ? '' : String(filter.value),
  }));
}

/** Reads `?filters=` (a JSON list of record filters); anything unreadable is no filter. */
export function parseFiltersParam(text: string | null): RecordFilter[] {
  if (!text) {
    return [];
  }
  try {
    const value: unknown = JSON.parse(text);
    if (!Array.isArray(value)) {
      return [];
    }
    return value
      .filter((f): f is { field: string; op?: string; value?: unknown } => typeof f === 'object' && f !== null && typeof (f as { field?: unknown }).field === 'string')
      .map((f) => ({ field: f.field, op: (typeof f.op === 'string' ? f.op : 'eq') as FilterOp, value: f.value }));
  } catch {
    return [];
  }
}
