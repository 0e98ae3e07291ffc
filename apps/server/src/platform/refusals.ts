import type { Locale } from '@smartdata/domain';
import { labelOf } from './fieldLabels';

/**
 * Readable, translated reasons for what zod and Fastify refuse before a route runs (issue 12: 720
 * of 950 refusals were raw framework English such as "parentId: Invalid input"). A schema that
 * names its own message key ('validation.…') keeps it; every other zod issue is worded here from
 * its kind and limits, naming the field by its label.
 */

type Texts = Record<Locale, string>;

const typeNames: Record<string, Texts> = {
  number: { 'zh-CN': '数字', 'en-US': 'a number' },
  int: { 'zh-CN': '整数', 'en-US': 'a whole number' },
  string: { 'zh-CN': '文本', 'en-US': 'text' },
  boolean: { 'zh-CN': '是或否', 'en-US': 'true or false' },
  array: { 'zh-CN': '列表', 'en-US': 'a list' },
  object: { 'zh-CN': '对象', 'en-US': 'an object' },
  // z.record(…): record values, settings maps.
  record: { 'zh-CN': '“字段: 值”形式的对象', 'en-US': 'an object of "field: value" pairs' },
  map: { 'zh-CN': '“键: 值”形式的对象', 'en-US': 'an object of "key: value" pairs' },
  date: { 'zh-CN': '日期', 'en-US': 'a date' },
  bigint: { 'zh-CN': '整数', 'en-US': 'a whole number' },
  tuple: { 'zh-CN': '列表', 'en-US': 'a list' },
};

const texts: Record<string, Texts> = {
  required: { 'zh-CN': '{0}不能为空', 'en-US': '{0} is required' },
  wrongType: { 'zh-CN': '{0}应为{1}', 'en-US': '{0} must be {1}' },
  stringMin: { 'zh-CN': '{0}至少 {1} 个字符', 'en-US': '{0} must have at least {1} characters' },
  stringMax: { 'zh-CN': '{0}最多 {1} 个字符', 'en-US': '{0} may have at most {1} characters' },
  arrayMin: { 'zh-CN': '{0}至少 {1} 项', 'en-US': '{0} needs at least {1} entries' },
  arrayMax: { 'zh-CN': '{0}最多 {1} 项', 'en-US': '{0} may have at most {1} entries' },
  numberMin: { 'zh-CN': '{0}不能小于 {1}', 'en-US': '{0} may not be less than {1}' },
  numberAbove: { 'zh-CN': '{0}须大于 {1}', 'en-US': '{0} must be greater than {1}' },
  numberMax: { 'zh-CN': '{0}不能大于 {1}', 'en-US': '{0} may not be greater than {1}' },
  numberBelow: { 'zh-CN': '{0}须小于 {1}', 'en-US': '{0} must be less than {1}' },
  oneOf: { 'zh-CN': '{0}须为以下之一：{1}', 'en-US': '{0} must be one of: {1}' },
  unknownFields: { 'zh-CN': '不能识别的字段：{1}', 'en-US': 'Unknown fields: {1}' },
  invalid: { 'zh-CN': '{0}格式不正确', 'en-US': '{0} is not valid' },
  body: { 'zh-CN': '请求内容', 'en-US': 'The request' },
  // Fastify's own refusals, before any schema runs.
  'request.unsupportedMediaType': { 'zh-CN': '请求内容须为 JSON（Content-Type: application/json）', 'en-US': 'The request body must be JSON (Content-Type: application/json)' },
  'request.formOnly': { 'zh-CN': '请求内容须为表单（application/x-www-form-urlencoded）', 'en-US': 'The request body must be form-encoded (application/x-www-form-urlencoded)' },
  'request.badJson': { 'zh-CN': '请求内容不是有效的 JSON', 'en-US': 'The request body is not valid JSON' },
  'request.emptyBody': { 'zh-CN': '请求内容不能为空', 'en-US': 'The request body is empty' },
  'request.unreadable': { 'zh-CN': '无法读取请求内容', 'en-US': 'The request could not be read' },
};

function fill(text: string, args: readonly string[]): string {
  return args.reduce((result, arg, index) => result.replaceAll(`{${index}}`, arg), text);
}

/** A refusal text of this file (the `request.…` keys), or undefined. */
export function refusalText(key: string, locale: Locale): string | undefined {
  return texts[key]?.[locale];
}

/**
 * The label of the field an issue's path points to: its last named key ("fields.2.name" → 名称),
 * as the call `url` names it.
 */
export function fieldLabel(path: readonly (string | number)[], locale: Locale, url = ''): string {
  const key = [...path].reverse().find((part): part is string => typeof part === 'string');
  if (key === undefined) {
    return texts.body[locale];
  }
  return labelOf(key, locale, url) ?? key;
}

/**
 * Where in a list the refused value sits, as a prefix: "第 2 个字段：" / "Fields 2: " for
 * fields.1.fieldName — a reason alone would not say which row of the list is wrong.
 */
export function listPosition(path: readonly (string | number)[], locale: Locale, url = ''): string {
  let at = path.length - 1;
  while (at >= 0 && typeof path[at] !== 'number') {
    at -= 1;
  }
  const index = path[at];
  if (typeof index !== 'number') {
    return '';
  }
  const label = fieldLabel(path.slice(0, at), locale, url);
  return locale === 'zh-CN' ? `第 ${index + 1} 个${label}：` : `${label} ${index + 1}: `;
}

/** What fastify-type-provider-zod hands on of a zod issue (its fields but path, code and message). */
export interface IssueParams {
  expected?: string;
  origin?: string;
  minimum?: number | bigint;
  maximum?: number | bigint;
  inclusive?: boolean;
  values?: readonly unknown[];
  keys?: readonly string[];
}

/** Words a zod issue without a message key of ours in the caller's language. */
export function issueText(code: string, message: string, params: IssueParams, path: readonly (string | number)[], locale: Locale, url = ''): string {
  const label = fieldLabel(path, locale, url);
  const say = (key: string, arg = '') => fill(texts[key][locale], [label, arg]);
  switch (code) {
    case 'invalid_type':
      // zod reports no input unless asked; its message ends "received undefined" for a missing value.
      if (/received undefined$/.test(message)) {
        return say('required');
      }
      return say('wrongType', typeNames[params.expected ?? '']?.[locale] ?? String(params.expected));
    case 'too_small': {
      const min = String(params.minimum);
      if (params.origin === 'string') {
        return Number(params.minimum) <= 1 ? say('required') : say('stringMin', min);
      }
      if (params.origin === 'array' || params.origin === 'set') {
        return say('arrayMin', min);
      }
      return params.inclusive === false ? say('numberAbove', min) : say('numberMin', min);
    }
    case 'too_big': {
      const max = String(params.maximum);
      if (params.origin === 'string') {
        return say('stringMax', max);
      }
      if (params.origin === 'array' || params.origin === 'set') {
        return say('arrayMax', max);
      }
      return params.inclusive === false ? say('numberBelow', max) : say('numberMax', max);
    }
    case 'invalid_value':
      return say('oneOf', (params.values ?? []).map((v) => JSON.stringify(v)).join(locale === 'zh-CN' ? '、' : ', '));
    case 'unrecognized_keys':
      return say('unknownFields', (params.keys ?? []).join(', '));
    default:
      return say('invalid');
  }
}
