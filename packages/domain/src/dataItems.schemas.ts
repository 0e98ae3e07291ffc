import { z } from 'zod';
import { limits, timeRangePresets, type TimeRangePreset } from './limits';
import { pageQuery } from './paging';
import { startOfDay, startOfMonth, zonedMidnight, zoneOffset } from './time';

/**
 * Data items (spec §3): typed tables of a company, fed by people, devices and tasks; their
 * records, forms, jump associations, forward conditions and item groups. Decisions are written
 * down in docs/cabin.md.
 */

// ---- codes of spec §3 ----

export const FieldType = { decimal: 1, currency: 2, dateTime: 4, text: 5, longText: 6, picture: 8, file: 9, integer: 10 } as const;
export type FieldTypeName = keyof typeof FieldType;
export type FieldTypeCode = (typeof FieldType)[FieldTypeName];
export const fieldTypeCodes = Object.values(FieldType) as FieldTypeCode[];
export const numericFieldTypes: readonly FieldTypeCode[] = [FieldType.decimal, FieldType.currency, FieldType.integer];
export const attachmentFieldTypes: readonly FieldTypeCode[] = [FieldType.picture, FieldType.file];

export const DataItemKind = { artificialList: 10, artificialForm: 11, iotDataList: 13 } as const;
export type DataItemKindCode = (typeof DataItemKind)[keyof typeof DataItemKind];
export const dataItemKindCodes = Object.values(DataItemKind) as DataItemKindCode[];

export const dateDisplays = ['datetime', 'date', 'month', 'year'] as const;
export type DateDisplay = (typeof dateDisplays)[number];
export const dateDisplayFormats: Record<DateDisplay, string> = {
  datetime: 'yyyy-MM-dd HH:mm:ss',
  date: 'yyyy-MM-dd',
  month: 'yyyy-MM',
  year: 'yyyy',
};

export const dataItemLimits = {
  nameLength: limits.generalNameLength,
  fieldsMax: 50,
  fieldNameLength: 32,
  unitLength: 20,
  textLength: 255,
  longTextLength: 10_000,
  /** Pictures or files one value may hold (a form's maximum upload count is at most this). */
  attachmentsMax: 9,
  decimalPlacesMax: limits.resultDecimalPlacesMax,
  /** Fields with a database index of their own (fast filter and sort on large items). */
  indexedFieldsMax: 5,
  expiryDaysMax: 3650,
  filtersMax: 20,
  batchDeleteMax: 500,
  importRowsMax: 10_000,
  /** Base64 text of an import file (about 7.5 MB of file; the request body limit is 10 MB). */
  importContentLength: 10_000_000,
  exportRowsMax: 100_000,
  formElementsMax: 100,
  formOptionsMax: 50,
  jumpConditionsMax: 10,
  forwardDepthMax: 3,
  itemGroupItemsMax: 100,
} as const;

/** Column names of a record that are not fields (filters, sort, import/export headers). */
export const recordColumns = ['id', 'createdAt', 'updatedAt', 'parentRecordId'] as const;
export type RecordColumn = (typeof recordColumns)[number];

// ---- names ----

/** Data item name (spec §5): required, at most 25 characters, no special characters. */
export const dataItemNamePattern = /^[\p{L}\p{M}\p{N}_\- ]+$/u;

export function dataItemNameProblem(name: string): 'required' | 'tooLong' | 'special' | null {
  const trimmed = name.trim();
  if (trimmed === '') {
    return 'required';
  }
  if ([...trimmed].length > dataItemLimits.nameLength) {
    return 'tooLong';
  }
  return dataItemNamePattern.test(trimmed) ? null : 'special';
}

export const dataItemNameSchema = z
  .string()
  .trim()
  .superRefine((name, ctx) => {
    const problem = dataItemNameProblem(name);
    if (problem) {
      ctx.addIssue({ code: 'custom', message: problem === 'required' ? 'validation.nameRequired' : `validation.dataItemName.${problem}` });
    }
  });

