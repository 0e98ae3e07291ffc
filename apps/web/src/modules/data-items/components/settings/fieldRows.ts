import { FieldType, type DataField, type DataItemDetail, type DateDisplay, type FieldTypeCode } from '@smartdata/domain';
import { orderedFields } from '../../lib/fieldFormat';

/** One row of the fields editor. `original` is the stored fieldName of a field that exists (null: new). */
export interface FieldRow {
  original: string | null;
  name: string;
  fieldName: string;
  type: FieldTypeCode;
  unit: string;
  required: boolean;
  decimalPlaces: number | null;
  dateDisplay: DateDisplay | null;
  indexed: boolean;
}

export function rowsOf(fields: readonly DataField[]): FieldRow[] {
  return orderedFields(fields).map((field) => ({
    original: field.fieldName,
    name: field.name,
    fieldName: field.fieldName,
    type: field.type,
    unit: field.unit,
    required: field.required,
    decimalPlaces: field.decimalPlaces,
    dateDisplay: field.dateDisplay,
    indexed: field.indexed,
  }));
}

export const hasDecimals = (type: FieldTypeCode | undefined) => type === FieldType.decimal || type === FieldType.currency;
export const canIndex = (type: FieldTypeCode | undefined) => type !== FieldType.longText && type !== FieldType.picture && type !== FieldType.file;

/** The field list updateDataItem takes: priority is the row order; options only where the type has them. */
export type FieldInputRow = DataField;

export function fieldInputsOf(rows: readonly FieldRow[]): FieldInputRow[] {
  return rows.map((row, index) => ({
    name: row.name.trim(),
    fieldName: row.fieldName.trim(),
    type: row.type,
    unit: (row.unit ?? '').trim(),
    priority: index + 1,
    required: Boolean(row.required),
    decimalPlaces: hasDecimals(row.type) ? (row.decimalPlaces ?? null) : null,
    dateDisplay: row.type === FieldType.dateTime ? (row.dateDisplay ?? 'datetime') : null,
    indexed: canIndex(row.type) && Boolean(row.indexed),
  }));
}

/** Fields a form, jump or forward of the item uses: the server refuses to remove them. */
export function fieldsInUse(item: Pick<DataItemDetail, 'forms' | 'jumps' | 'forwards'>): Set<string> {
  const used = new Set<string>();
  for (const form of item.forms) {
    form.design.elements.forEach((element) => used.add(element.field));
  }
  for (const jump of item.jumps) {
    jump.conditions.forEach((condition) => condition.sourceField && used.add(condition.sourceField));
  }
  for (const forward of item.forwards) {
    forward.conditions.forEach((condition) => used.add(condition.field));
    forward.mappings.forEach((mapping) => used.add(mapping.from));
  }
  return used;
}
