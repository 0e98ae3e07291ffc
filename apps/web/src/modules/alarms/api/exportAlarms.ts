import { useMutation } from '@tanstack/react-query';
import type { AlarmExportQuery } from '@smartdata/domain';
import { downloadFile } from '@/shared/api/download';

/**
 * `GET /alarm/exportAlarms?<the log's filters>`: the alarms the log shows (every page) as an
 * XLSX file, saved by the browser under the server's file name. Errors come as envelopes and
 * are shown like every API error.
 */
export function exportAlarms(query: Partial<AlarmExportQuery>): Promise<string> {
  return downloadFile('/alarm/exportAlarms', query, 'alarms.xlsx');
}

export function useExportAlarmsMutation() {
  return useMutation({ mutationFn: exportAlarms });
}
