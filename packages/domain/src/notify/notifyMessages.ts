import type { Locale } from '../shared/errors';

const t = (zh: string, en: string): Record<Locale, string> => ({ 'zh-CN': zh, 'en-US': en });

/** Texts of notification channels and deliveries (issue 32), both languages; `{0}` from `key|a`. */
export const notifyMessages: Record<string, Record<Locale, string>> = {
  'notify.kind.webhook': t('Webhook', 'Webhook'),
  'notify.kind.dingtalk': t('钉钉', 'DingTalk'),
  'notify.kind.wecom': t('企业微信', 'WeCom'),
  'notify.kind.feishu': t('飞书', 'Feishu'),
  'notify.kind.sms': t('短信', 'SMS'),
  'notify.kind.email': t('邮件', 'E-mail'),
  'notify.state.pending': t('待发送', 'Pending'),
  'notify.state.retrying': t('重试中', 'Retrying'),
  'notify.state.sent': t('已发送', 'Sent'),
  'notify.state.failed': t('发送失败', 'Failed'),
  'notify.urlFormat': t('请输入有效的 http(s) 地址', 'Enter a valid http(s) address'),
  'notify.urlPrivate': t(
    '地址指向本机、链路本地或内网地址，已拒绝（如需使用，请由运维人员加入 WEBHOOK_ALLOW_HOSTS）',
    'The address points to this machine, a link-local or a private network and is refused (operators may list it in WEBHOOK_ALLOW_HOSTS)',
  ),
  'notify.kindUnknown': t('不支持的渠道类型', 'Unknown channel kind'),
  'notify.secretAscii': t('密钥只能包含英文字母、数字和符号', 'The secret holds letters, digits and symbols of ASCII only'),
  'notify.secretNotTaken': t('企业微信群机器人不使用密钥（密钥在地址的 key 参数中）', 'A WeCom group robot takes no secret (its key is in the address)'),
  'notify.paramName': t('变量名只能包含英文字母、数字和下划线', 'A variable name holds letters, digits and underscores only'),
  'notify.channelNameTaken': t('渠道名称已存在', 'A channel with this name already exists'),
  'notify.channelsTooMany': t('每个公司最多 50 个通知渠道', 'A company has at most 50 notification channels'),
  'notify.channelMissing': t('通知渠道不存在：{0}', 'No such notification channel: {0}'),
  'notify.smsNoAlarmTemplate': t(
    '短信服务使用云短信，但尚未设置告警短信模板（平台管理员在个人中心的“短信服务”中设置）',
    'The SMS provider is a cloud vendor without an alarm template (the platform administrator sets it under SMS provider in the personal center)',
  ),
  'notify.mailOff': t('服务器未配置邮件服务（SMTP_URL）', 'The server has no e-mail service configured (SMTP_URL)'),
  'notify.smsUnavailable': t('短信不可用：{0}', 'SMS is unavailable: {0}'),
  'notify.test.title': t('智慧数据平台测试消息', 'SmartData Console test message'),
  'notify.test.text': t('渠道“{0}”已可接收告警通知。', 'The channel "{0}" can receive alarm notifications.'),
  'notify.line.target': t('监控对象', 'Target'),
  'notify.line.level': t('告警等级', 'Level'),
  'notify.line.value': t('触发值', 'Value'),
  'notify.line.time': t('时间', 'Time'),
  'notify.line.valueTime': t('触发值时间', 'Value time'),
  'notify.unreachable': t('无法连接接收方：{0}', 'The receiver could not be reached: {0}'),
  'notify.timeout': t('接收方 5 秒内未应答', 'The receiver did not answer within 5 s'),
  'notify.redirect': t('接收方要求跳转（{0}），不跟随', 'The receiver answered with a redirect ({0}), not followed'),
  'notify.channelDeleted': t('通知渠道已删除', 'The notification channel was deleted'),
  'notify.mailNotConfigured': t('服务器未配置邮件服务', 'No e-mail service is configured'),
};
