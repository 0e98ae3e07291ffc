import { z } from 'zod';
import { idSchema } from '../shared/ids';
import { pageQuery } from '../shared/paging';
import type { DataItemKindCode, FieldTypeCode } from '../data-items/fields';

/**
 * System data items (/systemMaintenance/systemsditem, system_sd_item, platform administrators):
 * every company's data items with their size and settings. Metadata only: no call of this page
 * answers a record value.
 */
export const systemDataItemQuery = pageQuery.extend({
  companyName: z.string().trim().max(50, 'validation.tooLong').optional(),
  keyword: z.string().trim().max(50, 'validation.tooLong').optional(),
});
export type SystemDataItemQuery = z.infer<typeof systemDataItemQuery>;

export interface SystemDataItem {
  id: number;
  companyId: number;
  companyName: string;
  name: string;
  kind: DataItemKindCode;
  fieldCount: number;
  recordCount: number;
  /** The newest record insert or update, or null when the item has no record. */
  lastWriteAt: number | null;
  /** The item's own expiry of stored values in days; null: kept until the company's retention. */
  expiryDays: number | null;
  /** The company's retention of raw values in days (data management); null: kept forever. */
  retentionDays: number | null;
  createdAt: number;
  updatedAt: number;
}

export const systemDataItemDetailQuery = z.object({ id: idSchema });

export interface SystemDataItemField {
  name: string;
  fieldName: string;
  type: FieldTypeCode;
  unit: string;
  required: boolean;
  indexed: boolean;
}

export interface SystemDataItemDetail extends SystemDataItem {
  fields: SystemDataItemField[];
  parentItemName: string | null;
  childItemCount: number;
  formCount: number;
  jumpCount: number;
  forwardCount: number;
  /** Files and pictures the records hold, and their bytes in object storage (the storage module's sizes). */
  attachmentCount: number;
  attachmentBytes: number;
  /** False when the item has more records than were counted for attachments (the figures are a lower bound). */
  attachmentsComplete: boolean;
}