/** A field's key in record values: an ASCII identifier (a column header, a JSON key, an index name). */
export const fieldNamePattern = /^[A-Za-z][A-Za-z0-9_]{0,31}$/;

export const fieldNameSchema = z
  .string()
  .trim()
  .superRefine((name, ctx) => {
    if (!fieldNamePattern.test(name)) {
      ctx.addIssue({ code: 'custom', message: name === '' ? 'validation.required' : 'validation.fieldName.pattern' });
    } else if ((recordColumns as readonly string[]).some((column) => column.toLowerCase() === name.toLowerCase())) {
      ctx.addIssue({ code: 'custom', message: 'validation.fieldName.reserved' });
    }
  });

const id = z.coerce.number().int().positive();
const displayName = z.string().trim().min(1, 'validation.nameRequired').max(limits.generalNameLength, 'validation.tooLong');

/** Query parameters that hold JSON (spec §7: array parameters are sent as JSON strings). */
export function jsonParam<T extends z.ZodType>(schema: T) {
  return z.preprocess((value) => {
    if (typeof value !== 'string') {
      return value;
    }
    if (value.trim() === '') {
      return undefined;
    }
    try {
      return JSON.parse(value) as unknown;
    } catch {
      return value;
    }
  }, schema);
}

// ---- fields and data items ----

export const fieldInput = z.object({
  /** Display name (column title). */
  name: displayName.refine((name) => !name.includes('%'), 'validation.directoryName.percent'),
  fieldName: fieldNameSchema,
  type: z.coerce.number().pipe(z.union(fieldTypeCodes.map((code) => z.literal(code)) as [z.ZodLiteral<FieldTypeCode>, ...z.ZodLiteral<FieldTypeCode>[]])),
  unit: z.string().trim().max(dataItemLimits.unitLength, 'validation.tooLong').default(''),
  /** Column order, ascending; ties keep the given order. */
  priority: z.coerce.number().int().min(0).max(10_000).optional(),
  required: z.boolean().default(false),
  /** Decimal and currency only: 0–3 (spec §9); values are rounded to it. */
  decimalPlaces: z.coerce.number().int().min(0, 'validation.field.decimalPlaces').max(dataItemLimits.decimalPlacesMax, 'validation.field.decimalPlaces').nullable().optional(),
  /** Date-time only. */
  dateDisplay: z.enum(dateDisplays).nullable().optional(),
  /** Keep a database index for this field (fast filter and sort on large items). */
  indexed: z.boolean().default(false),
});
export type FieldInput = z.input<typeof fieldInput>;

/** A field as stored and answered. */
export interface DataField {
  name: string;
  fieldName: string;
  type: FieldTypeCode;
  unit: string;
  priority: number;
  required: boolean;
  decimalPlaces: number | null;
  dateDisplay: DateDisplay | null;
  indexed: boolean;
}

/** The rules a field list must keep as a whole; a message key per problem, with the field's index. */
export function fieldListProblems(fields: readonly { fieldName: string; type: number; decimalPlaces?: number | null; dateDisplay?: string | null; indexed?: boolean }[]): { index: number; key: string }[] {
  const problems: { index: number; key: string }[] = [];
  const seen = new Set<string>();
  let indexed = 0;
  fields.forEach((field, index) => {
    const lower = field.fieldName.toLowerCase();
    if (seen.has(lower)) {
      problems.push({ index, key: 'validation.fieldName.duplicate' });
    }
    seen.add(lower);
    if (field.decimalPlaces !== undefined && field.decimalPlaces !== null && field.type !== FieldType.decimal && field.type !== FieldType.currency) {
      problems.push({ index, key: 'validation.field.decimalPlacesOnlyNumbers' });
    }
    if (field.dateDisplay && field.type !== FieldType.dateTime) {
      problems.push({ index, key: 'validation.field.dateDisplayOnlyDates' });
    }
    if (field.indexed) {
      indexed += 1;
      if (field.type === FieldType.longText || field.type === FieldType.picture || field.type === FieldType.file) {
        problems.push({ index, key: 'validation.field.indexedType' });
      } else if (indexed > dataItemLimits.indexedFieldsMax) {
        problems.push({ index, key: 'validation.field.indexedTooMany' });
      }
    }
  });
  return problems;
}

