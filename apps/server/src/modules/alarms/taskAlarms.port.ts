/**
 * What intelligent tasks (issue 16) ask of cloud monitoring: raise an alarm on a data-item field —
 * one open alarm per `key`, a repeat while it is open counts on it — and tell people, by SMS and/or
 * e-mail and notification channels, through the alarms' recipient lists (users, members of groups) and the delivery queue.
 */
export interface TaskAlarms {
  raise(companyId: number, alarm: { key: string; name: string; itemId: number; fieldName: string; level: number; value: number | null; time: number }): Promise<void>;
  /** Queues the text (delivery queue, issue 32) to the people by SMS / e-mail and to the channels; answers how many phones and addresses. */
  notify(
    companyId: number,
    to: { userIds: readonly number[]; groupIds: readonly number[]; sms: boolean; email: boolean; channelIds?: readonly number[] },
    text: string,
  ): Promise<{ phones: number; emails: number }>;
  /** Refuses (50001) a notification channel that is not the company's. */
  requireChannels(companyId: number, channelIds: readonly number[]): Promise<void>;
}
