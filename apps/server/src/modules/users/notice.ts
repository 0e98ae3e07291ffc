import type { Locale } from '@smartdata/domain';

/**
 * The user-notice agreement. Changing the text means raising `version`: every user is then asked
 * again at their next sign-in (the agreement is recorded per user and version).
 */
export const userNotice = {
  version: '2026-11-21',
  title: { 'zh-CN': '用户须知', 'en-US': 'User notice' } as Record<Locale, string>,
  content: {
    'zh-CN': [
      '欢迎使用智慧数据平台。使用前请仔细阅读以下须知：',
      '1. 您的账号仅限本人使用，请妥善保管密码和验证码，不得转借他人。',
      '2. 您在平台中录入、采集和上传的数据归所属公司所有，平台按公司隔离存储，其他公司不可见。',
      '3. 请勿上传违法、侵权或与业务无关的内容；设备接入凭证请仅用于本公司设备。',
      '4. 平台会记录登录、修改和删除等操作日志，用于安全审计。',
      '5. 对设备的远程配置、固件升级等操作可能影响现场设备运行，请在确认后执行。',
      '点击“同意”即表示您已阅读并接受上述须知。',
    ].join('\n'),
    'en-US': [
      'Welcome to SmartData Console. Please read this notice before you start:',
      '1. Your account is for you alone; keep your password and verification codes to yourself.',
      "2. The data you enter, collect and upload belongs to your company; it is stored apart from other companies' data and is never visible to them.",
      '3. Do not upload unlawful, infringing or unrelated content; use device access credentials only for your company\'s devices.',
      '4. Sign-ins, changes and deletions are recorded in an audit log for security.',
      '5. Remote configuration and firmware upgrades can affect devices in the field; run them only when you are sure.',
      'By choosing Agree you confirm that you have read and accept this notice.',
    ].join('\n'),
  } as Record<Locale, string>,
};
