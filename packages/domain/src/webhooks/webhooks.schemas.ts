import { z } from 'zod';
import { idSchema } from '../shared/ids';
import { outboundUrlSchema } from '../shared/outboundUrl';
import { numeric } from '../shared/numbers';
import { pageOf, pageQuery } from '../shared/paging';

/**
 * Event subscriptions (webhooks, issue 33; docs/webhooks.md): a company's HTTP(S) receivers of
 * signed event POSTs — new records, alarms opened, cleared and acknowledged, devices online and
 * offline, finished task runs — sent through the one durable delivery queue (modules/notify), and
 * only of objects the subscription's creator may read now. Permission code: `sys_webhook` (the
 * page under system settings, beside the notification channels).
 */
export const webhookPermission = { subscriptions: 'sys_webhook' } as const;

/** What a subscription can hear (GLOSSARY: webhookSubscription 事件订阅（Webhook）). */
export const webhookEvents = ['record.added', 'alarm.opened', 'alarm.cleared', 'alarm.acknowledged', 'device.online', 'device.offline', 'task.finished'] as const;
export type WebhookEvent = (typeof webhookEvents)[number];
/** The event of "send test event" (not one a subscription chooses). */
export const webhookTestEvent = 'webhook.test';

export const webhookLimits = {
  urlLength: 500,
  /** A secret the receiver shares: long enough to resist guessing (the page generates 32 bytes, hex). */
  secretMin: 16,
  secretMax: 128,
  subscriptionsMax: 20,
  itemIdsMax: 50,
  deviceIdsMax: 50,
  /** New records of one item in one commit go in one delivery, at most this many per delivery. */
  recordsPerDelivery: 100,
  /** The receiver's clock may differ from ours by this much before it should refuse a delivery (docs). */
  toleranceSeconds: 300,
} as const;

export const webhookUrlSchema = outboundUrlSchema(webhookLimits.urlLength);
export const webhookSecretSchema = z
  .string()
  .trim()
  .min(webhookLimits.secretMin, 'webhook.secretLength')
  .max(webhookLimits.secretMax, 'webhook.secretLength')
  .regex(/^[\x21-\x7e]*$/, 'notify.secretAscii');
export const webhookEventsSchema = z
  .array(z.enum(webhookEvents, { message: 'webhook.eventUnknown' }))
  .min(1, 'webhook.eventsRequired')
  .max(webhookEvents.length)
  .refine((events) => new Set(events).size === events.length, 'webhook.eventsDuplicate');
const ids = (max: number, key: string) => z.array(idSchema).max(max, key).refine((list) => new Set(list).size === list.length, 'webhook.idsDuplicate');
export const webhookItemIdsSchema = ids(webhookLimits.itemIdsMax, 'webhook.itemIdsTooMany');
export const webhookDeviceIdsSchema = ids(webhookLimits.deviceIdsMax, 'webhook.deviceIdsTooMany');

/** `POST /general/webhook/addSubscription {url, secret, events, itemIds?, deviceIds?}` → `{id}`. */
export const addSubscriptionRequest = z
  .object({ url: webhookUrlSchema, secret: webhookSecretSchema, events: webhookEventsSchema, itemIds: webhookItemIdsSchema.optional(), deviceIds: webhookDeviceIdsSchema.optional() })
  .strict();
export type AddSubscriptionRequest = z.infer<typeof addSubscriptionRequest>;

/** `POST /general/webhook/updateSubscription`: as add, with its id; an empty url or secret keeps the stored one. */
export const updateSubscriptionRequest = z
  .object({
    id: idSchema,
    url: z.union([z.literal(''), webhookUrlSchema]).optional(),
    secret: z.union([z.literal(''), webhookSecretSchema]).optional(),
    events: webhookEventsSchema,
    itemIds: webhookItemIdsSchema.optional(),
    deviceIds: webhookDeviceIdsSchema.optional(),
  })
  .strict();
export type UpdateSubscriptionRequest = z.infer<typeof updateSubscriptionRequest>;

/** `POST /general/webhook/setSubscriptionEnabled {id, enabled}`: a disabled subscription gets nothing (and its queued deliveries fail). */
export const setSubscriptionEnabledRequest = z.object({ id: idSchema, enabled: z.boolean() }).strict();
export type SetSubscriptionEnabledRequest = z.infer<typeof setSubscriptionEnabledRequest>;

/** `GET /general/webhook/getSubscriptions?pageNum&pageSize` → `{list: SubscriptionView[], total}`. */
export const subscriptionListQuery = pageQuery;
export type SubscriptionListQuery = z.infer<typeof subscriptionListQuery>;

/** `GET /general/webhook/getDeliveries?id&pageNum&pageSize` → `{list: DeliveryView[], total}`, newest first. */
export const subscriptionDeliveriesQuery = pageQuery.extend({ id: numeric<number>(idSchema) });
export type SubscriptionDeliveriesQuery = z.infer<typeof subscriptionDeliveriesQuery>;

export interface SubscriptionView {
  id: number;
  /** Scheme, host and path, long tokens masked. The address and the secret are never answered. */
  urlHint: string;
  events: WebhookEvent[];
  itemIds: number[];
  deviceIds: number[];
  enabled: boolean;
  createdBy: number;
  createdByName: string | null;
  createdAt: number;
  updatedAt: number;
}

/** SubscriptionView as a schema (the OpenAPI document's answer of getSubscriptions). */
export const subscriptionViewSchema = z.object({
  id: z.number().int(),
  urlHint: z.string().meta({ description: 'Scheme, host and path, long tokens masked' }),
  events: z.array(z.enum(webhookEvents)),
  itemIds: z.array(z.number().int()),
  deviceIds: z.array(z.number().int()),
  enabled: z.boolean(),
  createdBy: z.number().int(),
  createdByName: z.string().nullable(),
  createdAt: z.number().int().meta({ description: 'Epoch milliseconds' }),
  updatedAt: z.number().int().meta({ description: 'Epoch milliseconds' }),
}) satisfies z.ZodType<SubscriptionView>;
export const subscriptionPageSchema = pageOf(subscriptionViewSchema);

/** `POST /general/webhook/testSubscription {id}` → what the receiver answered to a signed `webhook.test` event (sent now, not queued). */
export const subscriptionTestResultSchema = z.object({
  ok: z.boolean(),
  status: z.number().int().nullable().meta({ description: "The receiver's HTTP status; null when it could not be reached" }),
  answer: z.string().meta({ description: "The receiver's answer (cut), or why nothing arrived" }),
});
export type SubscriptionTestResult = z.infer<typeof subscriptionTestResultSchema>;

/** The body of every delivery (docs/webhooks.md): signed as `X-SmartData-Signature`. */
export interface WebhookBody<T = unknown> {
  /** Unique per delivery, the same in each retry (a receiver drops the ones it has seen). */
  id: string;
  event: WebhookEvent | typeof webhookTestEvent;
  companyId: number;
  /** When the event happened, epoch ms. */
  at: number;
  data: T;
}
