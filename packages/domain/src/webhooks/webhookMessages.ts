import type { Locale } from '../shared/errors';
import { webhookLimits } from './webhooks.schemas';

const t = (zh: string, en: string): Record<Locale, string> => ({ 'zh-CN': zh, 'en-US': en });

/** Texts of event subscriptions (issue 33), both languages; `{0}` from `key|a`. */
export const webhookMessages: Record<string, Record<Locale, string>> = {
  'webhook.secretLength': t(
    `签名密钥长度为 ${webhookLimits.secretMin} 到 ${webhookLimits.secretMax} 个字符`,
    `The signing secret must be ${webhookLimits.secretMin} to ${webhookLimits.secretMax} characters long`,
  ),
  'webhook.eventsRequired': t('请至少选择一个事件', 'Choose at least one event'),
  'webhook.eventUnknown': t('不支持的事件', 'Unknown event'),
  'webhook.eventsDuplicate': t('事件重复', 'An event is listed twice'),
  'webhook.idsDuplicate': t('选择重复', 'An entry is listed twice'),
  'webhook.itemIdsTooMany': t(`最多选择 ${webhookLimits.itemIdsMax} 个数据项`, `At most ${webhookLimits.itemIdsMax} data items`),
  'webhook.deviceIdsTooMany': t(`最多选择 ${webhookLimits.deviceIdsMax} 个设备`, `At most ${webhookLimits.deviceIdsMax} devices`),
  'webhook.itemMissing': t('数据项不存在：{0}', 'No such data item: {0}'),
  'webhook.deviceMissing': t('设备不存在：{0}', 'No such device: {0}'),
  'webhook.tooMany': t(`每个公司最多 ${webhookLimits.subscriptionsMax} 个事件订阅`, `A company has at most ${webhookLimits.subscriptionsMax} event subscriptions`),
  'webhook.subscriptionDeleted': t('事件订阅已删除', 'The event subscription was deleted'),
  'webhook.subscriptionDisabled': t('事件订阅已停用', 'The event subscription is disabled'),
};
