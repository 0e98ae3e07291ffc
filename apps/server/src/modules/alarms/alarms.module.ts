import type { FastifyInstance } from 'fastify';
import { alarmChannel, alarmPermission, levelAtLeast, recordPlaceholderValues, type RuleTarget } from '@smartdata/domain';
import type { Platform } from '@server/platform/context';
import { notFound, permissionDenied } from '@server/platform/errors';
import { cabinCaller, companyAdminCode, type CabinService } from '../cabin/cabin.service';
import type { CompaniesService } from '../companies/companies.service';
import type { GroupsService } from '../groups/groups.service';
import type { DataItemsService } from '../data-items/dataItems.service';
import type { RecordsCommitted } from '../data-items/recordsCommitted.port';
import type { DeviceOnlineChanges } from '../devices/deviceAlarms.port';
import type { DevicesService } from '../devices/devices.service';
import { AlarmEngine } from './alarmEngine';
import { AlarmNotifier } from './alarmNotifier';
import { DeviceAlarms } from './deviceAlarms';
import { AlarmsRepository } from './alarms.repository';
import { registerAlarmsRoutes } from './alarms.routes';
import { AlarmsService, type AlarmTargets } from './alarms.service';
import type { TaskAlarms } from './taskAlarms.port';
import type { SimAlarms } from './simAlarms.port';
import type { PlatformAlarms } from './platformAlarms.port';
import { AlarmEvents } from './alarmEvents.port';
import { repeatWhileOpen } from '@server/platform/repeat';
import { translate } from '@server/platform/i18n';
import type { NotifySender } from '../notify/deliveryQueue.port';
import type { DeliveryClock } from '../notify/notify.module';

/** The deadline sweep, for tests that move the clock past a deadline instead of waiting, and the queue. */
export interface AlarmsModule {
  deadlines: AlarmDeadlines;
  /** Alarms and messages raised by intelligent tasks. */
  taskAlarms: TaskAlarms;
  /** Threshold alarms of SIM traffic cards. */
  simAlarms: SimAlarms;
  /** Alarms of the platform's own jobs (failed or missed scheduled backups). */
  platformAlarms: PlatformAlarms;
  /** Alarms opened, cleared and acknowledged (event subscriptions). */
  alarmEvents: Pick<AlarmEvents, 'subscribe'>;
}

export interface AlarmDeadlines {
  /** Completes lasting windows, opens "stopped updating" alarms and sends reminders due by `now`. */
  sweep(now?: number): Promise<void>;
  /** Resolves when every committed record and device alarm report has been evaluated. */
  idle(): Promise<void>;
}

const sweepMs = 1000;

/**
 * Cloud monitoring (issue 15, docs/alarms.md): alarm rules on data-item fields and device online
 * state, update watches, the alarm log and its live channel. Reads records after they commit
 * (data items' `recordsCommitted`), device online changes (devices' `onlineChanges`), and checks
 * every target against the cabin.
 */
/** At most this many alarms are listed in my assignments (the count is of all). */
const ASSIGNMENTS_SHOWN = 50;
/** How many open alarms the dashboard alarm widget and the marquee get (the feed keeps 50). */
const ALARM_FEED_SIZE = 50;

