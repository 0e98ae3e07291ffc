import { userText, type Envelope } from '@smartdata/domain';
import { ApiError, NetworkError } from '@/shared/api/ApiError';
import { API_BASE, encodeParams, envelopeErrorText } from '@/shared/api/client';
import { notify } from '@/shared/api/notifier';
import { currentLocale } from '@/shared/i18n/locale';
import { useSessionStore } from '@/shared/session/sessionStore';

/** `filename*=UTF-8''<name>` of a Content-Disposition header. */
export function fileNameOf(disposition: string | null, fallback: string): string {
  const match = /filename\*=UTF-8''([^;]+)/i.exec(disposition ?? '');
  if (match?.[1]) {
    try {
      return decodeURIComponent(match[1]);
    } catch {
      return fallback;
    }
  }
  return fallback;
}

/** Has the browser save `url` (a data, object or signed URL) under `fileName`. */
export function saveUrl(url: string, fileName: string): void {
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
}

/** Saves a blob (a template, an export made in the browser) under `fileName`; its URL is released a minute later. */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  saveUrl(url, fileName);
  window.setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/**
 * `GET <path>?<params>` answered with a file (an export), saved by the browser under the server's
 * file name (`fallback` when it names none); answers the name. A refusal comes as an envelope and
 * is shown like every API error; a network failure too.
 */
export async function downloadFile(path: string, params: Record<string, unknown>, fallback: string): Promise<string> {
  const locale = currentLocale();
  const token = useSessionStore.getState().token;
  let response: Response;
  try {
    response = await fetch(`${API_BASE}${path}?${encodeParams(params).toString()}`, {
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
  const fileName = fileNameOf(response.headers.get('content-disposition'), fallback);
  saveBlob(await response.blob(), fileName);
  return fileName;
}
