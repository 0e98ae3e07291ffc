import { zoneOffset } from '../shared/time';
import { dataItemLimits } from './dataItemLimits';
import { FieldType, type DataField, type DateDisplay } from './fields';
import { isEmpty, roundTo, toNumber } from './rawValues';

/** One value of a field: checked and stored, shown and parsed in the company's time zone. */

/** The instant of a wall-clock time in `timeZone`. */
function zonedInstant(year: number, month: number, day: number, hour: number, minute: number, second: number, timeZone: string): number {
  const guess = Date.UTC(year, month - 1, day, hour, minute, second);
  const first = guess - zoneOffset(guess, timeZone);
  return guess - zoneOffset(first, timeZone);
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** An instant in a display format of spec §3, in the company's time zone. */
export function formatInstant(instant: number, display: DateDisplay, timeZone: string): string {
  const local = new Date(instant + zoneOffset(instant, timeZone));
  const date = `${pad(local.getUTCFullYear(), 4)}-${pad(local.getUTCMonth() + 1)}-${pad(local.getUTCDate())}`;
  switch (display) {
    case 'datetime':
      return `${date} ${pad(local.getUTCHours())}:${pad(local.getUTCMinutes())}:${pad(local.getUTCSeconds())}`;
    case 'date':
      return date;
    case 'month':
      return date.slice(0, 7);
    case 'year':
      return date.slice(0, 4);
  }
}

/** Reads `yyyy-MM-dd HH:mm:ss`, `yyyy-MM-dd`, `yyyy-MM` or `yyyy` (also with `/` or `T`) in `timeZone`. */
export function parseInstant(text: string, timeZone: string): number | null {
  const match = /^(\d{4})(?:[-/](\d{1,2})(?:[-/](\d{1,2})(?:[ T](\d{1,2}):(\d{2})(?::(\d{2}))?)?)?)?$/.exec(text.trim());
  if (!match) {
    return null;
  }
  const [year, month, day, hour, minute, second] = match.slice(1).map((part) => (part === undefined ? undefined : Number(part)));
  const m = month ?? 1;
  const d = day ?? 1;
  if (m < 1 || m > 12 || d < 1 || d > 31 || (hour ?? 0) > 23 || (minute ?? 0) > 59 || (second ?? 0) > 59) {
    return null;
  }
  // 2026-02-31 is not a date.
  const check = new Date(Date.UTC(year!, m - 1, d));
  if (check.getUTCMonth() !== m - 1) {
    return null;
  }
  return zonedInstant(year!, m, d, hour ?? 0, minute ?? 0, second ?? 0, timeZone);
}

export type ValueCheck = { ok: true; value: unknown } | { ok: false; key: string };

/**
 * Checks one value against its field and answers the value to store, or a message key: decimal
 * and currency take numbers (rounded to their decimal places; currency 2 unless set), integer
 * whole numbers, date-time epoch ms or the display format in `timeZone`, text at most 255 and
 * long text 10 000 characters, picture and file a list of object keys (checked for existence by
 * the server). Empty is null, refused when the field is required.
 */
export function checkFieldValue(field: Pick<DataField, 'type' | 'required' | 'decimalPlaces'>, raw: unknown, timeZone: string): ValueCheck {
  if (isEmpty(raw)) {
    return field.required ? { ok: false, key: 'validation.value.required' } : { ok: true, value: null };
  }
  switch (field.type) {
    case FieldType.decimal:
    case FieldType.currency: {
      const value = toNumber(raw);
      if (value === null) {
        return { ok: false, key: 'validation.value.number' };
      }
      const places = field.decimalPlaces ?? (field.type === FieldType.currency ? 2 : null);
      return { ok: true, value: places === null ? value : roundTo(value, places) };
    }
    case FieldType.integer: {
      const value = toNumber(raw);
      if (value === null || !Number.isSafeInteger(value)) {
        return { ok: false, key: 'validation.value.integer' };
      }
      return { ok: true, value };
    }
    case FieldType.dateTime: {
      if (typeof raw === 'number') {
        return Number.isSafeInteger(raw) && raw >= 0 ? { ok: true, value: raw } : { ok: false, key: 'validation.value.dateTime' };
      }
      if (typeof raw === 'string') {
        const value = /^\d{13}$/.test(raw.trim()) ? Number(raw.trim()) : parseInstant(raw, timeZone);
        return value === null ? { ok: false, key: 'validation.value.dateTime' } : { ok: true, value };
      }
      return { ok: false, key: 'validation.value.dateTime' };
    }
    case FieldType.text:
    case FieldType.longText: {
      if (typeof raw !== 'string' && typeof raw !== 'number' && typeof raw !== 'boolean') {
        return { ok: false, key: 'validation.value.text' };
      }
      const value = String(raw);
      const max = field.type === FieldType.text ? dataItemLimits.textLength : dataItemLimits.longTextLength;
      return [...value].length > max ? { ok: false, key: 'validation.value.tooLong' } : { ok: true, value };
    }
    case FieldType.picture:
    case FieldType.file: {
      const keys = Array.isArray(raw) ? raw : typeof raw === 'string' ? raw.split(/[,;]/).map((k) => k.trim()).filter(Boolean) : null;
      if (!keys || keys.some((key) => typeof key !== 'string' || key.trim() === '')) {
        return { ok: false, key: 'validation.value.attachment' };
      }
      if (keys.length > dataItemLimits.attachmentsMax) {
        return { ok: false, key: 'validation.value.tooManyFiles' };
      }
      return { ok: true, value: [...new Set((keys as string[]).map((key) => key.trim()))] };
    }
  }
}

/** A stored value as text (export, table): date-times in their display format and time zone. */
export function formatFieldValue(field: Pick<DataField, 'type' | 'dateDisplay'>, value: unknown, timeZone: string): string {
  if (value === null || value === undefined) {
    return '';
  }
  if (field.type === FieldType.dateTime && typeof value === 'number') {
    return formatInstant(value, field.dateDisplay ?? 'datetime', timeZone);
  }
  if (Array.isArray(value)) {
    return value.join(',');
  }
  return String(value);
}
