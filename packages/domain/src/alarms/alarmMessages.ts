import type { Locale } from '../shared/errors';

const t = (zh: string, en: string): Record<Locale, string> => ({ 'zh-CN': zh, 'en-US': en });

/** Texts of the alarms module, both languages. `{0}` is filled from `key|a`. */
export const alarmMessages: Record<string, Record<Locale, string>> = {
  'alarm.levelDuplicate': t('每个告警等级只能设置一个条件', 'Each alarm level can have only one condition'),
  'alarm.lastingNeedsSeconds': t('持续类条件须设置持续时长', 'A lasting condition needs a duration'),
  'alarm.repeatingNeedsCount': t('连续类条件须设置次数', 'A repeating condition needs a count'),
  'alarm.fieldMissing': t('数据项中没有字段“{0}”', 'The data item has no field "{0}"'),
  'alarm.fieldNotNumeric': t('字段“{0}”不是数值字段', 'The field "{0}" is not numeric'),
  'alarm.notActive': t('告警已清除', 'The alarm has been cleared'),
  'alarm.alreadyAcknowledged': t('告警已确认', 'The alarm is already acknowledged'),
  'alarm.watchExists': t('该数据项已设置数据更新监控', 'This data item already has an update watch'),
  'alarm.kind.threshold': t('阈值告警', 'Threshold alarm'),
  'alarm.kind.stale': t('数据停止更新', 'Stopped updating'),
  'alarm.state.active': t('未确认', 'Unacknowledged'),
  'alarm.state.acknowledged': t('已确认', 'Acknowledged'),
  'alarm.state.cleared': t('已清除', 'Cleared'),
  'alarm.level.1': t('一级', 'Level 1'),
  'alarm.level.2': t('二级', 'Level 2'),
  'alarm.level.3': t('三级', 'Level 3'),
  'alarm.source.1': t('客户端', 'Client'),
  'alarm.source.2': t('服务器', 'Server'),
  'alarm.notify.opened': t('告警：{0}', 'Alarm: {0}'),
  'alarm.notify.cleared': t('告警已恢复：{0}', 'Alarm cleared: {0}'),
  'alarm.notify.reminder': t('告警仍未确认：{0}', 'Alarm still unacknowledged: {0}'),
  'alarm.export.sheet': t('告警日志', 'Alarm log'),
};
