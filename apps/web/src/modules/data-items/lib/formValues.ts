import dayjs from 'dayjs';
import {
  checkFieldValue,
  formElementFieldTypes,
  formSubmissionProblems,
  parseInstant,
  type DataField,
  type FormElement,
  type FormElementType,
} from '@smartdata/domain';

/** What a rendered form element holds: text (inputs, numbers), a day, a choice, choices or upload keys. */
export type ElementValue = string | string[] | dayjs.Dayjs | null | undefined;

/** An element's value as submitForm takes it: numbers as numbers, date-times as epoch ms, choices as a list. */
export function submitValue(element: Pick<FormElement, 'type'>, value: ElementValue, timeZone: string): unknown {
  if (value === null || value === undefined) {
    return null;
  }
  if (dayjs.isDayjs(value)) {
    return parseInstant(value.format('YYYY-MM-DD HH:mm:ss'), timeZone);
  }
  if (Array.isArray(value)) {
    return value.length === 0 ? null : value;
  }
  const text = value.trim();
  if (text === '') {
    return null;
  }
  if (element.type === 'number') {
    return /^[-+]?(\d+\.?\d*|\.\d+)$/.test(text) ? Number(text) : text;
  }
  return element.type === 'input' || element.type === 'textarea' ? value : text;
}

/**
 * The first problem of one element's value, as a domain message key with its arguments: first
 * as designed (required, min/max, decimal places, options, upload count — formSubmissionProblems,
 * the server's own check), then against the bound field's type (checkFieldValue).
 */
export function elementProblem(element: FormElement, field: Pick<DataField, 'type' | 'required' | 'decimalPlaces' | 'name'> | undefined, value: unknown, timeZone: string): string | null {
  const submission = formSubmissionProblems({ elements: [element] }, { [element.field]: value });
  if (submission.problems.length > 0) {
    return submission.problems[0];
  }
  if (!field) {
    return `validation.form.unknownField|${element.label}`;
  }
  const checked = checkFieldValue({ ...field, required: element.required }, submission.values[element.field], timeZone);
  return checked.ok ? null : `${checked.key}|${element.label}`;
}

/** The fields an element may be bound to (type fits, not bound by another element). */
export function bindableFields<F extends Pick<DataField, 'fieldName' | 'type'>>(type: FormElementType, fields: readonly F[], elements: readonly Pick<FormElement, 'key' | 'field'>[], ownKey?: string): F[] {
  const taken = new Set(elements.filter((e) => e.key !== ownKey).map((e) => e.field));
  return fields.filter((f) => formElementFieldTypes[type].includes(f.type) && !taken.has(f.fieldName));
}

let serial = 0;

/** A new element of a type, bound to the first free field that fits (the designer's palette). */
export function newElement(type: FormElementType, label: string, fields: readonly Pick<DataField, 'fieldName' | 'type' | 'required'>[], elements: readonly FormElement[]): FormElement {
  serial += 1;
  const field = bindableFields(type, fields, elements)[0];
  return {
    key: `${type}_${Date.now().toString(36)}${serial.toString(36)}`,
    type,
    label,
    field: field?.fieldName ?? '',
    required: field?.required ?? false,
    placeholder: '',
    min: null,
    max: null,
    decimalPlaces: null,
    maxCount: type === 'upload' ? 1 : null,
    options: [],
  };
}

/** Moves an item of a list from one index to another (designer and field order). */
export function moveItem<T>(list: readonly T[], from: number, to: number): T[] {
  if (from === to || from < 0 || to < 0 || from >= list.length || to >= list.length) {
    return [...list];
  }
  const next = [...list];
  const [moved] = next.splice(from, 1);
  next.splice(to, 0, moved);
  return next;
}