const fieldList = z
  .array(fieldInput)
  .min(1, 'validation.dataItem.noFields')
  .max(dataItemLimits.fieldsMax, 'validation.tooLong')
  .superRefine((fields, ctx) => {
    for (const problem of fieldListProblems(fields)) {
      ctx.addIssue({ code: 'custom', message: problem.key, path: [problem.index, 'fieldName'] });
    }
  });

const expiryDays = z.coerce.number().int().min(1, 'validation.dataItem.expiryDays').max(dataItemLimits.expiryDaysMax, 'validation.dataItem.expiryDays').nullable();

/** `POST /general/dataItem/addDataItem` → `{ id }` */
export const addDataItemRequest = z.object({
  /** The directory node the item goes into (spec §5: parent directory required). */
  directoryId: z.coerce.number({ message: 'validation.dataItem.directoryRequired' }).int().positive('validation.dataItem.directoryRequired'),
  name: dataItemNameSchema,
  /** Spec §5: type selection required. */
  kind: z.coerce.number({ message: 'validation.dataItem.kindRequired' }).pipe(z.union([z.literal(10), z.literal(11), z.literal(13)], { message: 'validation.dataItem.kindRequired' })),
  fields: fieldList,
  /** Keep raw values this many days (null: for ever, or as long as the company's retention). */
  expiryDays: expiryDays.optional(),
  /** The master data item whose records this item's records belong to (child records). */
  parentItemId: id.nullable().optional(),
});
export type AddDataItemRequest = z.infer<typeof addDataItemRequest>;

/** `POST /general/dataItem/updateDataItem`: fields are matched by fieldName; a missing one is removed. */
export const updateDataItemRequest = z.object({
  id,
  name: dataItemNameSchema.optional(),
  fields: fieldList.optional(),
  expiryDays: expiryDays.optional(),
  parentItemId: id.nullable().optional(),
});
export type UpdateDataItemRequest = z.infer<typeof updateDataItemRequest>;

export const dataItemQuery = z.object({ id });
export const dataItemListQuery = pageQuery.extend({
  keyword: z.string().trim().max(50).optional(),
  kind: z.coerce.number().int().optional(),
  /** Only the items whose records are child records of this master item (record list: child records). */
  parentItemId: id.optional(),
});

export interface DataItemSummary {
  id: number;
  nodeId: number;
  name: string;
  kind: DataItemKindCode;
  directoryId: number | null;
  recordCount?: number;
  /** The master item (child records), when the item has one. */
  parentItemId?: number | null;
}

/** `GET /general/dataItem/getDataItem?id=` */
export interface DataItemDetail extends DataItemSummary {
  fields: DataField[];
  expiryDays: number | null;
  parentItemId: number | null;
  /** The caller's effective level on the item (cabin permissions). */
  level: 'none' | 'read' | 'readWrite' | 'admin';
  forms: FormItem[];
  jumps: JumpItem[];
  forwards: ForwardItem[];
  createdAt: number;
  updatedAt: number;
}

// ---- records ----

export const recordValues = z.record(z.string(), z.unknown());
export type RecordValues = Record<string, unknown>;

