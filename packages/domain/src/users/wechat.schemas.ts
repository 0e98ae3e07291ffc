import { z } from 'zod';

/**
 * WeChat scan sign-in (spec §7 "A WeChat scan login redirects to a general user WXScanLogin path";
 * docs/auth.md): the platform's WeChat website application, the sign-in QR, the personal center's
 * binding. The app secret goes in and never comes back out.
 */

/** `GET /general/wechat/getWechatSetting` (platform administrators): the secret only as "set". */
export interface WechatSetting {
  appId: string;
  secretSet: boolean;
  updatedAt: number | null;
}

/**
 * `POST /general/wechat/updateWechatSetting`: an empty secret keeps the stored one; an empty app
 * id with an empty secret turns WeChat sign-in off (the setting is removed).
 */
export const updateWechatSettingRequest = z
  .object({
    appId: z.string().trim().max(64, 'validation.tooLong').regex(/^[A-Za-z0-9_-]*$/, 'wechat.appIdFormat'),
    appSecret: z.string().trim().max(128, 'validation.tooLong').default(''),
  })
  .strict();
export type UpdateWechatSettingRequest = z.infer<typeof updateWechatSettingRequest>;

/** `GET /general/user/access/getWechatLoginOption` (public): whether the sign-in page shows the WeChat tab. */
export interface WechatLoginOption {
  enabled: boolean;
}

/** The qrconnect URL to show (sign-in) or open (binding), with a fresh single-use state. */
export interface WechatQrConnect {
  url: string;
}

/** `GET /general/user/getWechatBinding`: the caller's bound WeChat account (never its openid). */
export interface WechatBinding {
  bound: boolean;
  boundAt: number | null;
  /** WeChat sign-in is configured on the platform (binding is offered only then). */
  enabled: boolean;
}


/** Validation texts of the WeChat setting (gathered by validationMessages.ts). */
export const wechatMessages = {
  'wechat.appIdFormat': { 'zh-CN': 'AppID 只能包含字母、数字、下划线和连字符', 'en-US': 'An AppID holds only letters, digits, underscores and hyphens' },
  'wechat.notConfigured': { 'zh-CN': '平台尚未配置微信扫码登录', 'en-US': 'WeChat sign-in is not set up on this platform' },
  'wechat.secretRequired': { 'zh-CN': '首次配置须填写 AppSecret', 'en-US': 'Enter the AppSecret the first time' },
} as const;
