/** Business constants and limits of spec §9, used by web forms and server checks alike. */
export const limits = {
  requestTimeoutMs: 30_000,
  mobileBreakpointPx: 992,
  sidebarWidthPx: 240,
  thumbnailSidePx: 150,
  generalNameLength: 25,
  directoryNameLength: 25,
  nodeNameLength: 20,
  mqttLinksMax: 3,
  topicLength: 100,
  ipLength: 199,
  mqttUsernameLength: 99,
  mqttPasswordLength: 50,
  clientIdLength: 50,
  timeoutMessageLength: 100,
  timeoutBodyLength: 200,
  imageMaxBytes: 3 * 1024 * 1024,
  firmwareUpdateMinutes: [2, 3] as const,
  inquiryRetries: 3,
  dataFrequencyMinutes: [1, 5, 10, 15] as const,
  alarmDurationMinutes: [30, 60, 720, 1440] as const,
  timestampDigits: [10, 13] as const,
  resultDecimalPlacesMax: 3,
  /** Account rules (not in the spec; decided in docs/decisions.md). */
  userNameMin: 3,
  userNameMax: 32,
  passwordMin: 8,
  passwordMax: 64,
  personNameMax: 25,
  /** An e-mail address (RFC 5321 caps a path at 254). */
  emailMax: 200,
  /** Mainland China mobile numbers: 11 digits starting with 1. */
  phoneLength: 11,
  smsCodeLength: 6,
  smsCodeTtlSeconds: 300,
  smsResendSeconds: 60,
  smsMaxPerPhonePerHour: 5,
  smsMaxAttempts: 5,
  loginMaxFailures: 5,
  loginFailureWindowSeconds: 300,
  tokenTtlHours: 24 * 7,
  pageSizeMax: 500,
} as const;

export const timeRangePresets = ['today', 'yesterday', 'last7Days', 'thisMonth', 'thisYear'] as const;
export type TimeRangePreset = (typeof timeRangePresets)[number];

export const defaultTimeZone = 'Asia/Shanghai';
