import { formatFieldValue, formatInstant } from '../data-items/values';
import { numericFieldTypes, type DataField } from '../data-items/fields';
import type { PlaceholderValues } from './richDocument';

/** The facts of a record beside its fields (docs/templates.md, "Placeholders"). */
export interface RecordFacts {
  itemName: string;
  /** When the record was made (epoch ms). */
  recordTime: number;
  creator?: string;
  companyName?: string;
}

/**
 * The values of a record by placeholder key, as the record list shows them: date-times in the
 * company's zone and the field's display, numbers with the field's unit (`36.5 ℃`), and the
 * record's facts under `@` keys. One rule for document templates, content templates and the
 * intelligent rules' notify messages.
 */
export function recordPlaceholderValues(
  fields: readonly Pick<DataField, 'fieldName' | 'type' | 'unit' | 'dateDisplay'>[],
  values: Readonly<Record<string, unknown>>,
  facts: RecordFacts,
  timeZone: string,
): PlaceholderValues {
  const result: Record<string, string> = {
    '@recordTime': formatInstant(facts.recordTime, 'datetime', timeZone),
    '@creator': facts.creator ?? '',
    '@companyName': facts.companyName ?? '',
    '@itemName': facts.itemName,
  };
  for (const field of fields) {
    const text = formatFieldValue(field, values[field.fieldName], timeZone);
    result[field.fieldName] = text !== '' && field.unit && numericFieldTypes.includes(field.type) ? `${text} ${field.unit}` : text;
  }
  return result;
}
