/**
 * Error codes of the envelope (DESIGN.md §5). Each code has one meaning, forever; add new codes,
 * never reuse one. `http` is the HTTP status class that accompanies the code.
 */
export const ErrorCode = {
  ok: 0,
  validationFailed: 50001,
  tokenInvalid: 70004,
  tokenExpired: 70006,
  invalidCredentials: 40100,
  smsCodeInvalid: 40110,
  permissionDenied: 40300,
  ipNotAllowed: 40310,
  passwordChangeRequired: 40320,
  /** The current user notice is not agreed yet: only getUser, the notice, agreeing and logout answer. */
  noticeRequired: 40330,
  notFound: 40400,
  conflict: 40900,
  tooLarge: 41300,
  rateLimited: 42900,
  internal: 50000,
  /** The SMS provider (Alibaba Cloud, Tencent Cloud) refused or could not be reached; the reason is in the server log. */
  smsSendFailed: 50210,
} as const;

export type ErrorCodeName = keyof typeof ErrorCode;
export type ErrorCodeValue = (typeof ErrorCode)[ErrorCodeName];

export interface ErrorCodeInfo {
  http: number;
  'zh-CN': string;
  'en-US': string;
}

export const errorCodeInfo: Record<ErrorCodeValue, ErrorCodeInfo> = {
  0: { http: 200, 'zh-CN': '操作成功', 'en-US': 'Operation successful' },
  50001: { http: 400, 'zh-CN': '验证失败', 'en-US': 'Validation failed' },
  70004: { http: 401, 'zh-CN': '登录信息无效，请重新登录', 'en-US': 'You are not signed in or your session is invalid, please sign in again' },
  70006: { http: 401, 'zh-CN': '登录已过期，请重新登录', 'en-US': 'Your session has expired, please sign in again' },
  40100: { http: 401, 'zh-CN': '账号或密码错误', 'en-US': 'Incorrect account or password' },
  40110: { http: 400, 'zh-CN': '验证码错误或已过期', 'en-US': 'The verification code is wrong or has expired' },
  40300: { http: 403, 'zh-CN': '没有权限执行此操作', 'en-US': 'You do not have permission to do this' },
  40310: { http: 403, 'zh-CN': '当前 IP 地址不在允许访问的列表中', 'en-US': 'Your IP address is not on the allow-list' },
  40320: { http: 403, 'zh-CN': '请先修改初始密码', 'en-US': 'Please change your initial password first' },
  40330: { http: 403, 'zh-CN': '请先阅读并同意用户须知', 'en-US': 'Please read and agree to the user notice first' },
  40400: { http: 404, 'zh-CN': '数据不存在', 'en-US': 'Not found' },
  40900: { http: 409, 'zh-CN': '数据冲突', 'en-US': 'Conflict' },
  41300: { http: 413, 'zh-CN': '数据过大', 'en-US': 'Data too long' },
  42900: { http: 429, 'zh-CN': '操作过于频繁，请稍后再试', 'en-US': 'Too many attempts, please try again later' },
  50000: { http: 500, 'zh-CN': '服务器内部错误', 'en-US': 'Internal server error' },
  50210: { http: 502, 'zh-CN': '短信发送失败，请稍后重试', 'en-US': 'The text message could not be sent, please try again later' },
};

export type Locale = 'zh-CN' | 'en-US';
export const locales: readonly Locale[] = ['zh-CN', 'en-US'];
export const defaultLocale: Locale = 'zh-CN';

/** The JSON body of every API response. */
export interface Envelope<T = unknown> {
  code: number;
  msg: string;
  data: T;
}
