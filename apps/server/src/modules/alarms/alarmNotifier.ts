import { alarmChannel, fillContent, formatInstant, type AlarmPush, type AlarmView, type PlaceholderValues, type RecordItem, type RuleNotify } from '@smartdata/domain';
import type { Realtime } from '@server/platform/realtime';
import { translate } from '@server/platform/i18n';
import type { NotifyMessage, NotifySender } from '../notify/deliveryQueue.port';
import type { AlarmRow } from './alarms.repository';
import type { AlarmEvents } from './alarmEvents.port';

export interface AlarmRecipients {
  /** Phones and e-mail addresses of the rule's recipients (users, group members, and the delegates of delegators when asked). */
  contacts(companyId: number, notify: RuleNotify): Promise<{ phones: string[]; emails: string[] }>;
}

/** A rule's own message and the record the event came from (null: raised without one). */
export interface AlarmMessage {
  text: string;
  record: RecordItem | null;
}

export interface NotifierDeps {
  realtime: Realtime;
  /** The delivery queue's door (modules/notify): SMS, e-mail and the rule's channels. */
  notify: Pick<NotifySender, 'send' | 'locale'>;
  /** Whether e-mail is configured: without it no e-mail delivery is queued. */
  mailConfigured: boolean;
  recipients: AlarmRecipients;
  /** The alarm as answered (names resolved). */
  view(row: AlarmRow): Promise<AlarmView>;
  /**
   * The placeholder values for a rule's message: the record's (as intelligent rules fill theirs),
   * or without a record only the facts — `@itemName` (the item, or the device for online rules)
   * and `@recordTime` (the alarm's last trigger time); field placeholders are then left empty.
   */
  placeholders(row: AlarmRow, alarm: AlarmView, record: RecordItem | null): Promise<PlaceholderValues>;
  /** The company's time zone: times in a message are its wall time. */
  timeZone(companyId: number): Promise<string>;
  log: { warn: (obj: unknown, msg?: string) => void };
  /** Openings, clearings and acknowledgements, once stored (event subscriptions). */
  events?: Pick<AlarmEvents, 'emit'>;
}

/** The subject of an alarm's deliveries (its log in the detail drawer). */
export const alarmSubject = (alarmId: number) => `alarm:${alarmId}`;

/**
 * Tells people about alarms: in the app (the `alarms` channel, keyed by company, each push naming
 * the target's cabin node so only those who may read it receive it) always; by SMS, e-mail and the
 * rule's notification channels when the rule asks for them — queued in the delivery queue
 * (modules/notify), which sends, retries and logs them, so an alarm never waits for a receiver.
 */
export class AlarmNotifier {
  constructor(private readonly deps: NotifierDeps) {}

  async changed(event: AlarmPush['event'], row: AlarmRow, notify: RuleNotify | null, message: AlarmMessage | null = null): Promise<void> {
    const alarm = await this.deps.view(row);
    const push: AlarmPush = { event, nodeId: row.node_id, alarm };
    this.deps.realtime.publish(`${alarmChannel}:${row.company_id}`, event, push);
    if (event === 'opened' || event === 'cleared' || event === 'acknowledged') {
      this.deps.events?.emit({ event, companyId: row.company_id, nodeId: row.node_id, alarm });
    }
    const wants = { sms: notify?.sms === true, email: notify?.email === true && this.deps.mailConfigured, channels: notify?.channelIds ?? [] };
    if (!notify || (!wants.sms && !wants.email && wants.channels.length === 0) || event === 'changed' || event === 'acknowledged' || (event === 'cleared' && !notify.notifyOnClear)) {
      return;
    }
    const outbound = await this.message(event, row, alarm, message);
    const { phones, emails } = wants.sms || wants.email ? await this.deps.recipients.contacts(row.company_id, notify) : { phones: [], emails: [] };
    await this.deps.notify.send(row.company_id, alarmSubject(row.id), { channelIds: wants.channels, phones: wants.sms ? phones : [], emails: wants.email ? emails : [] }, outbound);
  }

  /**
   * The message in the company's language and zone: `告警：<rule>` (with the rule's own message
   * after a comma), and the target, level, value and time — the time the event happened (raised,
   * or cleared), the value's own time beside it when it has one.
   */
  private async message(event: 'opened' | 'reminder' | 'cleared', row: AlarmRow, alarm: AlarmView, message: AlarmMessage | null): Promise<NotifyMessage> {
    const locale = await this.deps.notify.locale(row.company_id);
    const timeZone = await this.deps.timeZone(row.company_id);
    const key = event === 'cleared' ? 'alarm.notify.cleared' : event === 'reminder' ? 'alarm.notify.reminder' : 'alarm.notify.opened';
    const name = alarm.ruleName || alarm.targetName;
    // A rule's own message keeps the event's prefix and the rule name (`告警：name，message`); the
    // filled text replaces `{1}` after translation, so a `|` in a record's value stays text.
    const filled = message?.text ? fillContent(message.text, await this.deps.placeholders(row, alarm, message.record)) : null;
    const text = filled === null ? translate(`${key}|${name}`, locale) : translate(`${key}Message|${name}`, locale).replace('{1}', () => filled);
    const time = formatInstant(event === 'cleared' ? (alarm.clearTime ?? alarm.lastTime) : alarm.firstTime, 'datetime', timeZone);
    const level = translate(`alarm.level.${alarm.level}`, locale);
    const value = alarm.value === null ? '—' : String(alarm.value);
    const lines = [
      { label: translate('notify.line.target', locale), value: alarm.targetName },
      { label: translate('notify.line.level', locale), value: level },
      { label: translate('notify.line.value', locale), value },
      { label: translate('notify.line.time', locale), value: time },
      ...(alarm.valueTime === null ? [] : [{ label: translate('notify.line.valueTime', locale), value: formatInstant(alarm.valueTime, 'datetime', timeZone) }]),
    ];
    return {
      event: `alarm.${event}`,
      locale,
      title: text,
      text,
      lines,
      facts: { event: translate(key.replace('alarm.notify.', 'alarm.event.'), locale), rule: name, target: alarm.targetName, level, value, time },
      data: { alarm: { ...alarm, timeZone } },
    };
  }
}
