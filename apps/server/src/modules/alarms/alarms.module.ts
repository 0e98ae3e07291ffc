import type { FastifyInstance } from 'fastify';
import { alarmChannel, alarmPermission, levelAtLeast } from '@smartdata/domain';
import type { Platform } from '@server/platform/context';
import { notFound, permissionDenied } from '@server/platform/errors';
import { cabinCaller, type CabinService } from '../cabin/cabin.service';
import type { DataItemsService } from '../data-items/dataItems.service';
import type { RecordsCommitted } from '../data-items/recordsCommitted.port';
import type { DeviceOnlineChanges } from '../devices/deviceAlarms.port';
import type { DevicesService } from '../devices/devices.service';
import { AlarmEngine } from './alarmEngine';
import { AlarmNotifier } from './alarmNotifier';
import { AlarmsRepository } from './alarms.repository';
import { registerAlarmsRoutes } from './alarms.routes';
import { AlarmsService, type AlarmTargets } from './alarms.service';

/** The deadline sweep, for tests that move the clock past a deadline instead of waiting, and the queue. */
export interface AlarmDeadlines {
  /** Completes lasting windows, opens "stopped updating" alarms and sends reminders due by `now`. */
  sweep(now?: number): Promise<void>;
  /** Resolves when every committed record has been evaluated. */
  idle(): Promise<void>;
}

const sweepMs = 1000;

/**
 * Cloud monitoring (issue 15, docs/alarms.md): alarm rules on data-item fields and device online
 * state, update watches, the alarm log and its live channel. Reads records after they commit
 * (data items' `recordsCommitted`), device online changes (devices' `onlineChanges`), and checks
 * every target against the cabin.
 */
export function registerAlarmsModule(
  app: FastifyInstance,
  platform: Platform,
  deps: {
    cabin: CabinService;
    dataItems: Pick<DataItemsService, 'requireItem' | 'itemsByIds' | 'timeZone' | 'latestRecordAt'>;
    devices: Pick<DevicesService, 'requireDevice' | 'targets'>;
    recordsCommitted: Pick<RecordsCommitted, 'subscribe'>;
    onlineChanges: DeviceOnlineChanges;
  },
): AlarmDeadlines {
  const { cabin, dataItems, devices } = deps;
  const repository = new AlarmsRepository(platform.db);
  const targets: AlarmTargets = {
    async requireItem(caller, itemId) {
      const { row } = await dataItems.requireItem(caller, itemId, 'read');
      const [item] = await dataItems.itemsByIds(caller.companyId, [row.id]);
      if (!item) {
        throw notFound();
      }
      return item;
    },
    async requireDevice(caller, deviceId) {
      await devices.requireDevice(caller, deviceId, 'read');
      const [device] = await devices.targets(caller.companyId, [deviceId]);
      if (!device) {
        throw notFound();
      }
      return device;
    },
    items: (companyId, ids) => dataItems.itemsByIds(companyId, ids),
    devices: (companyId, ids) => devices.targets(companyId, ids),
    async readableNodes(caller) {
      if (caller.isCompanyAdmin) {
        return undefined;
      }
      const map = await cabin.levelMap(caller);
      return new Set(map.nodes.filter((node) => levelAtLeast(map.levelOf(node.id), 'read')).map((node) => node.id));
    },
    timeZone: (companyId) => dataItems.timeZone(companyId),
    latestRecordAt: (companyId, itemId) => dataItems.latestRecordAt(companyId, itemId),
  };
  // The notifier answers views through the service, which is built after it.
  let service: AlarmsService | null = null;
  const notifier = new AlarmNotifier({
    realtime: platform.realtime,
    sms: platform.sms,
    mail: platform.mail,
    recipients: { contacts: (companyId, notify) => repository.recipientContacts(companyId, notify.userIds, notify.groupIds, notify.delegations) },
    view: async (row) => (await service!.views(row.company_id, [row]))[0],
    log: app.log,
  });
  const engine = new AlarmEngine({ repository, notifier, timeZone: (companyId) => dataItems.timeZone(companyId), log: app.log });
  service = new AlarmsService(repository, targets, engine, notifier, () => Date.now());

  deps.recordsCommitted.subscribe((batch) => engine.enqueue(batch));
  deps.onlineChanges.subscribe((change) => {
    engine.deviceOnline(change.companyId, change.deviceId, change.online, change.at).catch((err: unknown) => app.log.error({ err }, 'device online alarm failed'));
  });

  const sweep = (now = Date.now()) => engine.sweep(now);
  let sweeper: NodeJS.Timeout | null = null;
  app.addHook('onReady', async () => {
    sweeper = setInterval(() => {
      sweep().catch((error: unknown) => app.log.error({ err: error }, 'alarm deadline sweep failed'));
    }, sweepMs);
    sweeper.unref();
  });
  app.addHook('onClose', async () => {
    if (sweeper) {
      clearInterval(sweeper);
      sweeper = null;
    }
    await engine.idle();
  });

  platform.realtime.defineChannel(
    alarmChannel,
    (session, key) => {
      if (!session.codes.has(alarmPermission.alarms)) {
        return Promise.reject(permissionDenied());
      }
      if (session.companyId === null || String(session.companyId) !== key) {
        return Promise.reject(notFound());
      }
      return Promise.resolve();
    },
    {
      // Each push names the target's cabin node and reaches only those who may read it.
      visible: (session, key, message) => {
        if (session.companyId === null || String(session.companyId) !== key || !session.codes.has(alarmPermission.alarms)) {
          return false;
        }
        const nodeId = (message.payload as { nodeId?: unknown } | null)?.nodeId;
        return typeof nodeId === 'number' && cabin.pushLevels.readable(cabinCaller(session, session.companyId), nodeId);
      },
    },
  );

  registerAlarmsRoutes(app, service);
  return { sweep, idle: () => engine.idle() };
}
