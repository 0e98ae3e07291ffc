import { useMutation } from '@tanstack/react-query';
import type { UploadCredential } from '@smartdata/domain';
import { api } from '@/shared/api/client';
import { notify } from '@/shared/api/notifier';
import { NetworkError } from '@/shared/api/ApiError';
import { currentLocale } from '@/shared/i18n/locale';
import { userText } from '@smartdata/domain';
import { refreshCurrentUser } from './refreshCurrentUser';

/**
 * Sends the file to a signed upload URL. The local disk driver answers an envelope; an
 * S3-compatible store answers plain HTTP, so only the status is trusted.
 */
async function putToStorage(credential: UploadCredential, file: File): Promise<void> {
  let response: Response;
  try {
    response = await fetch(credential.uploadUrl, { method: credential.method, headers: credential.headers, body: file });
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    notify({ title: userText('notice', currentLocale()), description: `${userText('noResponse', currentLocale())}${reason}` });
    throw new NetworkError(reason, false);
  }
  if (!response.ok) {
    const text = await response.text().catch(() => '');
    let message = `HTTP ${response.status}`;
    try {
      const envelope = JSON.parse(text) as { msg?: string; data?: unknown };
      message = typeof envelope.data === 'string' && envelope.data ? envelope.data : (envelope.msg ?? message);
    } catch {
      // Not an envelope (S3): the status says enough.
    }
    notify({ title: userText('notice', currentLocale()), description: message });
    throw new Error(message);
  }
}

/**
 * The avatar flow: `POST /cos/getUploadCredential {purpose: 'avatar', …}` → PUT the file to the
 * signed URL → `POST /user/setAvatar {objectKey}`. The browser checks type and size before
 * (uploadProblem of the domain); the server checks the bytes again.
 */
export async function uploadAvatar(file: File): Promise<{ headImgUrl: string }> {
  const credential = await api.post<UploadCredential>('/cos/getUploadCredential', {
    purpose: 'avatar',
    fileName: file.name,
    contentType: file.type,
    size: file.size,
  });
  await putToStorage(credential, file);
  return api.post<{ headImgUrl: string }>('/user/setAvatar', { objectKey: credential.objectKey });
}

export function useUploadAvatarMutation() {
  return useMutation({ mutationFn: uploadAvatar, onSuccess: () => refreshCurrentUser() });
}
