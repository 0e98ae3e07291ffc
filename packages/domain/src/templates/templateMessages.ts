import type { Locale } from '../shared/errors';
import { richDocumentLimits } from './richDocument';

/** Validation texts of document and content templates, merged into validationMessages. `{0}` from `key|a`. */
export const templateMessages: Record<string, Record<Locale, string>> = {
  'validation.template.invalid': { 'zh-CN': '模板内容格式不正确', 'en-US': 'The template body is not a valid document' },
  'validation.template.tooLarge': {
    'zh-CN': `模板内容过大（最多 ${richDocumentLimits.jsonLength / 1000} KB、${richDocumentLimits.nodes} 个元素）`,
    'en-US': `The template body is too large (at most ${richDocumentLimits.jsonLength / 1000} KB and ${richDocumentLimits.nodes} elements)`,
  },
  'validation.template.unknownNode': { 'zh-CN': '模板包含不支持的内容类型：{0}', 'en-US': 'The template contains an unsupported element: {0}' },
  'validation.template.unknownMark': { 'zh-CN': '模板包含不支持的文字格式：{0}', 'en-US': 'The template contains an unsupported text format: {0}' },
  'validation.template.placeholder': { 'zh-CN': '占位符无效', 'en-US': 'A placeholder is not valid' },
  'validation.template.unknownField': { 'zh-CN': '占位符引用了数据项中不存在的字段：{0}', 'en-US': 'A placeholder names a field the data item does not have: {0}' },
  'validation.template.tooMany': { 'zh-CN': '模板数量已达上限', 'en-US': 'The number of templates has reached its limit' },
};
