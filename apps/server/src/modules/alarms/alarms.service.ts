import {
  alarmLimits,
  numericFieldTypes,
  ruleProblems,
  timeRangeOf,
  type AddRuleRequest,
  type AddUpdateWatchRequest,
  type AlarmCount,
  type AlarmExportQuery,
  type AlarmListQuery,
  type AlarmPage,
  type AlarmView,
  type Locale,
  type RuleNotify,
  type RuleSchedule,
  type RuleTarget,
  type WatchedTarget,
  type RuleView,
  type UpdateRuleRequest,
  type UpdateUpdateWatchRequest,
  type UpdateWatchView,
  type DeliveryView,
} from '@smartdata/domain';
import { conflict, notFound, validationError } from '@server/platform/errors';
import { translate } from '@server/platform/i18n';
import { loadExcel } from '@server/platform/lazyImport';
import type { CabinCaller } from '../cabin/cabin.service';
import type { ItemSummary } from '../data-items/dataItems.service';
import type { DeviceTarget } from '../devices/deviceAlarms.port';
import { acknowledge, clearByHand, initialState } from './alarmMachine';
import { machineRule, parseState, ruleKey, ruleTargetOf, watchDeadline, watchKey, watchNotifyOf, type AlarmEngine } from './alarmEngine';
import type { NotifySender } from '../notify/deliveryQueue.port';
import { alarmSubject, type AlarmNotifier } from './alarmNotifier';
import type { AlarmFilter, AlarmRow, AlarmsRepository, RuleRow, WatchRow } from './alarms.repository';


/** What the alarms module needs of the cabin, data items and devices (ports, not their services). */
export interface AlarmTargets {
  /** The item when the caller may read it (40400 / 40300 otherwise). */
  requireItem(caller: CabinCaller, itemId: number): Promise<ItemSummary>;
  /** The device when the caller may read it (40400 / 40300 otherwise). */
  requireDevice(caller: CabinCaller, deviceId: number): Promise<DeviceTarget>;
  items(companyId: number, ids: readonly number[]): Promise<ItemSummary[]>;
  devices(companyId: number, ids: readonly number[]): Promise<DeviceTarget[]>;
  /** Cabin nodes the caller may read, or undefined when every node (company administrator). */
  readableNodes(caller: CabinCaller): Promise<ReadonlySet<number> | undefined>;
  timeZone(companyId: number): Promise<string>;
  /** The time of the item's newest record, or null. */
  latestRecordAt(companyId: number, itemId: number): Promise<number | null>;
  /** Whether the user is a member of the company (recipients are the company's own people). */
  isMember(companyId: number, userId: number): Promise<boolean>;
  groupExists(companyId: number, groupId: number): Promise<boolean>;
}

const defaultNotify: RuleNotify = { userIds: [], groupIds: [], delegations: false, email: false, sms: false, channelIds: [], notifyOnClear: false };
const always: RuleSchedule = { kind: 'always' };

/**
 * Alarm rules, update watches and the alarm log (docs/alarms.md). A person sees a rule, a watch or
 * an alarm only when they may read its target's cabin node; another company's ids are not found.
 */
export class AlarmsService {
  constructor(
    private readonly repository: AlarmsRepository,
    private readonly targets: AlarmTargets,
    private readonly engine: AlarmEngine,
    private readonly notifier: AlarmNotifier,
    private readonly now: () => number,
    private readonly notify: Pick<NotifySender, 'requireChannels' | 'options' | 'deliveries'>,
  ) {}

  // ---- targets and names ----

  private async resolveTarget(caller: CabinCaller, target: WatchedTarget): Promise<{ nodeId: number }> {
    if (target.kind === 'deviceOnline') {
      return { nodeId: (await this.targets.requireDevice(caller, target.deviceId)).nodeId };
    }
    const item = await this.targets.requireItem(caller, target.itemId);
    const field = item.fields.find((f) => f.fieldName === target.fieldName);
    if (!field) {
      throw validationError(`alarm.fieldMissing|${target.fieldName}`);
    }
    if (!numericFieldTypes.includes(field.type)) {
      throw validationError(`alarm.fieldNotNumeric|${field.name}`);
    }
    return { nodeId: item.nodeId };
  }

