import type { Locale } from '../shared/errors';
import type { BlendOrderState } from './gas.schemas';

const t = (zh: string, en: string): Record<Locale, string> => ({ 'zh-CN': zh, 'en-US': en });

export const blendOrderStateNames: Record<BlendOrderState, Record<Locale, string>> = {
  draft: t('草稿', 'Draft'),
  filled: t('已充装', 'Filled'),
  analysed: t('已分析', 'Analysed'),
  certified: t('已发证', 'Certified'),
  cancelled: t('已取消', 'Cancelled'),
};

/**
 * Texts of the gas module (merged into validationMessages). Refusals of a calculation are
 * `gas.refused.<reason>` (50001 with `data: {reason, detail, message}`), plan warnings
 * `gas.warning.<code>`; `{0}`, `{1}` … from `key|a|b`.
 */
export const gasMessages: Record<string, Record<Locale, string>> = {
  'validation.gas.date': t('请输入有效的日期（yyyy-MM-dd）', 'Enter a valid date (yyyy-MM-dd)'),
  'validation.gas.grade': t('等级格式为 N 加数字，如 N5.0、N6.0', 'A grade is N and a number, e.g. N5.0, N6.0'),
  'gas.refused.fraction-sum': t('各组分摩尔分数之和须为 1（{0}）', 'The amount fractions must sum to 1 ({0})'),
  'gas.refused.negative-value': t('数值不能为负数（{0}）', 'A value cannot be negative ({0})'),
  'gas.refused.unknown-gas': t('未知气体：{0}', 'Unknown gas: {0}'),
  'gas.refused.gas-repeated': t('气体重复：{0}', 'A gas is listed twice: {0}'),
  'gas.refused.input-invalid': t('输入无效：{0}', 'Invalid input: {0}'),
  'gas.refused.range': t('{0}须大于 {1} 且不超过 {2}（输入 {3}）', '{0} must be above {1} and at most {2} (got {3})'),
  'gas.refused.temperature': t('{0}须在 {1} 到 {2} °C 之间（输入 {3}）', '{0} must be from {1} to {2} °C (got {3})'),
  'gas.refused.negative': t('{0}不能为负数（输入 {1}）', '{0} cannot be negative (got {1})'),
  'gas.refused.fractionAboveOne': t('{0}须不超过 1（输入 {1}）', '{0} must be at most 1 (got {1})'),
  'gas.refused.orderNotInMixture': t('充装顺序中的 {0} 不在混合气中', 'The fill order names {0}, which is not in the mixture'),
  'gas.refused.gasOrComposition': t('{0}：请填写气体或组成（二选一）', '{0}: give either the gas or its composition'),
  'gas.refused.parentDeliversOther': t('原料气 {0} 充入的 {1} 既不是目标组分也不是平衡气', 'Parent gas {0} delivers {1}, which is neither a target component nor the balance gas'),
  'gas.refused.parentGasMissing': t('原料气 {0} 缺少气体', 'Parent gas {0}: the gas is missing'),
  'gas.refused.purity': t('{0}须不超过 1（输入 {1}）', '{0} must be at most 1 (got {1})'),
  // The request's fields, as the calculation form names them (web gas locales, form.*).
  'gas.field.volumeL': t('水容积', 'Water volume'),
  'gas.field.pressureBar': t('最终充装压力', 'Final fill pressure'),
  'gas.field.workingPressureBar': t('气瓶工作压力', 'Cylinder working pressure'),
  'gas.field.temperatureC': t('温度', 'Temperature'),
  'gas.field.referenceTemperatureC': t('参比温度', 'Reference temperature'),
  'gas.field.fillTemperatureC': t('充装温度', 'Fill temperature'),
  'gas.field.massG': t('称量质量', 'Weighed mass'),
  'gas.field.uMassG': t('称量质量的不确定度', 'Uncertainty of the weighed mass'),
  'gas.field.purity': t('纯度', 'Purity'),
  'gas.field.fraction': t('摩尔分数', 'Amount fraction'),
  'gas.field.u': t('不确定度', 'Uncertainty'),
  'gas.refused.fraction-invalid': t('摩尔分数无效：{0}', 'Invalid amount fraction: {0}'),
  'gas.refused.fractions-exceed-balance': t('目标组分之和须小于 1，平衡气才有余量（{0}）', 'The target fractions must sum to less than 1 to leave room for the balance gas ({0})'),
  'gas.refused.component-not-covered': t('未知气体：{0}', 'Unknown gas: {0}'),
  'gas.refused.parent-composition-incomplete': t('原料气组成不完整：{0}', 'A parent gas composition is incomplete: {0}'),
  'gas.refused.parent-missing': t('缺少原料气：{0}', 'A parent gas is missing: {0}'),
  'gas.refused.parent-too-weak': t('原料气浓度不足：{0}', 'A parent gas is too weak: {0}'),
  'gas.refused.parents-singular': t('原料气无法独立配出各目标组分', 'The parent gases cannot set the target components independently'),
  'gas.refused.out-of-range': t('超出计算范围：{0}', 'Outside the range of the calculation: {0}'),
  'gas.refused.unsafe': t('配气方案不安全：{0}', 'The blend is unsafe: {0}'),
  'gas.refused.masses': t('称量质量须与原料气一一对应且大于 0：{0}', 'Give one weighed mass above 0 for each parent gas: {0}'),
  'gas.warning.flammableWithOxidizer': t('可燃组分 {0} 与氧化性气体 {2} 共存，达到爆炸下限的 {1}%（上限 {3}%）', 'Flammable {0} with oxidizer {2} at {1} % of the lower explosive limit (at most {3} %)'),
  'gas.warning.flammableWithOxidizerNear': t('可燃组分 {0} 与氧化性气体 {2} 共存，达到爆炸下限的 {1}%（≥ {3}% 请注意）', 'Flammable {0} with oxidizer {2} at {1} % of the lower explosive limit (take care from {3} %)'),
  'gas.warning.liquefies': t('{0} 的分压 {1} bar 高于其在 {3} °C 的饱和蒸气压 {2} bar，会液化', 'The partial pressure of {0}, {1} bar, is above its vapour pressure at {3} °C, {2} bar: it liquefies'),
  'gas.warning.liquefiesCold': t('冷却到 {3} °C 时，{0} 的分压 {1} bar 高于饱和蒸气压 {2} bar，会液化', 'Cooled to {3} °C the partial pressure of {0}, {1} bar, is above its vapour pressure, {2} bar: it liquefies'),
  'gas.warning.aboveWorkingPressure': t('15 °C 下的稳定压力 {0} bar(表压) 高于气瓶工作压力 {1} bar', 'The settled pressure at 15 °C, {0} bar g, is above the cylinder working pressure, {1} bar'),
  'gas.warning.hotFillAboveWorkingPressure': t('在 {2} °C 充装的终止压力 {0} bar(表压) 高于工作压力 {1} bar（冷却后会回落）', 'The stop pressure of a fill at {2} °C, {0} bar g, is above the working pressure, {1} bar (it settles lower when cool)'),
  'gas.warning.virialEstimate': t('{0} 不在 GERG-2008 范围内：压力与物质的量为第二维里系数估算值', '{0} is outside GERG-2008: pressures and amounts are a second-virial estimate'),
  'gas.order.missing': t('配气单不存在', 'The blending order does not exist'),
  'gas.order.state.draft': t('配气单还是草稿，不能执行此操作', 'The blending order is still a draft: this cannot be done now'),
  'gas.order.state.filled': t('配气单已充装，不能执行此操作', 'The blending order is already filled: this cannot be done now'),
  'gas.order.state.analysed': t('配气单已分析，不能执行此操作', 'The blending order is already analysed: this cannot be done now'),
  'gas.order.state.certified': t('配气单已发证，不能执行此操作', 'The blending order is already certified: this cannot be done now'),
  'gas.order.state.cancelled': t('配气单已取消，不能执行此操作', 'The blending order is cancelled: this cannot be done now'),
  'gas.order.inventoryBoth': t('产品入库需同时选择物料和仓库', 'Stocking the product in needs both an item and a warehouse'),
  'gas.order.serialized': t('气瓶物料须为非序列号物料：{0}', 'Cylinder items must be non-serialized items: {0}'),
  'gas.grade.taken': t('该气体的此等级已存在', 'This grade of this gas already exists'),
  'gas.grade.inUse': t('等级已有分析记录，不能删除', 'The grade has analyses and cannot be deleted'),
  'gas.grade.impurity': t('杂质上限须为 0 以上的数（{0}）', 'An impurity limit is a number from 0 ({0})'),
  'gas.analysis.value': t('{0}：须填写含量，或标记为低于检出限', '{0}: give the value or mark it below the detection limit'),
  'gas.analysis.negative': t('{0}：含量和检出限不能为负数', '{0}: values and detection limits cannot be negative'),
  'gas.certificate.source': t('只能为已分析的配气单或合格的纯度分析出具证书', 'A certificate is issued for an analysed blending order or a passing purity analysis'),
  'gas.certificate.dates': t('有效期须晚于定值日期', 'The expiry must be after the certification date'),
  'gas.certificate.issued': t('此记录已出具证书', 'A certificate was already issued for this'),
  'gas.certificate.revoked': t('证书已撤销', 'The certificate is already revoked'),
  'gas.certificate.minPressure': t('最低使用压力须为 0 以上的数', 'The minimum use pressure is a number from 0'),
};
