import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { FieldType } from '@smartdata/domain';
import { checkRecord, fromEditorValue, pictureProblem, toEditorValue } from './recordValues';
import { domainText } from './domainText';

const tz = 'Asia/Shanghai';
const fields = [
  { fieldName: 'temperature', type: FieldType.decimal, required: false, decimalPlaces: 1 },
  { fieldName: 'label', type: FieldType.text, required: true, decimalPlaces: null },
  { fieldName: 'count', type: FieldType.integer, required: false, decimalPlaces: null },
];

describe('record values', () => {
  it('checks like the server: a decimal refuses text, a required field refuses empty, decimals round', () => {
    expect(checkRecord(fields, { temperature: 'abc', label: ' ', count: '1.5' }, tz).problems).toEqual({
      temperature: 'validation.value.number',
      label: 'validation.value.required',
      count: 'validation.value.integer',
    });
    expect(checkRecord(fields, { temperature: '20.25', label: 'A', count: '3' }, tz)).toEqual({ values: { temperature: 20.3, label: 'A', count: 3 }, problems: {} });
  });

  it('turns date-times into the wall clock of the company and back', () => {
    const instant = Date.UTC(2026, 0, 1, 16, 30);
    const editor = toEditorValue({ type: FieldType.dateTime }, instant, tz);
    expect(dayjs.isDayjs(editor) && editor.format('YYYY-MM-DD HH:mm:ss')).toBe('2026-01-02 00:30:00');
    expect(fromEditorValue({ type: FieldType.dateTime }, editor, tz)).toBe(instant);
    expect(toEditorValue({ type: FieldType.picture }, null, tz)).toEqual([]);
    expect(fromEditorValue({ type: FieldType.text }, '  ', tz)).toBeNull();
  });

  it('refuses pictures that are not JPG/PNG or larger than 3MB, with the spec texts', () => {
    expect(pictureProblem({ name: 'a.gif', type: 'image/gif', size: 10 })).toBe('fileFormatIncorrect');
    expect(pictureProblem({ name: 'a.png', type: 'image/png', size: 3 * 1024 * 1024 + 1 })).toBe('imageTooLarge');
    expect(pictureProblem({ name: 'a.JPG', type: 'image/jpeg', size: 1000 })).toBeNull();
  });

  it('fills the arguments of a domain message', () => {
    expect(domainText('validation.form.belowMin|温度|3', 'zh-CN')).toBe('温度：不能小于 3');
    expect(domainText('validation.jump.self', 'en-US')).toBe('A jump destination cannot be its own data item');
    expect(domainText('unknown text', 'zh-CN')).toBe('unknown text');
  });
});
