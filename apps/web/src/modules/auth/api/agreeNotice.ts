import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/shared/api/client';
import { useSessionStore } from '@/shared/session/sessionStore';
import { authKeys } from './keys';

/** `POST /user/agreeNotice {version}` */
export function agreeNotice(version: string): Promise<null> {
  return api.post<null>('/user/agreeNotice', { version });
}

export function useAgreeNoticeMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: agreeNotice,
    onSuccess: async (_data, version) => {
      useSessionStore.getState().markNoticeAgreed(version);
      await queryClient.invalidateQueries({ queryKey: authKeys.all });
    },
  });
}
