import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AgreeNoticeRequest } from '@smartdata/domain';
import { api } from '@/shared/api/client';
import { useSessionStore } from '@/shared/session/sessionStore';
import { authKeys } from './keys';

/** `POST /user/agreeNotice {version}` */
export function agreeNotice(request: AgreeNoticeRequest): Promise<null> {
  return api.post<null>('/user/agreeNotice', request);
}

export function useAgreeNoticeMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (version: string) => agreeNotice({ version }),
    onSuccess: async (_data, version) => {
      useSessionStore.getState().markNoticeAgreed(version);
      await queryClient.invalidateQueries({ queryKey: authKeys.all });
    },
  });
}
