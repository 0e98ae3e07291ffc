// No zod here: the sign-in page reads these, and its JavaScript budget has no room for zod.

/**
 * Where WXScanLogin sends the browser back: `/login?wechat=<outcome>` (or `#wxToken=` on success),
 * `/user/userinfo?wechat=<outcome>` after binding. The web shows each outcome translated.
 */
export const wechatOutcomes = ['unbound', 'stateInvalid', 'failed', 'disabled', 'cancelled', 'bound', 'taken', 'off'] as const;
export type WechatOutcome = (typeof wechatOutcomes)[number];
