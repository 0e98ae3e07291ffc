import type { Locale } from '../shared/errors';

/** Texts of the chart message keys (50001 reasons, conflicts); both languages. */
export const chartMessages: Record<string, Record<Locale, string>> = {
  'chart.fieldUnknown': { 'zh-CN': '{0}：字段不存在', 'en-US': '{0}: no such field' },
  'chart.fieldNotNumeric': { 'zh-CN': '{0}：只有数字、金额和整数字段可以绘制图表', 'en-US': '{0}: only decimal, currency and integer fields can be charted' },
  'chart.rangeEmpty': { 'zh-CN': '时间范围的结束须晚于开始', 'en-US': 'The end of the time range must be after its start' },
  'chart.nameTaken': { 'zh-CN': '该数据项下已有同名图表', 'en-US': 'This data item already has a chart of this name' },
  'chart.seriesDuplicate': { 'zh-CN': '同一字段和统计方式只能添加一次', 'en-US': 'Each field and aggregate can be added only once' },
  'chart.categoryField': { 'zh-CN': '{0}：分类轴只能按文本字段分组', 'en-US': '{0}: a category axis groups by a text field' },
  'chart.categoryAggregate': { 'zh-CN': '分类轴的每个字段都需要统计方式（求和、最大值、最小值或平均值）', 'en-US': 'On a category axis every field needs an aggregate (sum, maximum, minimum or average)' },
  'validation.chart.categoryTop': { 'zh-CN': '分类数为 1 到 50', 'en-US': 'Show 1 to 50 categories' },
  'validation.chartName.tooLong': { 'zh-CN': '图表名称最多 25 个字符', 'en-US': 'A chart name can have at most 25 characters' },
};
