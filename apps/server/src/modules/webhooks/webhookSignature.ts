import { createHmac } from 'node:crypto';

/**
 * The signature of a delivery (docs/webhooks.md, "Verifying a delivery"), Stripe's scheme: the
 * hex HMAC-SHA256, keyed with the subscription's secret, of the timestamp header's value, a dot
 * and the exact body bytes — so a captured delivery replayed later fails the receiver's clock
 * check, and a timestamp changed to pass it breaks the signature.
 */
export function webhookSignature(secret: string, timestamp: string, body: string): string {
  return createHmac('sha256', secret).update(`${timestamp}.${body}`, 'utf8').digest('hex');
}

/** The headers of one try: the timestamp is the try's own (seconds), the delivery id the same in each. */
export function webhookHeaders(secret: string, event: string, deliveryId: string, body: string, now: number): Record<string, string> {
  const timestamp = String(Math.floor(now / 1000));
  return {
    'x-smartdata-event': event,
    'x-smartdata-delivery': deliveryId,
    'x-smartdata-timestamp': timestamp,
    'x-smartdata-signature': `sha256=${webhookSignature(secret, timestamp, body)}`,
  };
}
