import { randomUUID } from 'node:crypto';
import { alarmPermission, taskPermission, webhookLimits, type RecordItem, type WebhookBody, type WebhookEvent } from '@smartdata/domain';
import type { CommittedRecords } from '../data-items/recordsCommitted.port';
import type { AlarmEvent } from '../alarms/alarmEvents.port';
import type { DeviceOnlineChange } from '../devices/deviceAlarms.port';
import { devicePermission } from '../devices/devicePermission.port';
import type { TaskRunFinished } from '../tasks/taskRunsFinished.port';
import { companyAdminCode } from '../cabin/cabin.service';
import { DeliveryFailure, type DeliveryAdapter, type DeliveryQueue, type DeliveryRequest } from '../notify/deliveryQueue.port';
import type { SubscriptionRow, WebhooksRepository } from './webhooks.repository';
import { subscriptionEvents, subscriptionSubject, type WebhooksService } from './webhooks.service';

/** The name of the delivery queue's adapter of event subscriptions. */
export const webhookAdapter = 'webhookEvent';
/** A company's enabled subscriptions are read again after this (at once after a change on this instance). */
const subscriptionsTtlMs = 5000;

/** What the dispatcher asks of the rest of the server to decide who may hear of what. */
export interface DispatchAccess {
  /** The creator's codes in the company now; null: disabled, or no longer a member. */
  codes(companyId: number, userId: number): Promise<ReadonlySet<string> | null>;
  /** Whether the person may read the cabin node now (company administrators: always). */
  readable(caller: { userId: number; companyId: number; isCompanyAdmin: boolean }, nodeId: number): boolean | Promise<boolean>;
  items(companyId: number, ids: readonly number[]): Promise<{ id: number; nodeId: number; name: string }[]>;
  devices(companyId: number, ids: readonly number[]): Promise<{ id: number; nodeId: number; name: string }[]>;
  /** Bumped by every write call: cached codes are read again after one. */
  writes: { readonly value: number };
  log: { error: (obj: unknown, msg?: string) => void };
  now: () => number;
}

/** One event as it may go out: what it is about (for the access check and the filters) and its data. */
interface Occurrence {
  event: WebhookEvent;
  at: number;
  /** The codes of which the creator needs one (the page where these objects are read). */
  codes: readonly string[];
  /** The cabin node the creator must be able to read; null: no node (task runs). */
  nodeId: number | null;
  itemId: number | null;
  deviceId: number | null;
  data: unknown;
}

type Job =
  | { kind: 'records'; companyId: number; batch: CommittedRecords; at: number }
  | { kind: 'alarm'; companyId: number; event: AlarmEvent }
  | { kind: 'device'; companyId: number; change: DeviceOnlineChange }
  | { kind: 'task'; companyId: number; event: TaskRunFinished };

const recordCodes = ['sd_capsule'] as const;
const alarmCodes = [alarmPermission.alarms] as const;
const taskCodes = [taskPermission.log, taskPermission.define] as const;

const eventOfJob: Record<Job['kind'], (job: Job) => readonly WebhookEvent[]> = {
  records: () => ['record.added'],
  alarm: (job) => [`alarm.${(job as Extract<Job, { kind: 'alarm' }>).event.event}`],
  device: (job) => [(job as Extract<Job, { kind: 'device' }>).change.online ? 'device.online' : 'device.offline'],
  task: () => ['task.finished'],
};

/**
 * Turns the events of other modules into deliveries of the company's subscriptions (issue 33,
 * docs/webhooks.md). Listeners only push a job (nothing is read on the ingest path; a company
 * known to have no subscription costs a map lookup); jobs are worked through one at a time, off
 * the caller's path: the company's subscriptions (cached), each creator's rights NOW (a creator
 * who lost a code, a read level, or the company hears nothing more), the filters, then one
 * enqueue of every delivery of the job.
 */
export class WebhookDispatcher {
  private readonly jobs: Job[] = [];
  private draining: Promise<void> | null = null;
  private readonly subscriptions = new Map<number, { at: number; rows: SubscriptionRow[] }>();
  private readonly codeCache = new Map<string, { version: number; at: number; codes: ReadonlySet<string> | null }>();

  constructor(
    private readonly repository: Pick<WebhooksRepository, 'enabled'>,
    private readonly queue: Pick<DeliveryQueue, 'enqueue'>,
    private readonly access: DispatchAccess,
  ) {}

