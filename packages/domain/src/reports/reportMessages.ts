import type { Locale } from '../shared/errors';
import { reportLimits } from './reports.schemas';

/** Validation texts of report templates, merged into validationMessages. */
export const reportMessages: Record<string, Record<Locale, string>> = {
  'validation.report.ref': { 'zh-CN': `单元格位置须为 A1 到 Z${reportLimits.rows}`, 'en-US': `A cell is A1 to Z${reportLimits.rows}` },
  'validation.report.color': { 'zh-CN': '颜色须为 #RRGGBB', 'en-US': 'A colour is #RRGGBB' },
  'validation.report.oneContent': { 'zh-CN': '一个单元格只能是文本、公式或数据绑定之一', 'en-US': 'A cell holds one of text, a formula or a binding' },
  'validation.report.formula': { 'zh-CN': '公式不能为空', 'en-US': 'The formula is empty' },
  'validation.report.formulaSyntax': { 'zh-CN': '单元格 {0} 的公式无法解析', 'en-US': 'The formula of cell {0} cannot be read' },
  'validation.report.width': { 'zh-CN': `列宽为 ${reportLimits.widthMin} 到 ${reportLimits.widthMax}`, 'en-US': `A column width is ${reportLimits.widthMin} to ${reportLimits.widthMax}` },
  'validation.report.duplicateRef': { 'zh-CN': '单元格重复', 'en-US': 'The cell appears twice' },
  'validation.report.merge': { 'zh-CN': '合并区域须从左上角到右下角，且至少两个单元格', 'en-US': 'A merge runs from its top-left to its bottom-right cell and spans at least two cells' },
  'validation.report.mergeOverlap': { 'zh-CN': '合并区域不能重叠', 'en-US': 'Merged areas cannot overlap' },
  'validation.report.instant': { 'zh-CN': '请输入有效的时间', 'en-US': 'Enter a valid time' },
  'validation.report.range': { 'zh-CN': '请选择开始和结束时间', 'en-US': 'Choose the start and the end' },
  'validation.report.order': { 'zh-CN': '结束时间须晚于开始时间', 'en-US': 'The end must be after the start' },
  'validation.report.tooLongPeriod': { 'zh-CN': `报表周期最长 ${reportLimits.customDays} 天`, 'en-US': `A report period is at most ${reportLimits.customDays} days` },
  'validation.report.numericField': { 'zh-CN': '单元格 {0} 绑定的字段不是数值字段', 'en-US': 'The field bound in cell {0} is not a number field' },
  'validation.report.unknownField': { 'zh-CN': '单元格 {0} 绑定的字段不存在', 'en-US': 'The field bound in cell {0} does not exist' },
};
