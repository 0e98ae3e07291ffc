import { FieldType, formatInstant, type DataField, type FieldTypeCode, type Locale } from '@smartdata/domain';

/** Fields in column order: priority ascending, ties in their stored order. */
export function orderedFields<F extends Pick<DataField, 'priority'>>(fields: readonly F[]): F[] {
  return fields
    .map((field, index) => ({ field, index }))
    .sort((a, b) => a.field.priority - b.field.priority || a.index - b.index)
    .map(({ field }) => field);
}

/** A column title: the field's name with its unit, `温度 (℃)`. */
export function columnTitle(field: Pick<DataField, 'name' | 'unit'>): string {
  return field.unit ? `${field.name} (${field.unit})` : field.name;
}

/** The decimal places a number field shows: its own, currency 2 when unset, integer 0, decimal as stored. */
export function shownDecimals(field: Pick<DataField, 'type' | 'decimalPlaces'>): number | null {
  if (field.type === FieldType.integer) {
    return 0;
  }
  if (field.decimalPlaces !== null && field.decimalPlaces !== undefined) {
    return field.decimalPlaces;
  }
  return field.type === FieldType.currency ? 2 : null;
}

/** The object keys of a picture or file value (a list, one key, or keys joined by commas). */
export function attachmentKeys(value: unknown): string[] {
  if (Array.isArray(value)) {
    return value.filter((key): key is string => typeof key === 'string' && key !== '');
  }
  if (typeof value === 'string' && value !== '') {
    return value
      .split(',')
      .map((key) => key.trim())
      .filter(Boolean);
  }
  return [];
}

export const isNumberType = (type: FieldTypeCode) => type === FieldType.decimal || type === FieldType.currency || type === FieldType.integer;
export const isAttachmentType = (type: FieldTypeCode) => type === FieldType.picture || type === FieldType.file;

/**
 * A stored value as the records table shows it (pictures and files are drawn by their own
 * component; this answers their count): decimals to their places, currency with thousands
 * separators, date-times in their display kind in the company's time zone, `''` when empty.
 */
export function formatCellValue(field: Pick<DataField, 'type' | 'decimalPlaces' | 'dateDisplay'>, value: unknown, timeZone: string, locale: Locale): string {
  if (value === null || value === undefined || value === '') {
    return '';
  }
  switch (field.type) {
    case FieldType.decimal:
    case FieldType.currency:
    case FieldType.integer: {
      const number = typeof value === 'number' ? value : Number(value);
      if (!Number.isFinite(number)) {
        return String(value);
      }
      const places = shownDecimals(field);
      if (field.type === FieldType.currency) {
        return new Intl.NumberFormat(locale, { minimumFractionDigits: places ?? 2, maximumFractionDigits: places ?? 2 }).format(number);
      }
      return places === null ? String(number) : number.toFixed(places);
    }
    case FieldType.dateTime: {
      const instant = typeof value === 'number' ? value : Number(value);
      return Number.isFinite(instant) ? formatInstant(instant, field.dateDisplay ?? 'datetime', timeZone) : String(value);
    }
    case FieldType.picture:
    case FieldType.file:
      return attachmentKeys(value).join(',');
    case FieldType.text:
    case FieldType.longText:
      return String(value);
  }
}
