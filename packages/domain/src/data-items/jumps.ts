import { z } from 'zod';
import { idSchema as id, nameSchema as displayName } from '../shared/ids';
import { dataItemLimits } from './dataItemLimits';
import { filterOps, type RecordFilter, type RecordValues } from './records';
import { numeric } from '../shared/numbers';

/** Jump associations: from a record to the matching records of another data item. */

/** A jump condition: the target's field compared with a field of the source record or a fixed value. */
export const jumpCondition = z
  .object({
    targetField: z.string().trim().min(1, 'validation.required'),
    op: z.enum(filterOps).default('eq'),
    sourceField: z.string().trim().min(1).optional(),
    value: z.unknown().optional(),
  })
  .refine((c) => c.sourceField !== undefined || c.value !== undefined || c.op === 'empty' || c.op === 'notEmpty', 'validation.jump.conditionValue');

export const jumpInput = z.object({
  /** The jump data name shown on the record list. */
  name: displayName,
  priority: numeric(z.number().int().min(0).max(dataItemLimits.priorityMax)).default(0),
  targetItemId: numeric(z.number({ message: 'validation.jump.targetRequired' }).int().positive('validation.jump.targetRequired')),
  conditions: z.array(jumpCondition).max(dataItemLimits.jumpConditionsMax, 'validation.tooLong').default([]),
});
export const addJumpRequest = jumpInput.extend({ itemId: id });
export type AddJumpRequest = z.infer<typeof addJumpRequest>;
export const updateJumpRequest = jumpInput.partial().extend({ id });
export type UpdateJumpRequest = z.infer<typeof updateJumpRequest>;

export interface JumpItem {
  id: number;
  itemId: number;
  name: string;
  priority: number;
  targetItemId: number;
  targetItemName: string;
  conditions: z.infer<typeof jumpCondition>[];
}

/** A jump destination cannot be its own data item (spec §5). */
export function jumpTargetProblem(itemId: number, targetItemId: number): string | null {
  return itemId === targetItemId ? 'validation.jump.self' : null;
}

/** The filters that open a jump's target for one source record. */
export function jumpFilters(conditions: JumpItem['conditions'], source: RecordValues): RecordFilter[] {
  return conditions.map((c) => ({ field: c.targetField, op: c.op, value: c.sourceField !== undefined ? (source[c.sourceField] ?? null) : c.value }));
}
