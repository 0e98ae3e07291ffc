import { alarmChannel, fillContent, type AlarmPush, type AlarmView, type PlaceholderValues, type RecordItem, type RuleNotify } from '@smartdata/domain';
import type { SmsProvider } from '@server/platform/sms';
import type { MailSender } from '@server/platform/mail';
import type { Realtime } from '@server/platform/realtime';
import { translate } from '@server/platform/i18n';
import type { AlarmRow } from './alarms.repository';

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
  sms: SmsProvider;
  mail: MailSender;
  recipients: AlarmRecipients;
  /** The alarm as answered (names resolved). */
  view(row: AlarmRow): Promise<AlarmView>;
  /**
   * The placeholder values for a rule's message: the record's (as intelligent rules fill theirs),
   * or without a record only the facts — `@itemName` (the item, or the device for online rules)
   * and `@recordTime` (the alarm's last trigger time); field placeholders are then left empty.
   */
  placeholders(row: AlarmRow, alarm: AlarmView, record: RecordItem | null): Promise<PlaceholderValues>;
  log: { warn: (obj: unknown, msg?: string) => void };
}

/**
 * Tells people about alarms: in the app (the `alarms` channel, keyed by company, each push naming
 * the target's cabin node so only those who may read it receive it) always; by SMS (the platform's
 * SMS sender) and e-mail (SMTP, once configured) when the rule asks for them. Sending is best
 * effort: a failed message is logged and never undoes the alarm.
 */
export class AlarmNotifier {
  constructor(private readonly deps: NotifierDeps) {}

  async changed(event: AlarmPush['event'], row: AlarmRow, notify: RuleNotify | null, message: AlarmMessage | null = null): Promise<void> {
    const alarm = await this.deps.view(row);
    const push: AlarmPush = { event, nodeId: row.node_id, alarm };
    this.deps.realtime.publish(`${alarmChannel}:${row.company_id}`, event, push);
    const channels = { sms: notify?.sms === true, email: notify?.email === true && this.deps.mail.configured };
    if (!notify || (!channels.sms && !channels.email) || event === 'changed' || event === 'acknowledged' || (event === 'cleared' && !notify.notifyOnClear)) {
      return;
    }
    const key = event === 'cleared' ? 'alarm.notify.cleared' : event === 'reminder' ? 'alarm.notify.reminder' : 'alarm.notify.opened';
    const name = alarm.ruleName || alarm.targetName;
    // A rule's own message keeps the event's prefix and the rule name (`告警：name，message`); the
    // filled text replaces `{1}` after translation, so a `|` in a record's value stays text.
    const filled = message?.text ? fillContent(message.text, await this.deps.placeholders(row, alarm, message.record)) : null;
    const text = filled === null ? translate(`${key}|${name}`, 'zh-CN') : translate(`${key}Message|${name}`, 'zh-CN').replace('{1}', () => filled);
    const { phones, emails } = await this.deps.recipients.contacts(row.company_id, notify);
    const sent: Promise<void>[] = [];
    if (channels.sms) {
      sent.push(...phones.map((phone) => this.deps.sms.send(phone, text).catch((err: unknown) => this.deps.log.warn({ err }, 'alarm SMS failed'))));
    }
    if (channels.email && emails.length > 0) {
      const body = [text, `${translate('alarm.col.target', 'zh-CN')}：${alarm.targetName}`, `${translate('alarm.col.level', 'zh-CN')}：${translate(`alarm.level.${alarm.level}`, 'zh-CN')}`, `${translate('alarm.col.value', 'zh-CN')}：${alarm.value ?? '—'}`, `${translate('alarm.col.firstTime', 'zh-CN')}：${new Date(alarm.firstTime).toISOString()}`].join('\n');
      sent.push(this.deps.mail.send(emails, text, body).catch((err: unknown) => this.deps.log.warn({ err }, 'alarm e-mail failed')));
    }
    await Promise.all(sent);
  }
}