  /** Display names of targets: "item · field label" or the device name. */
  private async targetNames(companyId: number, targets: readonly RuleTarget[]): Promise<(target: RuleTarget) => string> {
    const itemIds = [...new Set(targets.flatMap((t) => (t.kind === 'field' ? [t.itemId] : [])))];
    const deviceIds = [...new Set(targets.flatMap((t) => (t.kind === 'deviceOnline' || t.kind === 'device' ? [t.deviceId] : [])))];
    const [items, devices] = await Promise.all([this.targets.items(companyId, itemIds), this.targets.devices(companyId, deviceIds)]);
    const itemById = new Map(items.map((i) => [i.id, i]));
    const deviceById = new Map(devices.map((d) => [d.id, d]));
    return (target) => {
      if (target.kind === 'deviceOnline' || target.kind === 'device') {
        return deviceById.get(target.deviceId)?.name ?? '';
      }
      if (target.kind === 'simCard') {
        return target.number;
      }
      if (target.kind === 'backup') {
        return target.dir;
      }
      const item = itemById.get(target.itemId);
      if (!item) {
        return '';
      }
      const field = target.fieldName ? item.fields.find((f) => f.fieldName === target.fieldName) : undefined;
      return field ? `${item.name} · ${field.name}` : item.name;
    };
  }

  private async visible(caller: CabinCaller, nodeId: number): Promise<boolean> {
    const readable = await this.targets.readableNodes(caller);
    return readable === undefined || readable.has(nodeId);
  }

  // ---- rules ----

  private toRuleView(row: RuleRow, nameOf: (t: RuleTarget) => string): RuleView {
    const target = ruleTargetOf(row);
    const machine = machineRule(row);
    return {
      id: row.id,
      name: row.name,
      enabled: row.enabled === 1,
      target,
      targetName: nameOf(target),
      levels: [...machine.levels],
      clear: machine.clear,
      repeatMinutes: row.repeat_minutes,
      schedule: machine.schedule,
      notify: { ...defaultNotify, ...(JSON.parse(row.notify) as Partial<RuleNotify>) },
      message: row.message,
      createTime: row.created_at,
    };
  }

  async rules(caller: CabinCaller): Promise<RuleView[]> {
    const readable = await this.targets.readableNodes(caller);
    const rows = (await this.repository.rules(caller.companyId)).filter((r) => readable === undefined || readable.has(r.node_id));
    const nameOf = await this.targetNames(caller.companyId, rows.map(ruleTargetOf));
    return rows.map((row) => this.toRuleView(row, nameOf));
  }

  private async requireRule(caller: CabinCaller, id: number): Promise<RuleRow> {
    const row = await this.repository.findRule(caller.companyId, id);
    if (!row || !(await this.visible(caller, row.node_id))) {
      throw notFound();
    }
    return row;
  }

  private async checkRule(caller: CabinCaller, request: AddRuleRequest, exceptId?: number): Promise<{ nodeId: number }> {
    const problem = ruleProblems(request);
    if (problem) {
      throw validationError(problem);
    }
    const target = await this.resolveTarget(caller, request.target);
    await this.checkRecipients(caller.companyId, request.notify);
    if (await this.repository.nameTaken(caller.companyId, request.name, exceptId)) {
      throw conflict('alarm.ruleNameTaken');
    }
    return target;
  }

