import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { FieldType, type FormElement } from '@smartdata/domain';
import { bindableFields, elementProblem, moveItem, newElement, submitValue } from './formValues';

const element = (extra: Partial<FormElement>): FormElement => ({
  key: 'k',
  type: 'number',
  label: '温度',
  field: 'temperature',
  required: false,
  placeholder: '',
  min: null,
  max: null,
  decimalPlaces: null,
  maxCount: null,
  options: [],
  ...extra,
});
const fields = [
  { name: '温度', fieldName: 'temperature', type: FieldType.decimal, required: false, decimalPlaces: 2 },
  { name: '名称', fieldName: 'label', type: FieldType.text, required: true, decimalPlaces: null },
  { name: '照片', fieldName: 'photo', type: FieldType.picture, required: false, decimalPlaces: null },
];
const tz = 'Asia/Shanghai';

describe('form element values', () => {
  it('checks as designed: required, min and max, decimal places, upload count', () => {
    const number = element({ required: true, min: 0, max: 100, decimalPlaces: 1 });
    expect(elementProblem(number, fields[0], null, tz)).toBe('validation.form.required|温度');
    expect(elementProblem(number, fields[0], 120, tz)).toBe('validation.form.aboveMax|温度|100');
    expect(elementProblem(number, fields[0], 1.25, tz)).toBe('validation.form.decimalPlaces|温度|1');
    expect(elementProblem(number, fields[0], 'abc', tz)).toBe('validation.form.number|温度');
    expect(elementProblem(number, fields[0], 20.5, tz)).toBeNull();
    const upload = element({ type: 'upload', field: 'photo', label: '照片', maxCount: 1 });
    expect(elementProblem(upload, fields[2], ['a', 'b'], tz)).toBe('validation.form.maxUploads|照片|1');
    const input = element({ type: 'input', field: 'label', label: '名称', min: 2 });
    expect(elementProblem(input, fields[1], 'a', tz)).toBe('validation.form.shorterThan|名称|2');
  });

  it('sends numbers as numbers, days as epoch ms, empty as null', () => {
    expect(submitValue({ type: 'number' }, ' 3.5 ', tz)).toBe(3.5);
    expect(submitValue({ type: 'number' }, 'x', tz)).toBe('x');
    expect(submitValue({ type: 'dateTime' }, dayjs('2026-01-02 00:00:00'), tz)).toBe(Date.UTC(2026, 0, 1, 16));
    expect(submitValue({ type: 'checkbox' }, [], tz)).toBeNull();
    expect(submitValue({ type: 'input' }, '  ', tz)).toBeNull();
  });

  it('binds a new element to the first free field that fits', () => {
    const first = newElement('input', '单行输入', fields, []);
    expect(first.field).toBe('label');
    expect(first.required).toBe(true);
    expect(newElement('input', '单行输入', fields, [first]).field).toBe('');
    expect(bindableFields('upload', fields, []).map((f) => f.fieldName)).toEqual(['photo']);
    expect(bindableFields('input', fields, [first], first.key).map((f) => f.fieldName)).toEqual(['label']);
  });

  it('moves items in a list', () => {
    expect(moveItem(['a', 'b', 'c'], 0, 2)).toEqual(['b', 'c', 'a']);
    expect(moveItem(['a', 'b', 'c'], 2, 0)).toEqual(['c', 'a', 'b']);
    expect(moveItem(['a', 'b'], 0, 5)).toEqual(['a', 'b']);
  });
});
