import { randomUUID } from 'node:crypto';
import {
  ErrorCode,
  webhookLimits,
  webhookTestEvent,
  type AddSubscriptionRequest,
  type DeliveryView,
  type Locale,
  type Page,
  type PageQuery,
  type SubscriptionTestResult,
  type SubscriptionView,
  type UpdateSubscriptionRequest,
  type WebhookBody,
  type WebhookEvent,
} from '@smartdata/domain';
import { AppError, notFound, validationError } from '@server/platform/errors';
import { translate } from '@server/platform/i18n';
import { checkOutboundUrl, OutboundError, postOutbound, type OutboundAllowList } from '@server/platform/outboundHttp';
import type { SecretBox } from '@server/platform/secretBox';
import { urlHint } from '../notify/channels.service';
import type { DeliveryQueue } from '../notify/deliveryQueue.port';
import { webhookHeaders } from './webhookSignature';
import type { SubscriptionRow, WebhooksRepository } from './webhooks.repository';

const urlPurpose = (companyId: number) => `webhook.url:${companyId}`;
const secretPurpose = (companyId: number) => `webhook.secret:${companyId}`;

/** The log of a subscription's deliveries in the delivery queue. */
export const subscriptionSubject = (id: number) => `webhook:${id}`;

/** A subscription opened for sending: its address and secret in the clear. */
export interface OpenSubscription {
  id: number;
  companyId: number;
  url: string;
  secret: string;
  enabled: boolean;
}

/** What the service checks a subscription's items and devices against. */
export interface SubscriptionTargets {
  /** The ids among `ids` that are data items of the company. */
  items(companyId: number, ids: readonly number[]): Promise<Set<number>>;
  /** The ids among `ids` that are devices of the company. */
  devices(companyId: number, ids: readonly number[]): Promise<Set<number>>;
  userName(userId: number): Promise<string | undefined>;
}

/** The outcome of one POST to a subscription's receiver. */
export interface SubscriptionSendResult {
  ok: boolean;
  status: number | null;
  answer: string;
}

/**
 * A company's event subscriptions (issue 33, docs/webhooks.md): the receiver's URL and secret
 * kept sealed (platform/secretBox.ts, the purpose bound to the company) and answered only as a
 * masked hint; the URL checked against internal addresses (WEBHOOK_ALLOW_HOSTS) when saved and on
 * the address connected to at each send. `changed` tells the dispatcher to read them again.
 */
export class WebhooksService {
  constructor(
    private readonly repository: WebhooksRepository,
    private readonly box: SecretBox,
    private readonly allow: OutboundAllowList,
    private readonly targets: SubscriptionTargets,
    private readonly queue: Pick<DeliveryQueue, 'deliveryPage'>,
    private readonly changed: (companyId: number) => void,
    private readonly now: () => number = Date.now,
  ) {}

  async subscriptions(companyId: number, page: PageQuery): Promise<Page<SubscriptionView>> {
    const { rows, total } = await this.repository.page(companyId, page.pageNum, page.pageSize);
    const names = new Map<number, string | undefined>();
    for (const userId of new Set(rows.map((row) => row.created_by))) {
      names.set(userId, await this.targets.userName(userId));
    }
    return { total, list: rows.map((row) => view(row, names.get(row.created_by) ?? null)) };
  }

  async add(companyId: number, userId: number, request: AddSubscriptionRequest): Promise<{ id: number }> {
    await this.check(companyId, request.url, request.itemIds ?? [], request.deviceIds ?? []);
    if ((await this.repository.count(companyId)) >= webhookLimits.subscriptionsMax) {
      throw new AppError(ErrorCode.conflict, 'webhook.tooMany');
    }
    const at = this.now();
    const id = await this.repository.insert({
      company_id: companyId,
      url_sealed: this.box.encrypt(request.url, urlPurpose(companyId)),
      url_hint: urlHint(request.url),
      secret_sealed: this.box.encrypt(request.secret, secretPurpose(companyId)),
      events: JSON.stringify(request.events),
      item_ids: JSON.stringify(request.itemIds ?? []),
      device_ids: JSON.stringify(request.deviceIds ?? []),
      enabled: 1,
      created_by: userId,
      created_at: at,
      updated_at: at,
    });
    this.changed(companyId);
    return { id };
  }

  async update(companyId: number, request: UpdateSubscriptionRequest): Promise<void> {
    const row = await this.repository.find(companyId, request.id);
    if (!row) {
      throw notFound();
    }
    const url = request.url ? request.url : null;
    await this.check(companyId, url, request.itemIds ?? [], request.deviceIds ?? []);
    await this.repository.update(companyId, row.id, {
      ...(url === null ? {} : { url_sealed: this.box.encrypt(url, urlPurpose(companyId)), url_hint: urlHint(url) }),
      ...(request.secret ? { secret_sealed: this.box.encrypt(request.secret, secretPurpose(companyId)) } : {}),
      events: JSON.stringify(request.events),
      item_ids: JSON.stringify(request.itemIds ?? []),
      device_ids: JSON.stringify(request.deviceIds ?? []),
      updated_at: this.now(),
    });
    this.changed(companyId);
  }