  /**
   * Recipients are the company's own members and groups: another company's id is refused like any
   * other foreign id, not stored (it would never be sent to — recipients are filtered when sending).
   */
  private async checkRecipients(companyId: number, notify: AddRuleRequest['notify']): Promise<void> {
    await this.notify.requireChannels(companyId, notify?.channelIds ?? []);
    if (notify?.sms) {
      // A vendor sends only its alarm template: without one, SMS is refused here as the editor shows it.
      const { sms } = await this.notify.options(companyId);
      if (!sms.available && sms.reason) {
        throw validationError(sms.reason);
      }
    }
    for (const userId of new Set(notify?.userIds ?? [])) {
      if (!(await this.targets.isMember(companyId, userId))) {
        throw validationError(`alarm.userMissing|${userId}`);
      }
    }
    for (const groupId of new Set(notify?.groupIds ?? [])) {
      if (!(await this.targets.groupExists(companyId, groupId))) {
        throw validationError(`alarm.groupMissing|${groupId}`);
      }
    }
  }

  private ruleColumns(request: AddRuleRequest, nodeId: number) {
    const target = request.target;
    return {
      name: request.name,
      enabled: request.enabled ? 1 : 0,
      target_kind: target.kind,
      item_id: target.kind === 'field' ? target.itemId : null,
      field_name: target.kind === 'field' ? target.fieldName : null,
      device_id: target.kind === 'deviceOnline' ? target.deviceId : null,
      node_id: nodeId,
      levels: JSON.stringify([...request.levels].sort((a, b) => a.level - b.level)),
      clear_condition: request.clear ? JSON.stringify(request.clear) : null,
      repeat_minutes: request.repeatMinutes ?? 0,
      schedule: JSON.stringify(request.schedule ?? always),
      notify: JSON.stringify({ ...defaultNotify, ...request.notify }),
      message: request.message ? request.message : null,
    };
  }

  async addRule(caller: CabinCaller, request: AddRuleRequest): Promise<{ id: number }> {
    const { nodeId } = await this.checkRule(caller, request);
    const at = this.now();
    try {
      const id = await this.repository.insertRule({
        company_id: caller.companyId,
        ...this.ruleColumns(request, nodeId),
        state: JSON.stringify(initialState()),
        state_version: 0,
        deadline: null,
        created_by: caller.userId,
        created_at: at,
        updated_at: at,
      });
      this.engine.invalidate(caller.companyId);
      return { id };
    } catch (error) {
      if ((await this.repository.nameTaken(caller.companyId, request.name)) && !(error instanceof Error && /not null/i.test(error.message))) {
        throw conflict('alarm.ruleNameTaken');
      }
      throw error;
    }
  }

  /**
   * A changed rule starts its conditions again (lasting windows, streaks); an open alarm stays open
   * unless the target changed, then it is cleared.
   */
  async updateRule(caller: CabinCaller, request: UpdateRuleRequest): Promise<void> {
    const before = await this.requireRule(caller, request.id);
    const { nodeId } = await this.checkRule(caller, request, request.id);
    const columns = this.ruleColumns(request, nodeId);
    const targetChanged = JSON.stringify(ruleTargetOf(before)) !== JSON.stringify(request.target);
    if (targetChanged || !request.enabled) {
      await this.closeOpen(before, null, '');
    }
    const state = parseState(before.state);
    const kept = targetChanged || !request.enabled ? initialState() : { ...initialState(), open: state.open };
    await this.repository.updateRule(caller.companyId, request.id, { ...columns, state: JSON.stringify(kept), state_version: before.state_version + 1, deadline: null, updated_at: this.now() });
    this.engine.invalidate(caller.companyId);
  }

  /** Deletes a rule; its open alarm is cleared (the log keeps it). */
  async deleteRule(caller: CabinCaller, id: number): Promise<void> {
    const rule = await this.requireRule(caller, id);
    await this.closeOpen(rule, null, '');
    await this.repository.deleteRule(caller.companyId, id);
    this.engine.invalidate(caller.companyId);
  }