  /** A subscription of the company changed here: read them again for the next event. */
  forget(companyId: number): void {
    this.subscriptions.delete(companyId);
  }

  records(batch: CommittedRecords): void {
    if (!batch.replaced) {
      this.push({ kind: 'records', companyId: batch.companyId, batch, at: this.access.now() });
    }
  }

  alarm(event: AlarmEvent): void {
    this.push({ kind: 'alarm', companyId: event.companyId, event });
  }

  device(change: DeviceOnlineChange): void {
    this.push({ kind: 'device', companyId: change.companyId, change });
  }

  task(event: TaskRunFinished): void {
    this.push({ kind: 'task', companyId: event.companyId, event });
  }

  /** Resolves when every pushed event has become deliveries (tests, shutdown). */
  async idle(): Promise<void> {
    while (this.draining) {
      await this.draining;
    }
  }

  private push(job: Job): void {
    const known = this.subscriptions.get(job.companyId);
    if (known && this.access.now() - known.at < subscriptionsTtlMs) {
      const events = eventOfJob[job.kind](job);
      if (!known.rows.some((row) => subscriptionEvents(row).some((e) => events.includes(e)))) {
        return;
      }
    }
    this.jobs.push(job);
    this.draining ??= this.drain();
  }

  private async drain(): Promise<void> {
    try {
      for (let job = this.jobs.shift(); job; job = this.jobs.shift()) {
        try {
          await this.work(job);
        } catch (err) {
          this.access.log.error({ err }, 'webhook dispatch failed');
        }
      }
    } finally {
      this.draining = null;
    }
  }

  private async enabled(companyId: number): Promise<SubscriptionRow[]> {
    const known = this.subscriptions.get(companyId);
    if (known && this.access.now() - known.at < subscriptionsTtlMs) {
      return known.rows;
    }
    const rows = await this.repository.enabled(companyId);
    this.subscriptions.set(companyId, { at: this.access.now(), rows });
    return rows;
  }

  private async work(job: Job): Promise<void> {
    const events = eventOfJob[job.kind](job);
    const subscriptions = (await this.enabled(job.companyId)).filter((row) => subscriptionEvents(row).some((e) => events.includes(e)));
    if (subscriptions.length === 0) {
      return;
    }
    const occurrences = await this.occurrences(job);
    const requests: DeliveryRequest[] = [];
    for (const subscription of subscriptions) {
      const codes = await this.codesOf(job.companyId, subscription.created_by);
      if (!codes) {
        continue;
      }
      const caller = { userId: subscription.created_by, companyId: job.companyId, isCompanyAdmin: codes.has(companyAdminCode) };
      const wanted = new Set(subscriptionEvents(subscription));
      const itemIds = JSON.parse(subscription.item_ids) as number[];
      const deviceIds = JSON.parse(subscription.device_ids) as number[];
      for (const occurrence of occurrences) {
        if (!wanted.has(occurrence.event) || !occurrence.codes.some((code) => codes.has(code))) {
          continue;
        }
        // The filters narrow what they name: items the item events, devices the device events.
        if (itemIds.length > 0 && occurrence.itemId !== null && !itemIds.includes(occurrence.itemId)) {
          continue;
        }
        if (deviceIds.length > 0 && occurrence.deviceId !== null && !deviceIds.includes(occurrence.deviceId)) {
          continue;
        }
        if ((itemIds.length > 0 || deviceIds.length > 0) && occurrence.itemId === null && occurrence.deviceId === null && occurrence.nodeId !== null) {
          continue; // an alarm of neither (a SIM card's) is outside any filter
        }
        if (occurrence.nodeId !== null && !(await this.access.readable(caller, occurrence.nodeId))) {
          continue;
        }
        const body: WebhookBody = { id: randomUUID(), event: occurrence.event, companyId: job.companyId, at: occurrence.at, data: occurrence.data };
        requests.push({
          companyId: job.companyId,
          subject: subscriptionSubject(subscription.id),
          kind: 'webhook',
          adapter: webhookAdapter,
          target: { subscriptionId: subscription.id },
          label: subscription.url_hint,
          event: occurrence.event,
          payload: { id: body.id, event: body.event, body: JSON.stringify(body) },
        });
      }
    }
    if (requests.length > 0) {
      await this.queue.enqueue(requests);
    }
  }

