import { useMutation } from '@tanstack/react-query';
import type { ObjectKeyRequest, SetAvatarResult } from '@smartdata/domain';
import { api } from '@/shared/api/client';
import { uploadObject } from '@/shared/api/objectUpload';
import { refreshCurrentUser } from './refreshCurrentUser';

/**
 * The avatar flow: a signed upload of the file (`POST /cos/getUploadCredential {purpose: 'avatar',
 * …}`, then PUT to the signed URL) → `POST /user/setAvatar {objectKey}`. The browser checks type and
 * size before (uploadProblem of the domain); the server checks the bytes again.
 */
export async function uploadAvatar(file: File): Promise<SetAvatarResult> {
  const request: ObjectKeyRequest = { objectKey: await uploadObject(file, 'avatar') };
  return api.post<SetAvatarResult>('/user/setAvatar', request);
}

/** Uploads, then refreshes the stored user so the navbar shows the new avatar at once. */
export function useUploadAvatarMutation() {
  return useMutation({ mutationFn: uploadAvatar, onSuccess: () => refreshCurrentUser() });
}