export function registerAlarmsModule(
  app: FastifyInstance,
  platform: Platform,
  deps: {
    cabin: CabinService;
    dataItems: Pick<DataItemsService, 'requireItem' | 'itemsByIds' | 'timeZone' | 'latestRecordAt'>;
    devices: Pick<DevicesService, 'requireDevice' | 'targets'>;
    recordsCommitted: Pick<RecordsCommitted, 'subscribe'>;
    onlineChanges: DeviceOnlineChanges;
    companies: Pick<CompaniesService, 'isMember' | 'platformCompany'>;
    groups: Pick<GroupsService, 'groupExists'>;
    /** The delivery queue's door: every SMS, e-mail and channel message of an alarm goes through it. */
    notify: NotifySender;
    /** The queue's idle, so `idle()` covers the messages an evaluation queued. */
    deliveries: Pick<DeliveryClock, 'idle'>;
  },
): AlarmsModule {
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
    isMember: (companyId, userId) => deps.companies.isMember(companyId, userId),
    groupExists: (companyId, groupId) => deps.groups.groupExists(companyId, groupId),
  };
  // The notifier answers views through the service, which is built after it.
  let service: AlarmsService | null = null;
  const alarmEvents = new AlarmEvents(app.log);
  const notifier = new AlarmNotifier({
    events: alarmEvents,
    realtime: platform.realtime,
    notify: deps.notify,
    mailConfigured: platform.mail.configured,
    recipients: { contacts: (companyId, notify) => repository.recipientContacts(companyId, notify.userIds, notify.groupIds, notify.delegations) },
    view: async (row) => (await service!.views(row.company_id, [row]))[0],
    async placeholders(row, alarm, record) {
      // The same formatting as intelligent rules' messages (docs/templates.md, "Notifications").
      const timeZone = await dataItems.timeZone(row.company_id);
      const target = JSON.parse(row.target) as RuleTarget;
      const itemId = record?.itemId ?? (target.kind === 'field' ? target.itemId : null);
      const [item] = itemId === null ? [] : await dataItems.itemsByIds(row.company_id, [itemId]);
      if (record && item) {
        return recordPlaceholderValues(item.fields, record.values, { itemName: item.name, recordTime: record.createdAt }, timeZone);
      }
      return recordPlaceholderValues([], {}, { itemName: item?.name ?? alarm.targetName, recordTime: row.last_time }, timeZone);
    },
    timeZone: (companyId) => dataItems.timeZone(companyId),
    log: app.log,
  });
  const now = () => Date.now();
  const engine = new AlarmEngine({ repository, notifier, timeZone: (companyId) => dataItems.timeZone(companyId), now, log: app.log });
  service = new AlarmsService(repository, targets, engine, notifier, now, deps.notify);
  const deviceAlarms = new DeviceAlarms({ engine, repository, notifier, now, log: app.log });

  // Replaced records too: a recomputed window result updates (or raises) its alarm (issue 31.7).
  deps.recordsCommitted.subscribe((batch) => engine.enqueue(batch), { replacements: true });
  deps.onlineChanges.subscribe((change) => {
    engine.deviceOnline(change.companyId, change.deviceId, change.online, change.at).catch((err: unknown) => app.log.error({ err }, 'device online alarm failed'));
  });
  deps.onlineChanges.subscribeReports((report) => deviceAlarms.reported(report));

  const idle = async () => {
    await engine.idle();
    await deviceAlarms.idle();
    await deps.deliveries.idle();
  };
  const sweep = (at = Date.now()) => engine.sweep(at);
  repeatWhileOpen(app, { name: 'alarm deadline sweep', everyMs: sweepMs, sweep: () => sweep(), onClose: idle });

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
  // My assignments (docs/assignments.md): the active, unacknowledged alarms the user may see and
  // acknowledge — the bell's count — newest first.
  const alarmsService = service;
  platform.registry.assignments.push(async ({ companyId, userId, codes }) => {
    if (!codes.has(alarmPermission.alarms)) {
      return { kind: 'alarm', total: 0, list: [] };
    }
    const caller = { companyId, userId, isCompanyAdmin: codes.has(companyAdminCode) };
    const page = await alarmsService.alarms(caller, { state: 'active', pageNum: 1, pageSize: ASSIGNMENTS_SHOWN });
    return {
      kind: 'alarm',
      total: page.total,
      list: page.list.map((alarm) => ({
        kind: 'alarm',
        id: alarm.id,
        title: alarm.ruleName,
        status: 'active',
        createdAt: alarm.lastTime,
        link: '/cloudSurveillance/alertLog',
        level: alarm.level,
        detail: alarm.value === null ? alarm.targetName : `${alarm.targetName}: ${alarm.value}`,
      })),
    };
  });

  // The dashboards' alarm widget and the carousel marquee: the open alarms the viewer may read,
  // newest first, as one line each (rule · target: value).
  platform.registry.alarmFeed.push(async (caller) => {
    const page = await alarmsService.alarms(caller, { state: 'active', pageNum: 1, pageSize: ALARM_FEED_SIZE });
    return page.list.map((alarm) => ({
      id: String(alarm.id),
      level: alarm.level,
      message: `${alarm.ruleName} · ${alarm.value === null ? alarm.targetName : `${alarm.targetName}: ${alarm.value}`}`,
      at: alarm.lastTime,
    }));
  });

  const taskAlarms: TaskAlarms = {
    async raise(companyId, alarm) {
      const [item] = await dataItems.itemsByIds(companyId, [alarm.itemId]);
      if (!item) {
        throw notFound();
      }
      const opened = await engine.openAlarm({
        companyId,
        key: alarm.key,
        ruleId: null,
        watchId: null,
        name: alarm.name,
        target: { kind: 'field', itemId: item.id, fieldName: alarm.fieldName },
        nodeId: item.nodeId,
        kind: 'threshold',
        level: alarm.level,
        value: alarm.value,
        valueTime: alarm.time,
        raisedAt: now(),
        remindMinutes: 0,
      });
      if (opened.created) {
        await notifier.changed('opened', opened.row, null);
        return;
      }
      // Open already: the repeat counts on it (and a higher level raises it).
      const patch = { last_time: now(), count: opened.row.count + 1, value: alarm.value, value_time: alarm.time, level: Math.max(opened.row.level, alarm.level), state: 'active' };
      if (await repository.updateAlarm(opened.row.id, patch, true)) {
        await notifier.changed('changed', { ...opened.row, ...patch }, null);
      }
    },
    async notify(companyId, to, text) {
      const { phones, emails } = await repository.recipientContacts(companyId, to.userIds, to.groupIds, false);
      const sms = to.sms ? phones : [];
      const mail = to.email && platform.mail.configured ? emails : [];
      const locale = await deps.notify.locale(companyId);
      await deps.notify.send(companyId, null, { channelIds: to.channelIds ?? [], phones: sms, emails: mail }, { event: 'task.notify', locale, title: text, text, lines: [], facts: { rule: text, event: text } });
      return { phones: sms.length, emails: mail.length };
    },
    requireChannels: (companyId, channelIds) => deps.notify.requireChannels(companyId, channelIds),
  };
  const simAlarms: SimAlarms = {
    async raise(companyId, alarm) {
      const opened = await engine.openAlarm({
        companyId,
        key: alarm.key,
        ruleId: null,
        watchId: null,
        name: '',
        target: { kind: 'simCard', cardId: alarm.cardId, number: alarm.number },
        // Node 0 is no cabin node: only company administrators read an unbound card's alarm.
        nodeId: alarm.nodeId ?? 0,
        kind: 'threshold',
        level: 2,
        value: alarm.percent,
        valueTime: alarm.time,
        raisedAt: now(),
        remindMinutes: 0,
      });
      if (opened.created) {
        await notifier.changed('opened', opened.row, null);
      }
    },
  };
  const platformAlarms: PlatformAlarms = {
    async raise(alarm) {
      const company = await deps.companies.platformCompany();
      if (!company) {
        return;
      }
      const locale = await deps.notify.locale(company.companyId);
      const opened = await engine.openAlarm({
        companyId: company.companyId,
        key: alarm.key,
        ruleId: null,
        watchId: null,
        name: translate(alarm.name, locale),
        target: { kind: 'backup', dir: alarm.dir },
        // Node 0 is no cabin node: the platform company's administrators read it.
        nodeId: 0,
        kind: 'threshold',
        level: alarm.level,
        value: null,
        valueTime: null,
        raisedAt: alarm.time,
        remindMinutes: 0,
      });
      if (opened.created) {
        // Every notification channel of the platform company: no rule chooses them.
        const { channels } = await deps.notify.options(company.companyId);
        const notify = { userIds: [], groupIds: [], delegations: false, email: false, sms: false, channelIds: channels.map((channel) => channel.id), notifyOnClear: false };
        await notifier.changed('opened', opened.row, notify, { text: translate(alarm.detail, locale), record: null });
      }
    },
    async clear(key, time) {
      const open = await repository.openAlarm(key);
      if (open) {
        const patch = { state: 'cleared', clear_time: time, open_key: null, remind_at: null };
        if (await repository.updateAlarm(open.id, patch, true)) {
          await notifier.changed('cleared', { ...open, ...patch }, null);
        }
      }
    },
  };
  return { deadlines: { sweep, idle }, taskAlarms, simAlarms, platformAlarms, alarmEvents };
}
