import { useMutation } from '@tanstack/react-query';
import { userText, type AlarmExportQuery, type Envelope } from '@smartdata/domain';
import { ApiError, NetworkError } from '@/shared/api/ApiError';
import { API_BASE, encodeParams, envelopeErrorText } from '@/shared/api/client';
import { notify } from '@/shared/api/notifier';
import { currentLocale } from '@/shared/i18n/locale';
import { useSessionStore } from '@/shared/session/sessionStore';
import { fileNameOf } from '@/modules/data-items/api/exportRecords';

/**
 * `GET /alarm/exportAlarms?<the log's filters>`: the alarms the log shows (every page) as an
 * XLSX file, saved by the browser under the server's file name. Errors come as envelopes and
 * are shown like every API error.
 */
export async function exportAlarms(query: Partial<AlarmExportQuery>): Promise<string> {
  const locale = currentLocale();
  const token = useSessionStore.getState().token;
  let response: Response;
  try {
    response = await fetch(`${API_BASE}/alarm/exportAlarms?${encodeParams(query).toString()}`, {
      headers: { 'Accept-Language': locale, ...(token ? { Authorization: `Bearer ${token}` } : {}) },
    });
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    notify({ title: userText('notice', locale), description: `${userText('noResponse', locale)}${reason}` });
    throw new NetworkError(reason, false);
  }
  if ((response.headers.get('content-type') ?? '').includes('application/json')) {
    const envelope = (await response.json()) as Envelope;
    notify({ title: userText('notice', locale), description: envelopeErrorText(envelope) });
    throw new ApiError(envelope.code, envelope.msg, envelope.data);
  }
  if (!response.ok) {
    const reason = `HTTP ${response.status}`;
    notify({ title: userText('notice', locale), description: `${userText('noResponse', locale)}${reason}` });
    throw new NetworkError(reason, false);
  }
  const fileName = fileNameOf(response.headers.get('content-disposition'), 'alarms.xlsx');
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  window.setTimeout(() => URL.revokeObjectURL(url), 60_000);
  return fileName;
}

export function useExportAlarmsMutation() {
  return useMutation({ mutationFn: exportAlarms });
}