  private async closeOpen(rule: RuleRow, by: number | null, note: string): Promise<void> {
    const open = await this.repository.openAlarm(ruleKey(rule.id));
    if (open) {
      const patch = { state: 'cleared', clear_by: by, clear_time: this.now(), clear_note: note || null, open_key: null, remind_at: null };
      if (await this.repository.updateAlarm(open.id, patch, true)) {
        await this.notifier.changed('cleared', { ...open, ...patch }, null);
      }
    }
  }

  // ---- alarms ----

  async views(companyId: number, rows: readonly AlarmRow[]): Promise<AlarmView[]> {
    const targets = rows.map((r) => JSON.parse(r.target) as RuleTarget);
    const [nameOf, people] = await Promise.all([
      this.targetNames(companyId, targets),
      this.repository.memberNames(companyId, [...new Set(rows.flatMap((r) => [r.ack_by, r.clear_by]).filter((id): id is number => id !== null))]),
    ]);
    return rows.map((row, index) => {
      const target = targets[index];
      const targetName = nameOf(target);
      return {
        id: row.id,
        ruleId: row.rule_id,
        watchId: row.watch_id,
        ruleName: row.rule_name || targetName,
        target,
        targetName,
        level: row.level as AlarmView['level'],
        state: row.state as AlarmView['state'],
        source: row.source as AlarmView['source'],
        value: row.value === null ? null : Number(row.value),
        valueTime: row.value_time === null ? null : Number(row.value_time),
        kind: row.kind as AlarmView['kind'],
        firstTime: Number(row.first_time),
        lastTime: Number(row.last_time),
        count: row.count,
        ackBy: row.ack_by,
        ackByName: row.ack_by === null ? null : (people.get(row.ack_by) ?? ''),
        ackTime: row.ack_time === null ? null : Number(row.ack_time),
        ackNote: row.ack_note,
        clearBy: row.clear_by,
        clearByName: row.clear_by === null ? null : (people.get(row.clear_by) ?? ''),
        clearTime: row.clear_time === null ? null : Number(row.clear_time),
        clearNote: row.clear_note,
      };
    });
  }

  private async filterOf(caller: CabinCaller, query: AlarmExportQuery): Promise<AlarmFilter> {
    const readable = await this.targets.readableNodes(caller);
    const range = query.preset ? timeRangeOf(query.preset, this.now(), await this.targets.timeZone(caller.companyId)) : undefined;
    return {
      ruleId: query.ruleId,
      watchId: query.watchId,
      state: query.state,
      level: query.level,
      itemId: query.itemId,
      deviceId: query.deviceId,
      source: query.source,
      from: range?.from,
      to: range?.to,
      nodeIds: readable === undefined ? undefined : [...readable],
    };
  }

  async alarms(caller: CabinCaller, query: AlarmListQuery): Promise<AlarmPage> {
    await this.engine.idle();
    const { total, rows } = await this.repository.page(caller.companyId, await this.filterOf(caller, query), query);
    return { total, list: await this.views(caller.companyId, rows) };
  }

  async count(caller: CabinCaller): Promise<AlarmCount> {
    const byLevel = await this.repository.countByLevel(caller.companyId, { ...(await this.filterOf(caller, {})), state: 'active' });
    const levels = { '1': byLevel.get(1) ?? 0, '2': byLevel.get(2) ?? 0, '3': byLevel.get(3) ?? 0 };
    return { count: levels['1'] + levels['2'] + levels['3'], byLevel: levels };
  }

  private async requireAlarm(caller: CabinCaller, id: number): Promise<AlarmRow> {
    const row = await this.repository.findAlarm(caller.companyId, id);
    if (!row || !(await this.visible(caller, row.node_id))) {
      throw notFound();
    }
    return row;
  }

  /** The alarm's delivery log (SMS, e-mail, channels; issue 32), oldest first — for whoever may read the alarm. */
  async deliveries(caller: CabinCaller, alarmId: number, locale: Locale): Promise<DeliveryView[]> {
    const row = await this.requireAlarm(caller, alarmId);
    return this.notify.deliveries(caller.companyId, alarmSubject(row.id), locale);
  }

