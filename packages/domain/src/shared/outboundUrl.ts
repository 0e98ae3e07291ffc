import { z } from 'zod';

/**
 * An address the server will POST to (a notification channel's robot, an event subscription): an
 * absolute http(s) URL with a host and no credentials in it, at most `maxLength` characters. Which
 * addresses it may reach is the server's check (platform/outboundHttp.ts, WEBHOOK_ALLOW_HOSTS).
 */
export function outboundUrlSchema(maxLength: number) {
  return z
    .string()
    .trim()
    .min(1, 'validation.required')
    .max(maxLength, 'validation.tooLong')
    .refine((value) => {
      try {
        const parsed = new URL(value);
        return (parsed.protocol === 'http:' || parsed.protocol === 'https:') && parsed.hostname !== '' && parsed.username === '' && parsed.password === '';
      } catch {
        return false;
      }
    }, 'notify.urlFormat');
}