  async setEnabled(companyId: number, id: number, enabled: boolean): Promise<void> {
    if (!(await this.repository.update(companyId, id, { enabled: enabled ? 1 : 0, updated_at: this.now() }))) {
      throw notFound();
    }
    this.changed(companyId);
  }

  /** Deletes it; its queued deliveries fail at their next try (the log stays with the queue). */
  async delete(companyId: number, id: number): Promise<void> {
    if (!(await this.repository.delete(companyId, id))) {
      throw notFound();
    }
    this.changed(companyId);
  }

  /** One page of its delivery log, newest first. */
  async deliveries(companyId: number, id: number, locale: Locale, page: PageQuery): Promise<Page<DeliveryView>> {
    if (!(await this.repository.find(companyId, id))) {
      throw notFound();
    }
    return this.queue.deliveryPage(companyId, subscriptionSubject(id), locale, page);
  }

  /** Sends a signed `webhook.test` event now (not queued) and answers what the receiver said. */
  async test(companyId: number, id: number, locale: Locale): Promise<SubscriptionTestResult> {
    const subscription = await this.open(companyId, id);
    if (!subscription) {
      throw notFound();
    }
    const body: WebhookBody = { id: randomUUID(), event: webhookTestEvent, companyId, at: this.now(), data: { subscriptionId: id } };
    const result = await this.send(subscription, webhookTestEvent, body.id, JSON.stringify(body));
    return { ...result, answer: /^notify\./.test(result.answer) ? translate(result.answer, locale) : result.answer };
  }

  /** The subscription with its address and secret opened, or null when it is no longer the company's. */
  async open(companyId: number, id: number): Promise<OpenSubscription | null> {
    const row = await this.repository.find(companyId, id);
    return row ? this.opened(row) : null;
  }

  /** One signed POST of `body` (the exact bytes signed) to the receiver: its status and answer (a message key when none came). */
  async send(subscription: OpenSubscription, event: string, deliveryId: string, body: string, signal?: AbortSignal): Promise<SubscriptionSendResult> {
    const headers = webhookHeaders(subscription.secret, event, deliveryId, body, this.now());
    try {
      const answer = await postOutbound(subscription.url, body, headers, this.allow, signal);
      const redirect = answer.status >= 300 && answer.status < 400;
      return { ok: answer.status >= 200 && answer.status < 300, status: answer.status, answer: redirect ? `notify.redirect|${answer.status}` : `HTTP ${answer.status} ${answer.body}`.trim() };
    } catch (error) {
      if (error instanceof OutboundError) {
        return { ok: false, status: null, answer: error.reason };
      }
      throw error;
    }
  }

  opened(row: SubscriptionRow): OpenSubscription {
    return {
      id: row.id,
      companyId: row.company_id,
      url: this.box.decrypt(row.url_sealed, urlPurpose(row.company_id)),
      secret: this.box.decrypt(row.secret_sealed, secretPurpose(row.company_id)),
      enabled: row.enabled === 1,
    };
  }

  /** The rules the schema cannot see: the address's host, and that the items and devices are the company's. */
  private async check(companyId: number, url: string | null, itemIds: readonly number[], deviceIds: readonly number[]): Promise<void> {
    if (url !== null) {
      const refusal = await checkOutboundUrl(url, this.allow);
      if (refusal) {
        throw validationError(refusal);
      }
    }
    const items = await this.targets.items(companyId, itemIds);
    const missingItem = itemIds.find((id) => !items.has(id));
    if (missingItem !== undefined) {
      throw validationError(`webhook.itemMissing|${missingItem}`);
    }
    const devices = await this.targets.devices(companyId, deviceIds);
    const missingDevice = deviceIds.find((id) => !devices.has(id));
    if (missingDevice !== undefined) {
      throw validationError(`webhook.deviceMissing|${missingDevice}`);
    }
  }
}

export function subscriptionEvents(row: SubscriptionRow): WebhookEvent[] {
  return JSON.parse(row.events) as WebhookEvent[];
}

function view(row: SubscriptionRow, createdByName: string | null): SubscriptionView {
  return {
    id: row.id,
    urlHint: row.url_hint,
    events: subscriptionEvents(row),
    itemIds: JSON.parse(row.item_ids) as number[],
    deviceIds: JSON.parse(row.device_ids) as number[],
    enabled: row.enabled === 1,
    createdBy: row.created_by,
    createdByName,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}