  /** Writes `change` to the rule's machine state (version-checked, retried). */
  private async changeMachine(companyId: number, ruleId: number | null, change: typeof acknowledge): Promise<void> {
    for (let attempt = 0; ruleId !== null && attempt < 5; attempt += 1) {
      const rule = await this.repository.findRule(companyId, ruleId);
      if (!rule) {
        return;
      }
      const { state } = change(parseState(rule.state));
      if (await this.repository.saveState(rule.id, rule.state_version, JSON.stringify(state), rule.deadline)) {
        return;
      }
    }
  }

  async acknowledge(caller: CabinCaller, id: number, note: string): Promise<void> {
    const row = await this.requireAlarm(caller, id);
    if (row.state === 'cleared') {
      throw conflict('alarm.notActive');
    }
    if (row.state === 'acknowledged') {
      throw conflict('alarm.alreadyAcknowledged');
    }
    const patch = { state: 'acknowledged', ack_by: caller.userId, ack_time: this.now(), ack_note: note || null, remind_at: null };
    await this.repository.transaction(async (repository) => {
      if (!(await repository.updateAlarm(row.id, patch, true))) {
        throw conflict('alarm.notActive');
      }
    });
    await this.changeMachine(caller.companyId, row.rule_id, acknowledge);
    await this.notifier.changed('acknowledged', { ...row, ...patch }, null);
  }

  async acknowledgeMany(caller: CabinCaller, ids: readonly number[], note: string): Promise<{ count: number }> {
    const readable = await this.targets.readableNodes(caller);
    const rows = (await this.repository.alarmsByIds(caller.companyId, [...new Set(ids)])).filter((r) => r.state === 'active' && (readable === undefined || readable.has(r.node_id)));
    let count = 0;
    for (const row of rows) {
      const patch = { state: 'acknowledged', ack_by: caller.userId, ack_time: this.now(), ack_note: note || null, remind_at: null };
      if (await this.repository.updateAlarm(row.id, patch, true)) {
        count += 1;
        await this.changeMachine(caller.companyId, row.rule_id, acknowledge);
        await this.notifier.changed('acknowledged', { ...row, ...patch }, null);
      }
    }
    return { count };
  }

  /** Clears an open alarm by hand; a rule starts its conditions again, a watch waits a full period again. */
  async clear(caller: CabinCaller, id: number, note: string): Promise<void> {
    const row = await this.requireAlarm(caller, id);
    if (row.state === 'cleared') {
      throw conflict('alarm.notActive');
    }
    const now = this.now();
    const patch = { state: 'cleared', clear_by: caller.userId, clear_time: now, clear_note: note || null, open_key: null, remind_at: null };
    if (!(await this.repository.updateAlarm(row.id, patch, true))) {
      throw conflict('alarm.notActive');
    }
    await this.changeMachine(caller.companyId, row.rule_id, clearByHand);
    if (row.watch_id !== null) {
      const watch = await this.repository.findWatch(caller.companyId, row.watch_id);
      if (watch && watch.enabled === 1) {
        await this.repository.updateWatch(caller.companyId, watch.id, { deadline: watchDeadline(watch, now, await this.targets.timeZone(caller.companyId), false) });
      }
    }
    await this.notifier.changed('cleared', { ...row, ...patch }, null);
  }

