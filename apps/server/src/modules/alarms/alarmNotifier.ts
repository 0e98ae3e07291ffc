import { alarmChannel, type AlarmPush, type AlarmView, type RuleNotify } from '@smartdata/domain';
import type { SmsProvider } from '@server/platform/sms';
import type { Realtime } from '@server/platform/realtime';
import { translate } from '@server/platform/i18n';
import type { AlarmRow } from './alarms.repository';

export interface AlarmRecipients {
  /** Phones of the rule's recipients (users, group members, and the delegates of delegators when asked). */
  phones(companyId: number, notify: RuleNotify): Promise<string[]>;
}

export interface NotifierDeps {
  realtime: Realtime;
  sms: SmsProvider;
  recipients: AlarmRecipients;
  /** The alarm as answered (names resolved). */
  view(row: AlarmRow): Promise<AlarmView>;
  log: { warn: (obj: unknown, msg?: string) => void };
}

/**
 * Tells people about alarms: in the app (the `alarms` channel, keyed by company, each push naming
 * the target's cabin node so only those who may read it receive it) always; by SMS when the rule
 * asks for it (the platform's SMS sender). Sending is best effort: a failed SMS is logged and never
 * undoes the alarm.
 */
export class AlarmNotifier {
  constructor(private readonly deps: NotifierDeps) {}

  async changed(event: AlarmPush['event'], row: AlarmRow, notify: RuleNotify | null): Promise<void> {
    const alarm = await this.deps.view(row);
    const push: AlarmPush = { event, nodeId: row.node_id, alarm };
    this.deps.realtime.publish(`${alarmChannel}:${row.company_id}`, event, push);
    if (!notify?.sms || event === 'changed' || event === 'acknowledged' || (event === 'cleared' && !notify.notifyOnClear)) {
      return;
    }
    const key = event === 'cleared' ? 'alarm.notify.cleared' : event === 'reminder' ? 'alarm.notify.reminder' : 'alarm.notify.opened';
    const text = translate(`${key}|${alarm.ruleName || alarm.targetName}`, 'zh-CN');
    const phones = await this.deps.recipients.phones(row.company_id, notify);
    await Promise.all(phones.map((phone) => this.deps.sms.send(phone, text).catch((err: unknown) => this.deps.log.warn({ err }, 'alarm SMS failed'))));
  }
}