/** `POST /general/dataItem/addRecord` → `{ id }` */
export const addRecordRequest = z.object({ itemId: id, values: recordValues, parentRecordId: id.nullable().optional() });
/** `POST /general/dataItem/updateRecord`: the given values replace those fields; the others stay. */
export const updateRecordRequest = z.object({ id, itemId: id.optional(), values: recordValues });
export const deleteRecordRequest = z.object({ id, itemId: id.optional() });
/** `POST /general/dataItem/deleteRecords` (batch delete) */
export const deleteRecordsRequest = z.object({ itemId: id, ids: z.array(id).min(1, 'validation.required').max(dataItemLimits.batchDeleteMax, 'validation.tooLong') });
export const recordQuery = z.object({ id });

export const filterOps = ['eq', 'ne', 'gt', 'gte', 'lt', 'lte', 'contains', 'in', 'empty', 'notEmpty'] as const;
export type FilterOp = (typeof filterOps)[number];

/** A condition on a field (or on id, createdAt, updatedAt, parentRecordId). */
export const recordFilter = z.object({
  field: z.string().trim().min(1, 'validation.required').max(dataItemLimits.fieldNameLength),
  op: z.enum(filterOps).default('eq'),
  value: z.unknown().optional(),
});
export type RecordFilter = z.infer<typeof recordFilter>;

export const recordSort = z.object({ field: z.string().trim().min(1).max(dataItemLimits.fieldNameLength), order: z.enum(['asc', 'desc']).default('desc') });
export type RecordSort = z.infer<typeof recordSort>;

/** A preset of spec §9 in the company's time zone, or explicit bounds (epoch ms, `to` exclusive). */
export const timeRange = z.union([
  z.object({ preset: z.enum(timeRangePresets) }),
  z.strictObject({ from: z.coerce.number().int().optional(), to: z.coerce.number().int().optional() }),
]);
export type TimeRange = z.infer<typeof timeRange>;

const listFilters = {
  filters: jsonParam(z.array(recordFilter).max(dataItemLimits.filtersMax, 'validation.tooLong')).default([]),
  sort: jsonParam(recordSort.optional()),
  timeRange: jsonParam(timeRange.optional()),
  /** Child records of one master record. */
  parentRecordId: id.optional(),
};

/** `GET /general/dataItem/getRecords` → `{ list, total }` */
export const recordsQuery = pageQuery.extend({ itemId: id, ...listFilters });
export type RecordsQuery = z.infer<typeof recordsQuery>;

/** `GET /general/dataItem/exportRecords` → the file */
export const exportRecordsQuery = z.object({ itemId: id, format: z.enum(['csv', 'xlsx']).default('xlsx'), ...listFilters });

/** `POST /general/dataItem/importRecords`: the file as base64; all rows or none. */
export const importRecordsRequest = z.object({
  itemId: id,
  fileName: z.string().trim().min(1, 'validation.required').max(200, 'validation.tooLong'),
  content: z.string().min(1, 'validation.required').max(dataItemLimits.importContentLength, 'validation.tooLong'),
  /** Only check and report, write nothing. */
  dryRun: z.boolean().default(false),
});

export interface RecordItem {
  id: number;
  itemId: number;
  parentRecordId: number | null;
  values: RecordValues;
  source: string;
  createdBy: number | null;
  createdAt: number;
  updatedAt: number;
}

export interface ImportRowError {
  /** 1-based row of the file, the header being row 1. */
  row: number;
  column: string;
  message: string;
}

export interface ImportReport {
  rows: number;
  imported: number;
  errors: ImportRowError[];
}

// ---- time ranges (spec §9 presets) ----

function zonedYear(instant: number, timeZone: string): number {
  return new Date(instant + zoneOffset(instant, timeZone)).getUTCFullYear();
}