  /** The filtered log as an XLSX file in the caller's language (at most alarmLimits.exportMaxRows rows). */
  async export(caller: CabinCaller, query: AlarmExportQuery, locale: Locale): Promise<{ fileName: string; body: Buffer }> {
    const rows = await this.repository.list(caller.companyId, await this.filterOf(caller, query), alarmLimits.exportMaxRows);
    const views = await this.views(caller.companyId, rows);
    const timeZone = await this.targets.timeZone(caller.companyId);
    const at = (instant: number | null) => (instant === null ? '' : new Date(instant).toLocaleString(locale, { timeZone, hour12: false }));
    const t = (key: string) => translate(key, locale);
    const ExcelJS = await loadExcel();
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet(t('alarm.export.sheet'));
    sheet.addRow(['alarm.col.id', 'alarm.col.rule', 'alarm.col.target', 'alarm.col.kind', 'alarm.col.level', 'alarm.col.state', 'alarm.col.source', 'alarm.col.value', 'alarm.col.valueTime', 'alarm.col.firstTime', 'alarm.col.lastTime', 'alarm.col.count', 'alarm.col.ackBy', 'alarm.col.ackTime', 'alarm.col.ackNote', 'alarm.col.clearBy', 'alarm.col.clearTime', 'alarm.col.clearNote'].map(t));
    sheet.getRow(1).font = { bold: true };
    for (const v of views) {
      sheet.addRow([
        v.id,
        v.ruleName,
        v.targetName,
        t(`alarm.kind.${v.kind}`),
        t(`alarm.level.${v.level}`),
        t(`alarm.state.${v.state}`),
        t(`alarm.source.${v.source}`),
        v.value,
        at(v.valueTime),
        at(v.firstTime),
        at(v.lastTime),
        v.count,
        v.ackByName ?? '',
        at(v.ackTime),
        v.ackNote ?? '',
        v.clearByName ?? '',
        at(v.clearTime),
        v.clearNote ?? '',
      ]);
    }
    return { fileName: `${t('alarm.export.sheet')}.xlsx`, body: Buffer.from(await workbook.xlsx.writeBuffer()) };
  }

  // ---- update watches ----

  async watches(caller: CabinCaller): Promise<UpdateWatchView[]> {
    const readable = await this.targets.readableNodes(caller);
    const rows = (await this.repository.watches(caller.companyId)).filter((r) => readable === undefined || readable.has(r.node_id));
    const items = new Map((await this.targets.items(caller.companyId, [...new Set(rows.map((r) => r.item_id))])).map((i) => [i.id, i]));
    const open = new Map<number, number>();
    for (const row of rows) {
      const alarm = await this.repository.openAlarm(watchKey(row.id));
      if (alarm) {
        open.set(row.id, alarm.id);
      }
    }
    return rows.map((row) => ({
      id: row.id,
      itemId: row.item_id,
      itemName: items.get(row.item_id)?.name ?? '',
      fieldName: row.field_name || null,
      everyMinutes: row.every_minutes,
      dailyAtMinute: row.daily_at_minute,
      level: row.level as UpdateWatchView['level'],
      remindMinutes: row.remind_minutes,
      enabled: row.enabled === 1,
      lastRecordTime: row.last_record_at === null ? null : Number(row.last_record_at),
      deadline: row.deadline === null ? null : Number(row.deadline),
      alarmId: open.get(row.id) ?? null,
      notify: watchNotifyOf(row) ?? defaultNotify,
    }));
  }

  private async checkWatch(caller: CabinCaller, request: AddUpdateWatchRequest): Promise<ItemSummary> {
    const item = await this.targets.requireItem(caller, request.itemId);
    if (request.fieldName && !item.fields.some((f) => f.fieldName === request.fieldName)) {
      throw validationError(`alarm.fieldMissing|${request.fieldName}`);
    }
    await this.checkRecipients(caller.companyId, request.notify);
    return item;
  }

  /**
   * A watch's deadline after it is created, changed or cleared by hand: one period from its item's
   * last record, but never before one period from now (editing a watch does not raise an alarm).
   */
  private async startDeadline(companyId: number, watch: { every_minutes: number; daily_at_minute: number | null; enabled: boolean }, lastRecordAt: number | null): Promise<number | null> {
    if (!watch.enabled) {
      return null;
    }
    const timeZone = await this.targets.timeZone(companyId);
    const fromNow = watchDeadline(watch, this.now(), timeZone, false);
    return lastRecordAt === null ? fromNow : Math.max(fromNow, watchDeadline(watch, lastRecordAt, timeZone));
  }

