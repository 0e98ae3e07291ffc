import { z } from 'zod';
import { idSchema as id, nameSchema as displayName } from '../shared/ids';
import { dataItemLimits } from './dataItemLimits';
import type { DataItemSummary } from './items';

/** Item groups: named lists of data items. */

export const itemGroupInput = z.object({
  name: displayName,
  itemIds: z.array(id).max(dataItemLimits.itemGroupItemsMax, 'validation.tooLong').default([]),
});
export const addItemGroupRequest = itemGroupInput;
export type AddItemGroupRequest = z.infer<typeof addItemGroupRequest>;
export const updateItemGroupRequest = itemGroupInput.partial().extend({ id });
export type UpdateItemGroupRequest = z.infer<typeof updateItemGroupRequest>;
export const itemGroupQuery = z.object({ id });
export type ItemGroupQuery = z.infer<typeof itemGroupQuery>;

export interface ItemGroupItem {
  id: number;
  name: string;
  /** The group's data items the caller may read, in the group's order. */
  items: DataItemSummary[];
  createdAt: number;
}