/** The bounds of a preset at `now` in `timeZone`: [from, to). Last 7 days = today and the six before. */
export function timeRangeOf(preset: TimeRangePreset, now: number, timeZone: string): { from: number; to: number } {
  const today = startOfDay(now, timeZone);
  const dayAfter = (instant: number, days: number) => {
    const local = new Date(instant + zoneOffset(instant, timeZone) + days * 86_400_000);
    return zonedMidnight(local.getUTCFullYear(), local.getUTCMonth() + 1, local.getUTCDate(), timeZone);
  };
  switch (preset) {
    case 'today':
      return { from: today, to: dayAfter(today, 1) };
    case 'yesterday':
      return { from: dayAfter(today, -1), to: today };
    case 'last7Days':
      return { from: dayAfter(today, -6), to: dayAfter(today, 1) };
    case 'thisMonth': {
      const from = startOfMonth(now, timeZone);
      const local = new Date(from + zoneOffset(from, timeZone));
      return { from, to: zonedMidnight(local.getUTCFullYear(), local.getUTCMonth() + 2, 1, timeZone) };
    }
    case 'thisYear': {
      const year = zonedYear(now, timeZone);
      return { from: zonedMidnight(year, 1, 1, timeZone), to: zonedMidnight(year + 1, 1, 1, timeZone) };
    }
  }
}

// ---- values ----

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

const isEmpty = (raw: unknown) => raw === undefined || raw === null || (typeof raw === 'string' && raw.trim() === '') || (Array.isArray(raw) && raw.length === 0);

/** Half away from zero on the decimal digits as written (1.005 → 1.01, not 1.00 as in binary). */
function roundTo(value: number, places: number): number {
  const text = String(Math.abs(value));
  if (text.includes('e')) {
    // Very large or very small: binary rounding is as good as it gets.
    const factor = 10 ** places;
    return Math.sign(value) * (Math.round(Math.abs(value) * factor) / factor);
  }
  const shifted = Math.round(Number(`${text}e${places}`));
  return Math.sign(value) * Number(`${shifted}e-${places}`) || 0;
}

