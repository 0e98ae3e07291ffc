import type { FastifyInstance } from 'fastify';
import type { Platform } from '@server/platform/context';
import { MemberCodes } from '@server/platform/auth/memberCodes';
import { OutboundAllowList } from '@server/platform/outboundHttp';
import type { SecretBox } from '@server/platform/secretBox';
import type { CabinService } from '../cabin/cabin.service';
import type { DataItemsService } from '../data-items/dataItems.service';
import type { RecordsCommitted } from '../data-items/recordsCommitted.port';
import type { AlarmEvents } from '../alarms/alarmEvents.port';
import type { DeviceOnlineChanges } from '../devices/deviceAlarms.port';
import type { DevicesService } from '../devices/devices.service';
import type { TaskRunsFinished } from '../tasks/taskRunsFinished.port';
import type { UsersService } from '../users/users.service';
import type { DeliveryQueue } from '../notify/deliveryQueue.port';
import { WebhookDispatcher, webhookDeliveryAdapter } from './webhookDispatcher';
import { WebhooksRepository } from './webhooks.repository';
import { registerWebhooksRoutes } from './webhooks.routes';
import { WebhooksService } from './webhooks.service';

/** For tests: resolves when every event heard so far is in the delivery queue. */
export interface WebhookClock {
  idle(): Promise<void>;
}

/**
 * Event subscriptions (issue 33, docs/webhooks.md): the page's calls, the delivery queue's
 * adapter (a signed POST through platform/outboundHttp.ts), and the listeners on records
 * committed, alarms, device online changes and finished task runs — each only pushes a job, so
 * nothing is added to the ingest path.
 */
export function registerWebhooksModule(
  app: FastifyInstance,
  platform: Platform,
  deps: {
    box: SecretBox;
    queue: DeliveryQueue;
    cabin: Pick<CabinService, 'pushLevels'>;
    dataItems: Pick<DataItemsService, 'itemsByIds'>;
    devices: Pick<DevicesService, 'targets'>;
    users: Pick<UsersService, 'userName'>;
    recordsCommitted: Pick<RecordsCommitted, 'subscribe'>;
    alarmEvents: Pick<AlarmEvents, 'subscribe'>;
    onlineChanges: Pick<DeviceOnlineChanges, 'subscribe'>;
    taskRuns: Pick<TaskRunsFinished, 'subscribe'>;
  },
): WebhookClock {
  const repository = new WebhooksRepository(platform.db);
  const members = new MemberCodes(platform.db);
  const dispatcher = new WebhookDispatcher(repository, deps.queue, {
    codes: (companyId, userId) => members.of(companyId, userId),
    readable: (caller, nodeId) => deps.cabin.pushLevels.readable(caller, nodeId),
    items: (companyId, ids) => deps.dataItems.itemsByIds(companyId, ids),
    devices: (companyId, ids) => deps.devices.targets(companyId, ids),
    writes: platform.writes,
    log: app.log,
    now: () => Date.now(),
  });
  const targets = {
    items: async (companyId: number, ids: readonly number[]) => new Set((await deps.dataItems.itemsByIds(companyId, ids)).map((item) => item.id)),
    devices: async (companyId: number, ids: readonly number[]) => new Set((await deps.devices.targets(companyId, ids)).map((device) => device.id)),
    userName: (userId: number) => deps.users.userName(userId),
  };
  const service = new WebhooksService(repository, deps.box, new OutboundAllowList(platform.config.webhookAllowHosts), targets, deps.queue, (companyId) => dispatcher.forget(companyId));
  deps.queue.registerAdapter(webhookDeliveryAdapter(service));

  deps.recordsCommitted.subscribe((batch) => dispatcher.records(batch));
  deps.alarmEvents.subscribe((event) => dispatcher.alarm(event));
  deps.onlineChanges.subscribe((change) => dispatcher.device(change));
  deps.taskRuns.subscribe((event) => dispatcher.task(event));
  app.addHook('preClose', () => dispatcher.idle());

  registerWebhooksRoutes(app, service);
  return { idle: () => dispatcher.idle() };
}
