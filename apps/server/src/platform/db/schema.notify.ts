import type { Generated } from 'kysely';

/** Notification channels and the delivery queue (migration 410; owned by modules/notify). */
export interface NotifyChannelTable {
  id: Generated<number>;
  company_id: number;
  /** 'webhook', 'dingtalk', 'wecom', 'feishu'. */
  kind: string;
  name: string;
  /** The address, sealed (it holds the robot's token); never answered. */
  url_sealed: string;
  /** The address with its tokens masked, for display. */
  url_hint: string;
  /** The signing secret, sealed; null: none. */
  secret_sealed: string | null;
  created_by: number;
  created_at: number;
  updated_at: number;
}

/** The language of a company's messages (no row: zh-CN). */
export interface NotifySettingTable {
  company_id: number;
  locale: string;
  updated_at: number;
}

/** One outbound message (modules/notify/deliveryQueue.ts). JSON is text; instants epoch ms. */
export interface DeliveryTable {
  id: Generated<number>;
  company_id: number;
  subject: string | null;
  /** What it goes through, for the log: a channel kind, 'sms' or 'email'. */
  kind: string;
  /** The adapter that sends it. */
  adapter: string;
  /** JSON: where to (the adapter's own shape). */
  target: string;
  /** Whom or where to, for the log. */
  label: string;
  event: string;
  /** JSON: the message. */
  payload: string;
  /** 'pending', 'retrying', 'sending', 'sent', 'failed'. */
  state: string;
  attempts: number;
  next_at: number | null;
  claim_until: number | null;
  answer: string | null;
  created_at: number;
  updated_at: number;
  sent_at: number | null;
}

export interface NotifyTables {
  notify_channel: NotifyChannelTable;
  notify_setting: NotifySettingTable;
  delivery: DeliveryTable;
}
