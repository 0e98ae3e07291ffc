import type { Locale } from '@smartdata/domain';

/** Texts the server puts in `msg` or `data`, keyed; both languages. */
export const serverTexts: Record<string, Record<Locale, string>> = {
  'auth.userNameTaken': { 'zh-CN': '用户名已存在', 'en-US': 'This user name is already taken' },
  'auth.phoneTaken': { 'zh-CN': '该手机号已注册', 'en-US': 'This phone number is already registered' },
  'auth.smsTooSoon': { 'zh-CN': '验证码发送过于频繁，请稍后再试', 'en-US': 'A code was sent just now, please wait before asking again' },
  'auth.smsHourlyLimit': { 'zh-CN': '该手机号本小时获取验证码次数已达上限', 'en-US': 'This phone number has asked for too many codes this hour' },
  'auth.loginLocked': { 'zh-CN': '登录失败次数过多，请稍后再试', 'en-US': 'Too many failed sign-in attempts, please try again later' },
  'auth.userDisabled': { 'zh-CN': '账号已停用，请联系管理员', 'en-US': 'This account is disabled, contact your administrator' },
  'auth.noticeVersion': { 'zh-CN': '用户须知版本已更新，请重新阅读', 'en-US': 'The user notice has changed, please read it again' },
  'auth.smsMessage': {
    'zh-CN': '【智慧数据平台】您的验证码为 {code}，{minutes} 分钟内有效。如非本人操作，请忽略。',
    'en-US': '[SmartData Console] Your verification code is {code}, valid for {minutes} minutes. Ignore this message if you did not ask for it.',
  },
  'auth.noCompany': { 'zh-CN': '您尚未加入任何公司', 'en-US': 'You are not a member of any company yet' },
  'company.defaultName': { 'zh-CN': '{name}的公司', 'en-US': "{name}'s company" },
  'company.platformName': { 'zh-CN': '智慧数据平台', 'en-US': 'SmartData Platform' },
  'role.companyAdmin': { 'zh-CN': '公司管理员', 'en-US': 'Company administrator' },
  'role.platformAdmin': { 'zh-CN': '平台管理员', 'en-US': 'Platform administrator' },
};
