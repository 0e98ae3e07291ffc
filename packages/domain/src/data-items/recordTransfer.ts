import { z } from 'zod';
import { idSchema as id } from '../shared/ids';
import { fileNameText } from '../shared/text';
import { dataItemLimits } from './dataItemLimits';
import { recordListFilters } from './records';

/** Records in and out as files (import and export). */

/** The file formats records are exported to and imported from. */
export const recordFileFormats = ['csv', 'xlsx'] as const;
export type RecordFileFormat = (typeof recordFileFormats)[number];

/** `GET /general/dataItem/exportRecords` → the file */
export const exportRecordsQuery = z.object({ itemId: id, format: z.enum(recordFileFormats).default('xlsx'), ...recordListFilters });
export type ExportRecordsQuery = z.infer<typeof exportRecordsQuery>;

/** `POST /general/dataItem/importRecords`: the file as base64; all rows or none. */
export const importRecordsRequest = z.object({
  itemId: id,
  fileName: fileNameText(200),
  content: z.string().min(1, 'validation.required').max(dataItemLimits.importContentLength, 'validation.tooLong'),
  /** Only check and report, write nothing. */
  dryRun: z.boolean().default(false),
});
export type ImportRecordsRequest = z.infer<typeof importRecordsRequest>;

export interface ImportRowError {
  /** 1-based row of the file, the header being row 1. */
  row: number;
  column: string;
  message: string;
}

export interface ImportReport {
  rows: number;
  imported: number;
  errors: ImportRowError[];
}
