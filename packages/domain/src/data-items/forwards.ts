import { z } from 'zod';
import { idSchema as id, nameSchema as displayName } from '../shared/ids';
import { dataItemLimits } from './dataItemLimits';
import { recordFilter, type RecordFilter } from './records';
import { numeric } from '../shared/numbers';

/** Forward conditions: a new record that meets them is copied into another data item (recordMatches in records.ts). */

export const forwardMapping = z.object({ from: z.string().trim().min(1, 'validation.required'), to: z.string().trim().min(1, 'validation.required') });
export const forwardInput = z.object({
  name: displayName,
  /** All must hold for a new record (empty: every new record). */
  conditions: z.array(recordFilter).max(dataItemLimits.filtersMax, 'validation.tooLong').default([]),
  targetItemId: numeric(z.number({ message: 'validation.forward.targetRequired' }).int().positive('validation.forward.targetRequired')),
  mappings: z.array(forwardMapping).min(1, 'validation.forward.noMappings').max(dataItemLimits.fieldsMax, 'validation.tooLong'),
  enabled: z.boolean().default(true),
});
export const addForwardRequest = forwardInput.extend({ itemId: id });
export type AddForwardRequest = z.infer<typeof addForwardRequest>;
export const updateForwardRequest = forwardInput.partial().extend({ id });
export type UpdateForwardRequest = z.infer<typeof updateForwardRequest>;

export interface ForwardItem {
  id: number;
  itemId: number;
  name: string;
  conditions: RecordFilter[];
  targetItemId: number;
  targetItemName: string;
  mappings: { from: string; to: string }[];
  enabled: boolean;
}
