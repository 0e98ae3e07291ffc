import type { FilterOp } from '@smartdata/domain';

/** A jump association as the settings page edits it (jumpInput of the domain). */
export interface JumpValues {
  name: string;
  priority: number;
  targetItemId: number;
  conditions: { targetField: string; op: FilterOp; sourceField?: string; value?: unknown }[];
}