  /** A new watch starts from its item's last record, and waits at least one period from now (the next daily time, for a daily watch). */
  async addWatch(caller: CabinCaller, request: AddUpdateWatchRequest): Promise<{ id: number }> {
    const item = await this.checkWatch(caller, request);
    const at = this.now();
    const lastRecordAt = await this.targets.latestRecordAt(caller.companyId, request.itemId);
    try {
      const id = await this.repository.insertWatch({
        company_id: caller.companyId,
        item_id: request.itemId,
        field_name: request.fieldName ?? '',
        node_id: item.nodeId,
        every_minutes: request.everyMinutes,
        daily_at_minute: request.dailyAtMinute ?? null,
        level: request.level,
        remind_minutes: request.remindMinutes ?? 0,
        enabled: request.enabled === false ? 0 : 1,
        last_record_at: lastRecordAt,
        notify: request.notify ? JSON.stringify({ ...defaultNotify, ...request.notify }) : null,
        deadline: await this.startDeadline(caller.companyId, { every_minutes: request.everyMinutes, daily_at_minute: request.dailyAtMinute ?? null, enabled: request.enabled !== false }, lastRecordAt),
        created_by: caller.userId,
        created_at: at,
        updated_at: at,
      });
      this.engine.invalidate(caller.companyId);
      return { id };
    } catch (error) {
      if ((error as { code?: string; message?: string }).message?.match(/unique|duplicate/i)) {
        throw conflict('alarm.watchExists');
      }
      throw error;
    }
  }

  private async requireWatch(caller: CabinCaller, id: number): Promise<WatchRow> {
    const row = await this.repository.findWatch(caller.companyId, id);
    if (!row || !(await this.visible(caller, row.node_id))) {
      throw notFound();
    }
    return row;
  }

  async updateWatch(caller: CabinCaller, request: UpdateUpdateWatchRequest): Promise<void> {
    const before = await this.requireWatch(caller, request.id);
    const item = await this.checkWatch(caller, request);
    const open = await this.repository.openAlarm(watchKey(before.id));
    const lastRecordAt = request.itemId === before.item_id ? before.last_record_at : await this.targets.latestRecordAt(caller.companyId, request.itemId);
    try {
      await this.repository.updateWatch(caller.companyId, request.id, {
        item_id: request.itemId,
        field_name: request.fieldName ?? '',
        node_id: item.nodeId,
        every_minutes: request.everyMinutes,
        daily_at_minute: request.dailyAtMinute ?? null,
        level: request.level,
        remind_minutes: request.remindMinutes ?? 0,
        enabled: request.enabled === false ? 0 : 1,
        last_record_at: lastRecordAt,
        notify: request.notify ? JSON.stringify({ ...defaultNotify, ...request.notify }) : null,
        deadline: open ? null : await this.startDeadline(caller.companyId, { every_minutes: request.everyMinutes, daily_at_minute: request.dailyAtMinute ?? null, enabled: request.enabled !== false }, lastRecordAt),
        updated_at: this.now(),
      });
      this.engine.invalidate(caller.companyId);
    } catch (error) {
      if ((error as { message?: string }).message?.match(/unique|duplicate/i)) {
        throw conflict('alarm.watchExists');
      }
      throw error;
    }
  }

  async deleteWatch(caller: CabinCaller, id: number): Promise<void> {
    const watch = await this.requireWatch(caller, id);
    const open = await this.repository.openAlarm(watchKey(watch.id));
    if (open) {
      const patch = { state: 'cleared', clear_time: this.now(), open_key: null, remind_at: null };
      if (await this.repository.updateAlarm(open.id, patch, true)) {
        await this.notifier.changed('cleared', { ...open, ...patch }, null);
      }
    }
    await this.repository.deleteWatch(caller.companyId, id);
    this.engine.invalidate(caller.companyId);
  }
}
