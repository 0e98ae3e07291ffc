import type { ExportMonthlyReportQuery } from '@smartdata/domain';
import { downloadFile } from '@/shared/api/download';

/**
 * `GET /meter/exportMonthlyReport?meterId=&year=&month=&format=xlsx|pdf`: the monthly report as a
 * file, saved under the server's file name; answers the name.
 */
export function exportMonthlyReport(query: ExportMonthlyReportQuery & { format: 'xlsx' | 'pdf' }, meterName: string): Promise<string> {
  const month = String(query.month).padStart(2, '0');
  return downloadFile('/meter/exportMonthlyReport', query, `${meterName}-${String(query.year)}-${month}.${query.format}`);
}
