import dayjs, { type Dayjs } from 'dayjs';
import {
  checkFieldValue,
  fileExtension,
  formatInstant,
  imageContentTypes,
  imageExtensions,
  limits,
  parseInstant,
  FieldType,
  type DataField,
  type RecordValues,
} from '@smartdata/domain';
import { attachmentKeys } from './fieldFormat';

/** What a record editor holds per field type: text for numbers and text, a day for date-times, keys for uploads. */
export type EditorValue = string | Dayjs | string[] | null;

/** A stored value as its editor takes it (date-times as the wall clock of the company's time zone). */
export function toEditorValue(field: Pick<DataField, 'type'>, stored: unknown, timeZone: string): EditorValue {
  if (stored === null || stored === undefined) {
    return field.type === FieldType.picture || field.type === FieldType.file ? [] : null;
  }
  switch (field.type) {
    case FieldType.dateTime:
      return typeof stored === 'number' ? dayjs(formatInstant(stored, 'datetime', timeZone), 'YYYY-MM-DD HH:mm:ss') : null;
    case FieldType.picture:
    case FieldType.file:
      return attachmentKeys(stored);
    default:
      return String(stored);
  }
}

/** An editor's value as sent to the server: date-times as epoch ms of the company's wall clock. */
export function fromEditorValue(field: Pick<DataField, 'type'>, value: EditorValue | undefined, timeZone: string): unknown {
  if (value === null || value === undefined) {
    return null;
  }
  if (dayjs.isDayjs(value)) {
    return parseInstant(value.format('YYYY-MM-DD HH:mm:ss'), timeZone);
  }
  if (Array.isArray(value)) {
    return value;
  }
  const text = value.trim();
  if (text === '') {
    return null;
  }
  return text;
}

/**
 * Checks a record's values exactly as the server does (checkFieldValue of the domain: a decimal
 * refuses text, a required field refuses empty, ...) and answers the values to send, or the
 * message key of each field with a problem.
 */
export function checkRecord(
  fields: readonly Pick<DataField, 'fieldName' | 'type' | 'required' | 'decimalPlaces'>[],
  values: Record<string, unknown>,
  timeZone: string,
): { values: RecordValues; problems: Record<string, string> } {
  const out: RecordValues = {};
  const problems: Record<string, string> = {};
  for (const field of fields) {
    if (!(field.fieldName in values)) {
      continue;
    }
    const result = checkFieldValue(field, values[field.fieldName], timeZone);
    if (result.ok) {
      out[field.fieldName] = result.value;
    } else {
      problems[field.fieldName] = result.key;
    }
  }
  return { values: out, problems };
}

/** Why a picture is refused before it is sent (spec §5: JPG or PNG, at most 3MB), as a key of the spec's user texts. */
export function pictureProblem(file: { name: string; type: string; size: number }): 'fileFormatIncorrect' | 'imageTooLarge' | null {
  const typeOk = (imageContentTypes as readonly string[]).includes(file.type.toLowerCase());
  const extensionOk = (imageExtensions as readonly string[]).includes(fileExtension(file.name));
  if (!typeOk || !extensionOk) {
    return 'fileFormatIncorrect';
  }
  return file.size > limits.imageMaxBytes ? 'imageTooLarge' : null;
}
