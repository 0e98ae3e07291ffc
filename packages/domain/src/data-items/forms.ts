import { z } from 'zod';
import { limits } from '../shared/limits';
import { idSchema as id, nameSchema as displayName, recordIdSchema } from '../shared/ids';
import { dataItemLimits } from './dataItemLimits';
import { FieldType, type DataField, type DataItemKindCode, type FieldTypeCode } from './fields';
import { recordValues } from './records';
import { isEmpty, toNumber } from './rawValues';
import { nameText } from '../shared/text';

/** Forms (designer JSON; spec §3 form elements and properties): the design, its rules and a submission's. */

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
  label: nameText('validation.required').min(1, 'validation.required').max(50, 'validation.tooLong'),
  // Multiple choice stores the chosen values joined by commas.
  value: z.string().trim().min(1, 'validation.required').max(50, 'validation.tooLong').refine((v) => !v.includes(','), 'validation.form.optionComma'),
});

export const formElement = z.object({
  /** Stable key of the element inside its form. */
  key: z.string().trim().min(1, 'validation.required').max(40, 'validation.tooLong'),
  type: z.enum(formElementTypes),
  label: nameText('validation.required').min(1, 'validation.required').max(limits.generalNameLength, 'validation.tooLong'),
  /** The bound field (its fieldName). */
  field: z.string().trim().min(1, 'validation.form.fieldRequired'),
  required: z.boolean().default(false),
  placeholder: z.string().trim().max(dataItemLimits.formPlaceholderLength, 'validation.tooLong').default(''),
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
export type AddFormRequest = z.infer<typeof addFormRequest>;
export const updateFormRequest = z.object({ id, name: displayName.optional(), design: formDesign.optional() });
export type UpdateFormRequest = z.infer<typeof updateFormRequest>;
export const formListQuery = z.object({ itemId: id });
export type FormListQuery = z.infer<typeof formListQuery>;
export const formQuery = z.object({ id });
export type FormQuery = z.infer<typeof formQuery>;
/** `POST /general/dataItem/submitForm` → `{ id }` of the record written */
export const submitFormRequest = z.object({ formId: id, values: recordValues, parentRecordId: recordIdSchema.nullable().optional() });
export type SubmitFormRequest = z.infer<typeof submitFormRequest>;

export interface FormItem {
  id: number;
  itemId: number;
  name: string;
  design: FormDesign;
  createdAt: number;
  updatedAt: number;
}

/** `GET /general/dataItem/getForm?id=`: a form with its item's name, kind and fields (the form page). */
export interface FormDetail extends FormItem {
  itemName: string;
  itemKind: DataItemKindCode;
  fields: DataField[];
}
