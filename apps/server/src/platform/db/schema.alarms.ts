import type { Generated } from 'kysely';

/** Tables of cloud monitoring (docs/alarms.md). JSON is text; booleans 0/1; instants epoch ms. */

export interface AlarmRuleTable {
  id: Generated<number>;
  company_id: number;
  name: string;
  enabled: number;
  /** 'field' or 'deviceOnline'. */
  target_kind: string;
  item_id: number | null;
  field_name: string | null;
  device_id: number | null;
  /** The target's cabin node: who may read it may see the rule and its alarms. */
  node_id: number;
  /** JSON LevelCondition[]. */
  levels: string;
  /** JSON ClearCondition or null. */
  clear_condition: string | null;
  repeat_minutes: number;
  /** JSON RuleSchedule. */
  schedule: string;
  /** JSON RuleNotify. */
  notify: string;
  /** The rule's own SMS / e-mail message, may hold `{{placeholders}}`; null: the composed text. */
  message: string | null;
  /** JSON MachineState of the target (alarmMachine.ts). */
  state: string;
  state_version: number;
  /** When the next lasting window completes (null: none pending). */
  deadline: number | null;
  created_by: number;
  created_at: number;
  updated_at: number;
}

export interface AlarmWatchTable {
  id: Generated<number>;
  company_id: number;
  item_id: number;
  /** '' for the whole item. */
  field_name: string;
  node_id: number;
  every_minutes: number;
  daily_at_minute: number | null;
  level: number;
  remind_minutes: number;
  enabled: number;
  last_record_at: number | null;
  /** When the item becomes stale (null: disabled, or already stale with its alarm open). */
  deadline: number | null;
  /** JSON RuleNotify (migration 410); null: in the app only. */
  notify: string | null;
  created_by: number;
  created_at: number;
  updated_at: number;
}

export interface AlarmTable {
  id: Generated<number>;
  company_id: number;
  rule_id: number | null;
  watch_id: number | null;
  rule_name: string;
  /** JSON RuleTarget. */
  target: string;
  node_id: number;
  /** 'threshold', 'stale' or 'device' (reported by the device, source 1). */
  kind: string;
  level: number;
  /** 'active', 'acknowledged', 'cleared'. */
  state: string;
  source: number;
  value: number | null;
  /** The value's own time (a window result's window start, a device's time stamp); null without a value. */
  value_time: number | null;
  /** When the alarm was raised and last triggered (the engine's clock, not the value's time). */
  first_time: number;
  last_time: number;
  count: number;
  ack_by: number | null;
  ack_time: number | null;
  ack_note: string | null;
  clear_by: number | null;
  clear_time: number | null;
  clear_note: string | null;
  /** Next repeat reminder while active and unacknowledged. */
  remind_at: number | null;
  /** `r<ruleId>`, `w<watchId>`, `d<deviceId>:<code>` (or a task's / SIM card's key) while open, null once cleared: unique, so one open alarm per rule or watch. */
  open_key: string | null;
}

export interface AlarmTables {
  alarm_rule: AlarmRuleTable;
  alarm_watch: AlarmWatchTable;
  alarm: AlarmTable;
}
