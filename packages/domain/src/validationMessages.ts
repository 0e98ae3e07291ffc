import type { Locale } from './shared/errors';
import { limits } from './shared/limits';
import { cabinMessages } from './cabin/cabinMessages';
import { chartMessages } from './charts/messages';
import { wechatMessages } from './users/wechat.schemas';
import { smsMessages } from './system/sms.schemas';
import { fileMessages } from './files/fileMessages';
import { meterMessages } from './meters/meterMessages';
import { templateMessages } from './templates/templateMessages';
import { reportMessages } from './reports/reportMessages';
import { inventoryMessages } from './inventory/inventoryMessages';
import { simMessages } from './sim/simMessages';
import { salesMessages } from './sales/salesMessages';
import { gasMessages } from './gas/gasMessages';
import { notifyMessages } from './notify/notifyMessages';
import { webhookMessages } from './webhooks/webhookMessages';
import { apiKeyMessages } from './apiKeys/apiKeyMessages';
import { backupMessages } from './backups/backupMessages';

/**
 * Texts of the validation message keys used by the zod schemas of this package. The web shows
 * them under form fields; the server puts them in `data` of a 50001 answer. One place, both
 * languages.
 */
export const validationMessages: Record<string, Record<Locale, string>> = {
  'validation.required': { 'zh-CN': '此项为必填项', 'en-US': 'This field is required' },
  'validation.nameRequired': { 'zh-CN': '名称不能为空', 'en-US': 'The name is required' },
  'validation.tooLong': { 'zh-CN': '内容过长', 'en-US': 'Data too long' },
  'validation.text.control': { 'zh-CN': '不能包含控制字符或文字方向控制符', 'en-US': 'Control characters and text-direction overrides are not allowed' },
  'validation.text.surrogate': { 'zh-CN': '包含无效的字符', 'en-US': 'Contains an invalid character' },
  'validation.email': { 'zh-CN': '请输入有效的电子邮件地址', 'en-US': 'Enter a valid e-mail address' },
  'validation.phone': { 'zh-CN': '请输入有效的 11 位手机号码', 'en-US': 'Enter a valid 11-digit mobile number' },
  'validation.smsCode': { 'zh-CN': '请输入 6 位数字验证码', 'en-US': 'Enter the 6-digit verification code' },
  'validation.userName.length': {
    'zh-CN': `用户名长度为 ${limits.userNameMin} 到 ${limits.userNameMax} 个字符`,
    'en-US': `The user name must be ${limits.userNameMin} to ${limits.userNameMax} characters long`,
  },
  'validation.userName.pattern': {
    'zh-CN': '用户名须以字母开头，只能包含字母、数字、下划线、点和连字符',
    'en-US': 'The user name must start with a letter and contain only letters, digits, underscore, dot and hyphen',
  },
  'validation.password.tooShort': {
    'zh-CN': `密码至少 ${limits.passwordMin} 位`,
    'en-US': `The password must have at least ${limits.passwordMin} characters`,
  },
  'validation.password.tooLong': {
    'zh-CN': `密码最多 ${limits.passwordMax} 位`,
    'en-US': `The password can have at most ${limits.passwordMax} characters`,
  },
  'validation.password.weak': {
    'zh-CN': '密码须同时包含字母和数字',
    'en-US': 'The password must contain both letters and digits',
  },
  'validation.password.common': {
    'zh-CN': '密码过于常见，很容易被猜到，请换一个',
    'en-US': 'This password is one of the most common ones and easy to guess: choose another',
  },
  'validation.password.mismatch': { 'zh-CN': '两次输入的密码不一致', 'en-US': 'The two passwords do not match' },
  'validation.directoryName.tooLong': {
    'zh-CN': `目录名称最多 ${limits.directoryNameLength} 个字符`,
    'en-US': `A directory name can have at most ${limits.directoryNameLength} characters`,
  },
  'validation.directoryName.percent': { 'zh-CN': '目录名称不能包含 %', 'en-US': 'A directory name cannot contain %' },
  'validation.timeZone': { 'zh-CN': '请选择有效的时区', 'en-US': 'Choose a valid time zone' },
  'validation.ip': { 'zh-CN': '请输入有效的 IP 地址或网段（如 192.168.1.0/24）', 'en-US': 'Enter a valid IP address or range (e.g. 192.168.1.0/24)' },
  'validation.order.expireAfterStart': { 'zh-CN': '到期时间须晚于开始时间', 'en-US': 'The expiry must be after the start' },
  'validation.invalid': { 'zh-CN': '格式不正确', 'en-US': 'Invalid value' },
  'validation.mqttLinks.tooMany': { 'zh-CN': `最多 ${limits.mqttLinksMax} 个 MQTT 连接`, 'en-US': `At most ${limits.mqttLinksMax} MQTT links` },
  ...cabinMessages,
  ...gasMessages,
  ...chartMessages,
  ...wechatMessages,
  ...smsMessages,
  ...fileMessages,
  ...inventoryMessages,
  ...simMessages,
  ...salesMessages,
  ...meterMessages,
  ...templateMessages,
  ...reportMessages,
  ...notifyMessages,
  ...webhookMessages,
  ...apiKeyMessages,
  ...backupMessages,
};

/** The text of a validation key, or null when `key` is not one of ours (e.g. a zod default). */
export function validationMessage(key: string, locale: Locale): string | null {
  return validationMessages[key]?.[locale] ?? null;
}