  /** What the job is, as events: the records of one item in one commit are one delivery (at most `recordsPerDelivery`). */
  private async occurrences(job: Job): Promise<Occurrence[]> {
    switch (job.kind) {
      case 'records': {
        const byItem = new Map<number, RecordItem[]>();
        for (const record of job.batch.records) {
          byItem.set(record.itemId, [...(byItem.get(record.itemId) ?? []), record]);
        }
        const items = await this.access.items(job.companyId, [...byItem.keys()]);
        const out: Occurrence[] = [];
        for (const item of items) {
          const records = byItem.get(item.id) ?? [];
          for (let i = 0; i < records.length; i += webhookLimits.recordsPerDelivery) {
            const slice = records.slice(i, i + webhookLimits.recordsPerDelivery).map((r) => ({ id: r.id, parentRecordId: r.parentRecordId, values: r.values, source: r.source, createdBy: r.createdBy, createdAt: r.createdAt }));
            out.push({ event: 'record.added', at: job.at, codes: recordCodes, nodeId: item.nodeId, itemId: item.id, deviceId: null, data: { item: { id: item.id, name: item.name }, records: slice } });
          }
        }
        return out;
      }
      case 'alarm': {
        const { alarm, event, nodeId } = job.event;
        const target = alarm.target;
        const itemId = target.kind === 'field' ? target.itemId : null;
        const deviceId = target.kind === 'deviceOnline' || target.kind === 'device' ? target.deviceId : null;
        const at = (event === 'cleared' ? alarm.clearTime : event === 'acknowledged' ? alarm.ackTime : alarm.firstTime) ?? this.access.now();
        return [{ event: `alarm.${event}`, at, codes: alarmCodes, nodeId, itemId, deviceId, data: { alarm } }];
      }
      case 'device': {
        const { change } = job;
        const [device] = await this.access.devices(job.companyId, [change.deviceId]);
        if (!device) {
          return [];
        }
        const event = change.online ? 'device.online' : 'device.offline';
        return [{ event, at: change.at, codes: devicePermission, nodeId: device.nodeId, itemId: null, deviceId: device.id, data: { device: { id: device.id, name: device.name }, online: change.online } }];
      }
      case 'task': {
        const { run } = job.event;
        return [{ event: 'task.finished', at: run.endedAt ?? this.access.now(), codes: taskCodes, nodeId: null, itemId: null, deviceId: null, data: { run } }];
      }
    }
  }

  /** The creator's codes, read again after any write call here (or a few seconds: another instance's). */
  private async codesOf(companyId: number, userId: number): Promise<ReadonlySet<string> | null> {
    const key = `${companyId}:${userId}`;
    const version = this.access.writes.value;
    const known = this.codeCache.get(key);
    if (known && known.version === version && this.access.now() - known.at < subscriptionsTtlMs) {
      return known.codes;
    }
    const codes = await this.access.codes(companyId, userId);
    if (this.codeCache.size > 10_000) {
      this.codeCache.clear();
    }
    this.codeCache.set(key, { version, at: this.access.now(), codes });
    return codes;
  }
}

/** The queue's adapter: the signed POST of a stored body, with the subscription's address and secret of now. */
export function webhookDeliveryAdapter(service: Pick<WebhooksService, 'open' | 'send'>): DeliveryAdapter {
  return {
    name: webhookAdapter,
    async send(delivery, signal) {
      const { subscriptionId } = delivery.target as { subscriptionId: number };
      const payload = delivery.payload as { id: string; event: string; body: string };
      const subscription = await service.open(delivery.companyId, subscriptionId);
      if (!subscription) {
        throw new DeliveryFailure('webhook.subscriptionDeleted', true);
      }
      if (!subscription.enabled) {
        throw new DeliveryFailure('webhook.subscriptionDisabled', true);
      }
      const result = await service.send(subscription, payload.event, payload.id, payload.body, signal);
      if (signal.aborted) {
        throw new DeliveryFailure('aborted');
      }
      if (!result.ok) {
        // An address now refused is refused at every try.
        throw new DeliveryFailure(result.answer, result.answer === 'notify.urlPrivate' || result.answer === 'notify.urlFormat');
      }
      return result.answer;
    },
  };
}
