import { useMutation } from '@tanstack/react-query';
import type { ExportRecordsQuery } from '@smartdata/domain';
import { downloadFile } from '@/shared/api/download';

/**
 * `GET /dataItem/exportRecords`: the records the list shows (same filters, time range and sort)
 * as a CSV or XLSX file, saved by the browser under the server's file name. Errors come as
 * envelopes and are shown like every API error.
 */
export function exportRecords(request: ExportRecordsQuery): Promise<string> {
  return downloadFile('/dataItem/exportRecords', { ...request, filters: request.filters.length > 0 ? request.filters : undefined }, `records.${request.format}`);
}

export function useExportRecordsMutation() {
  return useMutation({ mutationFn: exportRecords });
}
