import { alarmSources, type DeviceReportTarget, type RuleNotify } from '@smartdata/domain';
import type { DeviceAlarmReport } from '../devices/deviceAlarms.port';
import { notifyOf, type AlarmEngine } from './alarmEngine';
import type { AlarmNotifier } from './alarmNotifier';
import type { AlarmsRepository } from './alarms.repository';

export interface DeviceAlarmsDeps {
  engine: Pick<AlarmEngine, 'openAlarm'>;
  repository: AlarmsRepository;
  notifier: AlarmNotifier;
  now: () => number;
  log: { error: (obj: unknown, msg?: string) => void };
}

/** The open key of a device's alarm: one open alarm per device and code. */
export const deviceAlarmKey = (deviceId: number, code: string) => `d${deviceId}:${code}`;

/** A device's time stamp in ms (a 10-digit second stamp is accepted, as in telemetry). */
const deviceTime = (ts: number | undefined, fallback: number) => (ts === undefined || !Number.isFinite(ts) ? fallback : Math.trunc(ts < 1e11 ? ts * 1000 : ts));

/**
 * Alarms a device reports of its own (issue 31.17, spec §3 source 1 "client"; docs/alarms.md
 * "Device alarms"): an `active` event opens the device's alarm of that code, or counts a repeat on
 * it (a higher level raises it and makes it unacknowledged again); a `cleared` event clears it.
 * They are notified as the device's enabled online-state rules ask (their recipients and channels
 * together); without such a rule, in the app only. Reports are handled one at a time, in the order
 * they came, so a `cleared` right after its `active` finds the alarm open.
 */
export class DeviceAlarms {
  private turn: Promise<void> = Promise.resolve();

  constructor(private readonly deps: DeviceAlarmsDeps) {}

  reported(report: DeviceAlarmReport): void {
    this.turn = this.turn.then(() => this.handle(report)).catch((err: unknown) => this.deps.log.error({ err }, 'device alarm failed'));
  }

  /** Resolves when every report so far has been handled (tests, shutdown). */
  async idle(): Promise<void> {
    let seen: Promise<void> | null = null;
    while (seen !== this.turn) {
      seen = this.turn;
      await seen;
    }
  }

  /** The notification of the device's enabled online-state rules, merged; null when it has none. */
  private async notifyFor(companyId: number, deviceId: number): Promise<RuleNotify | null> {
    const rules = await this.deps.repository.rulesOnDevice(companyId, deviceId);
    if (rules.length === 0) {
      return null;
    }
    const all = rules.map(notifyOf);
    return {
      userIds: [...new Set(all.flatMap((n) => n.userIds ?? []))],
      groupIds: [...new Set(all.flatMap((n) => n.groupIds ?? []))],
      delegations: all.some((n) => n.delegations),
      email: all.some((n) => n.email),
      sms: all.some((n) => n.sms),
      channelIds: [...new Set(all.flatMap((n) => n.channelIds ?? []))],
      notifyOnClear: all.some((n) => n.notifyOnClear),
    };
  }

  private async handle({ companyId, deviceId, nodeId, event, at }: DeviceAlarmReport): Promise<void> {
    const { repository, notifier } = this.deps;
    const key = deviceAlarmKey(deviceId, event.code);
    const now = this.deps.now();
    const notify = await this.notifyFor(companyId, deviceId);
    if (event.state === 'cleared') {
      const open = await repository.openAlarm(key);
      const patch = { state: 'cleared', clear_time: now, open_key: null, remind_at: null };
      if (open && (await repository.updateAlarm(open.id, patch, true))) {
        await notifier.changed('cleared', { ...open, ...patch }, notify);
      }
      return;
    }
    const level = event.level ?? 1;
    const valueTime = deviceTime(event.ts, at);
    const name = event.text || event.code;
    const target: DeviceReportTarget = { kind: 'device', code: event.code, deviceId };
    const opened = await this.deps.engine.openAlarm({
      companyId,
      key,
      ruleId: null,
      watchId: null,
      name,
      target,
      nodeId,
      kind: 'device',
      level,
      value: null,
      valueTime,
      raisedAt: now,
      remindMinutes: 0,
      source: alarmSources.client,
    });
    if (opened.created) {
      await notifier.changed('opened', opened.row, notify);
      return;
    }
    const row = opened.row;
    const raised = level > row.level;
    const patch = { last_time: now, count: row.count + 1, value_time: valueTime, rule_name: name, level: Math.max(row.level, level), ...(raised && { state: 'active' }) };
    if (await repository.updateAlarm(row.id, patch, true)) {
      await notifier.changed('changed', { ...row, ...patch }, notify);
    }
  }
}
