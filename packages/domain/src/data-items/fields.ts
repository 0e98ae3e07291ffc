import { z } from 'zod';
import { nameSchema } from '../shared/ids';
import { dataItemLimits, recordColumns } from './dataItemLimits';
import { numeric } from '../shared/numbers';
import { nameText } from '../shared/text';

/**
 * Data items (spec §3): typed tables of a company, fed by people, devices and tasks; their
 * records, forms, jump associations, forward conditions and item groups. Decisions are written
 * down in docs/cabin.md. This file: the codes of spec §3, names and fields.
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

export const dataItemNameSchema = nameText()
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

// ---- fields and data items ----

export const fieldInput = z.object({
  /** Display name (column title). */
  name: nameSchema.refine((name) => !name.includes('%'), 'validation.directoryName.percent'),
  fieldName: fieldNameSchema,
  type: numeric(z.number()).pipe(z.union(fieldTypeCodes.map((code) => z.literal(code)) as [z.ZodLiteral<FieldTypeCode>, ...z.ZodLiteral<FieldTypeCode>[]])),
  unit: z.string().trim().max(dataItemLimits.unitLength, 'validation.tooLong').default(''),
  /** Column order, ascending; ties keep the given order. */
  priority: numeric(z.number().int().min(0).max(dataItemLimits.priorityMax)).optional(),
  required: z.boolean().default(false),
  /** Decimal and currency only: 0–3 (spec §9); values are rounded to it. */
  decimalPlaces: numeric(z.number().int().min(0, 'validation.field.decimalPlaces').max(dataItemLimits.decimalPlacesMax, 'validation.field.decimalPlaces')).nullable().optional(),
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
