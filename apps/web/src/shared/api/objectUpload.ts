import { ErrorCode, uploadCredentialRequest, userText, validationMessage, type Envelope, type StoragePurpose, type UploadCredential, type UploadCredentialRequest } from '@smartdata/domain';
import { currentLocale } from '@/shared/i18n/locale';
import { ApiError, NetworkError } from './ApiError';
import { api, envelopeErrorText } from './client';
import { notify } from './notifier';

/**
 * Uploads a file to object storage (docs/storage.md): asks for a signed upload URL
 * (`POST /cos/getUploadCredential`), then PUTs the file there with the headers it names. Answers
 * the object key, which the caller hands to the call that uses it (setCompanyLogo, setAvatar).
 * The caller checks the file first with the domain's `uploadProblem`; the server checks again and
 * its refusal is shown like any API error.
 */
export async function uploadObject(file: File, purpose: StoragePurpose): Promise<string> {
  const request: UploadCredentialRequest = { purpose, fileName: file.name, contentType: file.type, size: file.size };
  const locale = currentLocale();
  const title = userText('notice', locale);
  // The name rule of every name field (a bidi override can disguise the type): told before sending.
  const nameCheck = uploadCredentialRequest.shape.fileName.safeParse(file.name);
  if (!nameCheck.success) {
    const key = nameCheck.error.issues[0]?.message ?? 'validation.invalid';
    const description = validationMessage(key, locale) ?? key;
    notify({ title, description });
    throw new ApiError(ErrorCode.validationFailed, userText('validationFailed', locale), description);
  }
  const credential = await api.post<UploadCredential>('/cos/getUploadCredential', request);

  let response: Response;
  try {
    response = await fetch(credential.uploadUrl, { method: credential.method, headers: credential.headers, body: file });
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    notify({ title, description: `${userText('noResponse', locale)}${reason}` });
    throw new NetworkError(reason, false);
  }

  // The local disk driver answers the envelope; an S3-compatible store answers XML or nothing.
  const envelope = parseEnvelope(await response.text());
  if (envelope && envelope.code !== ErrorCode.ok) {
    notify({ title, description: envelopeErrorText(envelope) });
    throw new ApiError(envelope.code, envelope.msg, envelope.data);
  }
  if (!response.ok) {
    const reason = `HTTP ${response.status} ${response.statusText}`.trim();
    notify({ title, description: reason });
    throw new NetworkError(reason, false);
  }
  return credential.objectKey;
}

function parseEnvelope(text: string): Envelope | null {
  try {
    const value: unknown = text ? JSON.parse(text) : null;
    if (typeof value === 'object' && value !== null && typeof (value as { code?: unknown }).code === 'number') {
      const { code, msg, data } = value as { code: number; msg?: unknown; data?: unknown };
      return { code, msg: typeof msg === 'string' ? msg : '', data: data ?? null };
    }
  } catch {
    // Not JSON: an S3-compatible store's answer.
  }
  return null;
}
