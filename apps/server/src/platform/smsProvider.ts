/**
 * The values of a vendor's message template (Alibaba Cloud `${code}`, Tencent Cloud `{1}`). A
 * vendor sends only templates approved in its console, so a message without them (an alarm text)
 * is not sent by a vendor provider (docs/sms.md).
 */
export interface SmsTemplateValues {
  code: string;
}

/**
 * A way to send a text message: the outbox and the platform's configured sender (sms.ts) and the
 * vendors (smsVendors.ts) implement it; the modules that send (sign-in codes, alarms) take it.
 */
export interface SmsProvider {
  readonly name: string;
  send(phone: string, content: string, values?: SmsTemplateValues): Promise<void>;
  /** The newest message sent to a phone, where the provider keeps them (the outbox; test routes read it). */
  latestTo?(phone: string): Promise<string | null>;
}
