import { FieldType, numericFieldTypes, type AddDataItemRequest, type DataField, type FormDesign } from '@smartdata/domain';
import { parseJsonList } from '@server/platform/scope';

/** Fields as stored, in column order (priority, then as given). */
export function parseFields(text: string): DataField[] {
  return parseJsonList<DataField>(text)
    .map((field, index) => ({ field, index }))
    .sort((a, b) => a.field.priority - b.field.priority || a.index - b.index)
    .map(({ field }) => field);
}

/** The stored shape of a field list: priorities filled in, options normalized. */
export function toFields(inputs: AddDataItemRequest['fields']): DataField[] {
  return inputs.map((input, index) => ({
    name: input.name.trim(),
    fieldName: input.fieldName.trim(),
    type: Number(input.type) as DataField['type'],
    unit: (input.unit ?? '').trim(),
    priority: input.priority ?? index,
    required: input.required ?? false,
    decimalPlaces: input.decimalPlaces ?? null,
    dateDisplay: Number(input.type) === FieldType.dateTime ? (input.dateDisplay ?? 'datetime') : null,
    indexed: input.indexed ?? false,
  }));
}

/** Names of the fields whose values go to the series store (decimal, currency, integer). */
export function chartedFields(fieldsJson: string): string[] {
  return parseFields(fieldsJson)
    .filter((f) => numericFieldTypes.includes(f.type))
    .map((f) => f.fieldName);
}

/** A stored form design; anything unreadable is an empty form. */
export function parseDesign(text: string): FormDesign {
  try {
    const design = JSON.parse(text) as FormDesign;
    return Array.isArray(design.elements) ? design : { elements: [] };
  } catch {
    return { elements: [] };
  }
}
