import type { Locale } from '../shared/errors';
import { meterLimits } from './meters.schemas';

/**
 * Texts of the meters module's message keys (validation keys of the schemas and the service's
 * refusals), merged into validationMessages. `{0}`, `{1}` from `key|a|b`.
 */
export const meterMessages: Record<string, Record<Locale, string>> = {
  'validation.meter.factor': { 'zh-CN': `倍率须大于 0 且不超过 ${meterLimits.meterFactorMax}`, 'en-US': `The factor must be above 0 and at most ${meterLimits.meterFactorMax}` },
  'validation.meter.termFactor': {
    'zh-CN': `公式系数不能为 0，绝对值不超过 ${meterLimits.termFactorMax}`,
    'en-US': `A formula factor cannot be 0 and must be within ±${meterLimits.termFactorMax}`,
  },
  'validation.meter.keyRequired': { 'zh-CN': '请选择读数字段', 'en-US': 'Choose the field that holds the reading' },
  'validation.meter.formulaRequired': { 'zh-CN': '虚拟电表至少需要一个电表', 'en-US': 'A virtual meter needs at least one meter' },
  'validation.meter.formulaTooLong': { 'zh-CN': `公式最多 ${meterLimits.formulaTermsMax} 个电表`, 'en-US': `A formula holds at most ${meterLimits.formulaTermsMax} meters` },
  'validation.meter.formulaDuplicate': { 'zh-CN': '公式中同一电表只能出现一次', 'en-US': 'A meter can appear only once in a formula' },
  'validation.meter.instant': { 'zh-CN': '请输入有效的时间', 'en-US': 'Enter a valid time' },
  'validation.meter.interval': { 'zh-CN': '统计周期须为按日或按月', 'en-US': 'The interval is day or month' },
  'validation.meter.range': { 'zh-CN': '结束时间须晚于开始时间', 'en-US': 'The end must be after the start' },
  'validation.meter.rangeTooLong': { 'zh-CN': '时间范围过长（按日最多 {0} 天，按月最多 {1} 个月）', 'en-US': 'The range is too long (at most {0} days by day, {1} months by month)' },
  'validation.meter.clock': { 'zh-CN': '时间格式为 HH:mm', 'en-US': 'Times are HH:mm' },
  'validation.meter.period': { 'zh-CN': '请选择时段类型（尖、峰、平、谷、深谷）', 'en-US': 'Choose a period (sharp, peak, flat, valley, deep valley)' },
  'validation.meter.price': { 'zh-CN': `电价须在 0 到 ${meterLimits.priceMax} 之间`, 'en-US': `The price must be between 0 and ${meterLimits.priceMax}` },
  'validation.meter.year': { 'zh-CN': '请输入有效的年份', 'en-US': 'Enter a valid year' },
  'validation.meter.month': { 'zh-CN': '月份为 1 到 12', 'en-US': 'The month is 1 to 12' },
  'validation.meter.format': { 'zh-CN': '导出格式为 xlsx 或 pdf', 'en-US': 'The export format is xlsx or pdf' },
  'validation.meter.tariffOverlap': { 'zh-CN': '时段 {0} 与 {1} 重叠', 'en-US': 'The windows {0} and {1} overlap' },
  'validation.meter.tariffHole': { 'zh-CN': '分时电价须覆盖全天，{0} 未设置时段', 'en-US': 'The tariff must cover the whole day; {0} has no window' },
  'validation.meter.tariffEmptyWindow': { 'zh-CN': '时段 {0} 的开始与结束相同', 'en-US': 'The window {0} starts where it ends' },
  'validation.meter.periodPrice': { 'zh-CN': '同一时段类型（{0}）只能有一个电价', 'en-US': 'One period ({0}) has one price' },
  'validation.meter.cycle': { 'zh-CN': '虚拟电表不能循环引用：{0}', 'en-US': 'Virtual meters cannot refer to each other in a cycle: {0}' },
  'validation.meter.fieldNotNumeric': { 'zh-CN': '字段 {0} 不是数值字段，不能作为电表读数', 'en-US': 'The field {0} is not numeric and cannot hold a meter reading' },
  'validation.meter.fieldUnknown': { 'zh-CN': '数据项没有字段 {0}', 'en-US': 'The data item has no field {0}' },
  'validation.meter.deviceKeyUnknown': {
    'zh-CN': '设备的数据项中没有数值字段 {0}（请先将物联网数据列表绑定到设备）',
    'en-US': "None of the device's data items has a numeric field {0} (bind an IoT data list to the device first)",
  },
  'validation.meter.sourceForStandard': { 'zh-CN': '只有标准电表有数据来源和倍率', 'en-US': 'Only a standard meter has a source and a factor' },
  'validation.meter.formulaForVirtual': { 'zh-CN': '只有虚拟电表有公式', 'en-US': 'Only a virtual meter has a formula' },
  'meter.inUse': { 'zh-CN': '电表 {0} 被虚拟电表 {1} 引用，请先修改其公式', 'en-US': 'The meter {0} is used by the virtual meter {1}; change its formula first' },
  'meter.report.title': { 'zh-CN': '{0} {1}年{2}月 用电月报', 'en-US': '{0} monthly report {1}-{2}' },
};
