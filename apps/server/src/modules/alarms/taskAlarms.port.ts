/**
 * What intelligent tasks (issue 16) ask of cloud monitoring: raise an alarm on a data-item field —
 * one open alarm per `key`, a repeat while it is open counts on it — and tell people, by SMS and/or
 * e-mail, through the alarms' own senders and recipient lists (users, members of groups).
 */
export interface TaskAlarms {
  raise(companyId: number, alarm: { key: string; name: string; itemId: number; fieldName: string; level: number; value: number | null; time: number }): Promise<void>;
  notify(companyId: number, to: { userIds: readonly number[]; groupIds: readonly number[]; sms: boolean; email: boolean }, text: string): Promise<{ phones: number; emails: number }>;
}
