import type { Locale } from '../shared/errors';
import { apiKeyLimits } from './apiKeys.schemas';

const t = (zh: string, en: string): Record<Locale, string> => ({ 'zh-CN': zh, 'en-US': en });

/** Texts of API keys (issue 33 item 2), both languages; `{0}` from `key|a`. */
export const apiKeyMessages: Record<string, Record<Locale, string>> = {
  'apiKey.state.active': t('有效', 'Active'),
  'apiKey.state.expired': t('已过期', 'Expired'),
  'apiKey.state.revoked': t('已吊销', 'Revoked'),
  'apiKey.codesRequired': t('请至少选择一项权限', 'Choose at least one permission'),
  'apiKey.codesTooMany': t(`最多 ${apiKeyLimits.codesMax} 项权限`, `At most ${apiKeyLimits.codesMax} permissions`),
  'apiKey.codeUnknown': t('未知的权限代码：{0}', 'Unknown permission code: {0}'),
  'apiKey.codeNotHeld': t('你没有“{0}”权限，不能授予 API 密钥', 'You do not hold the permission "{0}" and cannot give it to an API key'),
  'apiKey.codePlatformOnly': t('“{0}”属于平台系统维护，不能授予 API 密钥', '"{0}" belongs to platform maintenance and cannot be given to an API key'),
  'apiKey.expiryInvalid': t('请选择有效的到期时间', 'Choose a valid expiry'),
  'apiKey.expiryPast': t('到期时间须晚于当前时间', 'The expiry must be in the future'),
  'apiKey.expiryTooFar': t(`到期时间最多为 ${apiKeyLimits.expiryMaxDays / 365} 年后`, `The expiry can be at most ${apiKeyLimits.expiryMaxDays / 365} years ahead`),
  'apiKey.nameTaken': t('已有同名的有效 API 密钥', 'An API key with this name already exists'),
  'apiKey.tooMany': t(`每个公司最多 ${apiKeyLimits.keysMax} 个未吊销的 API 密钥`, `A company has at most ${apiKeyLimits.keysMax} API keys that are not revoked`),
  'apiKey.missing': t('API 密钥不存在', 'No such API key'),
  'apiKey.personOnly': t('此操作只能由本人登录后进行，API 密钥不能调用', 'Only a signed-in person can do this; an API key cannot'),
  'apiKey.tooManyCalls': t('API 密钥每分钟最多调用 {0} 次，请稍后再试', 'An API key may make at most {0} calls a minute, please try again later'),
};
