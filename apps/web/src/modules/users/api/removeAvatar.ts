import { useMutation } from '@tanstack/react-query';
import { api } from '@/shared/api/client';
import { refreshCurrentUser } from './refreshCurrentUser';

/** `POST /cos/removeAvatar`: back to the initial-letter avatar. */
export function removeAvatar(): Promise<null> {
  return api.post<null>('/cos/removeAvatar', {});
}

export function useRemoveAvatarMutation() {
  return useMutation({ mutationFn: removeAvatar, onSuccess: () => refreshCurrentUser() });
}
