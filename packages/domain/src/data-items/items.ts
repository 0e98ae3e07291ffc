import { z } from 'zod';
import { pageQuery } from '../shared/paging';
import { idSchema as id } from '../shared/ids';
import { dataItemLimits } from './dataItemLimits';
import { dataItemNameSchema, fieldInput, fieldListProblems, type DataField, type DataItemKindCode } from './fields';
import type { FormItem } from './forms';
import type { JumpItem } from './jumps';
import type { ForwardItem } from './forwards';
import { numeric } from '../shared/numbers';

/** Data items themselves: add, update, list and the detail answered to the record list and the designers. */

const fieldList = z
  .array(fieldInput)
  .min(1, 'validation.dataItem.noFields')
  .max(dataItemLimits.fieldsMax, 'validation.tooLong')
  .superRefine((fields, ctx) => {
    for (const problem of fieldListProblems(fields)) {
      ctx.addIssue({ code: 'custom', message: problem.key, path: [problem.index, 'fieldName'] });
    }
  });

const expiryDays = numeric(z.number().int().min(1, 'validation.dataItem.expiryDays').max(dataItemLimits.expiryDaysMax, 'validation.dataItem.expiryDays')).nullable();

/** `POST /general/dataItem/addDataItem` → `{ id }` */
export const addDataItemRequest = z.object({
  /** The directory node the item goes into (spec §5: parent directory required). */
  directoryId: numeric(z.number({ message: 'validation.dataItem.directoryRequired' }).int().positive('validation.dataItem.directoryRequired')),
  name: dataItemNameSchema,
  /** Spec §5: type selection required. */
  kind: numeric(z.number({ message: 'validation.dataItem.kindRequired' })).pipe(z.union([z.literal(10), z.literal(11), z.literal(13)], { message: 'validation.dataItem.kindRequired' })),
  fields: fieldList,
  /** Keep raw values this many days (null: for ever, or as long as the company's retention). */
  expiryDays: expiryDays.optional(),
  /** The master data item whose records this item's records belong to (child records). */
  parentItemId: id.nullable().optional(),
});
export type AddDataItemRequest = z.infer<typeof addDataItemRequest>;

/** `POST /general/dataItem/updateDataItem`: fields are matched by fieldName; a missing one is removed. */
export const updateDataItemRequest = z.object({
  id,
  name: dataItemNameSchema.optional(),
  fields: fieldList.optional(),
  expiryDays: expiryDays.optional(),
  parentItemId: id.nullable().optional(),
});
export type UpdateDataItemRequest = z.infer<typeof updateDataItemRequest>;

export const dataItemQuery = z.object({ id });
export type DataItemQuery = z.infer<typeof dataItemQuery>;
export const dataItemListQuery = pageQuery.extend({
  keyword: z.string().trim().max(50).optional(),
  /** 32-bit like the column (a larger number is no kind, and PostgreSQL would refuse it with a 500). */
  kind: numeric(z.int32()).optional(),
  /** Only the items whose records are child records of this master item (record list: child records). */
  parentItemId: id.optional(),
});
export type DataItemListQuery = z.infer<typeof dataItemListQuery>;

export interface DataItemSummary {
  id: number;
  nodeId: number;
  name: string;
  kind: DataItemKindCode;
  directoryId: number | null;
  recordCount?: number;
  /** The master item (child records), when the item has one. */
  parentItemId?: number | null;
}

/** `GET /general/dataItem/getDataItem?id=` */
export interface DataItemDetail extends DataItemSummary {
  fields: DataField[];
  expiryDays: number | null;
  parentItemId: number | null;
  /** The caller's effective level on the item (cabin permissions). */
  level: 'none' | 'read' | 'readWrite' | 'admin';
  forms: FormItem[];
  jumps: JumpItem[];
  forwards: ForwardItem[];
  createdAt: number;
  updatedAt: number;
}
