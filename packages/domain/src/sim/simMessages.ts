import type { Locale } from '../shared/errors';
import { simLimits } from './sim.schemas';

const t = (zh: string, en: string): Record<Locale, string> => ({ 'zh-CN': zh, 'en-US': en });

/**
 * Texts of the SIM card refusals (50001 with the reason in `data`, 40900 for an illegal state) and
 * of the simulated carrier's messages, merged into validationMessages. `{0}`, `{1}` from `key|a|b`.
 */
export const simMessages: Record<string, Record<Locale, string>> = {
  'validation.sim.number.pattern': t('卡号为 5 到 20 位数字', 'A card number is 5 to 20 digits'),
  'validation.sim.imsi.pattern': t('IMSI 为 6 到 15 位数字', 'An IMSI is 6 to 15 digits'),
  'validation.sim.iccid.pattern': t('ICCID 为 19 或 20 位数字', 'An ICCID is 19 or 20 digits'),
  'validation.sim.iccid.luhn': t('ICCID 校验位不正确', 'The ICCID check digit is wrong'),
  'sim.iccid.taken': t('ICCID {0} 已登记', 'ICCID {0} is already registered'),
  'sim.iccid.repeated': t('ICCID {0} 在文件中重复', 'ICCID {0} appears twice in the file'),
  'validation.sim.planMb': t(`套餐流量须大于 0 且不超过 ${simLimits.planMbMax} MB`, `The allowance is more than 0 and at most ${simLimits.planMbMax} MB`),
  'validation.sim.alertPercent': t('告警阈值为 0 到 100 的整数（0 为关闭）', 'The alert threshold is a whole number from 0 to 100 (0 turns it off)'),
  'validation.sim.dataFrequency': t('数据频率为 1、5、10 或 15 分钟', 'The data frequency is 1, 5, 10 or 15 minutes'),
  'validation.sim.payloadBytes': t(`单条数据大小为 1 到 ${simLimits.payloadBytesMax} 字节`, `The payload is 1 to ${simLimits.payloadBytesMax} bytes`),
  'sim.carrier': t('运营商须为 无、移动、联通 或 电信', 'The carrier is none, mobile, unicom or telecom'),
  'sim.planPeriod': t('套餐周期须为 monthly、quarterly 或 yearly', 'The plan period is monthly, quarterly or yearly'),
  'sim.batch.mixedCarriers': t('批量操作只能针对同一运营商的卡', 'A batch operation takes cards of one carrier'),
  'sim.batch.noCarrier': t('运营商为“无”的卡不能操作', 'A card without a carrier cannot be operated'),
  'sim.operation.open': t('卡 {0} 已有进行中的操作', 'Card {0} already has an operation under way'),
  'sim.device.taken': t('该网关已绑定流量卡 {0}', 'The gateway already has card {0}'),
  'sim.import.format': t('请上传 .xlsx 或 .csv 文件', 'Upload an .xlsx or .csv file'),
  'sim.import.unreadable': t('文件无法读取', 'The file cannot be read'),
  'sim.import.empty': t('文件没有表头', 'The file has no header row'),
  'sim.import.tooMany': t('一次最多导入 {0} 行', 'At most {0} rows per import'),
  'sim.import.unknownColumn': t('未知的列', 'Unknown column'),
  'sim.import.missingColumn': t('缺少此列', 'This column is missing'),
  'sim.import.refused': t('导入失败，{0} 处错误，未导入任何数据：', 'Import refused, {0} problems, nothing imported:'),
  'sim.import.rowError': t('第 {0} 行：{1}', 'Row {0}: {1}'),
  'sim.import.more': t('另有 {0} 处错误', '{0} more problems'),
  'sim.provider.stub': t('{0}接口未接入（仅为接口桩），请使用模拟运营商', 'The {0} API is not connected (a stub only); use the simulated carrier'),
  'sim.provider.noCarrier': t('运营商为“无”，无法同步', 'No carrier: nothing to sync'),
  'sim.provider.unknownCard': t('运营商查无此卡', 'The carrier does not know this card'),
  'sim.simulated.notSuspended': t('卡未停机，无法复机', 'The card is not suspended and cannot be resumed'),
  'sim.simulated.alreadyActive': t('卡已激活', 'The card is already activated'),
  'sim.simulated.notActive': t('卡未激活或已停机，无法停机', 'The card is not in service and cannot be suspended'),
  'sim.simulated.suspended': t('卡已停机，请先复机', 'The card is suspended; resume it first'),
  'sim.operation.timeout': t('运营商超时未确认', 'The carrier did not confirm in time'),
  'sim.alarm.threshold': t('流量卡 {0} 已用 {1}% 套餐流量', 'SIM card {0} has used {1}% of its allowance'),
};
