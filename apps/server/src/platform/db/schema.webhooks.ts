import type { Generated } from 'kysely';

/** Event subscriptions (migration 440; owned by modules/webhooks). JSON is text; instants epoch ms. */
export interface WebhookSubscriptionTable {
  id: Generated<number>;
  company_id: number;
  /** The receiver's address, sealed (it may hold a token); never answered. */
  url_sealed: string;
  /** The address with long tokens masked, for display. */
  url_hint: string;
  /** The signing secret, sealed; never answered. */
  secret_sealed: string;
  /** JSON: the events (WebhookEvent[]). */
  events: string;
  /** JSON: the data items it narrows to ([]: every item the creator may read). */
  item_ids: string;
  /** JSON: the devices it narrows to ([]: every device the creator may read). */
  device_ids: string;
  enabled: number;
  /** Whose read rights decide what it receives. */
  created_by: number;
  created_at: number;
  updated_at: number;
}

export interface WebhookTables {
  webhook_subscription: WebhookSubscriptionTable;
}