function toNumber(raw: unknown): number | null {
  if (typeof raw === 'number') {
    return Number.isFinite(raw) ? raw : null;
  }
  if (typeof raw === 'string' && /^\s*[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?\s*$/.test(raw)) {
    const value = Number(raw);
    return Number.isFinite(value) ? value : null;
  }
  return null;
}

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

// ---- forms (designer JSON; spec §3 form elements and properties) ----

export const formElementTypes = ['input', 'textarea', 'number', 'dateTime', 'radio', 'checkbox', 'upload'] as const;
export type FormElementType = (typeof formElementTypes)[number];

/** Which field types an element may be bound to. */
export const formElementFieldTypes: Record<FormElementType, readonly FieldTypeCode[]> = {
  input: [FieldType.text, FieldType.longText],
  textarea: [FieldType.longText, FieldType.text],
  number: [FieldType.decimal, FieldType.currency, FieldType.integer],
  dateTime: [FieldType.dateTime],
  radio: [FieldType.text, FieldType.longText],
  checkbox: [FieldType.text, FieldType.longText],
  upload: [FieldType.picture, FieldType.file],
};

const formOption = z.object({
  label: z.string().trim().min(1, 'validation.required').max(50, 'validation.tooLong'),
  // Multiple choice stores the chosen values joined by commas.
  value: z.string().trim().min(1, 'validation.required').max(50, 'validation.tooLong').refine((v) => !v.includes(','), 'validation.form.optionComma'),
});

export const formElement = z.object({
  /** Stable key of the element inside its form. */
  key: z.string().trim().min(1, 'validation.required').max(40, 'validation.tooLong'),
  type: z.enum(formElementTypes),
  label: z.string().trim().min(1, 'validation.required').max(limits.generalNameLength, 'validation.tooLong'),
  /** The bound field (its fieldName). */
  field: z.string().trim().min(1, 'validation.form.fieldRequired'),
  required: z.boolean().default(false),
  placeholder: z.string().trim().max(100, 'validation.tooLong').default(''),
  min: z.number().finite().nullable().optional(),
  max: z.number().finite().nullable().optional(),
  decimalPlaces: z.number().int().min(0, 'validation.field.decimalPlaces').max(dataItemLimits.decimalPlacesMax, 'validation.field.decimalPlaces').nullable().optional(),
  maxCount: z.number().int().min(1, 'validation.form.maxCount').max(dataItemLimits.attachmentsMax, 'validation.form.maxCount').nullable().optional(),
  options: z.array(formOption).max(dataItemLimits.formOptionsMax, 'validation.tooLong').default([]),
});
export type FormElement = z.infer<typeof formElement>;

export const formDesign = z.object({ elements: z.array(formElement).min(1, 'validation.form.empty').max(dataItemLimits.formElementsMax, 'validation.tooLong') });
export type FormDesign = z.infer<typeof formDesign>;

/**
 * The rules of a design against its item's fields (the web designer shows the same): every element
 * bound to an existing field of a matching type, a field bound once, min ≤ max, options for radio
 * and multiple choice, and every required field of the item on the form. Message keys with the
 * element's label as `{0}`.
 */
export function formDesignProblems(design: FormDesign, fields: readonly Pick<DataField, 'fieldName' | 'type' | 'required' | 'name'>[]): string[] {
  const problems: string[] = [];
  const bound = new Set<string>();
  const keys = new Set<string>();
  for (const element of design.elements) {
    const label = element.label;
    if (keys.has(element.key)) {
      problems.push(`validation.form.duplicateKey|${label}`);
    }
    keys.add(element.key);
    const field = fields.find((f) => f.fieldName === element.field);
    if (!field) {
      problems.push(`validation.form.unknownField|${label}`);
      continue;
    }
    if (!formElementFieldTypes[element.type].includes(field.type)) {
      problems.push(`validation.form.incompatible|${label}`);
    }
    if (bound.has(field.fieldName)) {
      problems.push(`validation.form.duplicateField|${label}`);
    }
    bound.add(field.fieldName);
    if (element.min !== null && element.min !== undefined && element.max !== null && element.max !== undefined && element.min > element.max) {
      problems.push(`validation.form.minMax|${label}`);
    }
    if ((element.type === 'radio' || element.type === 'checkbox') && element.options.length === 0) {
      problems.push(`validation.form.options|${label}`);
    }
    if (element.type === 'number' && field.type === FieldType.integer && (element.decimalPlaces ?? 0) > 0) {
      problems.push(`validation.form.integerDecimals|${label}`);
    }
  }
  for (const field of fields) {
    if (field.required && !bound.has(field.fieldName)) {
      problems.push(`validation.form.requiredFieldMissing|${field.name}`);
    }
  }
  return problems;
}

const countDecimals = (value: number) => {
  const text = String(value);
  return text.includes('e-') ? Number(text.split('e-')[1]) : (text.split('.')[1]?.length ?? 0);
};

/**
 * Checks a submission against the design (required, min/max as numbers or as text length,
 * decimal places, options, upload count) and answers the values per bound field. The field
 * types are checked afterwards, as for every record.
 */
export function formSubmissionProblems(design: FormDesign, values: Record<string, unknown>): { values: Record<string, unknown>; problems: string[] } {
  const problems: string[] = [];
  const out: Record<string, unknown> = {};
  const boundFields = new Set(design.elements.map((e) => e.field));
  for (const key of Object.keys(values)) {
    if (!boundFields.has(key)) {
      problems.push(`validation.form.notInForm|${key}`);
    }
  }
  for (const element of design.elements) {
    const raw = values[element.field];
    const label = element.label;
    if (isEmpty(raw)) {
      if (element.required) {
        problems.push(`validation.form.required|${label}`);
      }
      out[element.field] = null;
      continue;
    }
    const hasMin = element.min !== null && element.min !== undefined;
    const hasMax = element.max !== null && element.max !== undefined;
    switch (element.type) {
      case 'number': {
        const value = toNumber(raw);
        if (value === null) {
          problems.push(`validation.form.number|${label}`);
          break;
        }
        if (hasMin && value < element.min!) {
          problems.push(`validation.form.belowMin|${label}|${element.min}`);
        }
        if (hasMax && value > element.max!) {
          problems.push(`validation.form.aboveMax|${label}|${element.max}`);
        }
        if (element.decimalPlaces !== null && element.decimalPlaces !== undefined && countDecimals(value) > element.decimalPlaces) {
          problems.push(`validation.form.decimalPlaces|${label}|${element.decimalPlaces}`);
        }
        out[element.field] = value;
        break;
      }
      case 'input':
      case 'textarea': {
        const text = typeof raw === 'string' ? raw : String(raw);
        const length = [...text].length;
        if (hasMin && length < element.min!) {
          problems.push(`validation.form.shorterThan|${label}|${element.min}`);
        }
        if (hasMax && length > element.max!) {
          problems.push(`validation.form.longerThan|${label}|${element.max}`);
        }
        out[element.field] = text;
        break;
      }
      case 'radio': {
        if (typeof raw !== 'string' || !element.options.some((o) => o.value === raw)) {
          problems.push(`validation.form.notAnOption|${label}`);
        }
        out[element.field] = raw;
        break;
      }
      case 'checkbox': {
        const chosen = Array.isArray(raw) ? raw : typeof raw === 'string' ? raw.split(',') : [];
        if (chosen.length === 0 || chosen.some((c) => typeof c !== 'string' || !element.options.some((o) => o.value === c))) {
          problems.push(`validation.form.notAnOption|${label}`);
        }
        if (hasMin && chosen.length < element.min!) {
          problems.push(`validation.form.chooseAtLeast|${label}|${element.min}`);
        }
        if (hasMax && chosen.length > element.max!) {
          problems.push(`validation.form.chooseAtMost|${label}|${element.max}`);
        }
        out[element.field] = (chosen as string[]).join(',');
        break;
      }
      case 'upload': {
        const keys = Array.isArray(raw) ? raw : [raw];
        const maxCount = element.maxCount ?? 1;
        if (keys.length > maxCount) {
          problems.push(`validation.form.maxUploads|${label}|${maxCount}`);
        }
        out[element.field] = keys;
        break;
      }
      case 'dateTime':
        out[element.field] = raw;
        break;
    }
  }
  return { values: out, problems };
}

export const addFormRequest = z.object({ itemId: id, name: displayName, design: formDesign });
export const updateFormRequest = z.object({ id, name: displayName.optional(), design: formDesign.optional() });
export const formListQuery = z.object({ itemId: id });
export const formQuery = z.object({ id });
/** `POST /general/dataItem/submitForm` → `{ id }` of the record written */
export const submitFormRequest = z.object({ formId: id, values: recordValues, parentRecordId: id.nullable().optional() });

export interface FormItem {
  id: number;
  itemId: number;
  name: string;
  design: FormDesign;
  createdAt: number;
  updatedAt: number;
}

// ---- jump associations ----

/** A jump condition: the target's field compared with a field of the source record or a fixed value. */
export const jumpCondition = z
  .object({
    targetField: z.string().trim().min(1, 'validation.required'),
    op: z.enum(filterOps).default('eq'),
    sourceField: z.string().trim().min(1).optional(),
    value: z.unknown().optional(),
  })
  .refine((c) => c.sourceField !== undefined || c.value !== undefined || c.op === 'empty' || c.op === 'notEmpty', 'validation.jump.conditionValue');

export const jumpInput = z.object({
  /** The jump data name shown on the record list. */
  name: displayName,
  priority: z.coerce.number().int().min(0).max(10_000).default(0),
  targetItemId: z.coerce.number({ message: 'validation.jump.targetRequired' }).int().positive('validation.jump.targetRequired'),
  conditions: z.array(jumpCondition).max(dataItemLimits.jumpConditionsMax, 'validation.tooLong').default([]),
});
export const addJumpRequest = jumpInput.extend({ itemId: id });
export const updateJumpRequest = jumpInput.partial().extend({ id });

export interface JumpItem {
  id: number;
  itemId: number;
  name: string;
  priority: number;
  targetItemId: number;
  targetItemName: string;
  conditions: z.infer<typeof jumpCondition>[];
}

/** A jump destination cannot be its own data item (spec §5). */
export function jumpTargetProblem(itemId: number, targetItemId: number): string | null {
  return itemId === targetItemId ? 'validation.jump.self' : null;
}

/** The filters that open a jump's target for one source record. */
export function jumpFilters(conditions: JumpItem['conditions'], source: RecordValues): RecordFilter[] {
  return conditions.map((c) => ({ field: c.targetField, op: c.op, value: c.sourceField !== undefined ? (source[c.sourceField] ?? null) : c.value }));
}

// ---- forward conditions ----

export const forwardMapping = z.object({ from: z.string().trim().min(1, 'validation.required'), to: z.string().trim().min(1, 'validation.required') });
export const forwardInput = z.object({
  name: displayName,
  /** All must hold for a new record (empty: every new record). */
  conditions: z.array(recordFilter).max(dataItemLimits.filtersMax, 'validation.tooLong').default([]),
  targetItemId: z.coerce.number({ message: 'validation.forward.targetRequired' }).int().positive('validation.forward.targetRequired'),
  mappings: z.array(forwardMapping).min(1, 'validation.forward.noMappings').max(dataItemLimits.fieldsMax, 'validation.tooLong'),
  enabled: z.boolean().default(true),
});
export const addForwardRequest = forwardInput.extend({ itemId: id });
export const updateForwardRequest = forwardInput.partial().extend({ id });

export interface ForwardItem {
  id: number;
  itemId: number;
  name: string;
  conditions: RecordFilter[];
  targetItemId: number;
  targetItemName: string;
  mappings: { from: string; to: string }[];
  enabled: boolean;
}

/**
 * Whether a record's values meet every condition (forward conditions; the same operators as the
 * record list's filters, compared in memory).
 */
export function recordMatches(values: RecordValues, conditions: readonly RecordFilter[]): boolean {
  return conditions.every((condition) => {
    const actual = values[condition.field];
    const expected = condition.value;
    const empty = isEmpty(actual);
    switch (condition.op) {
      case 'empty':
        return empty;
      case 'notEmpty':
        return !empty;
      case 'contains':
        return !empty && String(actual).includes(String(expected ?? ''));
      case 'in':
        return Array.isArray(expected) && expected.some((e) => compare(actual, e) === 0);
      case 'eq':
        return compare(actual, expected) === 0;
      case 'ne':
        return compare(actual, expected) !== 0;
      case 'gt':
        return !empty && compare(actual, expected) > 0;
      case 'gte':
        return !empty && compare(actual, expected) >= 0;
      case 'lt':
        return !empty && compare(actual, expected) < 0;
      case 'lte':
        return !empty && compare(actual, expected) <= 0;
    }
  });
}

function compare(a: unknown, b: unknown): number {
  const x = toNumber(a);
  const y = toNumber(b);
  if (x !== null && y !== null) {
    return x === y ? 0 : x < y ? -1 : 1;
  }
  const s = a === null || a === undefined ? '' : String(a);
  const t = b === null || b === undefined ? '' : String(b);
  return s === t ? 0 : s < t ? -1 : 1;
}

// ---- item groups ----

export const itemGroupInput = z.object({
  name: displayName,
  itemIds: z.array(id).max(dataItemLimits.itemGroupItemsMax, 'validation.tooLong').default([]),
});
export const addItemGroupRequest = itemGroupInput;
export const updateItemGroupRequest = itemGroupInput.partial().extend({ id });
export const itemGroupQuery = z.object({ id });

export interface ItemGroupItem {
  id: number;
  name: string;
  /** The group's data items the caller may read, in the group's order. */
  items: DataItemSummary[];
  createdAt: number;
}

export type { TimeRangePreset };
