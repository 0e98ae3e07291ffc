import { z } from 'zod';
import { alarmTemplateParam, notifyLimits, type AlarmTemplateParam } from '../notify/notify.schemas';

/**
 * Who sends the platform's text messages (verification codes; docs/sms.md): `outbox` writes them to
 * the sms_outbox table and the server log only (the default, for development), `aliyun` is Alibaba
 * Cloud SMS (dysmsapi), `tencent` Tencent Cloud SMS.
 */
export const smsProviders = ['outbox', 'aliyun', 'tencent'] as const;
export type SmsProviderKind = (typeof smsProviders)[number];

/** `GET /general/sms/getSmsSetting` (platform administrators): the access key secret only as "set". */
export interface SmsSetting {
  provider: SmsProviderKind;
  accessKeyId: string;
  secretSet: boolean;
  signName: string;
  templateCode: string;
  /** Tencent Cloud's SmsSdkAppId (the SMS application); unused by Alibaba Cloud. */
  sdkAppId: string;
  region: string;
  /** Host (or http(s) URL) of the vendor's API; empty: the vendor's public endpoint. */
  endpoint: string;
  /**
   * The alarm template (issue 32): a vendor sends only approved templates, so an alarm SMS goes
   * through this one, its variables filled with the alarm's facts. Empty: no alarm SMS by a vendor.
   */
  alarmTemplateCode: string;
  alarmTemplateParams: AlarmTemplateParam[];
  updatedAt: number | null;
}

/**
 * `POST /general/sms/updateSmsSetting`: an empty accessKeySecret keeps the stored one. A vendor
 * needs its key id, a secret (new or kept), the sign name and the template (and Tencent the SDK
 * app id); `outbox` needs nothing and keeps the vendor fields for later.
 */
export const updateSmsSettingRequest = z
  .object({
    provider: z.enum(smsProviders),
    accessKeyId: z.string().trim().max(128, 'validation.tooLong').regex(/^[\x21-\x7e]*$/, 'sms.ascii'),
    accessKeySecret: z.string().trim().max(256, 'validation.tooLong').regex(/^[\x21-\x7e]*$/, 'sms.ascii'),
    signName: z.string().trim().max(64, 'validation.tooLong'),
    templateCode: z.string().trim().max(64, 'validation.tooLong').regex(/^[\x21-\x7e]*$/, 'sms.ascii'),
    sdkAppId: z.string().trim().max(32, 'validation.tooLong').regex(/^[0-9]*$/, 'sms.sdkAppIdFormat'),
    region: z.string().trim().max(32, 'validation.tooLong').regex(/^[a-z0-9-]*$/, 'sms.regionFormat'),
    endpoint: z.string().trim().max(200, 'validation.tooLong').regex(/^[\x21-\x7e]*$/, 'sms.ascii'),
    alarmTemplateCode: z.string().trim().max(64, 'validation.tooLong').regex(/^[\x21-\x7e]*$/, 'sms.ascii').default(''),
    /** Tencent Cloud's variables are positional: name them 1, 2, … in the template's order. */
    alarmTemplateParams: z.array(alarmTemplateParam).max(notifyLimits.templateParamsMax).default([]),
  })
  .strict();
export type UpdateSmsSettingRequest = z.infer<typeof updateSmsSettingRequest>;

export const smsMessages = {
  'sms.ascii': { 'zh-CN': '只能包含英文字母、数字和符号', 'en-US': 'Letters, digits and symbols of ASCII only' },
  'sms.sdkAppIdFormat': { 'zh-CN': 'SDK AppID 只能是数字', 'en-US': 'The SDK AppID holds digits only' },
  'sms.regionFormat': { 'zh-CN': '地域只能包含小写字母、数字和连字符', 'en-US': 'A region holds lowercase letters, digits and hyphens only' },
  'sms.vendorIncomplete': {
    'zh-CN': '使用云短信须填写 AccessKey ID、AccessKey Secret、签名和模板（腾讯云还须 SDK AppID）',
    'en-US': 'A cloud SMS provider needs the AccessKey ID, AccessKey secret, sign name and template (and Tencent Cloud the SDK AppID)',
  },
  'sms.alarmParamsWithoutTemplate': { 'zh-CN': '请先填写告警模板，再设置其变量', 'en-US': 'Enter the alarm template before its variables' },
  'sms.alarmParamDuplicate': { 'zh-CN': '告警模板的变量名不能重复', 'en-US': 'The alarm template has a variable name twice' },
  'sms.endpointFormat': {
    'zh-CN': '接入地址须为主机名或 https 地址（http 仅限本机）',
    'en-US': 'The endpoint is a host name or an https URL (http only for this machine)',
  },
} as const;
