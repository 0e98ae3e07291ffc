import type { Generated } from 'kysely';

/** Tables of intelligent tasks (docs/tasks.md). JSON is text; booleans 0/1; instants epoch ms. */

export interface TaskAnalysisTable {
  id: Generated<number>;
  company_id: number;
  name: string;
  enabled: number;
  /** JSON TaskSchedule. */
  schedule: string;
  method: string;
  source_item_id: number;
  /** JSON FieldRef[]: the source first, then any further ones. */
  sources: string;
  /** JSON number[]: custom values (userDefined) combined with the sources' values. */
  user_defined: Generated<string>;
  aggregate: string | null;
  range_from: number | null;
  range_to: number | null;
  decimals: number;
  target_item_id: number;
  target_field: string;
  missed_runs: string;
  /** The first scheduled time not yet run (null: nothing more to run). */
  next_run_at: number | null;
  created_by: number;
  created_at: number;
  updated_at: number;
}

export interface TaskRunTable {
  id: Generated<number>;
  company_id: number;
  task_id: number;
  /** 'analysis', 'rule', 'executable', 'scheduled' (TaskType). */
  task_type: Generated<string>;
  kind: string;
  scheduled_for: number;
  window_from: number | null;
  window_to: number | null;
  started_at: number | null;
  ended_at: number | null;
  lease_until: number | null;
  state: string;
  value: number | null;
  error: string | null;
  /** The result record written (or replaced) in the target item. */
  record_id: number | null;
  /** A recompute's count of the late values that called for it (null for other runs). */
  triggers: number | null;
  /** When a pending recompute (state 'scheduled') is run: its coalescing period's end. */
  due_at: number | null;
}

export interface TaskRuleTable {
  id: Generated<number>;
  company_id: number;
  name: string;
  enabled: number;
  item_id: number;
  match: string;
  /** JSON RuleCondition[]. */
  conditions: string;
  /** JSON TaskAction[]. */
  actions: string;
  created_by: number;
  created_at: number;
  updated_at: number;
}

export interface TaskExecutableTable {
  id: Generated<number>;
  company_id: number;
  name: string;
  access_mode: string;
  /** JSON number[] (access mode 'users'). */
  user_ids: string;
  actions: string;
  created_by: number;
  created_at: number;
  updated_at: number;
}

export interface TaskScheduledTable {
  id: Generated<number>;
  company_id: number;
  name: string;
  enabled: number;
  executable_id: number;
  schedule: string;
  missed_runs: string;
  next_run_at: number | null;
  created_by: number;
  created_at: number;
  updated_at: number;
}

export interface TaskTables {
  task_analysis: TaskAnalysisTable;
  task_run: TaskRunTable;
  task_rule: TaskRuleTable;
  task_executable: TaskExecutableTable;
  task_scheduled: TaskScheduledTable;
}
