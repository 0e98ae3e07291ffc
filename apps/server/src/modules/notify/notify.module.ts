import type { FastifyInstance } from 'fastify';
import type { Platform } from '@server/platform/context';
import { OutboundAllowList } from '@server/platform/outboundHttp';
import type { SecretBox } from '@server/platform/secretBox';
import type { ConfiguredSmsSender } from '@server/platform/sms';
import type { Scheduler } from '@server/platform/scheduler';
import { repeatWhileOpen } from '@server/platform/repeat';
import { ChannelsService } from './channels.service';
import { DurableDeliveryQueue, type DeliveryAttempts } from './deliveryQueue';
import type { DeliveryQueue, NotifySender } from './deliveryQueue.port';
import { NotifyRepository } from './notify.repository';
import { registerNotifyRoutes } from './notify.routes';
import { NotifyService } from './notify.service';

/** The queue's handles for tests: drain what is due at a later `now`, wait for the sends in hand. */
export interface DeliveryClock {
  drain(now?: number): Promise<void>;
  idle(): Promise<void>;
}

export interface NotifyModule {
  /** Alarms and tasks send through it. */
  sender: NotifySender;
  /** The queue itself, for modules with an adapter of their own (issue 33's event subscriptions). */
  queue: DeliveryQueue;
  clock: DeliveryClock;
  /** The queue's figures for platform/metrics.ts: tries settled by this process per adapter, rows by state. */
  figures: { attempts: ReadonlyMap<string, DeliveryAttempts>; counts(): Promise<Record<string, number>> };
}

const drainEveryMs = 1000;

/**
 * Notification channels and the one durable delivery queue (issue 32, docs/alarms.md "Channels"
 * and "Deliveries"). The queue drains every second under the scheduler's lease and at once after
 * an enqueue; a closing server stops it first, leaving sends in flight to the next start.
 */
export function registerNotifyModule(app: FastifyInstance, platform: Platform, deps: { scheduler: Scheduler; box: SecretBox; sms: ConfiguredSmsSender }): NotifyModule {
  const repository = new NotifyRepository(platform.db);
  const allow = new OutboundAllowList(platform.config.webhookAllowHosts);
  const channels = new ChannelsService(repository, deps.box, allow);
  const queue = new DurableDeliveryQueue(repository, deps.scheduler, app.log);
  const notify = new NotifyService(repository, queue, channels, deps.sms, platform.mail);
  for (const adapter of notify.adapters()) {
    queue.registerAdapter(adapter);
  }
  repeatWhileOpen(app, { name: 'delivery queue', everyMs: drainEveryMs, sweep: () => queue.drain(), onClose: () => queue.close() });
  registerNotifyRoutes(app, { channels, notify });
  return { sender: notify, queue, clock: { drain: (now) => queue.drain(now), idle: () => queue.idle() }, figures: { attempts: queue.attempts, counts: () => queue.counts() } };
}
