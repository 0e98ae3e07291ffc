/**
 * What the platform's own jobs — scheduled backups (issue 38) — ask of cloud monitoring: an alarm
 * in the platform company's alarm log (node 0: its administrators see it), told at once to every
 * notification channel of the platform company through the delivery queue. One open alarm per
 * `key`; the texts are server text keys, in the language of the platform company's notifications.
 */
export interface PlatformAlarms {
  /**
   * Opens the alarm `key` (`name`: a text key such as `backup.alarm.failed`; `detail`: the reason,
   * a text key with its `|` arguments or plain words); a key already open is left as it is.
   */
  raise(alarm: { key: string; name: string; detail: string; dir: string; level: number; time: number }): Promise<void>;
  /** Clears the open alarm `key`, if there is one (a later backup succeeded); no message. */
  clear(key: string, time: number): Promise<void>;
}
